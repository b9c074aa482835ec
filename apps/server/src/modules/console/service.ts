import type { Database } from "../../db/client.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { UsersService } from "../users/index.ts";
import { auditPage } from "./audit.ts";
import { createConsoleFirms } from "./firms.ts";
import { createFulfilmentQueue } from "./fulfilment-queue.ts";
import { createStaffSessions } from "./sessions.ts";
import { createStaffAdmin } from "./staff-admin.ts";

/** The operator console: staff sign-in, its areas, and the audit log every change writes to. */
export function createConsoleService(deps: {
  db: Database;
  clock: Clock;
  secretKey: string;
  users: Pick<UsersService, "findById" | "summaries">;
  /** Ends every session of a firm's person (the auth module's): a lock, a two-factor reset. */
  endSessionsOf: (userId: number) => Promise<number>;
}) {
  return {
    sessions: createStaffSessions(deps),
    fulfilment: createFulfilmentQueue(deps),
    staff: createStaffAdmin(deps),
    firms: createConsoleFirms(deps),
    audit: (query: Parameters<typeof auditPage>[1]) => auditPage(deps.db, query),
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
