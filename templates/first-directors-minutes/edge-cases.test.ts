/**
 * The first directors' minutes against each row of its PRECONDITIONS.md: a chair who is not a
 * director is refused; a sole director's record is a signed resolution, never a meeting; the
 * governance wording matches what governs the company (a constitution, the replaceable rules, or
 * neither for a sole director-shareholder).
 */
import { type AnswerObject, buildDocument } from "@precedent/docgen";
import { describe, expect, it } from "vitest";
import { type Answers, answersFor, documentText, issuesOf, loadTemplate } from "../edge-cases.ts";

const SLUG = "first-directors-minutes";
type Entry = Record<string, unknown>;

/** One director, Tamsin Jane Rowe, who may or may not be the only shareholder. */
function soleDirector(a: Answers, soleShareholder: boolean) {
  const company = a.company as Entry;
  company.director_type = "sole";
  company.sole_director_name = "Tamsin Jane Rowe";
  delete company.directors;
  a.bank_signatories = [{ name: "Tamsin Jane Rowe" }];
  if (soleShareholder) a.shareholders = [(a.shareholders as Entry[])[0]];
}

describe("the chair", () => {
  it("refuses a chair who is not a director (s248E)", () => {
    const issues = issuesOf(
      SLUG,
      answersFor(SLUG, (a) => {
        a.chair = { ...(a.chair as Entry), first_name: "Priya", middle_name: undefined, last_name: "Nair" };
        delete (a.chair as Entry).middle_name;
      }),
    );
    expect(issues).toEqual([
      {
        path: "chair",
        message:
          "The chair must be one of the company's directors (s248E Corporations Act): choose a director named for the company.",
      },
    ]);
  });

  it("accepts either director of several, and the sole director", () => {
    expect(issuesOf(SLUG, answersFor(SLUG))).toEqual([]);
    expect(
      issuesOf(
        SLUG,
        answersFor(SLUG, (a) => soleDirector(a, true)),
      ),
    ).toEqual([]);
  });
});

describe("a sole director acts by signed record (s248B), not at a meeting", () => {
  const text = () =>
    documentText(
      SLUG,
      answersFor(SLUG, (a) => soleDirector(a, false)),
    );

  it("records resolutions the director passes by signing, with no meeting closed or chair elected", () => {
    const record = text();
    expect(record).toContain("First Resolutions of the Sole Director");
    expect(record).toContain("Record of resolutions of the sole director of the Company");
    expect(record).not.toContain("before the meeting");
    expect(record).not.toContain("declared the meeting closed");
    expect(record).not.toContain("was elected to chair");
    expect(record).not.toContain("The chair tabled");
    expect(record).not.toContain("It was resolved");
    expect(record).toContain("The director resolved");
    expect(record).toContain(
      "passed by the director recording them and signing this record (section 248B of the Act)",
    );
  });

  it("a board's minutes keep the meeting's words", () => {
    const minutes = documentText(SLUG, answersFor(SLUG));
    expect(minutes).toContain("was elected to chair the meeting");
    expect(minutes).toContain("the chair declared the meeting closed");
  });
});

describe("what governs the company", () => {
  it("a sole director who is the only shareholder: no replaceable rules (s135(1)), the sole-director provisions", () => {
    const record = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        soleDirector(a, true);
        a.governance = "replaceable";
      }),
    );
    expect(record).toContain(
      "the replaceable rules of the Act do not apply to it (section 135(1) of the Act)",
    );
    expect(record).toMatch(/sections 198E.*201F.*202C/);
    expect(record).not.toContain("governed by the replaceable rules");
  });

  it("several directors without a constitution: the replaceable rules", () => {
    const minutes = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        a.governance = "replaceable";
      }),
    );
    expect(minutes).toContain("its internal management is governed by the replaceable rules of the Act");
  });

  it("a constitution the members adopt after registration: the special resolution, never 'no constitution'", () => {
    for (const sole of [false, true]) {
      const minutes = documentText(
        SLUG,
        answersFor(SLUG, (a) => {
          if (sole) soleDirector(a, true);
          a.governance = "adopted";
          a.constitution_date = a.meeting_date;
        }),
      );
      expect(minutes).toContain(
        "adopted a constitution by special resolution (section 136(1)(b) of the Act)",
      );
      expect(minutes).toContain(sole ? "section 249B" : "section 249A");
      expect(minutes).not.toContain("has not adopted a constitution");
      expect(minutes).not.toContain("adopted by the Company on registration");
    }
  });
});

describe("the company secretary", () => {
  it("with and without a secretary", () => {
    expect(documentText(SLUG, answersFor(SLUG))).toContain("is the company secretary of the Company");
    const none = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        a.has_secretary = "No";
        delete a.secretary_name;
      }),
    );
    expect(none).toContain("not required to have a company secretary (section 204A of the Act)");
    expect(none).not.toContain("204C");
  });
});

describe("the footer names the document the answers made (issue 30, item 3 of the last stop)", () => {
  const footerTitle = (answers: Answers) =>
    buildDocument(loadTemplate(SLUG).template, answers as AnswerObject).title;

  it("a sole director's record is titled First Resolutions of the Sole Director on every page, not minutes of a meeting", () => {
    for (const soleShareholder of [true, false]) {
      const answers = answersFor(SLUG, (a) => soleDirector(a, soleShareholder));
      expect(footerTitle(answers)).toBe("First Resolutions of the Sole Director");
      expect(documentText(SLUG, answers)).not.toContain("Minutes of the First Meeting of Directors");
    }
  });

  it("a board's minutes keep the interview's title", () => {
    expect(footerTitle(answersFor(SLUG))).toBe("Minutes of the First Meeting of Directors");
  });
});
