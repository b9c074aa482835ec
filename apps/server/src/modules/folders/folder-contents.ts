import type { Database } from "../../db/client.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";

/**
 * What the folders module needs from the documents module, which owns the documents tables.
 * Both calls run inside the caller's transaction.
 */
export type FolderContents = {
  /** Documents in these folders, or added to them. */
  countDocumentsIn(tx: Database, teamId: number, folderIds: number[]): Promise<number>;
  /** Takes documents out of these folders (which have left Shared Folders), with change-log entries. */
  removeSharedLinksIn(tx: Database, ctx: FirmContext, folderIds: number[]): Promise<number[]>;
  /** A document homed in these folders that may not be deleted (a registered company's), and why. */
  deleteRefusalIn(
    tx: Database,
    teamId: number,
    folderIds: number[],
  ): Promise<{ name: string; refusal: string } | undefined>;
};
