/**
 * The words advisers use for templates, by template identifier: what a client or an accountant
 * says ("family trust", "who gets my super") rather than the catalogue's name. Indexed beside the
 * catalogue's own text; a template with no entry here is still found by its name, descriptions,
 * categories and FAQ.
 */
export const TEMPLATE_SYNONYMS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    "binding-death-benefit-nomination": [
      "BDBN",
      "who gets my super",
      "super death benefit",
      "nominate beneficiaries of super",
      "binding nomination",
      "super when I die",
    ],
    "change-of-trustee-deed": [
      "change trustee",
      "replace the trustee",
      "retire a trustee",
      "trustee retirement",
      "new trustee of the trust",
    ],
    "company-constitution": ["constitution", "company rules", "replaceable rules", "articles of association"],
    "company-registration": [
      "new company",
      "register a company",
      "set up a company",
      "incorporate",
      "incorporation",
      "Pty Ltd registration",
      "ACN",
      "Form 201",
    ],
    "corporate-trustee-appointment": [
      "corporate trustee",
      "company as trustee",
      "trustee company",
      "company to act as trustee",
    ],
    "director-consent": ["consent to act", "director consent", "secretary consent", "consent form"],
    "discretionary-trust-deed": [
      "family trust",
      "discretionary trust",
      "set up a trust",
      "trust for the family",
      "streaming trust",
      "distribute income to family members",
      "family investments",
    ],
    "div7a-loan-agreement": [
      "Div 7A",
      "Division 7A",
      "7A loan",
      "109N",
      "loan to shareholder",
      "company loan to director",
      "private company loan",
      "private company lending",
      "deemed dividend",
    ],
    "first-directors-minutes": [
      "first meeting",
      "inaugural meeting",
      "initial board minutes",
      "first board meeting",
      "minutes of new company",
    ],
    "mutual-nda": [
      "NDA",
      "confidentiality agreement",
      "confidentiality deed",
      "non disclosure",
      "keep information secret",
      "protect confidential information",
    ],
    "officer-change": [
      "appoint a director",
      "new director",
      "director resignation",
      "director resigning",
      "resign as director",
      "stepping down",
      "replacing a director",
      "remove a director",
      "replace the secretary",
      "change of officeholder",
      "Form 484",
    ],
    "share-certificates-registers": [
      "share certificate",
      "share register",
      "register of members",
      "members register",
      "issue shares",
    ],
    "shareholders-agreement": [
      "SHA",
      "shareholder agreement",
      "owners agreement",
      "deadlock",
      "drag along",
      "tag along",
      "buy sell between shareholders",
    ],
    "simple-will": [
      "will",
      "last will and testament",
      "testament",
      "estate plan",
      "executor",
      "when I pass away",
      "leave my house",
      "who gets my estate",
    ],
    "smsf-trust-deed": [
      "super fund deed",
      "SMSF deed",
      "self managed super fund",
      "establish SMSF",
      "set up a super fund",
      "governing rules",
    ],
    "trust-deed-of-variation": [
      "vary the trust deed",
      "amend the trust deed",
      "amendment",
      "deed of amendment",
      "update trust deed",
    ],
    "unit-trust-deed": ["unit trust", "fixed trust", "units", "unitholders", "unit holders"],
  }),
);

/**
 * Short forms expanded in a request before it is searched, so "smsf" finds text that says "self
 * managed superannuation fund" and "div 7a" is one term, not "div" and "7a".
 */
export const QUERY_REWRITES: readonly (readonly [RegExp, string])[] = [
  [/\bdiv(?:ision)?\.?\s*7\s*a\b/gi, " div7a division7a "],
  [/\bsmsf\b/gi, " smsf self managed superannuation fund "],
  [/\bsuper\b/gi, " super superannuation "],
  [/\bnda\b/gi, " nda non-disclosure confidentiality "],
  [/\bpty\.?\s*ltd\b/gi, " proprietary company "],
  [/\bbdbn\b/gi, " bdbn binding death benefit nomination "],
  // "s109N", "s 17A": the section's number is the term.
  [/\bs\.?\s?(\d+[a-z]{0,2})\b/gi, " $1 "],
];
