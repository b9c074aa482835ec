/**
 * The nomination's preconditions (PRECONDITIONS.md), each row tested: shares that total exactly
 * 100 % (our SMSF deed's cl 64.1(b) binds only then), a member of 18 or more, witnesses who are
 * neither nominated nor the member, each lapsing choice, each kind of nominee.
 */
import { describe, expect, it } from "vitest";
import { type Answers, assembles, refusal, text } from "../edge-cases.ts";

const SLUG = "binding-death-benefit-nomination";

const TOTAL_MESSAGE =
  "The shares must add up to exactly 100 %: a nomination binds the trustee only if it disposes of the whole death benefit (as clause 64.1(b) of our SMSF deed requires). Change the shares so that they total 100 %.";

const shares =
  (...percentages: number[]) =>
  (answers: Answers) => {
    answers.beneficiaries = percentages.map((share, index) =>
      index === 0
        ? { kind: "lpr", share, form: "lump_sum" }
        : { kind: "child", name: `Child Number ${index} Thornbury`, share, form: "lump_sum" },
    );
  };

describe("shares total exactly 100 %", () => {
  for (const total of [[60, 39], [50, 49.99], [60, 41], [100, 0.01], [20, 20, 20, 20], [99.99]]) {
    it(`refuses ${total.join(" + ")}`, () => {
      expect(refusal(SLUG, shares(...total))).toEqual([{ path: "beneficiaries", message: TOTAL_MESSAGE }]);
    });
  }
  for (const total of [
    [100],
    [60, 40],
    [33.33, 33.33, 33.34],
    [10, 10, 10, 10, 10, 10, 10, 10, 10, 10],
    [12.5, 87.5],
  ]) {
    it(`accepts ${total.join(" + ")}`, () => {
      expect(assembles(SLUG, shares(...total))).toBe(true);
    });
  }
  it("prints no pro-rata correction of shares", () => {
    const nomination = text(SLUG);
    expect(nomination).not.toContain("do not add up to 100 %");
    expect(nomination).toContain("The shares above add up to 100 % of my death benefit.");
  });
});

describe("the member is 18 or older on the nomination's date", () => {
  it("refuses a member under 18", () => {
    const issues = refusal(SLUG, (answers) => {
      answers.member_birth_date = "11/06/2007";
    });
    expect(issues).toEqual([
      {
        path: "member_birth_date",
        message:
          "The member must be at least 18 to make a binding nomination (the nomination states it, and a minor cannot make a binding direction): this date of birth makes the member younger than 18 on the nomination's date.",
      },
    ]);
  });
  it("accepts a member who turns 18 on that day", () => {
    expect(
      assembles(SLUG, (answers) => {
        answers.member_birth_date = "10/06/2007";
      }),
    ).toBe(true);
  });
});

describe("nominees and lapsing", () => {
  const KINDS: Record<string, string> = {
    spouse: "my spouse",
    child: "my child",
    interdependent: "a person with whom I have an interdependency relationship",
    financial: "a person financially dependent on me",
  };
  for (const [kind, words] of Object.entries(KINDS)) {
    it(`names a ${kind} nominee`, () => {
      const nomination = text(SLUG, (answers) => {
        answers.beneficiaries = [{ kind, name: "Ruby Jane Thornbury", share: 100, form: "trustee" }];
      });
      expect(nomination).toContain(`100 % to Ruby Jane Thornbury, ${words}, as a lump sum or a pension`);
    });
  }
  it("prints the number of years of a lapsing nomination", () => {
    const nomination = text(SLUG, (answers) => {
      answers.lapsing = "other_years";
      answers.lapse_years = 5;
    });
    expect(nomination).toContain("This nomination lapses 5 years after the day I sign it");
  });
  it("keeps the explanatory notes out of the nomination", () => {
    expect(text(SLUG)).not.toContain("They are not part of it.");
  });
});
