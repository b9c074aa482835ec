import {
  ASIC_PAYMENT_STATUSES,
  ASIC_STATUS_CONFIRMING,
  ASIC_STATUSES,
  asicGatewayLocked,
  spacedAcn,
} from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import {
  applicationState,
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

describe("applicationState: what the registration's screens are told", () => {
  const now = new Date("2026-11-02T09:00:00+10:00");
  const settings = { now, feeCents: 59_700 };
  const base = {
    docId: 7,
    paymentStatus: "unpaid" as const,
    asicStatus: null,
    transactionNumber: null,
    receiptNumber: null,
    gatewayLockedUntil: null,
    lodgementNumber: null,
    clientReference: null,
    acn: null,
    registrationDate: null,
    certificateSha256: null,
    companyKind: "pty_shares",
  };
  const until = new Date(now.getTime() + 3 * 60 * 60_000);

  it("offers an open interrupted payment again, and says why and until when (Sydney time) while one starts", () => {
    const open = applicationState(
      { ...base, gatewayLockedUntil: until, transactionNumber: "ASIC1" },
      settings,
    );
    expect(open).toMatchObject({ can_pay: true, payment_resumable: true, payment_unavailable_reason: null });
    const starting = applicationState({ ...base, gatewayLockedUntil: until }, settings);
    expect(starting).toMatchObject({
      can_pay: false,
      payment_resumable: false,
      payment_unavailable_reason: asicGatewayLocked("2 Nov 2026, 1:00 pm AEDT"),
    });
    const expired = applicationState(
      { ...base, gatewayLockedUntil: now, transactionNumber: "ASIC1" },
      settings,
    );
    expect(expired).toMatchObject({ can_pay: true, payment_resumable: false, gateway_locked_until: null });
  });

  it("says a lodgement without its receipt is being confirmed, and lets it be submitted again", () => {
    const paid = {
      ...base,
      paymentStatus: "paid" as const,
      asicStatus: "INPR" as const,
      clientReference: "PRE-7-A",
    };
    expect(applicationState(paid, settings)).toMatchObject({
      asic_status_name: ASIC_STATUS_CONFIRMING,
      lodgement_unconfirmed: true,
      can_submit: true,
      read_only: true,
    });
    expect(applicationState({ ...paid, lodgementNumber: "7E1" }, settings)).toMatchObject({
      asic_status_name: "In Progress",
      lodgement_unconfirmed: false,
      can_submit: false,
    });
  });

  it("is read only once lodged or decided, and open again after a rejection or no processing", () => {
    for (const status of ASIC_STATUSES) {
      const state = applicationState({ ...base, paymentStatus: "paid", asicStatus: status }, settings);
      expect(state.read_only, status).toBe(["INPR", "COMP", "MANL", "RFSD"].includes(status));
    }
  });
});

describe("spacedAcn", () => {
  it("always shows three groups of three digits", () => {
    expect(spacedAcn("661000015")).toBe("661 000 015");
    expect(spacedAcn("661 000 015")).toBe("661 000 015");
    expect(spacedAcn("66100001")).toBe("66100001");
  });
});
