/**
 * The consent to act against each row of its PRECONDITIONS.md: ages (ss 201B, 204B), a Director ID
 * of the right form for each director (s1272C), and the company named as proposed (no ACN) before
 * registration or with its ACN after.
 */
import { describe, expect, it } from "vitest";
import { answersFor, documentText, issuesOf } from "../edge-cases.ts";

const SLUG = "director-consent";
type Entry = Record<string, unknown>;
const officer = (a: Record<string, unknown>, index: number) => (a.officers as Entry[])[index] as Entry;

describe("refusals", () => {
  it("refuses a person under 18 on the consent date, and accepts one who turns 18 that day", () => {
    const young = issuesOf(
      SLUG,
      answersFor(SLUG, (a) => {
        officer(a, 0).date_of_birth = "08/02/2007";
      }),
    );
    expect(young.map((issue) => issue.path)).toEqual(["officers[0].date_of_birth"]);
    const turning = issuesOf(
      SLUG,
      answersFor(SLUG, (a) => {
        a.consent_date = "07/02/2025";
        officer(a, 0).date_of_birth = "07/02/2007";
      }),
    );
    expect(turning).toEqual([]);
  });

  it("refuses a director without a Director ID, or with one of the wrong form (s1272C)", () => {
    const missing = issuesOf(
      SLUG,
      answersFor(SLUG, (a) => {
        delete officer(a, 0).director_id;
      }),
    );
    expect(missing.map((issue) => issue.path)).toEqual(["officers[0].director_id"]);
    const malformed = issuesOf(
      SLUG,
      answersFor(SLUG, (a) => {
        officer(a, 0).director_id = "12345";
      }),
    );
    expect(malformed.map((issue) => issue.path)).toEqual(["officers[0].director_id"]);
  });

  it("asks no Director ID of a secretary who is not a director", () => {
    const issues = issuesOf(
      SLUG,
      answersFor(SLUG, (a) => {
        officer(a, 0).office = "secretary";
        delete officer(a, 0).director_id;
      }),
    );
    expect(issues).toEqual([]);
  });
});

describe("the company as proposed or as registered", () => {
  it("before registration: the proposed name, no ACN, and the consent given for s117", () => {
    const text = documentText(SLUG, answersFor(SLUG));
    expect(text).toContain("(proposed)");
    expect(text).not.toMatch(/ACN \d/);
    expect(text).toContain("section 117 of the Act");
  });

  it("after registration: the ACN, and no reference to the application", () => {
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        a.company_registered = "Yes";
        a.company_acn = "623456780";
      }),
    );
    expect(text).toContain("ACN 623 456 780");
    expect(text).not.toContain("(proposed)");
    expect(text).not.toContain("section 117 of the Act");
  });
});
