import { describe, expect, it } from "vitest";
import {
  areIdenticalNames,
  assessProposedName,
  COMPANY_NAME_MAX_LENGTH,
  identicalNameKey,
  NAME_EMPTY,
  NAME_ONLY_LEGAL_ELEMENT,
  NAME_TOO_LONG,
  nameHasLegalElement,
} from "./name-rules.ts";

/** Pairs that differ only as rule 6101 allows: each is identical. */
const IDENTICAL: [string, string, string][] = [
  ["6101(a) leading 'The'", "The Harbour Bakery", "Harbour Bakery"],
  ["6101(a) leading 'A'", "A Plus Plumbing", "Plus Plumbing"],
  ["6101(a) leading 'An'", "An Orchard Cafe", "Orchard Cafe"],
  ["6101(b) Pty Ltd", "Harbour Bakery Pty Ltd", "Harbour Bakery"],
  ["6101(b) Proprietary Limited", "Harbour Bakery Proprietary Limited", "Harbour Bakery Pty Ltd"],
  ["6101(b) Pty. Ltd.", "Harbour Bakery Pty. Ltd.", "HARBOUR BAKERY PTY LIMITED"],
  ["6101(b) Limited", "Harbour Bakery Limited", "Harbour Bakery Ltd"],
  ["6101(b) No Liability", "Kalgoorlie Gold No Liability", "Kalgoorlie Gold NL"],
  ["6101(c) plural", "Smith Builders", "Smith Builder"],
  ["6101(c) -ies plural", "Coastal Properties", "Coastal Property"],
  ["6101(c) -es plural", "Ballarat Glasses", "Ballarat Glass"],
  ["6101(c) possessive", "Smith's Plumbing", "Smith Plumbing"],
  ["6101(c) plural in both", "Bright Services Group", "Bright Service Groups"],
  ["6101(d) case", "HARBOUR BAKERY", "harbour bakery"],
  ["6101(d) spacing", "Harbour Bakery", "HarbourBakery"],
  ["6101(d) extra spaces", "  Harbour   Bakery ", "Harbour Bakery"],
  ["6101(d) accents", "Café Rénové", "Cafe Renove"],
  ["6101(d) punctuation", "O'Brien-Walsh Legal", "OBrien Walsh Legal"],
  ["6101(d) full stops", "A.B.C. Holdings", "ABC Holdings"],
  ["6101(d) commas", "Smith, Jones and Partners", "Smith Jones and Partners"],
  ["6101(e) item 1 Aust", "Aust Timber Supplies", "Australian Timber Supplies"],
  ["6101(e) item 2 Co", "Harbour Trading Co", "Harbour Trading Company"],
  ["6101(e) item 3 Coy", "Harbour Trading Coy", "Harbour Trading Co."],
  ["6101(e) item 4 Coy/Company", "Harbour Trading Company", "Harbour Trading Coy"],
  ["6101(e) item 5 No", "Number One Cleaning", "No. 1 Cleaning".replace("1", "One")],
  ["6101(e) item 6 &", "Smith & Jones", "Smith and Jones"],
  ["6101(e) item 6 &, no spaces", "Smith&Jones", "Smith and Jones"],
  ["6101(e) item 7 Inc", "Riverina Growers Inc", "Riverina Growers Incorporated"],
  ["6101(e) item 8 Corp", "Pacific Corp", "Pacific Corporation"],
  ["6101(e) item 9 ACN", "ACN Services", "Australian Company Number Services"],
  ["several rules at once", "The Smith & Sons Co. Pty. Ltd.", "smith and son company proprietary limited"],
  ["article, accents and plural", "The Crêperies of Hobart", "Creperie of Hobart Pty Ltd"],
];

/** Pairs that differ in ways rule 6101 does not disregard: each is distinct. */
const DISTINCT: [string, string, string][] = [
  ["a different word", "Harbour Bakery", "Harbour Bakehouse"],
  ["an added word", "Harbour Bakery", "Harbour Bakery Group"],
  ["'The' not first", "Harbour The Bakery", "Harbour Bakery"],
  ["a different number", "Number One Cleaning", "Number Two Cleaning"],
  ["digits are not words", "1 Stop Shop", "One Stop Shop"],
  ["word order", "Smith Jones", "Jones Smith"],
  ["Australia is not in item 1", "Australia Timber", "Australian Timber"],
  ["a different letter", "Ballarat Motors", "Ballarat Meters"],
  ["'Group' is not a legal element", "Pacific Group", "Pacific"],
  ["'Trading' is kept", "Harbour Trading", "Harbour"],
  ["a near spelling", "Bright Services", "Brite Services"],
  ["a town's name", "Bendigo Plumbing", "Geelong Plumbing"],
];

