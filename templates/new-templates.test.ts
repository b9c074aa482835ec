/**
 * The eight templates added for issue 18 (item 4): the answers that would make each document legally
 * wrong are refused with a clear message (the cross-field checks and the limits of each question),
 * and the variants the interview offers assemble with the wording the law needs.
 */
import { type AnswerObject, AnswersError, assemble, type Template, validate } from "@precedent/docgen";
import { loadTemplateFolder } from "@precedent/docgen/library";
import { readPdf } from "@precedent/docgen/testing";
import { describe, expect, it } from "vitest";

const ROOT = import.meta.dirname;
const collapse = (text: string) => text.replace(/\s+/g, " ");
type Answers = Record<string, unknown>;
type Entry = Record<string, unknown>;

function load(slug: string): { template: Template; sample: Answers } {
  const loaded = loadTemplateFolder(ROOT, slug);
  if (!loaded.sampleAnswers) throw new Error(`${slug} has no sample answers`);
  return {
    template: { definition: loaded.definition, body: loaded.body },
    sample: loaded.sampleAnswers as Answers,
  };
}

/** The sample answers of a template, changed as a test needs. */
function variant(slug: string, change: (answers: Answers) => void) {
  const { template, sample } = load(slug);
  const answers = structuredClone(sample);
  change(answers);
  return { template, answers: answers as AnswerObject };
}

/** The issues that stop assembly of these answers (assembly must refuse them). */
async function refusal(slug: string, change: (answers: Answers) => void) {
  const { template, answers } = variant(slug, change);
  const error = await assemble(template, answers).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AnswersError);
  return (error as AnswersError).issues;
}

async function text(slug: string, change: (answers: Answers) => void) {
  const { template, answers } = variant(slug, change);
  expect(validate(template.definition, answers)).toEqual([]);
  const document = await assemble(template, answers);
  return collapse(readPdf(document.pdf).pages.join(" "));
}

describe("Division 7A loan agreement", () => {
  it("refuses an unsecured term longer than 7 years and a secured term longer than 25", async () => {
    expect(
      await refusal("div7a-loan-agreement", (a) => {
        a.secured = "No";
        a.term_years = 8;
      }),
    ).toEqual([{ path: "term_years", message: "Please enter a number no more than 7." }]);
    expect(
      await refusal("div7a-loan-agreement", (a) => {
        a.term_years_secured = 26;
      }),
    ).toEqual([{ path: "term_years_secured", message: "Please enter a number no more than 25." }]);
  });

  it("refuses a secured loan without the mortgage's property, and security worth less than 110 %", async () => {
    const missing = await refusal("div7a-loan-agreement", (a) => {
      delete a.property_title;
    });
    expect(missing).toEqual([{ path: "property_title", message: "This field cannot be blank." }]);
    const short = await refusal("div7a-loan-agreement", (a) => {
      a.property_value = 439999;
    });
    expect(short).toHaveLength(1);
    expect(short[0]?.path).toBe("property_value");
    expect(short[0]?.message).toContain("at least 110 % of the loan amount (s109N(3)(a) ITAA 1936)");
  });

  it("assembles an unsecured loan to an individual shareholder with a margin, without mortgage terms", async () => {
    const loan = await text("div7a-loan-agreement", (a) => {
      a.secured = "No";
      a.term_years = 7;
      a.relationship = "shareholder";
      a.interest_basis = "margin";
      a.margin_percent = 1.5;
      a.borrower = {
        party_type: "individual",
        first_name: "Anjali",
        middle_name: "Priya",
        last_name: "Menon",
        email: "anjali.menon@example.com",
        street: "5 Sample Crescent",
        suburb: "Newtown",
        state: "VIC",
        postcode: "3220",
        witness_name: "Lachlan Ferris",
      };
    });
    expect(loan).toContain("The Borrower is a shareholder of the Lender.");
    expect(loan).toContain(
      "the Benchmark Interest Rate for that Income Year plus 1.5 percentage points a year",
    );
    expect(loan).toContain("7 years (unsecured: maximum 7 years)");
    expect(loan).toContain("Anjali Priya Menon of 5 Sample Crescent, Newtown VIC 3220 (Borrower)");
    expect(loan).not.toContain("Mortgage");
    expect(loan).not.toContain("Trustee Borrower");
  });
});

