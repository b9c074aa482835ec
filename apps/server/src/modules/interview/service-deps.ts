import type { Database } from "../../db/client.ts";
import type { EventRaiser } from "../../platform/events/index.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { DocumentEngine } from "../../platform/workers/index.ts";
import type { DocumentsService } from "../documents/index.ts";
import type { FileStore } from "../files/index.ts";
import type { LogsService } from "../logs/index.ts";
import type { TemplateLibrary } from "../templates/index.ts";
import type { UsersService } from "../users/index.ts";

// What the interview service is built from, in its own file so that each part can name it without
// importing the facade in service.ts, which imports them (a cycle the cycles test refuses).

export type InterviewServiceDeps = {
  db: Database;
  clock: Clock;
  documents: DocumentsService;
  files: FileStore;
  library: TemplateLibrary;
  /** Assembles and renders on the worker pool, off the request thread. */
  engine: DocumentEngine;
  users: UsersService;
  /** The document logs: each assembly (passed or failed) and download is an entry. */
  logs: Pick<LogsService, "recordAction">;
  /** Told "document.relaunched" in the relaunch's transaction (signing voids what was sent; ./events.ts). */
  events?: EventRaiser;
};
