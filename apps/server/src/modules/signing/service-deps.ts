import type { Database } from "../../db/client.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { DocumentEngine } from "../../platform/workers/index.ts";
import type { DocumentsService } from "../documents/index.ts";
import type { FileStore } from "../files/index.ts";
import type { MailService } from "../mail/index.ts";
import type { TemplateLibrary } from "../templates/index.ts";
import type { UsersService } from "../users/index.ts";
import type { FuseSignAdapter } from "./fusesign/adapter.ts";
import type { FileSealInfo } from "./seal/index.ts";

// What the sender's side of signing is built from. In its own file so that each part (send,
// status, reminders, signed download) can name it without importing the facade in service.ts,
// which imports them (a type-level cycle the cycles test refuses).

export type SigningServiceDeps = {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  /** Also where the assembled PDF sent for signing is read (`assembledPdf`). */
  documents: DocumentsService;
  files: FileStore;
  library: TemplateLibrary;
  /** Renders the PDF (for its signature boxes) on the worker pool, off the request thread. */
  engine: DocumentEngine;
  mail: MailService;
  users: UsersService;
  /** The configured public origin (PUBLIC_URL): every link is built on it. */
  publicUrl: string;
  /** SECRET_KEY: private links are kept sealed with it, to be re-sent unchanged. */
  secretKey: string;
  /** Seals a finished PDF with the server's seal (the certificate downloaded on its own). */
  sealFile: (pdf: Uint8Array, info: FileSealInfo) => Promise<Uint8Array>;
  /**
   * Automatic reminders to waiting signers every this many days after sending, plus a final one the
   * day before the due date (SIGNING_REMINDER_EVERY_DAYS; 0 turns them off; default 3).
   */
  reminderEveryDays?: number;
  /** FuseSign, when the server has its API token and webhook secret (issue 15 item 7). */
  fusesign?: { adapter: FuseSignAdapter; webhookSecret: string };
};
