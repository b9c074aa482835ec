/**
 * The defects a practitioner's review of the starter library found (issue 18, "Defects found"), each
 * asserted on the text assembled from the template's sample answers (or a variant of them), and the
 * cross-field checks that stop assembly when the answers would breach the law.
 */

import { readFileSync } from "node:fs";
import { type AnswerObject, AnswersError, assemble, type Template } from "@precedent/docgen";
import { loadTemplateFolder, templateFolders } from "@precedent/docgen/library";
import { readPdf, unzipText } from "@precedent/docgen/testing";
import { describe, expect, it } from "vitest";

const ROOT = import.meta.dirname;
const collapse = (text: string) => text.replace(/\s+/g, " ");

function load(slug: string): { template: Template; sample: AnswerObject } {
  const loaded = loadTemplateFolder(ROOT, slug);
  if (!loaded.sampleAnswers) throw new Error(`${slug} has no sample answers`);
  return { template: { definition: loaded.definition, body: loaded.body }, sample: loaded.sampleAnswers };
}

/** The pages of the PDF assembled from the answers (the sample's unless given), white space collapsed. */
async function pages(slug: string, change: (answers: Record<string, unknown>) => void = () => {}) {
  const { template, sample } = load(slug);
  const answers = structuredClone(sample) as Record<string, unknown>;
  change(answers);
  const document = await assemble(template, answers as AnswerObject);
  return readPdf(document.pdf).pages.map(collapse);
}

const text = async (slug: string, change?: (answers: Record<string, unknown>) => void) =>
  (await pages(slug, change)).join(" ");

/** The issues that stop assembly of these answers. */
async function refusal(slug: string, change: (answers: Record<string, unknown>) => void) {
  const { template, sample } = load(slug);
  const answers = structuredClone(sample) as Record<string, unknown>;
  change(answers);
  const error = await assemble(template, answers as AnswerObject).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AnswersError);
  return (error as AnswersError).issues;
}

type Entry = Record<string, unknown>;
const entries = (answers: Record<string, unknown>, key: string) => answers[key] as Entry[];
const trusteeCompany = (answers: Record<string, unknown>) =>
  (entries(answers, "trustees")[0] as Entry).trustee as Entry;

describe("SMSF trust deed", () => {
  // Issue 30, citations check: s19(4)–(5) SIS Act (ato.gov.au) require an irrevocable written election
  // in the approved form but set no period for it, so the deed sets its own instead of attributing
  // 60 days to the law.
  it("sets its own period for the s19 election rather than saying the law sets 60 days", async () => {
    const deed = await text("smsf-trust-deed");
    expect(deed).not.toContain("within the time the Superannuation Law requires (currently within 60 days");
    expect(deed).toContain(
      "promptly and in any case within 60 days after the Fund is established, give the Commissioner an irrevocable election",
    );
  });

  it("cites s17A(1)(f) and (g) for the ban on remuneration and s17B for its exception", async () => {
    const deed = await text("smsf-trust-deed");
    expect(deed).toContain(
      "No trustee, and no Director, may receive any remuneration from the Fund or from any other person for any duties or services performed in relation to the Fund as trustee or Director, as paragraphs 17A(1)(f) and (g) of the SIS Act require, except remuneration that section 17B of the SIS Act permits",
    );
    expect(deed).not.toContain("except as section 17A(1)(f) of the SIS Act allows");
    expect(deed).toContain(
      "in the ordinary course of a business of performing similar duties or services for the public",
    );
  });

  it("does not make the Trustee include its directors", async () => {
    const deed = await text("smsf-trust-deed");
    expect(deed).not.toMatch(/includes its directors/);
    expect(deed).toContain("Trustee means the trustee or trustees of the Fund for the time being.");
  });

  it("has each member sign the application in the Schedule", async () => {
    const schedule =
      (await pages("smsf-trust-deed")).find((page) => page.includes("Each Member named above")) ?? "";
    expect(schedule).toContain("Each Member named above, by signing below, applies to become a Member");
    expect(schedule).toContain("Signed by Grace Elizabeth Thornbury");
    expect(schedule).toContain("Signed by William Arthur Thornbury");
    expect(schedule).toContain("Schedule 2 Initial Members");
    expect(await text("smsf-trust-deed")).toContain(
      "The trustee declaration is a separate form and is not part of this deed.",
    );
  });

  it("refuses a member who is not a director of the trustee company (3 members, 2 directors)", async () => {
    const issues = await refusal("smsf-trust-deed", (answers) => {
      entries(answers, "members").push({
        member: {
          party_type: "individual",
          first_name: "Ava",
          last_name: "Thornbury",
          email: "ava@example.com",
          street: "18 Example Crescent",
          suburb: "Sandy Bay",
          state: "TAS",
          postcode: "7005",
        },
        date_of_birth: "01/01/1995",
      });
    });
    expect(issues).toEqual([
      {
        path: "members[2].member",
        message:
          "Ava Thornbury is a member but not a director of the trustee company: every member must be a director of it (s17A(1)(d) SIS Act).",
      },
    ]);
  });

  it("refuses a director of the trustee company who is not a member", async () => {
    const issues = await refusal("smsf-trust-deed", (answers) => {
      const directors = trusteeCompany(answers).directors as Entry[];
      (directors[1] as Entry).name = "Ian Adviser";
    });
    expect(issues.map((issue) => issue.path)).toEqual([
      "members[1].member",
      "trustees[0].trustee.directors[1].name",
    ]);
  });
});

