import type { Database } from "../db/client.ts";
import { teamMembers, teams } from "../modules/teams/index.ts";
import { users } from "../modules/users/index.ts";

/**
 * A Best Practice firm whose details and team the My Company browser tests change (edit, promote,
 * remove, transfer), so the other demo firms stay as their own tests expect them.
 */
export const TEAM_CHANGES_SIGN_INS = [
  { email: "owner@harbour.test", role: "owner", firm: "Harbour Legal Pty Ltd" },
  { email: "member@harbour.test", role: "member", firm: "Harbour Legal Pty Ltd" },
  { email: "leaver@harbour.test", role: "member", firm: "Harbour Legal Pty Ltd" },
] as const;

export async function loadTeamChangesDemo(tx: Database, input: { passwordHash: string; planId: number }) {
  const person = (email: string, firstName: string, lastName: string) => ({
    email,
    passwordHash: input.passwordHash,
    firstName,
    lastName,
    displayName: `${firstName} ${lastName}`,
  });
  const [owner, member, leaver] = await tx
    .insert(users)
    .values([
      person("owner@harbour.test", "Hugo", "Harbour"),
      person("member@harbour.test", "Hana", "Hughes"),
      person("leaver@harbour.test", "Leo", "Leaver"),
    ])
    .returning({ id: users.id });
  if (!owner || !member || !leaver) throw new Error("Harbour Legal's people were not created");
  const [firm] = await tx
    .insert(teams)
    .values({
      name: "Harbour Legal Pty Ltd",
      companyRegistrationNo: "004 085 616",
      industry: "Legal services",
      ownerId: owner.id,
      planId: input.planId,
      planStatus: "active",
      planStartDate: "2026-07-01",
      planEndDate: "2027-06-30",
    })
    .returning({ id: teams.id });
  if (!firm) throw new Error("Harbour Legal was not created");
  await tx.insert(teamMembers).values([
    { teamId: firm.id, userId: owner.id, role: "owner" },
    { teamId: firm.id, userId: member.id, role: "member" },
    { teamId: firm.id, userId: leaver.id, role: "member" },
  ]);
}
