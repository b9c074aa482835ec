import type { Database } from "../../db/client.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { AsicRegistration } from "../asic/index.ts";
import type { MailService } from "../mail/index.ts";
import type { UsersService } from "../users/index.ts";
import { auditPage } from "./audit.ts";
import { createConsoleFirms } from "./firms.ts";
import { createFulfilmentQueue } from "./fulfilment-queue.ts";
import { createJobQueueDesk } from "./job-queue.ts";
import { createLodgementQueue } from "./lodgement-queue.ts";
import { createMailQueue } from "./mail-queue.ts";
import { createConsoleMoney, type MoneyPorts } from "./money.ts";
import { createStaffSessions } from "./sessions.ts";
import { createStaffAdmin } from "./staff-admin.ts";

/** The operator console: staff sign-in, its areas, and the audit log every change writes to. */
export function createConsoleService(deps: {
  db: Database;
  clock: Clock;
  secretKey: string;
  users: Pick<UsersService, "findById" | "summaries">;
  jobs: Pick<JobQueue, "wake">;
  /** Made after the console (the ASIC module needs more of the app): asked for when used. */
  lodgements: () => Pick<AsicRegistration, "retryLodgement">;
  mail: () => Pick<MailService, "failedPage" | "retryFailed" | "sendSoon">;
  /** Ends every session of a firm's person (the auth module's): a lock, a two-factor reset. */
  endSessionsOf: (userId: number) => Promise<number>;
  /** Orders, refunds and invoices (made after the console): asked for when used. */
  money: () => MoneyPorts;
}) {
  return {
    sessions: createStaffSessions(deps),
    fulfilment: createFulfilmentQueue(deps),
    staff: createStaffAdmin(deps),
    failedJobs: createJobQueueDesk(deps),
    lodgements: createLodgementQueue(deps),
    mail: createMailQueue(deps),
    firms: createConsoleFirms(deps),
    money: createConsoleMoney(deps),
    audit: (query: Parameters<typeof auditPage>[1]) => auditPage(deps.db, query),
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
