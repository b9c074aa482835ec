import type { SessionInfo } from "@precedent/contracts";
import { DEVELOPMENT_SECRET_KEY, publicOrigin, serviceProvidersOf } from "./config.ts";
import { DEFAULT_REPLY_CACHE_MB, SESSION_MAX_AGE_MS, SESSION_PURGE_EVERY_MS } from "./constants.ts";
import type { Database } from "./db/client.ts";
import { createReadRouter } from "./db/read-replica.ts";
import { createAnnouncementsService } from "./modules/announcements/index.ts";
import {
  asicAcnSupplement,
  asicAnswerGuard,
  asicCopyGuard,
  asicDeleteGuard,
  asicDocumentColumns,
  createAsicRegistration,
  createAsicService,
  createSandboxRegulator,
  type LodgementSteps,
  registrationFeeSupplement,
} from "./modules/asic/index.ts";
import { createAssistantService, salesCatalogueOf } from "./modules/assistant/index.ts";
import { createAuthService, createPasswordReset } from "./modules/auth/index.ts";
import { createCatalogueService, createImageCollection } from "./modules/catalogue/index.ts";
import { createConsoleService } from "./modules/console/index.ts";
import { createCouponsService } from "./modules/coupons/index.ts";
import { createCreditsService, creditPurchaseRefusal } from "./modules/credits/index.ts";
import {
  createAssembledFilesForZip,
  createDocumentsService,
  createDocumentZipDownload,
  type DocumentsService,
} from "./modules/documents/index.ts";
import { createFileStore } from "./modules/files/index.ts";
import { createFoldersService } from "./modules/folders/index.ts";
import { createFulfilmentService, fulfilmentDocumentColumns } from "./modules/fulfilment/index.ts";
import {
  createIntegrationProviders,
  createIntegrationsService,
  registerIntegrationsReactions,
} from "./modules/integrations/index.ts";
import { createInterviewService } from "./modules/interview/index.ts";
import { createInvitationsService } from "./modules/invitations/index.ts";
import { createLiteVideoService } from "./modules/lite-video/index.ts";
import { createLogsService } from "./modules/logs/index.ts";
import { createMailService } from "./modules/mail/index.ts";
import {
  createMediaService,
  type MediaService,
  mediaHoldsFile,
  mediaSourceUrl,
} from "./modules/media/index.ts";
import { createBillingPortal, createMembershipService } from "./modules/membership/index.ts";
import { nextStepLinksOf, nextStepsDocumentColumns } from "./modules/next-steps/index.ts";
import { createDocumentStart, createOrdersService, paidOrdersOf } from "./modules/orders/index.ts";
import { createPaymentsService, createProviderRefunds } from "./modules/payments/index.ts";
import { signingDocumentColumns } from "./modules/signing/index.ts";
import { createFirmContexts, createTeamsService } from "./modules/teams/index.ts";
import { createTemplateLibrary } from "./modules/templates/index.ts";
import { createTwoFactorService, type TwoFactorService } from "./modules/two-factor/index.ts";
import { createUsersService } from "./modules/users/index.ts";
import { createEventBus } from "./platform/events/index.ts";
import { type ChangeFeed, createFirmReplyCache, createKeptReplies } from "./platform/freshness/index.ts";
import { createJobQueue } from "./platform/jobs/queue.ts";
import type { Clock } from "./platform/kernel/index.ts";
import { createThrottle } from "./platform/throttle/index.ts";
import { createDocumentEngine } from "./platform/workers/index.ts";
import type { ServicesConfig } from "./services-config.ts";
import { importReadyNotice } from "./services-integrations.ts";
import { createSettingsReaders } from "./services-settings.ts";
import { createSigningServices } from "./services-signing.ts";
import { createHeavyWork } from "./services-workers.ts";

