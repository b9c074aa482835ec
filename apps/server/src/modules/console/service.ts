import type { Database } from "../../db/client.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { UsersService } from "../users/index.ts";
import { auditPage } from "./audit.ts";
import { createFulfilmentQueue } from "./fulfilment-queue.ts";
import { createJobQueueDesk } from "./job-queue.ts";
import { createStaffSessions } from "./sessions.ts";
import { createStaffAdmin } from "./staff-admin.ts";

/** The operator console: staff sign-in, its areas, and the audit log every change writes to. */
export function createConsoleService(deps: {
  db: Database;
  clock: Clock;
  secretKey: string;
  users: Pick<UsersService, "findById">;
  jobs: Pick<JobQueue, "wake">;
}) {
  return {
    sessions: createStaffSessions(deps),
    fulfilment: createFulfilmentQueue(deps),
    staff: createStaffAdmin(deps),
    failedJobs: createJobQueueDesk(deps),
    audit: (query: Parameters<typeof auditPage>[1]) => auditPage(deps.db, query),
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