describe("Discretionary trust deed", () => {
  it("gives the capital on vesting to an ascertainable class, never 'the General Beneficiaries then living'", async () => {
    const deed = await text("discretionary-trust-deed");
    expect(deed).not.toContain("for the General Beneficiaries then living in equal shares");
    expect(deed).toContain(
      "for those of the Primary Beneficiaries who are then living, in equal shares absolutely;",
    );
    expect(deed).toContain(
      "for those of the children of the Primary Beneficiaries who are then living, in equal shares absolutely;",
    );
    expect(deed).toContain(
      "for the persons who would have been entitled to the estate of the last of the Primary Beneficiaries to die, had that Primary Beneficiary died on the Vesting Date intestate, domiciled in Western Australia",
    );
  });

  it("does not exclude a beneficiary who gives property to the trust", async () => {
    const deed = await text("discretionary-trust-deed");
    expect(deed).not.toContain("any person who has given property to the Trust Fund");
    expect(deed).toContain(
      "A Beneficiary does not become an Excluded Person only because that Beneficiary lends or gives property to the Trustee",
    );
  });

  it("falls back to the legal personal representative of the last appointor", async () => {
    expect(await text("discretionary-trust-deed")).toContain(
      "the legal personal representative of the last person to hold office as Appointor becomes the Appointor",
    );
  });

  it("excludes foreign persons irrevocably when asked, and not otherwise", async () => {
    const deed = await text("discretionary-trust-deed");
    expect(deed).toContain("no Foreign Person is or may become a Beneficiary");
    expect(deed).toContain("The Trustee and the Appointor have no power to vary or revoke this clause");
    const without = await text("discretionary-trust-deed", (answers) => {
      answers.foreign_exclusion = "No";
    });
    expect(without).not.toContain("Foreign Person");
  });

  it("notes stamp duty for each state in the interview's instructions, not in the deed", async () => {
    const { template } = load("discretionary-trust-deed");
    const instruction =
      template.definition.questions.find((question) => question.id === "jurisdiction")?.instruction ?? "";
    expect(instruction).toContain(
      "for a deed signed on or after 1 February 2024), payable within three months",
    );
    expect(instruction).toContain("Victoria, $200 (s37 Duties Act 2000 (Vic)), payable within 30 days");
    // Tasmania charges no duty on a declaration of trust over a cash settled sum (the first draft said $50).
    expect(instruction).toContain(
      "elsewhere no duty is currently charged on a declaration of trust over a cash settled sum",
    );
    expect(instruction).not.toContain("$50");
    expect(await text("discretionary-trust-deed")).not.toContain("Note on stamp duty");
  });

  it("refuses a settlor who is also the appointor or a primary beneficiary", async () => {
    const issues = await refusal("discretionary-trust-deed", (answers) => {
      answers.appointor = { ...(answers.settlor as Entry) };
      entries(answers, "primary_beneficiaries").push({ name: "Fiona Delacroix" });
    });
    expect(issues.map((issue) => issue.path)).toEqual(["appointor", "primary_beneficiaries[2].name"]);
    expect(issues[0]?.message).toMatch(/^The settlor must not also be a beneficiary or the appointor/);
  });
});

