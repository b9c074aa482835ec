import { describe, expect, it } from "vitest";
import {
  formatAbn,
  formatAcn,
  formatLongDate,
  isValidAbn,
  isValidAcn,
  isValidEmail,
  isValidPostcode,
  parseDate,
} from "./identifiers.ts";

// ASIC's published examples of valid ACNs (the check-digit page of asic.gov.au).
const ASIC_EXAMPLE_ACNS = [
  "000 000 019",
  "000 250 000",
  "000 500 005",
  "000 750 005",
  "001 000 004",
  "001 250 004",
  "001 500 009",
  "001 749 999",
  "001 999 999",
  "002 249 998",
  "002 499 998",
  "002 749 993",
  "002 999 993",
  "003 249 992",
  "003 499 992",
  "003 749 988",
  "003 999 988",
  "004 085 616",
  "004 249 987",
  "004 499 987",
  "004 749 982",
  "004 999 982",
  "005 249 981",
  "005 499 981",
  "005 749 986",
  "005 999 977",
  "006 249 976",
  "006 499 976",
  "006 749 980",
  "006 999 980",
  "007 249 989",
  "007 499 989",
  "007 749 975",
  "007 999 975",
  "008 249 974",
  "008 499 974",
  "008 749 979",
  "008 999 979",
  "009 249 969",
  "009 499 969",
  "009 749 964",
  "009 999 964",
  "010 249 966",
  "010 499 966",
  "010 749 961",
];

describe("ACN check digit (ASIC: weights 8 to 1, check = (10 − sum mod 10) mod 10)", () => {
  it.each(ASIC_EXAMPLE_ACNS)("accepts ASIC's published example %s", (acn) => {
    expect(isValidAcn(acn)).toBe(true);
  });

  it("accepts the digits with or without spaces or hyphens", () => {
    expect(isValidAcn("004085616")).toBe(true);
    expect(isValidAcn("004-085-616")).toBe(true);
  });

  it.each([
    ["a wrong check digit", "004 085 617"],
    ["the check digit of a neighbour", "000 000 018"],
    ["eight digits", "04 085 616"],
    ["ten digits", "0004 085 616"],
    ["letters", "00A 085 616"],
    ["nothing", ""],
  ])("refuses %s (%s)", (_, acn) => {
    expect(isValidAcn(acn)).toBe(false);
  });

  it("prints an ACN as ASIC does", () => {
    expect(formatAcn("004085616")).toBe("004 085 616");
  });
});

describe("ABN check (ATO: subtract 1 from the first digit, weights 10, 1, 3 … 19, modulus 89)", () => {
  it("accepts the ATO's published example 51 824 753 556", () => {
    expect(isValidAbn("51 824 753 556")).toBe(true);
    expect(isValidAbn("51824753556")).toBe(true);
  });

  it("accepts a company's ABN built on its ACN (53 004 085 616 on ACN 004 085 616)", () => {
    expect(isValidAbn("53 004 085 616")).toBe(true);
  });

  it.each([
    ["a changed last digit", "51 824 753 557"],
    ["two digits swapped", "15 824 753 556"],
    ["ten digits", "51 824 753 55"],
    ["a leading zero", "01 824 753 556"],
    ["letters", "51 824 753 55X"],
  ])("refuses %s (%s)", (_, abn) => {
    expect(isValidAbn(abn)).toBe(false);
  });

  it("prints an ABN as the ATO does", () => {
    expect(formatAbn("51824753556")).toBe("51 824 753 556");
  });
});

describe("postcodes", () => {
  it.each(["2000", "0800", "7000", " 3000 "])("accepts %s", (postcode) => {
    expect(isValidPostcode(postcode)).toBe(true);
  });
  it.each(["200", "20000", "2OOO", "NSW 2000", ""])("refuses %s", (postcode) => {
    expect(isValidPostcode(postcode)).toBe(false);
  });
});

describe("email addresses", () => {
  it.each(["jane@example.com", "jane.citizen+nda@law.example.com.au", " a@b.co "])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(["jane", "jane@", "@example.com", "jane@example", "jane @example.com", "jane@exa mple.com"])(
    "refuses %s",
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

describe("dates as DD/MM/YYYY", () => {
  it("reads real calendar dates, with or without leading zeros", () => {
    expect(parseDate("01/07/2025")).toEqual({ day: 1, month: 7, year: 2025 });
    expect(parseDate("1/7/2025")).toEqual({ day: 1, month: 7, year: 2025 });
    expect(parseDate("29/02/2024")).toEqual({ day: 29, month: 2, year: 2024 });
    expect(parseDate("31/12/1999")).toEqual({ day: 31, month: 12, year: 1999 });
  });

  it.each([
    ["a day past the month's end", "31/04/2025"],
    ["29 February outside a leap year", "29/02/2025"],
    ["29 February 1900 (not a leap year)", "29/02/1900"],
    ["month 13", "01/13/2025"],
    ["day 0", "00/01/2025"],
    ["an American order that is not a date here", "12/31/2025"],
    ["ISO order", "2025-07-01"],
    ["a two-digit year", "01/07/25"],
  ])("refuses %s (%s)", (_, text) => {
    expect(parseDate(text)).toBeUndefined();
  });

  it("writes a date as a document does", () => {
    expect(formatLongDate({ day: 1, month: 7, year: 2025 })).toBe("1 July 2025");
  });
});
