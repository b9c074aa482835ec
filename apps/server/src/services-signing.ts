import { DEVELOPMENT_SECRET_KEY } from "./config.ts";
import { SIGNING_SMS_CODE_VALID_MS } from "./constants.ts";
import type { Database } from "./db/client.ts";
import type { DocumentsService } from "./modules/documents/index.ts";
import type { FileStore } from "./modules/files/index.ts";
import type { MailService } from "./modules/mail/index.ts";
import {
  createFuseSignAdapter,
  createSigningCeremony,
  createSigningLifecycle,
  createSigningService,
  type PdfSealer,
  registerSigningReactions,
} from "./modules/signing/index.ts";
import { chooseSmsSender } from "./modules/sms/index.ts";
import type { TemplateLibrary } from "./modules/templates/index.ts";
import type { UsersService } from "./modules/users/index.ts";
import type { EventBus } from "./platform/events/index.ts";
import type { JobQueue } from "./platform/jobs/queue.ts";
import type { Clock } from "./platform/kernel/index.ts";
import type { DocumentEngine } from "./platform/workers/index.ts";
import type { ServicesConfig } from "./services-config.ts";
import type { createHeavyWork } from "./services-workers.ts";

/**
 * E-signing wired (issue 15): the sender's side, the lifecycle that reacts to documents changing
 * under a signing request, the signers' pages with their one-time codes (the SMS sandbox unless
 * MessageMedia is chosen), and the seal, which runs on the worker pool.
 */
export function createSigningServices(deps: {
  db: Database;
  clock: Clock;
  config: ServicesConfig;
  jobs: JobQueue;
  events: EventBus;
  documents: DocumentsService;
  fileStore: FileStore;
  templates: TemplateLibrary;
  engine: DocumentEngine;
  mail: MailService;
  users: UsersService;
  publicUrl: string;
  sealOnPool: ReturnType<typeof createHeavyWork>["sealOnPool"];
}) {
  const { db, clock, config, jobs, documents, fileStore, mail, users, publicUrl, sealOnPool } = deps;
  const secretKey = config.SECRET_KEY ?? DEVELOPMENT_SECRET_KEY;
  const signing = createSigningService({
    db,
    clock,
    jobs,
    documents,
    files: fileStore,
    library: deps.templates,
    engine: deps.engine,
    mail,
    users,
    publicUrl,
    secretKey,
    reminderEveryDays: config.SIGNING_REMINDER_EVERY_DAYS,
    // The certificate downloaded on its own is sealed with the same seal as the signed PDF.
    sealFile: (pdf, info) => sealOnPool(info.firmName, "sealFile", { pdf, info }),
    // FuseSign for firms that sign with it, when its token, tenant and webhook secret are set.
    fusesign:
      config.FUSESIGN_API_TOKEN && config.FUSESIGN_TENANT_ID && config.FUSESIGN_WEBHOOK_SECRET
        ? {
            adapter: createFuseSignAdapter({
              apiToken: config.FUSESIGN_API_TOKEN,
              tenantId: config.FUSESIGN_TENANT_ID,
              apiBase: config.FUSESIGN_API_BASE,
            }),
            webhookSecret: config.FUSESIGN_WEBHOOK_SECRET,
          }
        : undefined,
  });
  const lifecycle = createSigningLifecycle({
    db,
    clock,
    documents,
    mail,
    users,
    publicUrl,
    secretKey,
    retract: (tx, envelope, reason) => signing.retract(tx, envelope, reason),
  });
  registerSigningReactions(deps.events, { signing, lifecycle });
  // Signing pages' one-time codes: the sandbox (the sms_outbox table) unless MessageMedia is chosen.
  const { sms, smsSandbox, smsDevPage } = chooseSmsSender({
    db,
    clock,
    config,
    visibleDocumentNames: () => documents.visibleDocumentNames,
  });
  const sealer: PdfSealer = { seal: (input) => sealOnPool(input.certificate.firmName, "seal", { input }) };
  const signingCeremony = createSigningCeremony({
    db,
    clock,
    jobs,
    files: fileStore,
    mail,
    sms,
    smsCodeValidMs: config.SMS_CODE_VALID_MS ?? SIGNING_SMS_CODE_VALID_MS,
    sealer,
    secretKey,
    publicUrl,
    users,
  });
  return { signing, signingLifecycle: lifecycle, sms, smsSandbox, smsDevPage, signingCeremony };
}