describe("Unit trust deed", () => {
  it("does not declare itself a fixed trust for tax, and issues and redeems only at net asset value", async () => {
    const deed = await text("unit-trust-deed");
    expect(deed).not.toContain("so that the Trust is a fixed trust for the purposes of the taxation laws");
    expect(deed).toContain("this deed makes no statement that it is");
    expect(deed).not.toContain("unless all Unitholders agree otherwise");
    expect(deed).toContain("and never at a lower price");
  });

  it("limits the trustee's liability only as between it and the unitholders, not against creditors", async () => {
    const deed = await text("unit-trust-deed");
    expect(deed).not.toContain("a creditor has no recourse to the Trustee's own assets");
    expect(deed).toContain("This deed does not bind a creditor or other person who is not a party to it.");
  });

  it("holds the settled sum as capital and defines the income unitholders take", async () => {
    const deed = await text("unit-trust-deed");
    expect(deed).not.toContain("The Settled Sum is held as part of the income");
    expect(deed).toContain("The Settled Sum is held as capital of the Trust Fund and is never income.");
    expect(deed).toContain("Distributable Income means the income of the Trust Fund for a Financial Year");
    expect(deed).toContain("presently entitled to the Distributable Income");
  });
});

describe("Company constitution", () => {
  it("leaves preference-share rights to the constitution or a special resolution (s254A(2))", async () => {
    const constitution = await text("company-constitution");
    expect(constitution).not.toContain(
      "preference shares (including redeemable preference shares) and shares carrying",
    );
    expect(constitution).toContain(
      "are set out in this constitution or have been approved by Special Resolution of the Company, as section 254A(2) of the Act requires",
    );
  });

  it("gives s246D relief to members with 10% of the votes in the class", async () => {
    expect(await text("company-constitution")).toContain(
      "if the members of that class did not all agree to the variation, members with at least 10% of the votes in that class may, within one month after it is made, apply to the Court under section 246D",
    );
  });

  // Issue 30 close-out: s198F gives the right to inspect books for legal proceedings to a director,
  // and to a former director for seven years (lionheartlawyers.com.au, sajenlegal.com.au on
  // s198F(1)–(2)), not to every officer; a deed of access reaches other officers only by contract.
  it("gives s198F access to directors and former directors only, and other officers' access by deed", async () => {
    const constitution = await text("company-constitution");
    expect(constitution).not.toContain("as section 198F of the Act contemplates");
    expect(constitution).not.toContain(
      "that concerns the officer’s time in office (section 198F of the Act)",
    );
    expect(constitution).toContain(
      "Section 198F of the Act lets a director, and a former director for seven years after leaving office, inspect the Company’s books for legal proceedings",
    );
    expect(constitution).toContain(
      "access given by deed is a contractual right and may reach officers, and purposes, that section 198F does not",
    );
  });

  it("names a company adopting on registration as proposed, with no ACN; an existing one with its ACN", async () => {
    const proposed = await text("company-constitution");
    expect(proposed).toContain("Coastline Joinery Pty Ltd (proposed)");
    expect(proposed).not.toContain("Coastline Joinery Pty Ltd ACN");
    const existing = await text("company-constitution", (answers) => {
      answers.adoption_on_registration = "No";
      answers.company_acn = "623456780";
    });
    expect(existing).toContain("Company means Coastline Joinery Pty Ltd ACN 623 456 780;");
    expect(existing).not.toContain("(proposed)");
  });

  it("leaves officers' indemnity to a separate deed rather than a promise to non-parties", async () => {
    const constitution = await text("company-constitution");
    expect(constitution).not.toContain("enforceable by a person even though that person is not a party");
    expect(constitution).toContain("separate deed of access, indemnity and insurance");
  });

  it("has no clause citing itself", async () => {
    const constitution = await text("company-constitution");
    expect(constitution).toMatch(/28\.2 Without limiting clause 28\.1,/);
    expect(constitution).toMatch(/witnessed by persons who could sign under clause 39\.1\./);
  });

  it("relies on s194 (proprietary companies), not s195 (public companies)", async () => {
    const constitution = await text("company-constitution");
    expect(constitution).not.toContain("section 195");
    expect(constitution).toContain("the replaceable rule in section 194 of the Act");
  });

  it("opens with a contents page and offers a deadlock procedure", async () => {
    const [first = ""] = await pages("company-constitution");
    // The generated contents (see contents.test.ts): clauses with their pages, dot leaders between.
    expect(first).toMatch(
      /Contents .*1\. Definitions and interpretation( \.)+ \d+ 2\. Replaceable rules displaced/,
    );
    const constitution = await text("company-constitution");
    expect(constitution).toContain("subject to clause 33.4");
    expect(constitution).toContain(
      "is lost on equal votes again (a Deadlock), any Director may refer it to a meeting of Members",
    );
  });
});

