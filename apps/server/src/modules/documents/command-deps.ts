import type { DocumentDetail, DocumentRow, DocumentType, ListSection } from "@precedent/contracts";
import type { Database } from "../../db/client.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { FoldersService } from "../folders/index.ts";
import type { ChangeLogInput, LogsService } from "../logs/index.ts";
import type { DocumentQueries } from "./queries.ts";

// What the documents module's commands are built from, and the change-log entry they all write.
// In its own file so that each group of commands can name them without importing commands.ts,
// which imports the groups (a cycle the cycles test refuses).

export type DocumentCommandsDeps = {
  db: Database;
  clock: Clock;
  folders: FoldersService;
  logs: LogsService;
  queries: DocumentQueries;
  /** A row by id after the change commits, as the list shows it. */
  rowOf: (tx: Database, ctx: FirmContext, id: number, section?: ListSection) => Promise<DocumentRow>;
  get: (ctx: FirmContext, id: number) => Promise<DocumentDetail>;
};

export const logEntry = (
  ctx: FirmContext,
  doc: { id: number; type: DocumentType },
  changes: ChangeLogInput["changes"],
): ChangeLogInput => ({
  teamId: ctx.teamId,
  docId: doc.id,
  docType: doc.type,
  userId: ctx.userId,
  changes,
});
