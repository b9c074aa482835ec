/**
 * The corporate trustee appointment's preconditions (PRECONDITIONS.md), each row tested: minutes
 * held before, on or after the date of the deed they table (a proposed deed, the deed, a deed to be
 * ratified); a sole director's written resolution, not a meeting; each kind of trust; first or
 * replacement trustee.
 */
import { describe, expect, it } from "vitest";
import { type Answers, assembles, refusal, text } from "../edge-cases.ts";

const SLUG = "corporate-trustee-appointment";

const soleDirector = (answers: Answers) => {
  answers.directors = [(answers.directors as Answers[])[0]];
  const company = answers.company as Answers;
  company.director_type = "sole";
  company.sole_director_name = "Grace Elizabeth Thornbury";
  company.sole_director_is_secretary = "Yes";
  delete company.directors;
};

describe("the minutes and the deed they table, by date", () => {
  it("minutes before the deed table the proposed deed, never a deed dated after them", () => {
    const minutes = text(SLUG);
    expect(minutes).not.toContain("The chair tabled the deed dated 1 July 2025");
    expect(minutes).toContain(
      "The chair tabled the proposed deed establishing the Trust, to be dated on or about 1 July 2025, which names the Company as its first trustee",
    );
  });
  it("minutes on the deed's date table the deed", () => {
    const minutes = text(SLUG, (answers) => {
      answers.meeting_date = "01/07/2025";
    });
    expect(minutes).toContain("The chair tabled the deed dated 1 July 2025 establishing the Trust");
    expect(minutes).not.toContain("ratified");
  });
  it("minutes after the deed table it and ratify its execution", () => {
    const minutes = text(SLUG, (answers) => {
      answers.meeting_date = "15/07/2025";
    });
    expect(minutes).toContain("The chair tabled the deed dated 1 July 2025 establishing the Trust");
    expect(minutes).toContain(
      "It was resolved that the Company’s execution of the Trust Deed on 1 July 2025 be confirmed and ratified.",
    );
  });
  it("a replacement trustee's minutes before the deed of appointment table it as proposed", () => {
    const minutes = text(SLUG, (answers) => {
      answers.how_appointed = "replacement";
    });
    expect(minutes).toContain(
      "The chair tabled the proposed deed of appointment, to be dated on or about 1 July 2025, by which the Company is to be appointed trustee of the Trust",
    );
  });
});

describe("a sole director resolves in writing; a board meets", () => {
  for (const kind of ["smsf", "discretionary", "unit"]) {
    it(`sole director, ${kind}: no meeting is declared closed`, () => {
      const minutes = text(SLUG, (answers) => {
        soleDirector(answers);
        answers.trust_kind = kind;
        if (kind !== "smsf") delete answers.special_purpose;
      });
      expect(minutes).not.toContain("the meeting closed");
      expect(minutes).not.toContain("The chair tabled");
      expect(minutes).toContain("The sole director signs these resolutions as a record of them");
    });
  }
  it("two directors: the meeting closes", () => {
    expect(text(SLUG)).toContain("There being no further business, the meeting closed.");
  });
});

describe("the chair is a director", () => {
  it("refuses a chair who is not among the directors", () => {
    const issues = refusal(SLUG, (answers) => {
      const chair = answers.chair as Answers;
      chair.first_name = "Kieran";
      chair.middle_name = "Paul";
      chair.last_name = "Walsh";
    });
    expect(issues).toEqual([
      {
        path: "chair",
        message:
          "The chair must be one of the directors named below (only a director may chair the directors' meeting or sign the sole director's resolution).",
      },
    ]);
  });
});

describe("directors' ages (s201B(1) Corporations Act; issue 30: ages were not asked)", () => {
  const directorBorn = (index: number, born: string) => (answers: Answers) => {
    const director = (answers.directors as Answers[])[index];
    if (director) director.date_of_birth = born;
  };
  it("refuses a director under 18 at the meeting", () => {
    expect(refusal(SLUG, directorBorn(1, "01/01/2010"))).toEqual([
      {
        path: "directors[1].date_of_birth",
        message:
          "A director must be at least 18 (s201B(1) Corporations Act): a person under 18 cannot have been validly appointed, so cannot vote on these resolutions, consent as a director or sign for the company. Check the date of birth, or leave this person out of the directors.",
      },
    ]);
  });
  it("accepts a director who turns 18 on the meeting's date (30 June 2025)", () => {
    expect(assembles(SLUG, directorBorn(1, "30/06/2007"))).toBe(true);
    expect(refusal(SLUG, directorBorn(1, "01/07/2007")).map((issue) => issue.path)).toEqual([
      "directors[1].date_of_birth",
    ]);
  });
  it("refuses a sole director under 18", () => {
    const issues = refusal(SLUG, (answers) => {
      soleDirector(answers);
      directorBorn(0, "01/01/2010")(answers);
    });
    expect(issues.map((issue) => issue.path)).toEqual(["directors[0].date_of_birth"]);
  });
});