describe("Consent to act as director and secretary", () => {
  it("cites s1272 for the Director ID and s1272C for the duty to have one", async () => {
    const consent = await text("director-consent");
    expect(consent).toContain(
      "has been given a director identification number by the Registrar under section 1272 of the Act, as section 1272C of the Act requires a director to have,",
    );
    expect(consent).not.toContain("under section 1272C of the Act, and");
  });

  it("sets out the particulars before the signatures, for a company marked proposed", async () => {
    const consent = await text("director-consent");
    expect(consent).toContain("Coastline Joinery Pty Ltd (proposed) (the Company)");
    const particulars = consent.indexOf("Particulars of each Consenting Person Person 1");
    const signatures = consent.indexOf("Signed by Tamsin Jane Rowe");
    expect(particulars).toBeGreaterThan(0);
    expect(signatures).toBeGreaterThan(particulars);
  });

  it("refuses a person younger than 18 on the date of the consent", async () => {
    const issues = await refusal("director-consent", (answers) => {
      (entries(answers, "officers")[1] as Entry).date_of_birth = "04/02/2007";
    });
    expect(issues).toEqual([
      {
        path: "officers[1].date_of_birth",
        message:
          "A director or company secretary must be at least 18 years old (ss 201B and 204B Corporations Act): this date of birth makes the person younger than 18 on the date of the consent.",
      },
    ]);
  });
});