/** Every module's service, wired once from the database, the clock and configuration. */
export function createServices(deps: {
  db: Database;
  clock: Clock;
  config: ServicesConfig;
  /**
   * The database's change notifications: with them, sessions and memberships are kept in memory
   * between changes (see platform/freshness); without, every request reads them.
   */
  changes?: ChangeFeed;
  /** Told as an ASIC lodgement passes each step (the crash test stops its process there). */
  asicLodgementSteps?: LodgementSteps;
  /** Sign-in throttle limits; the spec-free defaults live in constants.ts. */
  loginThrottle?: { perAccountAddress: number; perAddress: number };
  /** A PostgreSQL read replica (DATABASE_REPLICA_URL) for list and tree reads. */
  replica?: Database;
  /** How often the replica's health is checked (tests check by hand: `reads.checkNow()`). */
  replicaCheckEveryMs?: number;
}) {
  const { db, clock, config } = deps;
  // List and tree reads go to the replica when it is fresh enough for the firm (db/read-replica.ts):
  // the documents and folders services read through `reads.db`, the primary outside those reads.
  const reads = createReadRouter({
    primary: db,
    replica: deps.replica,
    checkEveryMs: deps.replicaCheckEveryMs,
  });
  // Settings edited in the operator console over the environment's defaults (issue 37 item 4).
  const { settings, publicSettings, fulfilmentSettings, assistantChoice } = createSettingsReaders({
    ...deps,
    config,
  });
  // Every link the product sends or shows is built on this, never on a request's Host.
  const publicUrl = publicOrigin(config.PUBLIC_URL ?? "http://localhost:3000");
  // CPU-heavy work (assembly, previews, sealing) runs on worker threads (services-workers.ts).
  const { workers, sealOnPool } = createHeavyWork(config);
  const asicFeeCents = Math.round((config.ASIC_REGISTRATION_FEE ?? 597) * 100);
  // Durable background work; main.ts starts the worker, tests run due jobs with `jobs.runDue()`.
  const jobs = createJobQueue({ db, clock });
  // Domain events (platform/events): a module raises what happened, the modules that react register.
  const events = createEventBus({ jobs });
  // The profile needs the auth module's passwords and sessions and the media module's uploads,
  // and both need the users module: they are bound once created.
  let media: MediaService | undefined;
  const users = createUsersService({
    db,
    clock,
    credentials: () => auth.credentials,
    avatars: () => {
      if (!media) throw new Error("media service not wired yet");
      return media;
    },
  });
  const teams = createTeamsService({
    db,
    clock,
    users,
    // Late: auth is built after teams (it reads firms from there).
    checkPassword: () => auth.credentials.verifyCurrent,
    // The Company form's logo is an image uploaded in this firm for that purpose (media module).
    companyLogos: () =>
      media &&
      (async (teamId, mediaId) =>
        (await media?.isFirmLogo(teamId, mediaId)) ? mediaSourceUrl(mediaId) : null),
    // A removed member's My Documents go to the owner: folders and documents hear the removal.
    events,
  });
  // Two-factor sign-in opens sessions through auth, and auth asks it for the step after the
  // password: the late-bound port breaks the cycle.
  let twoFactor: TwoFactorService | undefined;
  const auth = createAuthService({
    db,
    clock,
    users,
    idleTimeoutMs: config.IDLE_TIMEOUT_MS,
    maxAgeMs: config.SESSION_MAX_AGE_MS ?? SESSION_MAX_AGE_MS,
    throttle: deps.loginThrottle,
    changes: deps.changes,
    secondStep: () => {
      if (!twoFactor) throw new Error("two-factor service not wired yet");
      return twoFactor.secondStep;
    },
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
  twoFactor = createTwoFactorService({
    db,
    clock,
    users,
    teams,
    auth,
    firmContext,
    secretKey: config.SECRET_KEY ?? DEVELOPMENT_SECRET_KEY,
  });
  jobs.define("two-factor.purge", () => twoFactor?.purgeChallenges() ?? Promise.resolve(), { retries: 0 });
  // Content-addressed file bytes (database or S3): documents, uploads, catalogue images.
  const fileStore = createFileStore({ db, clock, config });
  const operatorConsole = createConsoleService({
    db,
    clock,
    files: fileStore,
    users,
    jobs,
    lodgements: () => asicRegistration,
    mail: () => mail,
    membership: () => membership,
    endSessionsOf: auth.endSessionsOf,
    settings,
    serviceProviders: serviceProvidersOf(config),
    secretKey: config.SECRET_KEY ?? DEVELOPMENT_SECRET_KEY,
    templates: () => ({ library: templates, engine }),
    catalogueChanged: () => deps.changes?.catalogueChanged(),
    money: () => ({ orders, refunds: providerRefunds, mail }),
    integrations: () => integrations,
  });
  jobs.every("two-factor.purge", SESSION_PURGE_EVERY_MS);
  const logs = createLogsService({
    db,
    clock,
    users,
    documentAccess: () => documentsModule().documentAccess,
    documentNames: () => documentsModule().visibleDocumentNames,
  });
  const folders = createFoldersService({
    db: reads.db,
    clock,
    users,
    contents: () => documentsModule().folderContents,
    events,
  });
  // The documents module owns their assembled files, versions and downloads (the store holds the bytes).
  documents = createDocumentsService({
    db: reads.db,
    clock,
    folders,
    logs,
    users,
    teams,
    events,
    files: fileStore,
  });
  // What other modules add to each document row (documents/row-columns.ts).
  documents.registerRowColumns(signingDocumentColumns);
  documents.registerRowColumns(asicDocumentColumns({ clock, feeCents: asicFeeCents }));
  documents.registerCopyGuard(asicCopyGuard);
  documents.registerDeleteGuard(asicDeleteGuard);
  media = createMediaService({ db, clock, files: fileStore, teams });
  const templates = createTemplateLibrary(undefined, { db, changes: deps.changes });
  const engine = createDocumentEngine({ pool: workers, templatesRoot: templates.root });
  const interview = createInterviewService({
    db,
    clock,
    documents,
    files: fileStore,
    library: templates,
    engine,
    users,
    logs,
    events,
  });
  // A company's ACN, once ASIC registers it, in the firm's other documents naming the company
  // (issue 16 item 5): the interview module only knows it as an answer supplement.
  interview.registerAnswerSupplement(asicAcnSupplement);
  // ASIC's fee as set here, in the registration application (never a figure in the template).
  interview.registerAnswerSupplement(registrationFeeSupplement(asicFeeCents));
  // A registration's name is the application's, and its answers are read only once lodged.
  interview.registerAnswerGuard(asicAnswerGuard);
  const documentZip = createDocumentZipDownload({
    clock,
    documents,
    files: fileStore,
    assembledFiles: createAssembledFilesForZip(db),
  });
  // Catalogue, purchase and document start (documents spec §2-§9).
  const catalogue = createCatalogueService({
    db,
    teams,
    templates,
    engine,
    clock,
    paidOrders: (teamId, userId) => paidOrdersOf(db, teamId, userId),
    changes: deps.changes,
    files: fileStore,
  });
  // Catalogue images no product or category names for a day leave the FileStore (by job).
  const catalogueImageCollection = createImageCollection({
    db,
    clock,
    files: fileStore,
    heldElsewhere: mediaHoldsFile,
    jobs,
  });
  const coupons = createCouponsService({ db, clock });
  const mail = createMailService({
    db,
    clock,
    jobs,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM ?? "Precedent <no-reply@precedent.example>",
  });
  // E-signing: the sender's side, the lifecycle, the signers' pages and the seal (services-signing.ts).
  const signingServices = createSigningServices({
    db,
    clock,
    config,
    jobs,
    events,
    documents,
    fileStore,
    templates,
    engine,
    mail,
    users,
    publicUrl,
    sealOnPool,
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
    creditPurchaseRefusal,
    events,
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
  // Refunds from the operator console, through the provider that took each payment.
  const providerRefunds = createProviderRefunds({
    stripeSecretKey: config.STRIPE_SECRET_KEY,
    stripeApiBase: config.STRIPE_API_BASE,
  });
  // Plan changes through the billing portal (account-area §2 Membership Plans modal and banner).
  const membership = createMembershipService({
    db,
    clock,
    jobs,
    users,
    portal: createBillingPortal({
      provider: config.PAYMENT_PROVIDER ?? "sandbox",
      stripeSecretKey: config.STRIPE_SECRET_KEY,
      stripeWebhookSecret: config.STRIPE_BILLING_WEBHOOK_SECRET ?? config.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: config.STRIPE_API_BASE,
    }),
  });
  const invitations = createInvitationsService({ db, clock, users, auth, mail });
  // "Forgot password?": the e-mailed link that sets a new password and ends every session.
  const passwordReset = createPasswordReset({
    db,
    clock,
    users,
    mail,
    jobs,
    publicUrl,
    endSessionsOf: auth.endSessionsOf,
  });
  jobs.define("password-resets.purge", () => passwordReset.purgeExpired(), { retries: 0 });
  jobs.every("password-resets.purge", SESSION_PURGE_EVERY_MS);
  // Credits (account-area §4): a paid credit package adds its credits in the payment's transaction.
  const credits = createCreditsService({ db, clock, teams, users, catalogue, orders, events });
  const startDocument = createDocumentStart({ db, clock, catalogue, orders, teams, documents, credits });
  // The assistant (issue 32): built-in and offline unless a model is configured; it acts through
  // the catalogue, the start and the interview's own services with the person's firm context. Its
  // switch for every firm and its provider are the console's settings (issue 37 item 4).
  const assistant = createAssistantService({
    choice: assistantChoice,
    db,
    clock,
    catalogue,
    templates,
    interview,
    startDocument,
    paidOrders: (teamId, userId) => paidOrdersOf(db, teamId, userId),
    throttle: createThrottle({ db, clock }),
    logs,
    sales: salesCatalogueOf(config),
    tokensPerDay: config.ASSISTANT_TOKENS_PER_PERSON_PER_DAY,
    historyMessages: config.ASSISTANT_HISTORY_MESSAGES,
  });
  // Company registration with ASIC (issue 16): the sandbox regulator is the ASIC port's default.
  const asicSandbox = createSandboxRegulator({
    db,
    clock,
    processingMs: config.ASIC_SANDBOX_PROCESSING_MS ?? 60_000,
  });
  const asic = createAsicService({ db, clock, regulator: asicSandbox.port, documents, logs });
  const asicRegistration = createAsicRegistration({
    db,
    clock,
    regulator: asicSandbox.port,
    documents,
    interview,
    library: templates,
    logs,
    files: fileStore,
    jobs,
    feeCents: asicFeeCents,
    pollMs: config.ASIC_STATUS_POLL_MS ?? 30_000,
    // "asic.company-registered": integrations, made further down, registers for it.
    events,
    lodgementSteps: deps.asicLodgementSteps,
  });
  const replyCacheBytes = (config.REPLY_CACHE_MB ?? DEFAULT_REPLY_CACHE_MB) * 1024 * 1024;
  const replyCache = createFirmReplyCache({ maxBytes: replyCacheBytes, reads });
  // GET /users/me and the catalogue's reads, kept while the change feed hears nothing of theirs:
  // a quarter of the lists' budget (a person's reply is about 1 KB; a catalogue page 150 KB).
  const keptReplies = createKeptReplies({
    changes: deps.changes,
    maxBytes: replyCacheBytes / 4,
  });
  const sessionInfo: SessionInfo = {
    idle_timeout_ms: config.IDLE_TIMEOUT_MS,
    keep_alive_ms: config.KEEP_ALIVE_MS,
  };
  // Session and page bootstrap (account-area §4): announcements, the Lite video, the sales contact.
  const announcements = createAnnouncementsService({ db, clock });
  const liteVideo = createLiteVideoService({ db, clock });
  // Legal review and hard copy (issue 33 item 1): prices and team addresses from the settings.
  const fulfilment = createFulfilmentService({
    db,
    clock,
    documents,
    orders,
    mail,
    events,
    settings: fulfilmentSettings,
  });
  documents.registerRowColumns(fulfilmentDocumentColumns);
  // The next steps after completion (issue 33 item 2): links from the settings, checked at start.
  documents.registerRowColumns(nextStepsDocumentColumns(nextStepLinksOf(config)));
  // Practice software (issue 17): the sandbox provider for every app, unless its real adapter is
  // configured (Xero with XERO_CLIENT_ID and XERO_CLIENT_SECRET).
  const integrationProviders = createIntegrationProviders({ db, clock, config, publicUrl });
  const integrations = createIntegrationsService({
    db,
    clock,
    secretKey: config.SECRET_KEY ?? DEVELOPMENT_SECRET_KEY,
    providers: integrationProviders.provider,
    redirectUri: integrationProviders.redirectUri,
    jobs,
    files: fileStore,
    // The document's PDF as the actor may download it, from the documents module.
    assembledPdf: (ctx, docId) => documents.downloadablePdf(ctx, docId),
    // Refused where the answers may not change (an application lodged with ASIC).
    interviewOf: (ctx, docId) => interview.interviewToChange(ctx, docId),
    // A registered company's certificate, read as the actor may download it.
    registrationCertificate: (ctx, docId) => asicRegistration.certificatePdf(ctx, docId),
    logs,
    importReady: importReadyNotice({ mail, publicUrl, users }),
  });
  registerIntegrationsReactions(events, integrations);
  return {
    db,
    /** Where list and tree reads go (primary or replica), its state and its counts. */
    reads,
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
    media,
    catalogueImageCollection,
    templates,
    /** The worker pool; the app closes it when it closes. */
    workers,
    engine,
    interview,
    documentZip,
    catalogue,
    coupons,
    mail,
    orders,
    payments,
    startDocument,
    assistant,
    asic,
    asicRegistration,
    asicSandbox,
    replyCache,
    keptReplies,
    invitations,
    passwordReset,
    membership,
    credits,
    fulfilment,
    announcements,
    liteVideo,
    publicSettings,
    settings,
    twoFactor,
    integrations,
    /** The sandbox provider of an app whose real adapter is not configured (its consent page). */
    integrationSandbox: integrationProviders.sandbox,
    /** Counts guesses at private links (signing pages) per address, shared by every server. */
    guesses: createThrottle({ db, clock }),
    publicUrl,
    operatorConsole,
    ...signingServices,
  };
}

export type Services = ReturnType<typeof createServices>;
