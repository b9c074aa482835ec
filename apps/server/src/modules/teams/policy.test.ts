import type { TeamRole } from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import {
  canBuyCredits,
  canEditCompanyDetails,
  canMakeOwner,
  canRemoveMember,
  canRemoveMembers,
  canRenewMembership,
  canSetMemberRoles,
  canSetRoleOf,
  canTransferOwnership,
  canViewCreditLogs,
  canViewTeam,
  memberAbilities,
} from "./policy.ts";

// account-area §6, row by row: [owner, manager, member].
const table: [string, (role: TeamRole) => boolean, [boolean, boolean, boolean]][] = [
  ["Edit company details", canEditCompanyDetails, [true, false, false]],
  ["Set managers/members", canSetMemberRoles, [true, false, false]],
  ["View credit logs", canViewCreditLogs, [true, true, false]],
  ["Buy credits", canBuyCredits, [true, true, false]],
  ["Renew membership banner", canRenewMembership, [true, true, false]],
  // Beyond the spec's table: the firm's people and its ownership are the owner's.
  ["Remove members", canRemoveMembers, [true, false, false]],
  ["Transfer ownership", canTransferOwnership, [true, false, false]],
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

describe("acting on one member", () => {
  const roles: TeamRole[] = ["owner", "manager", "member"];

  it.each([
    ["set the role of", canSetRoleOf],
    ["remove", canRemoveMember],
    ["make owner", canMakeOwner],
  ] as const)("only the owner may %s a manager or member, never the owner", (_name, rule) => {
    for (const actor of roles) {
      for (const target of roles) {
        expect(rule(actor, { role: target })).toBe(actor === "owner" && target !== "owner");
      }
    }
  });

  it("answers the abilities of a row", () => {
    expect(memberAbilities("owner", { role: "member" })).toEqual({
      set_role: true,
      remove: true,
      make_owner: true,
    });
    expect(memberAbilities("owner", { role: "owner" })).toEqual({
      set_role: false,
      remove: false,
      make_owner: false,
    });
    expect(memberAbilities("manager", { role: "member" })).toEqual({
      set_role: false,
      remove: false,
      make_owner: false,
    });
  });
});