describe("First directors' minutes", () => {
  // Issue 30 close-out: s144(1) requires a company's name (not its ACN) displayed prominently at every
  // place where it carries on business that is open to the public; s144(2)'s registered-office display
  // binds only a public company. s153 requires the name and ACN on public documents and negotiable
  // instruments. The minutes had both sections requiring name and ACN at the registered office.
  it("says what ss144 and 153 each require, without an ACN display at the registered office", async () => {
    const minutes = await text("first-directors-minutes");
    expect(minutes).not.toContain("followed by its ACN, be displayed at the registered office");
    expect(minutes).toContain(
      "display its name prominently at every place at which it carries on business and that is open to the public, as section 144(1) of the Act requires",
    );
    expect(minutes).toContain(
      "set out its name and ACN on all its public documents and negotiable instruments, as section 153 of the Act requires",
    );
  });

  it("keeps no register of charges, noting the PPSA replaced it on 30 January 2012", async () => {
    const minutes = await text("first-directors-minutes");
    expect(minutes).not.toContain("of charges granted by the Company");
    expect(minutes).toContain(
      "it was abolished when the Personal Property Securities Act 2009 (Cth) began on 30 January 2012",
    );
  });

  it("says a small proprietary company need prepare no financial report unless directed under s293 or s294", async () => {
    const minutes = await text("first-directors-minutes");
    expect(minutes).not.toContain("an audited financial report");
    expect(minutes).toContain(
      "it need not prepare any financial report or directors’ report, or have one audited, unless it is directed to do so by members with at least 5% of the votes under section 293 of the Act or by ASIC under section 294 of the Act",
    );
  });

  it("ratifies pre-registration contracts (s131), reimburses incorporation costs and decides on a seal", async () => {
    const minutes = await text("first-directors-minutes");
    expect(minutes).toContain(
      "It was resolved that the Company ratify each of those contracts under section 131 of the Act",
    );
    expect(minutes).toContain(
      "reimburse Tamsin Jane Rowe $611.00, being the costs of incorporating the Company (including ASIC’s registration fee) paid on its behalf, which section 122 of the Act allows to be paid out of the Company’s assets",
    );
    expect(minutes).toContain("It was resolved that the Company not have a common seal");
    const sealed = await text("first-directors-minutes", (answers) => {
      answers.common_seal = "seal";
      answers.pre_registration_contracts = "No";
    });
    expect(sealed).toContain("setting out its name and ACN, as section 123(1) of the Act requires");
    expect(sealed).toContain("no contract was made on behalf of the Company before its registration");
  });

  // Issue 30, citations check: s347A(1) requires the directors to pass a solvency resolution within two
  // months after each review date (positive or negative), unless s347A(2) applies; lodging a notice of
  // a negative resolution is not an alternative to passing one.
  it("requires a solvency resolution after each review date (s347A), not a resolution or a lodgment", async () => {
    const minutes = await text("first-directors-minutes");
    expect(minutes).not.toContain(
      "must either pass a solvency resolution or lodge a negative solvency statement",
    );
    expect(minutes).toContain(
      "within two months after each review date the directors must pass a solvency resolution, stating whether there are reasonable grounds to believe that the Company will be able to pay its debts as and when they become due and payable, unless the Company lodged a financial report with ASIC in the 12 months before the review date (section 347A of the Act); a negative resolution must be notified to ASIC within seven days",
    );
  });
});

describe("Will", () => {
  it("leaves the date to be written when the will is signed", async () => {
    const will = await text("simple-will");
    expect(will).toContain("made on the date on which I sign it below.");
    expect(will).not.toMatch(/made on \d/);
  });

  it("does not apply the survivorship period to executors, and cites the appointment rather than its own clause", async () => {
    const will = await text("simple-will");
    expect(will).toContain(
      "2.2 If none of the people appointed in clause 2.1 survives me or is willing and able to act",
    );
    expect(will).not.toMatch(/appointed in clause 2 /);
    // The survivorship clause deems only beneficiaries to have died first, and says it leaves executors alone.
    expect(will).not.toContain("A person who does not survive me by the Survivorship Period is treated");
    expect(will).toContain(
      "A beneficiary who does not survive me by the Survivorship Period is treated, for any gift to that beneficiary under this will, as having died before me. The Survivorship Period applies only to gifts: it does not apply to the appointment of an executor, a substitute executor or a guardian",
    );
    const nil = await text("simple-will", (answers) => {
      answers.survivorship_days = 0;
    });
    expect(nil).toContain("the Survivorship Period is nil, and a person survives me if that person is alive");
    expect(nil).not.toContain("applies only to gifts");
  });

  // Issue 30, citations check: the Succession Act 2023 (SA) came into operation on 1 January 2025
  // and repealed the Wills Act 1936 (SA); a South Australian will made now is made under it.
  it("names the Succession Act 2023 for a South Australian will, not the repealed Wills Act 1936", async () => {
    const will = await text("simple-will", (answers) => {
      answers.jurisdiction = "SA";
    });
    expect(will).toContain("made under the Succession Act 2023 (SA)");
    expect(will).not.toContain("Wills Act 1936");
  });

  // Issue 30, citations check: the interested-witness rule survives (with savings) in Tasmania and the
  // Northern Territory as well as New South Wales and Queensland; the refusal named only two.
  it("names every state and territory where a gift to a witness is void unless saved", async () => {
    const issues = await refusal("simple-will", (answers) => {
      (answers.will_maker as Record<string, unknown>).witness_name = "Jonathan Paul Whitfield";
    });
    const message = issues[0]?.message ?? "";
    expect(message).toContain("s10 Succession Act 2006");
    expect(message).toContain("s11 Succession Act 1981");
    expect(message).toContain("s12 Wills Act 2008");
    expect(message).toContain("s12 Wills Act 2000");
  });

  it("carries text of the will on the signing page", async () => {
    const all = await pages("simple-will");
    const signing = all.find((page) => page.includes("Signature of witness")) ?? "";
    expect(signing).toContain(
      "sign this will as my last will on the date written beside my signature, having initialled each earlier page",
    );
  });
});

