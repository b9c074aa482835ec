import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { teamMembers, teams } from "./schema.ts";

/**
 * A firm's ownership handed to one of its people by Precedent's staff (issue 37 item 5: an owner
 * who has left, or cannot sign in, cannot transfer it themselves). In the caller's transaction,
 * which holds the firm's row (`firmWithPeople` with its lock), so it takes its turn with the
 * firm's own role changes, removals and transfers. As when the owner transfers it, the previous
 * owner stays on as a manager. The console has checked that `newOwnerId` is in the firm and is
 * not its owner.
 */
export async function handOwnershipTo(
  tx: Database,
  firm: { teamId: number; ownerId: number },
  newOwnerId: number,
) {
  const membership = (userId: number) =>
    and(eq(teamMembers.teamId, firm.teamId), eq(teamMembers.userId, userId));
  await tx.update(teamMembers).set({ role: "manager" }).where(membership(firm.ownerId));
  await tx.update(teamMembers).set({ role: "owner" }).where(membership(newOwnerId));
  await tx.update(teams).set({ ownerId: newOwnerId }).where(eq(teams.id, firm.teamId));
}
