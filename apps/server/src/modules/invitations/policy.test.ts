import type { TeamRole } from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import { canInvite, canManageInvitation, canViewInvitations, invitableRoles } from "./policy.ts";

// Row by row: [owner, manager, member].
const table: [string, (role: TeamRole) => boolean, [boolean, boolean, boolean]][] = [
  ["See pending invitations", canViewInvitations, [true, true, false]],
  ["Invite a member", (role) => canInvite(role, "member"), [true, true, false]],
  ["Invite a manager", (role) => canInvite(role, "manager"), [true, false, false]],
  [
    "Revoke or resend a member's invitation",
    (role) => canManageInvitation(role, { role: "member" }),
    [true, true, false],
  ],
  [
    "Revoke or resend a manager's invitation",
    (role) => canManageInvitation(role, { role: "manager" }),
    [true, false, false],
  ],
];

describe("invitations by role", () => {
  it.each(table)("%s", (_row, rule, [owner, manager, member]) => {
    expect([rule("owner"), rule("manager"), rule("member")]).toEqual([owner, manager, member]);
  });

  it("offers each role the roles it may invite as", () => {
    expect(invitableRoles("owner")).toEqual(["manager", "member"]);
    expect(invitableRoles("manager")).toEqual(["member"]);
    expect(invitableRoles("member")).toEqual([]);
  });
});
