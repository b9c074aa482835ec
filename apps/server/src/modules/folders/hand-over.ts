import { PERSONAL_FOLDER } from "@precedent/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { folderShares, folders } from "./schema.ts";

// A departing member's My Documents folders handed over to the firm's owner (the folders service
// runs it when teams raises "team.member-removed").

/**
 * A departing member's My Documents folders become `toUserId`'s (the owner's), in the
 * caller's transaction, with the shares of them. A whole tree moves with its creator, so no
 * tree mixes creators; a top-level folder named like one the recipient already has at the top
 * of their My Documents gets the former member's name after its own, so both stay tellable
 * apart. Returns how many folders changed hands.
 */
export async function handOverPersonalFolders(
  tx: Database,
  clock: Clock,
  move: { teamId: number; fromUserId: number; toUserId: number; formerMemberName: string },
): Promise<number> {
  const mine = and(
    eq(folders.teamId, move.teamId),
    eq(folders.type, PERSONAL_FOLDER),
    eq(folders.createdBy, move.fromUserId),
  );
  const topLevel = (userId: number) =>
    tx
      .select({ id: folders.id, name: folders.name })
      .from(folders)
      .where(
        and(
          eq(folders.teamId, move.teamId),
          eq(folders.type, PERSONAL_FOLDER),
          eq(folders.createdBy, userId),
          sql`${folders.parentId} is null`,
        ),
      );
  const comparable = (name: string) => name.replace(/\s+/g, "").toLowerCase();
  const taken = new Set((await topLevel(move.toUserId)).map((f) => comparable(f.name)));
  const now = clock();
  for (const folder of await topLevel(move.fromUserId)) {
    let name = folder.name;
    for (let n = 1; taken.has(comparable(name)); n++) {
      name = `${folder.name} (${move.formerMemberName}${n > 1 ? ` ${n}` : ""})`;
    }
    taken.add(comparable(name));
    if (name !== folder.name) {
      await tx.update(folders).set({ name, updatedAt: now }).where(eq(folders.id, folder.id));
    }
  }
  const handed = await tx
    .update(folders)
    .set({ createdBy: move.toUserId })
    .where(mine)
    .returning({ id: folders.id });
  if (handed.length > 0) {
    await tx
      .update(folderShares)
      .set({ createdBy: move.toUserId })
      .where(
        and(
          eq(folderShares.teamId, move.teamId),
          inArray(
            folderShares.folderId,
            handed.map((f) => f.id),
          ),
        ),
      );
  }
  return handed.length;
}
