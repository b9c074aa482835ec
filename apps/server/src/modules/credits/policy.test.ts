import {
  CREDIT_LOGS_REFUSED,
  CREDITS_BUY_REFUSED,
  CREDITS_PLAN_ENDED,
  CREDITS_PLAN_REQUIRED,
} from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import { creditBadgeShown, creditLogsRefusal, creditPurchaseRefusal } from "./policy.ts";

/** 1 July 2026 in Sydney: the lapsed demo firm's plan ended the day before. */
const NOW = new Date("2026-07-01T02:00:00Z");
const running = { planStatus: "active", planEndDate: "2026-12-31" } as const;

describe("credit rules (account-area §6)", () => {
  it.each([
    ["owner", null],
    ["manager", null],
    ["member", { status: 403, message: CREDITS_BUY_REFUSED }],
  ] as const)("Buy credits: %s", (role, refusal) => {
    expect(creditPurchaseRefusal({ role, planSlug: "best-practice", ...running }, NOW)).toEqual(refusal);
  });

  it("buys credit only on the Best Practice plan", () => {
    for (const planSlug of ["ly-basic", "strategist"]) {
      expect(creditPurchaseRefusal({ role: "owner", planSlug, ...running }, NOW)).toEqual({
        status: 409,
        message: CREDITS_PLAN_REQUIRED,
      });
    }
    // The role is answered first: a member on another plan is refused for being a member.
    expect(creditPurchaseRefusal({ role: "member", planSlug: "strategist", ...running }, NOW)?.status).toBe(
      403,
    );
  });

  it("sells no credit while the Best Practice plan is not in force (ended or expired)", () => {
    const ended = { role: "owner", planSlug: "best-practice", planStatus: "active" } as const;
    const refused = { status: 409, message: CREDITS_PLAN_ENDED };
    expect(creditPurchaseRefusal({ ...ended, planEndDate: "2026-06-30" }, NOW)).toEqual(refused);
    expect(creditPurchaseRefusal({ ...ended, planEndDate: "2026-07-01" }, NOW)).toBeNull();
    expect(creditPurchaseRefusal({ ...ended, planEndDate: null }, NOW)).toBeNull();
    expect(creditPurchaseRefusal({ ...ended, planStatus: "expired", planEndDate: null }, NOW)).toEqual(
      refused,
    );
    expect(creditPurchaseRefusal({ ...ended, role: "member", planEndDate: "2026-06-30" }, NOW)?.status).toBe(
      403,
    );
  });

  it.each([
    ["owner", null],
    ["manager", null],
    ["member", CREDIT_LOGS_REFUSED],
  ] as const)("View credit logs: %s", (role, refusal) => {
    expect(creditLogsRefusal(role)).toBe(refusal);
  });

  it("shows the badge only on Best Practice with a numeric limit", () => {
    expect(creditBadgeShown({ planSlug: "best-practice", remaining: 0 })).toBe(true);
    expect(creditBadgeShown({ planSlug: "best-practice", remaining: null })).toBe(false);
    expect(creditBadgeShown({ planSlug: "strategist", remaining: 5 })).toBe(false);
    expect(creditBadgeShown({ planSlug: "ly-basic", remaining: null })).toBe(false);
  });
});
