import { COMPANY_NAME_MAX_LENGTH } from "@precedent/contracts";

/**
 * Company name rules, pure: when two names are identical, which names cannot be registered, and
 * which need someone's consent first. The sandbox regulator decides availability with them.
 *
 * Sources (Corporations Act 2001 (Cth) s147; Corporations Regulations 2001 (Cth)):
 * - reg 2B.6.01(1): names are compared under the rules of Schedule 6 Part 1 (rule 6101).
 * - reg 2B.6.01(2): a name is unacceptable (s147(1)(c)) under the rules of Schedule 6 Part 2.
 * - reg 2B.6.02: a name using a word of Schedule 6 Part 4 or 5 (or one of like import, also as
 *   part of another word) needs the named body's consent; the sandbox sends it to manual review.
 */

export { COMPANY_NAME_MAX_LENGTH };

/** Rule 6101(a): a definite or indefinite article as the first word is disregarded. */
const LEADING_ARTICLES = new Set(["the", "a", "an"]);

/** Rule 6101(b): "Proprietary", "Pty", "Limited", "Ltd", "No Liability" and "NL" are disregarded. */
const DISREGARDED_ELEMENTS = new Set(["proprietary", "pty", "limited", "ltd", "nl"]);

/**
 * Rule 6101(e), items 1-9: a word and its listed alternatives count as the same word. Each maps
 * to one spelling (items 2-4 make Company, Co and Coy one word; item 9 makes ACN the three words).
 */
const ALTERNATIVES: Record<string, string[]> = {
  aust: ["australian"],
  co: ["company"],
  coy: ["company"],
  no: ["number"],
  "&": ["and"],
  inc: ["incorporated"],
  corp: ["corporation"],
  acn: ["australian", "company", "number"],
};

/**
 * Rule 6101(c): singular and plural are the same. A plain English singular is taken (possessive
 * 's too, once rule 6101(d) has dropped the apostrophe); words ending -ss, -us or -is are left.
 * A final consonant + y is spelt -ie, so Property/Properties and Creperie/Creperies both meet.
 */
function singular(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ie`;
  if (word.endsWith("ies")) return word.slice(0, -1);
  if (word.length > 4 && /(ches|shes|sses|xes|zzes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The words of a name after rule 6101(d): case, accents and punctuation gone, & kept as a word. */
function words(name: string): string[] {
  return (
    name
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/&/g, " & ")
      // Marks inside a word (O'Brien, P.T.Y., Co.) join it; other punctuation separates words.
      .replace(/['’‘`.]/g, "")
      .split(/[^\p{L}\p{N}&]+/u)
      .filter((word) => word !== "")
  );
}

/**
 * The name's comparison key under rule 6101: two names are identical exactly when their keys are
 * equal. Spaces between words are disregarded (rule 6101(d)), so the key has none.
 */
export function identicalNameKey(name: string): string {
  const list = words(name);
  if (list.length > 1 && LEADING_ARTICLES.has(list[0] ?? "")) list.shift();
  const kept: string[] = [];
  for (let i = 0; i < list.length; i += 1) {
    const word = list[i] ?? "";
    if (word === "no" && list[i + 1] === "liability") {
      i += 1;
      continue;
    }
    if (DISREGARDED_ELEMENTS.has(word)) continue;
    kept.push(...(ALTERNATIVES[word] ?? [word]));
  }
  return kept.map(singular).join("");
}

/** Whether two names are identical under Schedule 6 Part 1 (rule 6101). */
export function areIdenticalNames(a: string, b: string): boolean {
  return identicalNameKey(a) === identicalNameKey(b);
}

/** Why a name is refused or held for review, in words a user can act on. */
export type NameAssessment =
  | { kind: "acceptable" }
  | { kind: "refused"; reason: string }
  | { kind: "consent"; reason: string };

/** Schedule 6 Part 2 rule 6203(c): 'Commonwealth' or 'Federal' (rule 6205 leaves geographic use to ASIC). */
const GOVERNMENT_WORDS = ["commonwealth", "federal"];

/**
 * Schedule 6 Part 2 rule 6203(a): names likely to offend members of the public. A short list of
 * our own; ASIC judges the rest by hand.
 */
const OFFENSIVE_WORDS = ["fuck", "shit", "cunt", "nazi", "wanker"];

