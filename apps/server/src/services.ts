import type { SessionInfo } from "@precedent/contracts";
import type { Config } from "./config.ts";
import { DEFAULT_REPLY_CACHE_MB, SESSION_MAX_AGE_MS, SESSION_PURGE_EVERY_MS } from "./constants.ts";
import type { ChangeFeed } from "./db/change-feed.ts";
import type { Database } from "./db/client.ts";
import { createAuthService } from "./modules/auth/index.ts";
import { createCatalogueService } from "./modules/catalogue/index.ts";
import { createCouponsService } from "./modules/coupons/index.ts";
import {
  createDocumentsService,
  createDocumentZipDownload,
  type DocumentsService,
} from "./modules/documents/index.ts";
import { createDatabaseFileStore } from "./modules/files/index.ts";
import { createFoldersService } from "./modules/folders/index.ts";
import { createInterviewService, type InterviewService } from "./modules/interview/index.ts";
import { createLogsService } from "./modules/logs/index.ts";
import { createMailService } from "./modules/mail/index.ts";
import { createDocumentStart, createOrdersService } from "./modules/orders/index.ts";
import { createPaymentsService } from "./modules/payments/index.ts";
import { createFirmContexts, createTeamsService } from "./modules/teams/index.ts";
import { createTemplateLibrary } from "./modules/templates/index.ts";
import { createUsersService } from "./modules/users/index.ts";
import { createJobQueue } from "./platform/jobs/queue.ts";
import type { Clock } from "./platform/kernel/index.ts";
import { createFirmReplyCache } from "./plugins/firm-reply-cache.ts";

/** Every module's service, wired once from the database, the clock and configuration. */
export function createServices(deps: {
  db: Database;
  clock: Clock;
  config: Pick<Config, "IDLE_TIMEOUT_MS" | "KEEP_ALIVE_MS"> &
    Partial<
      Pick<
        Config,
        | "SESSION_MAX_AGE_MS"
        | "PAYMENT_PROVIDER"
        | "STRIPE_SECRET_KEY"
        | "STRIPE_WEBHOOK_SECRET"
        | "STRIPE_API_BASE"
        | "SMTP_URL"
        | "MAIL_FROM"
        | "SELLER_NAME"
        | "SELLER_ABN"
        | "REPLY_CACHE_MB"
      >
    >;
  /**
   * The database's change notifications: with them, sessions and memberships are kept in memory
   * between changes (see db/change-feed.ts); without, every request reads them.
   */
  changes?: ChangeFeed;
  /** Sign-in throttle limits; the spec-free defaults live in constants.ts. */
  loginThrottle?: { perAccountAddress: number; perAddress: number };
}) {
  const { db, clock, config } = deps;
  // Durable background work; main.ts starts the worker, tests run due jobs with `jobs.runDue()`.
  const jobs = createJobQueue({ db, clock });
  const users = createUsersService({ db });
  const teams = createTeamsService({ db, users });
  const auth = createAuthService({
    db,
    clock,
    users,
    idleTimeoutMs: config.IDLE_TIMEOUT_MS,
    maxAgeMs: config.SESSION_MAX_AGE_MS ?? SESSION_MAX_AGE_MS,
    throttle: deps.loginThrottle,
    changes: deps.changes,
  });
  jobs.define("sessions.purge", () => auth.purgeExpiredSessions(), { retries: 0 });
  jobs.every("sessions.purge", SESSION_PURGE_EVERY_MS);
  // Folders and logs need a little of the documents module (is a folder empty, may this log be
  // read) and the documents module needs them: the late-bound ports break the cycle.
  let documents: DocumentsService | undefined;
  const documentsModule = () => {
    if (!documents) throw new Error("documents service not wired yet");
    return documents;
  };
  const firmContext = createFirmContexts(teams);
  const logs = createLogsService({
    db,
    clock,
    users,
    documentAccess: () => documentsModule().documentAccess,
  });
  const folders = createFoldersService({
    db,
    clock,
    users,
    contents: () => documentsModule().folderContents,
  });
  // The interview module owns documents' assembled files and needs the documents module to change
  // documents: the same late binding.
  let interview: InterviewService | undefined;
  documents = createDocumentsService({
    db,
    clock,
    folders,
    logs,
    users,
    teams,
    files: () => {
      if (!interview) throw new Error("interview service not wired yet");
      return interview.filesReader;
    },
  });
  const fileStore = createDatabaseFileStore({ db, clock });
  const templates = createTemplateLibrary();
  interview = createInterviewService({ db, clock, documents, files: fileStore, library: templates, users });
  const documentZip = createDocumentZipDownload({ db, clock, documents, files: fileStore });
  // Catalogue, purchase and document start (documents spec §2-§9).
  const catalogue = createCatalogueService({ db, teams, templates, clock });
  const coupons = createCouponsService({ db, clock });
  const mail = createMailService({
    db,
    clock,
    jobs,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM ?? "Precedent <no-reply@precedent.example>",
  });
  const orders = createOrdersService({
    db,
    clock,
    catalogue,
    coupons,
    mail,
    seller: {
      name: config.SELLER_NAME ?? "Precedent Legal Documents Pty Ltd",
      abn: config.SELLER_ABN ?? "53004085616",
    },
  });
  const payments = createPaymentsService({
    db,
    clock,
    orders,
    mail,
    config: {
      provider: config.PAYMENT_PROVIDER ?? "sandbox",
      stripeSecretKey: config.STRIPE_SECRET_KEY,
      stripeWebhookSecret: config.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: config.STRIPE_API_BASE,
    },
  });
  const startDocument = createDocumentStart({ db, clock, catalogue, orders, teams, documents });
  const replyCache = createFirmReplyCache({
    maxBytes: (config.REPLY_CACHE_MB ?? DEFAULT_REPLY_CACHE_MB) * 1024 * 1024,
  });
  const sessionInfo: SessionInfo = {
    idle_timeout_ms: config.IDLE_TIMEOUT_MS,
    keep_alive_ms: config.KEEP_ALIVE_MS,
  };
  return {
    db,
    jobs,
    users,
    teams,
    auth,
    sessionInfo,
    firmContext,
    folders,
    documents,
    logs,
    fileStore,
    templates,
    interview,
    documentZip,
    catalogue,
    coupons,
    mail,
    orders,
    payments,
    startDocument,
    replyCache,
  };
}

export type Services = ReturnType<typeof createServices>;
