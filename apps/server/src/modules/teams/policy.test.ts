import type { TeamRole } from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import {
  canBuyCredits,
  canEditCompanyDetails,
  canRenewMembership,
  canSetMemberRoles,
  canViewCreditLogs,
  canViewTeam,
} from "./policy.ts";

// account-area §6, row by row: [owner, manager, member].
const table: [string, (role: TeamRole) => boolean, [boolean, boolean, boolean]][] = [
  ["Edit company details", canEditCompanyDetails, [true, false, false]],
  ["Set managers/members", canSetMemberRoles, [true, false, false]],
  ["View credit logs", canViewCreditLogs, [true, true, false]],
  ["Buy credits", canBuyCredits, [true, true, false]],
  ["Renew membership banner", canRenewMembership, [true, true, false]],
];

describe("firm roles (account-area §6)", () => {
  it.each(table)("%s", (_row, rule, [owner, manager, member]) => {
    expect([rule("owner"), rule("manager"), rule("member")]).toEqual([owner, manager, member]);
  });

  it("lets only members see a firm", () => {
    expect(canViewTeam("member")).toBe(true);
    expect(canViewTeam(undefined)).toBe(false);
  });
});
