import { describe, expect, it } from "vitest";
import { matchOption, parseAustralianDate, parseNumber, parseRepeatCount } from "./answer-conversion.ts";

describe("parseNumber", () => {
  it.each([
    ["3", 3],
    ["three", 3],
    ["Twenty-one", 21],
    ["twenty one", 21],
    ["1,000", 1000],
    ["$2,500.50", 2500.5],
    ["about 5 years", 5],
    ["five years", 5],
    ["one hundred and fifty", 150],
    ["two thousand five hundred", 2500],
    ["a hundred", 100],
    ["a dozen", 12],
    ["twelve months please", 12],
    ["1.5", 1.5],
    ["zero", 0],
  ])("%s → %d", (text, expected) => {
    expect(parseNumber(text)).toBe(expected);
  });

  it.each(["", "a few", "several", "dunno"])("%s has no number", (text) => {
    expect(parseNumber(text)).toBeUndefined();
  });
});

describe("parseRepeatCount", () => {
  it.each([
    ["two", 2],
    ["3", 3],
    ["none", 0],
    ["no one", 0],
    ["zero", 0],
    ["just one", 1],
    ["There are four of them", 4],
  ])("%s → %d", (text, expected) => {
    expect(parseRepeatCount(text)).toBe(expected);
  });

  it.each(["a few", "lots", "2.5", "-1", "minus two"])("%s cannot be read: -1", (text) => {
    expect(parseRepeatCount(text)).toBe(-1);
  });
});

describe("parseAustralianDate", () => {
  // Wednesday 4 March 2026 in Sydney.
  const today = "2026-03-04";
  it.each([
    ["3rd of March 2026", "03/03/2026"],
    ["3 March 2026", "03/03/2026"],
    ["the third of march 2026", "03/03/2026"],
    ["March 3, 2026", "03/03/2026"],
    ["3/3/26", "03/03/2026"],
    ["03-03-2026", "03/03/2026"],
    ["3.3.2026", "03/03/2026"],
    ["2026-03-03", "03/03/2026"],
    ["21st Sept 2027", "21/09/2027"],
    ["twenty-first of September 2027", "21/09/2027"],
    ["first of July", "01/07/2026"],
    ["today", "04/03/2026"],
    ["tomorrow", "05/03/2026"],
    ["yesterday", "03/03/2026"],
    ["next Friday", "06/03/2026"],
    ["Friday", "06/03/2026"],
    ["next Wednesday", "11/03/2026"],
    ["in 2 weeks", "18/03/2026"],
    ["in ten days", "14/03/2026"],
    ["it's 29 February 2028", "29/02/2028"],
  ])("%s → %s", (text, expected) => {
    expect(parseAustralianDate(text, today)).toBe(expected);
  });

  it("reads day before month, as Australians write it", () => {
    expect(parseAustralianDate("4/5/2026", today)).toBe("04/05/2026");
  });

  it("crosses months and years from today", () => {
    expect(parseAustralianDate("tomorrow", "2026-12-31")).toBe("01/01/2027");
  });

  it.each(["31/02/2026", "29 February 2026", "soon", "the 45th of March", ""])("%s is not a date", (text) => {
    expect(parseAustralianDate(text, today)).toBeUndefined();
  });
});

describe("matchOption", () => {
  const yesNo = [
    { value: "Yes", text: "Yes" },
    { value: "No", text: "No" },
  ];
  const states = [
    { value: "NSW", text: "New South Wales" },
    { value: "VIC", text: "Victoria" },
    { value: "QLD", text: "Queensland" },
    { value: "WA", text: "Western Australia" },
    { value: "SA", text: "South Australia" },
  ];
  const picked = (text: string, options = states) => {
    const match = matchOption(text, options);
    return match.ok ? match.option.value : match.reason;
  };

  it.each([
    ["yes", "Yes"],
    ["Yeah", "Yes"],
    ["yep, they should", "Yes"],
    ["sure", "Yes"],
    ["NO", "No"],
    ["nope", "No"],
    ["nah not needed", "No"],
  ])("yes/no: %s → %s", (text, expected) => {
    expect(picked(text, yesNo)).toBe(expected);
  });

  it.each([
    ["victoria", "VIC"],
    ["nsw", "NSW"],
    ["Vic", "VIC"],
    ["queens", "QLD"],
    ["New South Wales please", "NSW"],
    ["it's western australia", "WA"],
    ["south", "SA"],
  ])("by value, text, prefix or contains: %s → %s", (text, expected) => {
    expect(picked(text)).toBe(expected);
  });

  it("reports several options that fit as ambiguous, with them", () => {
    const match = matchOption("australia", states);
    expect(match).toMatchObject({ ok: false, reason: "ambiguous" });
    if (!match.ok) expect(match.candidates.map((c) => c.value).sort()).toEqual(["SA", "WA"]);
  });

  it.each(["Tasmania", "maybe", "", "x"])("%s is outside the list", (text) => {
    expect(picked(text)).toBe("none");
  });

  it("does not read yes/no words into a list that has no Yes and No", () => {
    expect(picked("yes")).toBe("none");
  });
});
