/**
 * The change of officer against each row of its PRECONDITIONS.md: the refusals, and the wording each
 * kind of company needs (a sole director-shareholder's own resolution under s249B, the members'
 * confirmation under s201H(2), the loss of s127(1)(c) execution, the real date each notice is due).
 */
import { describe, expect, it } from "vitest";
import { type Answers, answersFor, documentText, issuesOf } from "../edge-cases.ts";

const SLUG = "officer-change";
type Entry = Record<string, unknown>;
const person = (first: string, last: string, suburb = "Thirroul") => ({
  party_type: "individual",
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@example.com`,
  street: "3 Sample Street",
  suburb,
  state: "NSW",
  postcode: "2515",
});

/** A company with one director, Tamsin Rowe, who is also its only shareholder. */
function soleCompany(a: Answers) {
  const company = a.company as Entry;
  company.director_type = "sole";
  company.sole_director_name = "Tamsin Jane Rowe";
  delete company.directors;
  a.resolution_by = [(a.resolution_by as Entry[])[0]];
  a.shareholders = [{ member: (a.resolution_by as Entry[])[0]?.director }];
}

describe("refusals", () => {
  it("refuses an incoming officer under 18 on the appointment date (ss 201B, 204B)", () => {
    const issues = issuesOf(
      SLUG,
      answersFor(SLUG, (a) => {
        a.incoming_birth_date = "01/08/2007";
      }),
    );
    expect(issues.map((issue) => issue.path)).toEqual(["incoming_birth_date"]);
    expect(issues[0]?.message).toContain("at least 18 years old (ss 201B and 204B Corporations Act)");
    // Turning 18 on the appointment day is enough.
    expect(
      issuesOf(
        SLUG,
        answersFor(SLUG, (a) => {
          a.incoming_birth_date = "31/07/2007";
        }),
      ),
    ).toEqual([]);
  });

  it("refuses the same person resigning and being appointed", () => {
    const issues = issuesOf(
      SLUG,
      answersFor(SLUG, (a) => {
        a.incoming = structuredClone(a.outgoing);
      }),
    );
    expect(issues).toContainEqual({
      path: "incoming",
      message: "The officer being appointed must be someone other than the officer resigning.",
    });
  });

  it("refuses a director appointed without the members who confirm the appointment", () => {
    const issues = issuesOf(
      SLUG,
      answersFor(SLUG, (a) => delete a.shareholders),
    );
    expect(issues.map((issue) => issue.path)).toContain("shareholders");
  });
});

describe("the date each notice to ASIC is due (s205B)", () => {
  it("states the day itself, 28 days after each change, never '28 days after each date above'", () => {
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        a.appointment_date = "20/12/2025";
        a.resignation_date = "05/01/2026";
        a.resolution_date = "19/12/2025";
        a.incoming_birth_date = "02/02/1988";
      }),
    );
    expect(text).not.toContain("28 days after each date above");
    expect(text).toContain("Latest date to notify ASIC of the appointment 17 January 2026");
    expect(text).toContain("Latest date to notify ASIC of the cessation 2 February 2026");
  });
});

describe("the members' confirmation of a director's appointment (s201H(2))", () => {
  it("produces the members' circulating resolution, signed by each member, not a request to ask for it", () => {
    const text = documentText(SLUG, answersFor(SLUG));
    expect(text).not.toContain("be asked to confirm");
    expect(text).toContain("Part 4: Resolution of the members");
    expect(text).toContain("Circulating resolution of the members of the Company, passed under section 249A");
    expect(text).toContain("confirms the appointment");
    expect(text).toMatch(/section 201H\(2\)/);
  });

  it("for a sole director who is the only shareholder: the member's own signed record under s249B, and s201F", () => {
    const text = documentText(SLUG, answersFor(SLUG, soleCompany));
    expect(text).toContain(
      "Resolution of the sole member of the Company, recorded and signed under section 249B",
    );
    expect(text).toContain("section 201F");
    expect(text).not.toContain("section 249A");
  });

  it("a secretary's change needs no members' resolution", () => {
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        a.office = "secretary";
        delete a.incoming_director_id;
        delete a.shareholders;
      }),
    );
    expect(text).not.toContain("Resolution of the members");
    expect(text).not.toContain("201H");
  });
});

describe("execution under s127(1)(c) after the change", () => {
  const secretaryChange = (incoming: Entry) => (a: Answers) => {
    soleCompany(a);
    a.office = "secretary";
    delete a.incoming_director_id;
    delete a.shareholders;
    a.outgoing = person("Marcus", "Adeyemi");
    a.incoming = incoming;
  };

  it("flags the loss of sole-director execution when a sole director's secretary is someone else", () => {
    const text = documentText(SLUG, answersFor(SLUG, secretaryChange(person("Priya", "Nair", "Figtree"))));
    expect(text).toContain("can no longer execute documents under section 127(1)(c)");
    expect(text).toContain("section 127(1)(b)");
  });

  it("keeps sole-director execution when the sole director takes the secretary's office", () => {
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        secretaryChange({ ...person("Tamsin", "Rowe"), middle_name: "Jane" })(a);
      }),
    );
    expect(text).not.toContain("can no longer execute");
    expect(text).toContain("may still execute documents under section 127(1)(c)");
  });

  it("flags it when a sole director is replaced while the outgoing director stays on as secretary", () => {
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        soleCompany(a);
        a.secretary_after = "separate";
      }),
    );
    expect(text).toContain("can no longer execute documents under section 127(1)(c)");
  });

  it("says nothing of s127(1)(c) for a company with several directors", () => {
    expect(documentText(SLUG, answersFor(SLUG))).not.toContain("127(1)(c)");
  });
});

describe("a sole director replaced: never a day without a director (s201A(1))", () => {
  it("refuses an appointment dated after the resignation, naming the law", () => {
    const issues = issuesOf(
      SLUG,
      answersFor(SLUG, (a) => {
        soleCompany(a);
        a.resignation_date = "31/07/2025";
        a.appointment_date = "01/08/2025";
      }),
    );
    expect(issues.map((issue) => issue.path)).toEqual(["appointment_date"]);
    expect(issues[0]?.message).toContain("section 201A(1) of the Corporations Act");
    expect(issues[0]?.message).toContain("s203AB");
  });

  it("accepts an appointment on or before the resignation day", () => {
    for (const appointed of ["31/07/2025", "30/07/2025"]) {
      const issues = issuesOf(
        SLUG,
        answersFor(SLUG, (a) => {
          soleCompany(a);
          a.resignation_date = "31/07/2025";
          a.appointment_date = appointed;
        }),
      );
      expect(issues, appointed).toEqual([]);
    }
  });

  it("leaves a company with other directors free to appoint later, and a secretary's change alone", () => {
    const later = (a: Answers) => {
      a.resignation_date = "31/07/2025";
      a.appointment_date = "15/08/2025";
    };
    expect(issuesOf(SLUG, answersFor(SLUG, later))).toEqual([]);
    const secretary = issuesOf(
      SLUG,
      answersFor(SLUG, (a) => {
        soleCompany(a);
        later(a);
        a.office = "secretary";
      }),
    );
    expect(secretary.map((issue) => issue.path)).not.toContain("appointment_date");
  });
});
