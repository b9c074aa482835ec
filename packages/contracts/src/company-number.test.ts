import { describe, expect, it } from "vitest";
import {
  ABN_CHECK_FAILED,
  ACN_CHECK_FAILED,
  COMPANY_NUMBER_REQUIRED,
  COMPANY_NUMBER_SHAPE,
  companyNumberProblem,
  formatCompanyNumber,
  normaliseWebsite,
} from "./company-number.ts";

describe("companyNumberProblem", () => {
  it("accepts ASIC's and the ATO's published examples, with or without spaces", () => {
    for (const valid of [
      "000 000 019",
      "004085616",
      "123 456 780",
      "51 824 753 556",
      "53004085616",
      "53-004-085-616",
    ]) {
      expect(companyNumberProblem(valid)).toBeUndefined();
    }
  });

  it("names what is wrong", () => {
    expect(companyNumberProblem("  ")).toBe(COMPANY_NUMBER_REQUIRED);
    expect(companyNumberProblem("987 654 321")).toBe(ACN_CHECK_FAILED);
    expect(companyNumberProblem("51 824 753 557")).toBe(ABN_CHECK_FAILED);
    expect(companyNumberProblem("12345")).toBe(COMPANY_NUMBER_SHAPE);
    expect(companyNumberProblem("12345678a")).toBe(COMPANY_NUMBER_SHAPE);
  });

  it("prints numbers as ASIC and the ATO do", () => {
    expect(formatCompanyNumber("004085616")).toBe("004 085 616");
    expect(formatCompanyNumber("51824753556")).toBe("51 824 753 556");
  });
});

describe("normaliseWebsite", () => {
  it("adds https:// and drops a bare trailing slash", () => {
    expect(normaliseWebsite("harbour-legal.com.au")).toBe("https://harbour-legal.com.au");
    expect(normaliseWebsite(" HTTPS://Www.Example.com/ ")).toBe("https://www.example.com");
    expect(normaliseWebsite("http://example.com/about?x=1")).toBe("http://example.com/about?x=1");
    expect(normaliseWebsite("")).toBe("");
  });

  it("refuses what is not a website address", () => {
    for (const bad of [
      "javascript:alert(1)",
      "ftp://example.com",
      "not a site",
      "localhost",
      "https://",
      "mailto:a@b.co",
    ]) {
      expect(normaliseWebsite(bad)).toBeUndefined();
    }
  });
});