describe("Company registration", () => {
  // Issue 30, citations check: ASIC's subclass codes (EDGE Table 0002) are ULST for an unlisted
  // public company, ULSN for an unlisted public non-profit company and LIST for a listed one; LISN is
  // a company licensed to omit "Limited". The application printed ULSN and LISN for the first and last.
  it("offers ASIC's subclass code for each kind of public company", () => {
    const { template } = load("company-registration");
    const question = template.definition.questions.find((entry) => entry.id === "pub_subclass");
    const offered = JSON.stringify(question && "options" in question ? question.options : []);
    expect(offered).toContain('"value":"ULST","text":"Unlisted public company (other)"');
    expect(offered).toContain('"value":"ULSN","text":"Unlisted public non-profit company"');
    expect(offered).toContain('"value":"LIST","text":"Listed public company"');
    expect(offered).not.toContain("LISN");
  });
});

describe("Mutual NDA", () => {
  it("has no solicitor-and-own-client indemnity", async () => {
    const nda = await text("mutual-nda");
    expect(nda).not.toContain("solicitor and own client");
    expect(nda).toContain("Neither party indemnifies the other.");
  });

  it("keeps the negotiations confidential, protects personal information and creates no partnership", async () => {
    const nda = await text("mutual-nda");
    expect(nda).toContain("the fact, content and progress of the discussions between the parties");
    expect(nda).toContain("personal information within the meaning of the Privacy Act 1988 (Cth)");
    expect(nda).toContain("Nothing in this agreement makes the parties partners, joint venturers");
  });

  it("has no clause citing itself", async () => {
    const nda = await text("mutual-nda");
    expect(nda).toMatch(/Clause \d+\.1 does not prevent a party from employing/);
  });
});

