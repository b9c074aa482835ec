import { describe, expect, it } from "vitest";
import { checkElectronicExecution, EXECUTION_RULES, governingLawOf } from "./execution-rules.ts";

describe("the execution check (issue 15 item 4)", () => {
  it("never signs a will electronically, wherever and whoever", () => {
    for (const law of ["NSW", "VIC", "QLD", "SA"] as const) {
      const check = checkElectronicExecution({ kind: "will", law, signerKinds: ["individual"] });
      expect(check.electronic).toBe(false);
      expect(check.message).toMatch(/sign it on paper/);
    }
  });

  it("lets a company sign a deed electronically under s127 in any state", () => {
    for (const law of ["SA", "WA", "TAS", "ACT", "NT", null] as const) {
      expect(checkElectronicExecution({ kind: "deed", law, signerKinds: ["company"] }).electronic).toBe(true);
    }
    expect(
      checkElectronicExecution({ kind: "deed", law: "WA", signerKinds: ["company"] }).rules[0]?.source,
    ).toMatch(/Corporations Act 2001 \(Cth\) ss 110A, 127/);
  });

  it.each([
    ["NSW", true],
    ["VIC", true],
    ["QLD", true],
    ["SA", false],
    ["WA", false],
    ["TAS", false],
    ["ACT", false],
    ["NT", false],
  ] as const)("an individual's deed under %s law: electronic %s", (law, electronic) => {
    expect(checkElectronicExecution({ kind: "deed", law, signerKinds: ["individual"] }).electronic).toBe(
      electronic,
    );
  });

  it("refuses a deed signed by a company and an individual where the individual may not sign electronically", () => {
    const check = checkElectronicExecution({
      kind: "deed",
      law: "SA",
      signerKinds: ["company", "individual"],
    });
    expect(check.electronic).toBe(false);
    expect(check.message).toMatch(/individual's deed elsewhere is signed on paper/);
    // It names the rule's source, the law it applied.
    expect(check.message).toContain("Rule applied: Law of Property Act 1936 (SA) s 41;");
  });

  it("lets anyone sign an agreement electronically (Electronic Transactions Act 1999 (Cth) s 10)", () => {
    expect(
      checkElectronicExecution({ kind: "agreement", law: "WA", signerKinds: ["individual"] }).electronic,
    ).toBe(true);
  });

  it("keeps a source on every rule", () => {
    for (const rule of EXECUTION_RULES) expect(rule.source).toMatch(/Act \d{4}/);
  });

  it("reads the governing law from the interview's jurisdiction answer", () => {
    expect(governingLawOf({ jurisdiction: "VIC" })).toBe("VIC");
    expect(governingLawOf({ jurisdiction: "Mars" })).toBeNull();
    expect(governingLawOf({})).toBeNull();
  });
});
