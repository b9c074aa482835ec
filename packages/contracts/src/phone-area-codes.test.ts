import { describe, expect, it } from "vitest";
import {
  PHONE_AREA_CODE_UNKNOWN,
  PHONE_AREA_CODES,
  type PhoneAreaCode,
  phoneDigitsWrong,
  phoneForAreaCodeError,
} from "./phone-area-codes";

const au = PHONE_AREA_CODES[0] as PhoneAreaCode;

describe("a signer phone checked for its area code (E.164)", () => {
  it("offers +61 first and accepts numbers of the chosen country's length", () => {
    expect(au.code).toBe("+61");
    expect(phoneForAreaCodeError("+61-412 345 678")).toBeNull();
    expect(phoneForAreaCodeError("+61-(04)12-345-678")).toBe(phoneDigitsWrong(au));
    expect(phoneForAreaCodeError("+44-7700 900123")).toBeNull();
    expect(phoneForAreaCodeError("+1-(415) 555-0100")).toBeNull();
    expect(phoneForAreaCodeError("+65-8123 4567")).toBeNull();
  });

  it("refuses a trunk 0, a wrong length and an area code not offered", () => {
    expect(phoneForAreaCodeError("+61-0412345678")).toBe(phoneDigitsWrong(au));
    expect(phoneForAreaCodeError("+61-41234567")).toBe(phoneDigitsWrong(au));
    expect(phoneForAreaCodeError("+65-812345678")).toMatch(/Singapore \(\+65\) has 8 digits/);
    expect(phoneForAreaCodeError("+999-412345678")).toBe(PHONE_AREA_CODE_UNKNOWN);
  });

  it("every area code is E.164: at most 15 digits with the number", () => {
    for (const a of PHONE_AREA_CODES)
      expect(a.code.length - 1 + Math.max(...a.lengths)).toBeLessThanOrEqual(15);
  });
});