describe("Binding death benefit nomination", () => {
  it("refuses a witness who is nominated, and the member as witness", async () => {
    const issues = await refusal("binding-death-benefit-nomination", (a) => {
      const member = a.member as Entry;
      member.second_witness_name = "William Arthur Thornbury";
      member.witness_name = "Grace Elizabeth Thornbury";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["member.second_witness_name", "member.witness_name"]);
    expect(issues[0]?.message).toContain("A witness must not be a person nominated in this nomination");
    expect(issues[1]?.message).toBe(
      "The member cannot witness their own nomination; choose another adult witness.",
    );
  });

  it("prints a lapsing nomination, and a failed share passing to the other nominees", async () => {
    const nomination = await text("binding-death-benefit-nomination", (a) => {
      a.lapsing = "three_years";
      a.failure = "others";
    });
    expect(nomination).toContain("This nomination lapses three years after the day I sign it");
    expect(nomination).toContain(
      "to the other persons named above who can be paid, in proportion to their shares",
    );
    expect(nomination).not.toContain("This nomination does not lapse");
  });
});

describe("Deed of change of trustee", () => {
  it("refuses a retiring trustee who is also appointed", async () => {
    const issues = await refusal("change-of-trustee-deed", (a) => {
      (a.new_trustees as Entry[]).push({
        new_trustee: structuredClone((a.retiring_trustees as Entry[])[1]?.retiring),
        date_of_birth: "01/01/1960", // asked of an individual new trustee
      });
    });
    expect(issues).toEqual([
      {
        path: "new_trustees[1].new_trustee",
        message:
          "A retiring trustee cannot also be a new or continuing trustee. Remove this person from the retiring trustees, or choose another new trustee.",
      },
    ]);
  });

  it("leaves duty to the interview's instructions, and names continuing trustees", async () => {
    const deed = await text("change-of-trustee-deed", (a) => {
      a.jurisdiction = "QLD";
      a.retiring_trustees = [(a.retiring_trustees as Entry[])[1]];
      a.continuing_trustees = [{ name: "Harriet Louise Okafor" }];
    });
    expect(deed).not.toContain("Duties Act");
    expect(deed).toContain("to act jointly with Harriet Louise Okafor");
  });
});

describe("Deed of variation", () => {
  it("will not assemble until the limits of the variation are confirmed", async () => {
    const issues = await refusal("trust-deed-of-variation", (a) => {
      delete a.limits_confirmed;
    });
    expect(issues).toEqual([{ path: "limits_confirmed", message: "This field cannot be blank." }]);
  });

  it("without a consent, has the trustee alone sign; a deletion prints no new words", async () => {
    const deed = await text("trust-deed-of-variation", (a) => {
      a.consent_needed = "No";
      a.variations = [{ clause: "clause 30", action: "delete" }];
    });
    expect(deed).toContain(
      "Clause 22 of the Trust Deed empowers the Trustee to vary the Trust Deed (the Power)",
    );
    expect(deed).toContain("Delete clause 30.");
    expect(deed).not.toContain("Consenting Party");
  });
});

describe("Share certificates and registers", () => {
  it("signs certificates by a sole director when chosen, and refuses a parcel with no shares", async () => {
    const sole = await text("share-certificates-registers", (a) => {
      a.signing_method = "sole";
      delete a.second_signer;
    });
    expect(sole).toContain("Sole director Signature:");
    expect(sole).not.toContain("Name: Samuel Ortiz");
    const issues = await refusal("share-certificates-registers", (a) => {
      const [member] = a.members as Entry[];
      const [parcel] = (member?.parcels ?? []) as Entry[];
      if (parcel) parcel.shares = 0;
    });
    expect(issues).toEqual([
      { path: "members[0].parcels[0].shares", message: "Please enter a number no less than 1." },
    ]);
  });
});

describe("Change of company officer", () => {
  it("refuses an incoming officer under 18 on the appointment date, and the same person in and out", async () => {
    const young = await refusal("officer-change", (a) => {
      a.incoming_birth_date = "01/08/2007";
    });
    expect(young).toHaveLength(1);
    expect(young[0]?.path).toBe("incoming_birth_date");
    expect(young[0]?.message).toContain("at least 18 years old (ss 201B and 204B Corporations Act)");
    const same = await refusal("officer-change", (a) => {
      a.incoming = structuredClone(a.outgoing);
    });
    expect(same).toContainEqual({
      path: "incoming",
      message: "The officer being appointed must be someone other than the officer resigning.",
    });
  });

  it("for a secretary: s204C consent, s204D appointment, and no Director ID", async () => {
    const change = await text("officer-change", (a) => {
      a.office = "secretary";
      delete a.incoming_director_id;
    });
    expect(change).toContain("for the purposes of section 204C of the Act");
    expect(change).toContain("under section 204D of the Act");
    expect(change).not.toContain("Director ID");
    expect(change).not.toContain("section 203AB");
  });
});

describe("Corporate trustee appointment", () => {
  it("for a discretionary trust by a sole director: no SMSF terms, a sole director's resolution", async () => {
    const minutes = await text("corporate-trustee-appointment", (a) => {
      a.trust_kind = "discretionary";
      delete a.special_purpose;
      a.directors = [(a.directors as Entry[])[0]];
      const company = a.company as Entry;
      company.director_type = "sole";
      company.sole_director_name = "Grace Elizabeth Thornbury";
      company.sole_director_is_secretary = "Yes";
      delete company.directors;
    });
    expect(minutes).toContain(
      "Resolutions of the sole director of the Company, recorded and signed under section 248B",
    );
    expect(minutes).toContain("family trust election");
    expect(minutes).not.toContain("SIS Act");
    expect(minutes).toContain("Signature of sole director and sole company secretary");
  });
});

describe("Shareholders agreement", () => {
  it("needs at least two shareholders, and prints the deadlock and approval chosen", async () => {
    const one = await refusal("shareholders-agreement", (a) => {
      a.shareholders = [(a.shareholders as Entry[])[0]];
    });
    expect(one).toEqual([{ path: "shareholders", message: "Please add at least 2 entries." }]);
    const agreement = await text("shareholders-agreement", (a) => {
      a.deadlock = "winding_up";
      a.reserved_majority = "special";
      a.casting_vote = "Yes";
    });
    expect(agreement).toContain("the Shareholders must vote to wind up the Company voluntarily");
    expect(agreement).toContain("without the written approval of a Special Majority");
    expect(agreement).toContain("The chair has a casting vote.");
  });
});