describe("identical names under Schedule 6 Part 1 (rule 6101)", () => {
  it.each(IDENTICAL)("%s: '%s' and '%s' are identical", (_rule, a, b) => {
    expect(areIdenticalNames(a, b)).toBe(true);
  });

  it.each(DISTINCT)("%s: '%s' and '%s' are distinct", (_rule, a, b) => {
    expect(areIdenticalNames(a, b)).toBe(false);
  });

  it("covers at least 30 identical pairs and ten distinct ones", () => {
    expect(IDENTICAL.length).toBeGreaterThanOrEqual(30);
    expect(DISTINCT.length).toBeGreaterThanOrEqual(10);
  });

  it("keeps a lone 'The' or 'A' (a name must keep a word of its own)", () => {
    expect(identicalNameKey("The")).toBe("the");
    expect(identicalNameKey("A")).toBe("a");
  });

  it("keeps words ending -ss, -us and -is", () => {
    expect(identicalNameKey("Express Bus Analysis")).toBe("expressbusanalysis");
  });
});

describe("assessProposedName", () => {
  it("accepts an ordinary name", () => {
    expect(assessProposedName("Harbour Bakery", "PTY LTD")).toEqual({ kind: "acceptable" });
  });

  it("refuses an empty name and one only of legal words", () => {
    expect(assessProposedName("   ", "PTY LTD")).toEqual({ kind: "refused", reason: NAME_EMPTY });
    expect(assessProposedName("Pty Ltd", "PTY LTD")).toEqual({
      kind: "refused",
      reason: NAME_ONLY_LEGAL_ELEMENT,
    });
  });

  it("refuses a name that already ends with a legal element (it would carry two, s148)", () => {
    expect(assessProposedName("Koala Ridge Analytics Pty Ltd", "PTY LTD")).toEqual({
      kind: "refused",
      reason: nameHasLegalElement("Pty Ltd", "PTY LTD"),
    });
    for (const name of [
      "Koala Ridge Pty. Ltd.",
      "Koala Ridge Limited",
      "Koala Ridge Proprietary",
      "Koala Ridge NL",
    ]) {
      expect(assessProposedName(name, "PTY LTD").kind, name).toBe("refused");
    }
    expect(assessProposedName("Koala Ridge No Liability", "NL")).toMatchObject({
      reason: nameHasLegalElement("No Liability", "NL"),
    });
    // The words elsewhere in a name, or 'Liability' on its own, are the name's own.
    for (const name of ["Limited Editions Print", "Pty Pals Pet Care", "Public Liability Advisers"]) {
      expect(assessProposedName(name, "PTY LTD").kind, name).toBe("acceptable");
    }
  });

  it("refuses a name longer than the limit with its legal element, and takes one at the limit", () => {
    const fits = "A".repeat(COMPANY_NAME_MAX_LENGTH - " PTY LTD".length);
    expect(assessProposedName(fits, "PTY LTD").kind).toBe("acceptable");
    expect(assessProposedName(`${fits}B`, "PTY LTD")).toEqual({ kind: "refused", reason: NAME_TOO_LONG });
  });

  it("refuses 'Commonwealth' and 'Federal' (rule 6203(c)) but not words containing them", () => {
    expect(assessProposedName("Commonwealth Plumbing", "PTY LTD").kind).toBe("refused");
    expect(assessProposedName("Federal Cleaning", "PTY LTD")).toMatchObject({
      kind: "refused",
      reason: expect.stringContaining("6203(c)"),
    });
    expect(assessProposedName("Federalist Books", "PTY LTD").kind).toBe("acceptable");
  });

  it("refuses an offensive name (rule 6203(a))", () => {
    expect(assessProposedName("Shitbox Motors", "PTY LTD")).toMatchObject({ kind: "refused" });
  });

  it.each([
    ["Harbour Bank", "Banking Act 1959 (Cth) s66"],
    ["Riverbank Holdings", "Banking Act 1959 (Cth) s66"],
    ["Coastal Credit Union", "Banking Act 1959 (Cth) s66"],
    ["ADI Finance", "Banking Act 1959 (Cth) s66"],
    ["Sydney University Press", "s105"],
    ["Smith Family Trust Services", "Schedule 6 Part 4"],
    ["Royal Hobart Caterers", "rule 6203"],
  ])("sends '%s' to manual review, citing %s", (name, cited) => {
    expect(assessProposedName(name, "PTY LTD")).toMatchObject({
      kind: "consent",
      reason: expect.stringContaining(cited),
    });
  });

  it("does not take 'adi' inside a word for the letters ADI (reg 2B.6.02(3))", () => {
    expect(assessProposedName("Traditional Joinery", "PTY LTD").kind).toBe("acceptable");
  });
});

describe("the sandbox register's seed", () => {
  it("is the same every time, distinct under rule 6101, and holds the known names", async () => {
    const { registerNames, KNOWN_REGISTERED_NAMES } = await import("./sandbox/register-seed.ts");
    const names = registerNames();
    expect(names).toHaveLength(3000);
    expect(registerNames()).toEqual(names);
    expect(new Set(names.map((entry) => identicalNameKey(entry.name))).size).toBe(3000);
    expect(names.slice(0, KNOWN_REGISTERED_NAMES.length)).toEqual(KNOWN_REGISTERED_NAMES);
    expect(names.filter((entry) => entry.kind === "business").length).toBeGreaterThan(300);
  });
});