describe("Finish: curly quotes and italic Act names", () => {
  const slugs = [
    "company-constitution",
    "director-consent",
    "discretionary-trust-deed",
    "first-directors-minutes",
    "mutual-nda",
    "simple-will",
    "smsf-trust-deed",
    "unit-trust-deed",
  ];
  const ACTS =
    /(Corporations Act 2001|Income Tax Assessment Act 19(36|97)|Superannuation Industry \(Supervision\) Act 1993|Personal Property Securities Act 2009|Privacy Act 1988|Law of Property Act 1936|Duties Act 1997|Duties Act 2000|Family Law Act 1975|Bankruptcy Act 1966|Taxation Administration Act 1953|Migration Act 1958|Perpetuities Act 1984|Perpetuities and Accumulations Act 19(68|85|92)|Property Law Act 19(69|74)|Property Law Act 2023|Perpetuities Act 1994)/g;

  it.each(slugs)("%s: the template's own words use curly quotes (answers are printed as given)", (slug) => {
    const body = readFileSync(`${ROOT}/${slug}/template.md`, "utf8");
    // Liquid tags and outputs keep their straight quotes; everything else is prose.
    const prose = body.replace(/{%.*?%}|{{.*?}}/gs, "");
    expect(prose).not.toMatch(/['"]/);
  });

  // The will names no Act.
  it.each(slugs.filter((slug) => slug !== "simple-will"))(
    "%s: every Act named in the Word file is in italics",
    async (slug) => {
      const { template, sample } = load(slug);
      const document = await assemble(template, sample);
      const xml = unzipText(document.docx, "word/document.xml");
      const runs = [...xml.matchAll(/<w:r>(.*?)<\/w:r>/g)].map((match) => match[1] ?? "");
      const naming = runs.filter((run) => new RegExp(ACTS.source).test(run.replace(/<[^>]+>/g, "")));
      expect(naming.length).toBeGreaterThan(0);
      for (const run of naming) {
        const words = run.replace(/<[^>]+>/g, "");
        // A run holding an Act's name is that name alone, in italics.
        expect(run, words).toContain("<w:i/>");
        expect(words.replace(ACTS, "").trim(), words).toBe("");
      }
    },
  );
});

describe("Citations corrected against the provisions' text (see CITATIONS.md)", () => {
  it("s197: a director of a trustee company is liable only where the company lost its indemnity, not for want of trust assets", async () => {
    const appointment = await text("corporate-trustee-appointment");
    expect(appointment).not.toContain("for a liability the Company cannot meet out of the trust property;");
    expect(appointment).toContain(
      "where the Company has no right to be fully indemnified out of the trust property because of a breach of trust, acting outside its powers or a term of the Trust Deed (though not merely because the trust property is insufficient)",
    );
  });

  it("s54(3) Duties Act 1997 (NSW): nominal duty on a change of trustee only where no trustee is or can become a beneficiary", async () => {
    const { template } = load("change-of-trustee-deed");
    const instruction =
      template.definition.questions.find((question) => question.id === "jurisdiction")?.instruction ?? "";
    expect(instruction).not.toContain("broadly, that no beneficial interest changes");
    expect(instruction).toContain(
      "under s54(3) Duties Act 1997 (NSW), but only if the Chief Commissioner is satisfied that the transfer is not part of a scheme to avoid duty and that no trustee after the change is or can become a beneficiary",
    );
  });

  it("s1272C requires a director to have a Director ID, and says nothing of 'before being appointed'", async () => {
    const application = await text("company-registration");
    expect(application).toContain(
      "has given the Applicant a Director ID, which section 1272C of the Act requires a director to have.",
    );
    expect(application).not.toContain("requires a director to have before being appointed");
  });
});

/**
 * The numbered clauses of a document's text that cite their own number: a subclause ("2.2 …") up to
 * the next number, and a top-level clause ("2. Title" followed by "2.1") up to the next such heading.
 */
function selfCitations(document: string): string[] {
  const cites = (number: string, body: string) =>
    new RegExp(`[Cc]lauses? (?:[\\d.]+(?:, | and | or ))*${number.replace(".", "\\.")}(?!\\.?\\d)`).test(
      body,
    );
  const found: string[] = [];
  const spans = (pattern: RegExp) => {
    const matches = [...document.matchAll(pattern)];
    return matches.map((match, index) => ({
      number: match[1] ?? "",
      body: document.slice(
        (match.index ?? 0) + match[0].length,
        matches[index + 1]?.index ?? document.length,
      ),
    }));
  };
  for (const { number, body } of spans(/(?:^|\s)(\d{1,2}\.\d{1,2}) (?=[A-Z(“])/g))
    if (cites(number, body)) found.push(number);
  for (const { number, body } of spans(/(?:^|\s)(\d{1,2})\. [A-Z][^.]{0,100}? (?=\1\.1 )/g))
    if (cites(number, body)) found.push(number);
  return found;
}

describe("No clause of any template cites itself", () => {
  it("finds a clause citing itself when there is one", () => {
    expect(
      selfCitations("2.1 The Trustee may act. 2.2 Subject to clause 2.2, the Trustee must act."),
    ).toEqual(["2.2"]);
    expect(
      selfCitations("2.1 The Trustee may act. 2.2 Subject to clause 2.1, the Trustee must act."),
    ).toEqual([]);
  });

  it.each(templateFolders(ROOT))("%s", async (slug) => {
    expect(selfCitations(await text(slug))).toEqual([]);
  });
});