/** Words that need a consent before ASIC registers the name (reg 2B.6.02), with whose. */
const CONSENT_WORDS: { pattern: RegExp; reason: string }[] = [
  {
    // Schedule 6 Part 5 and Banking Act 1959 (Cth) s66: APRA's consent. Reg 2B.6.02(2): also
    // as part of another word; reg 2B.6.02(3): 'ADI' only as letters on their own.
    pattern:
      /bank|building ?society|credit ?society|credit ?union|friendly ?society|authori[sz]ed ?deposit ?taking|\badi\b/,
    reason:
      "The name uses a word restricted by the Banking Act 1959 (Cth) s66 and Schedule 6 Part 5 of the Corporations Regulations 2001 (Cth): APRA's consent is needed.",
  },
  {
    // Tertiary Education Quality and Standards Agency Act 2011 (Cth) s105; Schedule 6 Part 4.
    pattern: /universit/,
    reason:
      "The name uses 'university', restricted by the Tertiary Education Quality and Standards Agency Act 2011 (Cth) s105: the Minister's consent is needed.",
  },
  {
    // Schedule 6 Part 4: a trustee or executor company needs the Minister's consent.
    pattern: /trust|executor/,
    reason:
      "The name uses 'trust', 'trustee' or 'executor', restricted by Schedule 6 Part 4 of the Corporations Regulations 2001 (Cth): the Minister's consent is needed.",
  },
  {
    // Schedule 6 Part 2 rule 6203(b) with Part 3 item 6306 ('Chartered'), and rule 6203(e)
    // (a connection with the Royal Family or Royal patronage): the Minister's consent.
    pattern: /chartered|\broyal\b/,
    reason:
      "The name uses 'chartered' or 'royal' (Schedule 6 Part 2 rule 6203 of the Corporations Regulations 2001 (Cth)): the Minister's consent is needed.",
  },
];

/** Refusals of the name's form, before the register is searched. */
export const NAME_EMPTY = "Please enter the proposed company name.";
export const NAME_TOO_LONG = `The company name must be ${COMPANY_NAME_MAX_LENGTH} characters or fewer, with its legal element.`;
export const NAME_ONLY_LEGAL_ELEMENT =
  "The company name needs words of its own besides 'The', 'A' and the legal element.";

/** Words that make up a legal element (s148 Corporations Act 2001 (Cth)), as `words` spells them. */
const LEGAL_ELEMENT_WORDS = new Set(["pty", "proprietary", "ltd", "limited", "nl", "liability"]);

/**
 * A proposed name ending in a legal element would carry it twice once the chosen element is added
 * ("Koala Ridge Analytics Pty Ltd PTY LTD"), which s148 does not allow: the name must end with its
 * one legal element.
 */
export const nameHasLegalElement = (ending: string, legalElement: string) =>
  `The proposed name ends with a legal element (${ending}). Enter the name without it: the legal element you chose (${legalElement.trim()}) is added to it.`;

/** The legal element the name already ends with, as written, or null. */
function trailingLegalElement(name: string): string | null {
  const written = name.trim().split(/\s+/);
  let at = written.length;
  while (at > 1) {
    const word = words(written[at - 1] ?? "").join("");
    const noLiability = word === "liability" && words(written[at - 2] ?? "").join("") === "no";
    if (!LEGAL_ELEMENT_WORDS.has(word) || (word === "liability" && !noLiability)) break;
    at -= noLiability ? 2 : 1;
  }
  return at < written.length ? written.slice(at).join(" ") : null;
}

/**
 * Whether a proposed name may be registered at all, apart from the names already on the register:
 * its form, unacceptable words (refused) and words needing consent (manual review).
 */
export function assessProposedName(name: string, legalElement: string): NameAssessment {
  const trimmed = name.trim();
  if (trimmed === "") return { kind: "refused", reason: NAME_EMPTY };
  if (`${trimmed} ${legalElement.trim()}`.length > COMPANY_NAME_MAX_LENGTH) {
    return { kind: "refused", reason: NAME_TOO_LONG };
  }
  if (identicalNameKey(trimmed) === "") return { kind: "refused", reason: NAME_ONLY_LEGAL_ELEMENT };
  const ending = trailingLegalElement(trimmed);
  if (ending) return { kind: "refused", reason: nameHasLegalElement(ending, legalElement) };
  const plain = words(trimmed).join(" ");
  const spaced = ` ${plain} `;
  if (OFFENSIVE_WORDS.some((word) => plain.includes(word))) {
    return {
      kind: "refused",
      reason:
        "The name is likely to be offensive to members of the public (Schedule 6 Part 2 rule 6203(a) of the Corporations Regulations 2001 (Cth)).",
    };
  }
  if (GOVERNMENT_WORDS.some((word) => spaced.includes(` ${word} `))) {
    return {
      kind: "refused",
      reason:
        "The name uses 'Commonwealth' or 'Federal', which Schedule 6 Part 2 rule 6203(c) of the Corporations Regulations 2001 (Cth) makes unacceptable.",
    };
  }
  const consent = CONSENT_WORDS.find((entry) => entry.pattern.test(plain));
  if (consent) return { kind: "consent", reason: consent.reason };
  return { kind: "acceptable" };
}
