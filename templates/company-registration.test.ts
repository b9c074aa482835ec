/**
 * The company-registration template (the ASIC Form 201 application, issue 16 item 2): each check that
 * must stop assembly before ASIC's fee is paid refuses its breaching answer with its message, and the
 * interview's variants (public company limited by guarantee, the ACN as the name, a holding company,
 * the replaceable rules) assemble to a valid PDF and Word file with the wording they need.
 */
import { type AnswerObject, AnswersError, assemble, type Template, validate } from "@precedent/docgen";
import { loadTemplateFolder } from "@precedent/docgen/library";
import { assertWellFormedXml, readPdf, unzipText } from "@precedent/docgen/testing";
import { describe, expect, it } from "vitest";

const ROOT = import.meta.dirname;
const SLUG = "company-registration";
const collapse = (text: string) => text.replace(/\s+/g, " ");
type Answers = Record<string, unknown>;
type Entry = Record<string, unknown> & { person: Record<string, unknown>; member: Record<string, unknown> };

function variant(change: (answers: Answers) => void): { template: Template; answers: AnswerObject } {
  const loaded = loadTemplateFolder(ROOT, SLUG);
  if (!loaded.sampleAnswers) throw new Error(`${SLUG} has no sample answers`);
  const answers = structuredClone(loaded.sampleAnswers) as Answers;
  change(answers);
  return { template: { definition: loaded.definition, body: loaded.body }, answers: answers as AnswerObject };
}

const officers = (answers: Answers) => answers.officers as Entry[];
const members = (answers: Answers) => answers.members as Entry[];

/** Makes the sample a public company of this kind, with the third director a public company needs. */
function makePublic(answers: Answers, kind: string, subclass: string): void {
  answers.company_kind = kind;
  delete answers.pty_subclass;
  answers.pub_subclass = subclass;
  const [first] = officers(answers);
  if (!first) throw new Error("an officer expected");
  const third = structuredClone(first);
  third.person.first_name = "Grace";
  delete third.person.middle_name;
  third.person.last_name = "Whitlock";
  third.office = "director";
  third.has_former_names = "No";
  delete third.former_names;
  third.director_id = "036111222333444";
  officers(answers).push(third);
}

/** The issues that stop assembly of these answers; assembly itself must refuse them. */
async function refusal(change: (answers: Answers) => void) {
  const { template, answers } = variant(change);
  const error = await assemble(template, answers).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AnswersError);
  return (error as AnswersError).issues;
}

async function assembled(change: (answers: Answers) => void) {
  const { template, answers } = variant(change);
  expect(validate(template.definition, answers)).toEqual([]);
  const document = await assemble(template, answers);
  const pdf = readPdf(document.pdf);
  return { document, pdf, text: collapse(pdf.pages.join(" ")) };
}

