import { ASIC_PAYMENT_STATUSES, ASIC_STATUSES } from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import {
  asicCopyAllowed,
  canCreateCompanyKit,
  canRecordAsicAnswers,
  directorConfirmationsAcceptable,
  isPreConsentComplete,
} from "./policy.ts";

describe("canRecordAsicAnswers", () => {
  it.each([
    ["ASIC", true, true],
    ["ASIC", false, false],
    ["DOC", true, false],
    ["CAS 360", true, false],
  ] as const)("a %s document, may interview %s: %s", (type, mayInterview, expected) => {
    expect(canRecordAsicAnswers({ type }, mayInterview)).toBe(expected);
  });
});

describe("isPreConsentComplete", () => {
  const all = {
    preRegistrationConsent: true,
    preDirectorRead: true,
    preDirectorOffences: true,
    preDirectorRequirement: true,
  };
  it("needs the consent and all three confirmations", () => {
    expect(isPreConsentComplete(all)).toBe(true);
    for (const key of Object.keys(all) as (keyof typeof all)[]) {
      expect(isPreConsentComplete({ ...all, [key]: false })).toBe(false);
    }
  });
});

describe("directorConfirmationsAcceptable", () => {
  it.each([
    [[undefined, undefined, undefined], true],
    [[true, true, true], true],
    [[true, true, false], false],
    [[true, undefined, true], false],
    [[false, false, false], false],
  ])("%j: %s", (sent, expected) => {
    expect(directorConfirmationsAcceptable(sent)).toBe(expected);
  });
});

describe("asicCopyAllowed (interview spec §4 copy rules)", () => {
  it("allows a copy with no payment or status yet, and only the spec's pairs after that", () => {
    const allowed: string[] = [];
    for (const payment of ASIC_PAYMENT_STATUSES) {
      for (const status of [null, ...ASIC_STATUSES]) {
        if (asicCopyAllowed(payment, status)) allowed.push(`${payment} ${status ?? "-"}`);
      }
    }
    expect(allowed.sort()).toEqual(
      [
        "unpaid -",
        "paid COMP",
        "paid NOTR",
        "paid CANC",
        "paid REJT",
        "unpaid NOTR",
        "cancelled CANC",
      ].sort(),
    );
  });
});

describe("canCreateCompanyKit", () => {
  const registered = {
    asicStatus: "COMP",
    acn: "123456780",
    kitCreatedAt: null,
    companyKind: "pty_shares",
  } as const;

  it("only a registered company (COMP with its ACN) without its kit", () => {
    const made = new Date("2026-01-01T00:00:00Z");
    expect(canCreateCompanyKit(registered)).toBe(true);
    expect(canCreateCompanyKit({ ...registered, kitCreatedAt: made })).toBe(false);
    expect(canCreateCompanyKit({ ...registered, acn: null })).toBe(false);
    expect(canCreateCompanyKit(undefined)).toBe(false);
    for (const status of ASIC_STATUSES.filter((s) => s !== "COMP")) {
      expect(canCreateCompanyKit({ ...registered, asicStatus: status })).toBe(false);
    }
  });

  it.each(["pty_unlimited", "pub_shares", "pub_guarantee", "pub_unlimited", "pub_no_liability", null])(
    "not for a company of a type the kit is not written for (%s)",
    (companyKind) => {
      expect(canCreateCompanyKit({ ...registered, companyKind })).toBe(false);
    },
  );
});
