import { describe, expect, it } from "vitest";
import { companyKitKindRefusal } from "./company-kit.ts";
import { assessProposedName, identicalNameKey } from "./name-rules.ts";

// Issue 31: a company name containing "constructor" answered 500 on the name check, because the
// rules' word table was a plain object and `table["constructor"]` found Object's constructor.
// Tables looked up with user text are Maps now; these are the ones a user's words reach (the
// states of a country: users/countries-prototype-keys.test.ts).
const PROTOTYPE_WORDS = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];

describe("tables looked up with user text", () => {
  it("checks a company name made of prototype words like any other", () => {
    for (const word of PROTOTYPE_WORDS) {
      expect(() => assessProposedName(`${word} Holdings`, "Pty Ltd")).not.toThrow();
      expect(identicalNameKey(`${word} Co`)).toBe(identicalNameKey(`${word} Company`));
    }
    expect(assessProposedName("Constructor Holdings", "Pty Ltd")).toEqual({ kind: "acceptable" });
  });

  it("names an unknown company kind plainly, whatever it is called", () => {
    for (const word of PROTOTYPE_WORDS)
      expect(companyKitKindRefusal(word)).toMatch(/another type of company/);
  });
});