describe("the checks that stop assembly", () => {
  it("refuses an application with no director who ordinarily resides in Australia (s201A)", async () => {
    const issues = await refusal((a) => {
      for (const officer of officers(a)) officer.resident = "No";
    });
    // The first officer is its secretary too, so s204A(1) is not met either.
    expect(issues.map((issue) => issue.path)).toEqual(["officers", "officers"]);
    expect(issues[0]?.message).toContain("At least one director must ordinarily reside in Australia (s201A");
    expect(issues[1]?.message).toContain(
      "at least one of its secretaries must ordinarily reside in Australia (s204A(1)",
    );
  });

  it("lets a proprietary company have no secretary, but refuses one whose only secretary lives abroad (s204A(1))", async () => {
    const abroad = await refusal((a) => {
      const [first] = officers(a);
      if (!first) throw new Error("an officer expected");
      first.resident = "No";
    });
    expect(abroad).toEqual([
      {
        path: "officers",
        message:
          "A proprietary company need not have a company secretary, but if it has one, at least one of its secretaries must ordinarily reside in Australia (s204A(1) Corporations Act).",
      },
    ]);
    const { text } = await assembled((a) => {
      for (const officer of officers(a)) officer.office = "director";
    });
    expect(text).not.toContain("Company secretary");
  });

  it("does not count a secretary who is not a director as the resident director", async () => {
    const issues = await refusal((a) => {
      const [first, second] = officers(a);
      if (!first || !second) throw new Error("two officers expected");
      first.office = "secretary";
      second.resident = "No";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["officers"]);
  });

  it("refuses an officeholder a day short of 18 on the application date, and accepts one turning 18 that day", async () => {
    const young = await refusal((a) => {
      const second = officers(a)[1];
      if (second) second.date_of_birth = "16/09/2007";
    });
    expect(young).toEqual([
      {
        path: "officers[1].date_of_birth",
        message: expect.stringContaining("must be at least 18 years old (ss 201B and 204B"),
      },
    ]);
    await assembled((a) => {
      const second = officers(a)[1];
      if (second) second.date_of_birth = "15/09/2007";
    });
  });

  it("refuses a secretary under 18 as well as a director", async () => {
    const issues = await refusal((a) => {
      const first = officers(a)[0];
      if (!first) return;
      first.office = "secretary";
      first.date_of_birth = "01/01/2010";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["officers[0].date_of_birth"]);
  });

  it("refuses a director without a Director ID, and malformed ones", async () => {
    const missing = await refusal((a) => {
      const first = officers(a)[0];
      if (first) delete first.director_id;
    });
    expect(missing).toEqual([{ path: "officers[0].director_id", message: "This field cannot be blank." }]);
    for (const bad of ["03612345678901", "0361234567890123", "123456789012345", "036-ABC-456789012"]) {
      const issues = await refusal((a) => {
        const first = officers(a)[0];
        if (first) first.director_id = bad;
      });
      expect(issues, bad).toEqual([
        { path: "officers[0].director_id", message: "A Director ID has 15 digits and begins with 036." },
      ]);
    }
  });

  it("asks no Director ID of a secretary who is not a director", async () => {
    const { text } = await assembled((a) => {
      const first = officers(a)[0];
      if (!first) return;
      first.office = "secretary";
      delete first.director_id;
    });
    expect(text).toContain("Office Company secretary");
    expect(text).not.toContain("036123456789012");
  });

  it("asks every officeholder, a secretary too, whether they ordinarily reside in Australia (s204A)", async () => {
    const issues = await refusal((a) => {
      const first = officers(a)[0];
      if (!first) return;
      first.office = "secretary";
      delete first.director_id;
      delete first.resident;
    });
    expect(issues).toEqual([{ path: "officers[0].resident", message: "This field cannot be blank." }]);
  });

  it("refuses postcodes outside the state given, for each address, beside the postcode", async () => {
    const issues = await refusal((a) => {
      a.office_postcode = "2000";
      a.business_state = "QLD";
      const second = officers(a)[1];
      if (second) second.person.postcode = "3056";
      const first = members(a)[0];
      if (first) first.member.state = "WA";
    });
    expect(issues).toEqual([
      {
        path: "office_postcode",
        message: "This postcode is not in the state or territory chosen for the registered office.",
      },
      {
        path: "business_postcode",
        message: "This postcode is not in the state or territory chosen for the principal place of business.",
      },
      {
        path: "officers[1].person.postcode",
        message: "This postcode is not in the state or territory chosen for the officeholder's address.",
      },
      {
        path: "members[0].member.postcode",
        message: "This postcode is not in the state or territory chosen for the member's address.",
      },
    ]);
  });

  it("refuses an incomplete place of birth: the town, and the state or the country", async () => {
    const issues = await refusal((a) => {
      const [first, second] = officers(a);
      if (!first || !second) return;
      delete first.birth_state;
      delete second.birth_country;
      second.birth_town = "  ";
    });
    expect(issues).toEqual([
      { path: "officers[0].birth_state", message: "This field cannot be blank." },
      { path: "officers[1].birth_town", message: "This field cannot be blank." },
      { path: "officers[1].birth_country", message: "This field cannot be blank." },
    ]);
  });

  it("refuses a public company with fewer than three directors, two resident, or no secretary", async () => {
    const two = await refusal((a) => {
      a.company_kind = "pub_shares";
      delete a.pty_subclass;
      a.pub_subclass = "ULST";
      delete a.legal_element;
      a.public_element = "LIMITED";
    });
    expect(two).toEqual([
      {
        path: "officers",
        message: "A public company must have at least three directors (s201A(2) Corporations Act).",
      },
    ]);
    const oneResident = await refusal((a) => {
      makePublic(a, "pub_shares", "ULST");
      delete a.legal_element;
      a.public_element = "LIMITED";
      for (const officer of officers(a).slice(1)) officer.resident = "No";
    });
    expect(oneResident.map((issue) => issue.message)).toEqual([
      expect.stringContaining(
        "At least two of a public company's directors must ordinarily reside in Australia",
      ),
    ]);
    const noSecretary = await refusal((a) => {
      makePublic(a, "pub_shares", "ULST");
      delete a.legal_element;
      a.public_element = "LIMITED";
      const first = officers(a)[0];
      if (first) first.office = "director";
    });
    const secretaryMessage =
      "A public company must have at least one company secretary who ordinarily resides in Australia (s204A(2) Corporations Act).";
    expect(noSecretary).toEqual([{ path: "officers", message: secretaryMessage }]);
    // A secretary who is not a director and lives abroad: the directors are enough, the secretary not.
    const secretaryAbroad = await refusal((a) => {
      makePublic(a, "pub_shares", "ULST");
      delete a.legal_element;
      a.public_element = "LTD.";
      const [first] = officers(a);
      if (!first) return;
      first.office = "director";
      const secretary = structuredClone(first);
      secretary.person.first_name = "Henry";
      secretary.office = "secretary";
      delete secretary.director_id;
      secretary.resident = "No";
      officers(a).push(secretary);
    });
    expect(secretaryAbroad).toEqual([{ path: "officers", message: secretaryMessage }]);
    // The same secretary ordinarily resident in Australia: the application assembles.
    const { text } = await assembled((a) => {
      makePublic(a, "pub_shares", "ULST");
      delete a.legal_element;
      a.public_element = "LTD.";
      const [first] = officers(a);
      if (!first) return;
      first.office = "director";
      const secretary = structuredClone(first);
      secretary.person.first_name = "Henry";
      secretary.office = "secretary";
      delete secretary.director_id;
      secretary.resident = "Yes";
      officers(a).push(secretary);
    });
    expect(text).toContain("Office Company secretary");
  });

  it("refuses a registered office the company will not occupy without the occupier's consent", async () => {
    const issues = await refusal((a) => {
      delete a.occupier_consent;
    });
    expect(issues).toEqual([{ path: "occupier_consent", message: "This field cannot be blank." }]);
  });

  it("refuses an empty or over-long proposed name", async () => {
    expect(
      await refusal((a) => {
        a.proposed_name = "";
      }),
    ).toEqual([{ path: "proposed_name", message: "This field cannot be blank." }]);
    expect(
      await refusal((a) => {
        a.proposed_name = "A".repeat(201);
      }),
    ).toEqual([{ path: "proposed_name", message: "Please keep this to 200 characters or fewer." }]);
  });
});

describe("the application's variants", () => {
  it("is a proprietary company limited by shares by default, listed first", () => {
    const { template } = variant(() => {});
    const kind = template.definition.questions.find((question) => question.id === "company_kind");
    expect(kind?.type === "select" && kind.options[0]?.value).toBe("pty_shares");
  });

  it("assembles a public company limited by guarantee with the ACN as its name, to PDF and Word", async () => {
    const { document, text } = await assembled((a) => {
      makePublic(a, "pub_guarantee", "ULST");
      a.name_choice = "acn";
      delete a.proposed_name;
      delete a.legal_element;
      for (const entry of members(a)) {
        for (const key of ["share_class", "shares", "paid_per_share", "unpaid_per_share", "beneficial"])
          delete entry[key];
        entry.guarantee = 10;
      }
    });
    expect(text).toContain("Type Public company");
    expect(text).toContain("Class Limited by guarantee");
    expect(text).toContain("Unlisted public company (other) (ULST)");
    expect(text).toContain("The ACN, with the legal element, used as the name");
    expect(text).toContain("Amount of the guarantee $10.00");
    expect(text).toContain("to the amount of the guarantee stated");
    expect(text).toContain("standard opening hours");
    expect(text).toContain("a copy of it is given to ASIC with this application");
    expect(text).not.toContain("Class of shares");
    expect(text).not.toMatch(/undefined|NaN/);
    expect(Buffer.from(document.docx.subarray(0, 2)).toString()).toBe("PK");
    assertWellFormedXml(unzipText(document.docx, "word/document.xml"));
    expect(collapse(unzipText(document.docx, "word/document.xml"))).toContain("Limited by guarantee");
  });

  it("states an ultimate holding company, the replaceable rules, an occupied office and partly paid shares", async () => {
    const { text } = await assembled((a) => {
      a.has_holding_company = "Yes";
      a.holding_name = "Harbourline Group Limited";
      a.holding_australian = "Yes";
      a.holding_acn = "004085616";
      a.rules = "replaceable";
      a.office_occupied = "Yes";
      delete a.occupier_name;
      delete a.occupier_consent;
      a.business_same = "Yes";
      const first = members(a)[0];
      if (first) {
        first.paid_per_share = 0.5;
        first.unpaid_per_share = 0.5;
      }
    });
    expect(text).toContain("ultimate holding company will be Harbourline Group Limited, ACN 004 085 616");
    expect(text).toContain("The replaceable rules of the Act");
    expect(text).toContain("no occupier’s consent is needed");
    expect(text).toContain("Principal place of business The same as the registered office");
    expect(text).toContain("Amount unpaid on each share $0.50");
    expect(text).not.toContain("agreed in writing to the constitution");
  });

  it("offers PTY or PROPRIETARY for a proprietary unlimited company, and NL for a no liability company", async () => {
    const unlimited = await assembled((a) => {
      a.company_kind = "pty_unlimited";
      delete a.legal_element;
      a.unlimited_element = "PTY";
    });
    expect(unlimited.text).toContain("Name Harbourline Analytics PTY ");
    expect(unlimited.text).toContain("Class Unlimited with share capital");
    const noLiability = await assembled((a) => {
      makePublic(a, "pub_no_liability", "LIST");
      delete a.legal_element;
      a.no_liability_element = "NL";
    });
    expect(noLiability.text).toContain("Harbourline Analytics NL");
    expect(noLiability.text).toContain("Class No liability");
  });

  it("offers a proprietary company only Pty elements, and a public company only Limited ones (s148)", async () => {
    const refused = await refusal((a) => {
      a.legal_element = "LTD";
    });
    expect(refused.map((issue) => issue.path)).toEqual(["legal_element"]);
    const wrongForPublic = await refusal((a) => {
      makePublic(a, "pub_shares", "ULST");
      delete a.legal_element;
      a.public_element = "PTY LTD";
    });
    expect(wrongForPublic.map((issue) => issue.path)).toEqual(["public_element"]);
    const { text } = await assembled((a) => {
      makePublic(a, "pub_shares", "ULST");
      delete a.legal_element;
      a.public_element = "LIMITED";
    });
    expect(text).toContain("Name Harbourline Analytics Limited");
  });

  it("names the holding company's place of incorporation when it is foreign", async () => {
    const { text } = await assembled((a) => {
      a.has_holding_company = "Yes";
      a.holding_name = "Harbourline Holdings Ltd";
      a.holding_australian = "No";
      a.holding_country = "New Zealand";
    });
    expect(text).toContain("Harbourline Holdings Ltd, incorporated in New Zealand");
  });
});
