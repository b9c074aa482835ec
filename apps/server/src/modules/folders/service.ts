import type { Database } from "../../db/client.ts";
import { badRequest } from "../../errors.ts";
import type { EventListeners } from "../../platform/events/index.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { UsersService } from "../users/index.ts";
import { createFolderCommands } from "./commands.ts";
import type { FolderContents } from "./folder-contents.ts";
import { handOverPersonalFolders } from "./hand-over.ts";
import {
  assertOrganisationAllowed,
  holdKey,
  isInSharedFoldersSql,
  nameSql,
  requireVisible,
  sharedFolderIdsSql,
  visibleFolders,
  visibleNameSql,
} from "./scope.ts";
import { createFolderSharing } from "./sharing.ts";
import { createFolderTree } from "./tree.ts";

// The folders service, a small facade over its jobs: the scope and the SQL other modules use
// (scope.ts), the tree and the move dialog (tree.ts), the changes (commands.ts), sharing
// (sharing.ts) and a departing member's hand-over (hand-over.ts).

export type FoldersService = ReturnType<typeof createFoldersService>;
export type { FolderContents } from "./folder-contents.ts";

export function createFoldersService(deps: {
  db: Database;
  clock: Clock;
  users: UsersService;
  contents: () => FolderContents;
  /** Hears "team.member-removed" (teams' events.ts): the member's My Documents folders change hands. */
  events: EventListeners;
}) {
  const { db, clock, users, contents } = deps;
  deps.events.on("team.member-removed", async (tx, removal) => {
    removal.handedOver.folders += await handOverPersonalFolders(tx, clock, removal);
  });
  const tree = createFolderTree({ db, users });
  const commands = createFolderCommands({ db, clock, contents, present: tree.present });
  const sharing = createFolderSharing({ db, clock, contents });

  return {
    visibleFolders,
    sharedFolderIdsSql,
    isInSharedFoldersSql,
    nameSql,
    visibleNameSql,
    requireVisible,
    holdKey,
    tree: tree.tree,
    moveTargets: tree.moveTargets,
    create: commands.create,
    rename: commands.rename,
    remove: commands.remove,
    deleteCheck: commands.deleteCheck,
    move: commands.move,
    share: sharing.share,
    unshare: sharing.unshare,
    assertOrganisationAllowed,

    /** For calls that need a folder in Shared Folders. */
    notInShared: () =>
      badRequest("Please choose a folder in Shared Folders.", [
        { field: "folder_id", message: "Please choose a folder in Shared Folders." },
      ]),
  };
}
