import { describe, expect, it } from "vitest";
import {
  canChangeFirmRequirement,
  canDisableTwoFactor,
  canManageTwoFactorOf,
  mayRequireForFirm,
} from "./policy.ts";

describe("two-factor rules, row by row", () => {
  it("requiring it of the firm: owner yes, manager no, member no", () => {
    expect([
      canChangeFirmRequirement("owner"),
      canChangeFirmRequirement("manager"),
      canChangeFirmRequirement("member"),
    ]).toEqual([true, false, false]);
  });

  it("a person manages only their own", () => {
    expect(canManageTwoFactorOf(7, 7)).toBe(true);
    expect(canManageTwoFactorOf(7, 8)).toBe(false);
  });

  it("turning it off: only while on and not required by a firm", () => {
    expect(canDisableTwoFactor({ enabled: true, requiredByFirm: false })).toBe(true);
    expect(canDisableTwoFactor({ enabled: true, requiredByFirm: true })).toBe(false);
    expect(canDisableTwoFactor({ enabled: false, requiredByFirm: false })).toBe(false);
  });

  it("an owner requires it only with their own on", () => {
    expect(mayRequireForFirm(true)).toBe(true);
    expect(mayRequireForFirm(false)).toBe(false);
  });
});
