import { CREDIT_LOGS_REFUSED, CREDITS_BUY_REFUSED, CREDITS_PLAN_REQUIRED } from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import { creditBadgeShown, creditLogsRefusal, creditPurchaseRefusal } from "./policy.ts";

describe("credit rules (account-area §6)", () => {
  it.each([
    ["owner", null],
    ["manager", null],
    ["member", { status: 403, message: CREDITS_BUY_REFUSED }],
  ] as const)("Buy credits: %s", (role, refusal) => {
    expect(creditPurchaseRefusal({ role, planSlug: "best-practice" })).toEqual(refusal);
  });

  it("buys credit only on the Best Practice plan", () => {
    for (const planSlug of ["ly-basic", "strategist"]) {
      expect(creditPurchaseRefusal({ role: "owner", planSlug })).toEqual({
        status: 409,
        message: CREDITS_PLAN_REQUIRED,
      });
    }
    // The role is answered first: a member on another plan is refused for being a member.
    expect(creditPurchaseRefusal({ role: "member", planSlug: "strategist" })?.status).toBe(403);
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
