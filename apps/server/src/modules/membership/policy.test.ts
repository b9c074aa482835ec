import { describe, expect, it } from "vitest";
import { canChangePlan, canReadMembershipOf, canSeePlans } from "./policy.ts";

describe("membership policy (account-area §6)", () => {
  it.each([
    ["owner", true],
    ["manager", true],
    ["member", false],
  ] as const)("Renew membership banner and plan change: %s → %s", (role, allowed) => {
    expect(canChangePlan(role)).toBe(allowed);
  });

  it.each([
    ["owner", true],
    ["manager", true],
    ["member", true],
  ] as const)("See membership modal via upgrade link: %s → %s", (role, allowed) => {
    expect(canSeePlans(role)).toBe(allowed);
  });

  it("reads only the actor's own membership", () => {
    expect(canReadMembershipOf(7, 7)).toBe(true);
    expect(canReadMembershipOf(7, 8)).toBe(false);
  });
});
