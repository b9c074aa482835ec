import { createHash, randomBytes } from "node:crypto";
import {
  ACCOUNTING_TENANT_NOT_FOUND,
  type AccountingOrganisation,
  CAS360_CERTIFICATE_UPLOAD_ACTION,
  type CertificateUploadOutcome,
  type FundContactRelation,
  INTEGRATION_APPS,
  INTEGRATION_IMPORT_FAILED,
  INTEGRATION_INVALID_TOKEN,
  INTEGRATION_LIST_PAGE_SIZE,
  INTEGRATION_NO_CLIENT,
  type IntegrationApp,
  type IntegrationAppSlug,
  type IntegrationClientType,
  type IntegrationGroup,
  integrationConnectFailed,
  integrationDisconnectFailed,
  integrationImportMismatch,
  integrationOpensInPopup,
  SF360_VALIDATED,
  type SimpleFundContact,
} from "@precedent/contracts";
import type { InterviewDefinition } from "@precedent/docgen";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, notFound } from "../../errors.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import { createSecretBox } from "../../platform/secrets/secret-box.ts";
import type { FileStore } from "../files/index.ts";
import type { LogsService } from "../logs/index.ts";
import { createConnectionTokens, sealContext } from "./connection-tokens.ts";
import { fundOfAnswers, importFund, importFundContact, importIntoParty } from "./import-mapping.ts";
import { canConnect, canDisconnect, canSyncDocuments, ownsConnection } from "./policy.ts";
import {
  type IntegrationProvider,
  ProviderGrantRefused,
  ProviderLimitReached,
  ProviderUnavailable,
} from "./provider.ts";
import { redact } from "./redact.ts";
import { integrationAuthorisations, integrationConnections, integrationSyncs } from "./schema.ts";

/** How long a person has to give consent at the provider. */
const AUTHORISATION_TTL_MS = 10 * 60_000;
const ACCOUNTING_ORGANISATIONS_FAILED = "Could not read your Xero organisations. Please try again.";
const SF360_CHECK_FAILED = "Could not reach Simple Fund 360. Please try again.";

type Connection = typeof integrationConnections.$inferSelect;
type Person = Pick<FirmContext, "teamId" | "userId">;

const hashState = (state: string) => createHash("sha256").update(state).digest("hex");
const randomToken = () => randomBytes(32).toString("base64url");
const appOf = (slug: IntegrationAppSlug) => {
  const app = INTEGRATION_APPS.find((a) => a.slug === slug);
  if (!app) throw notFound();
  return app;
};

export function createIntegrationsService(deps: {
  db: Database;
  clock: Clock;
  secretKey: string;
  providers: (slug: IntegrationAppSlug) => IntegrationProvider;
  /** Where each app's provider sends the person back (the integrations page's {appName} route). */
  redirectUri: (slug: IntegrationAppSlug) => string;
  /** The document's interview, if the actor may interview it now (refuses completed documents). */
  interviewOf?: (
    ctx: FirmContext,
    docId: number,
  ) => Promise<{ definition: Record<string, unknown>; xml?: Record<string, unknown> | null }>;
  /** The document logs: each import is an entry, with what was asked and answered (no personal data). */
  logs?: Pick<LogsService, "recordAction">;
  /** Sync back: the job queue, the file store and the document's assembled PDF. */
  jobs?: JobQueue;
  files?: Pick<FileStore, "get">;
  assembledPdf?: (ctx: FirmContext, docId: number) => Promise<{ name: string; sha256: string }>;
}) {
  const { db, clock } = deps;
  const box = createSecretBox(deps.secretKey, "integration tokens");
  const { accessTokenOf } = createConnectionTokens({ db, clock, box, providers: deps.providers });

  const connectionsOf = (person: Person) =>
    db
      .select()
      .from(integrationConnections)
      .where(
        and(
          eq(integrationConnections.teamId, person.teamId),
          eq(integrationConnections.userId, person.userId),
        ),
      );

  async function ownConnection(person: Person, slug: IntegrationAppSlug, connectionId?: number) {
    const [row] = await db
      .select()
      .from(integrationConnections)
      .where(
        and(
          eq(integrationConnections.app, slug),
          connectionId === undefined ? undefined : eq(integrationConnections.id, connectionId),
          eq(integrationConnections.teamId, person.teamId),
          eq(integrationConnections.userId, person.userId),
        ),
      );
    if (!row || !ownsConnection(person, row)) throw notFound("No such connection.");
    return row;
  }

  function card(
    app: (typeof INTEGRATION_APPS)[number],
    index: number,
    connection?: Connection,
  ): IntegrationApp {
    const status = connection?.status ?? "not_connected";
    return {
      id: index + 1,
      app: app.app,
      slug: app.slug,
      kind: app.kind,
      overview: app.overview,
      features: [...app.features],
      is_active: app.enabled ? "1" : "0",
      is_connected: status === "connected" ? "1" : "0",
      is_show_on_my_account: "1",
      opens_in_popup: integrationOpensInPopup(app.slug),
      status,
      connection_id: connection?.id ?? null,
      tenant_name: connection?.tenantName ?? null,
      updated_at: connection?.updatedAt.toISOString() ?? null,
      abilities: {
        connect: canConnect(app, status),
        disconnect: canDisconnect(status),
        sync_document: canSyncDocuments(status, takesDocuments(app.slug)),
      },
    };
  }

  async function cards(person: Person) {
    const mine = await connectionsOf(person);
    return INTEGRATION_APPS.map((app, i) =>
      card(
        app,
        i,
        mine.find((c) => c.app === app.slug),
      ),
    );
  }

  const providerError = (error: unknown, message: string) => {
    if (error instanceof ProviderUnavailable)
      return new AppError(
        502,
        // A spent allowance says so (and when to try again) rather than the generic failure.
        error instanceof ProviderLimitReached ? error.message : message,
        error.retryAfterSeconds ? { retry_after_seconds: error.retryAfterSeconds } : null,
      );
    return error;
  };

  /**
   * Sync back, one attempt: repeatable (a sent sync is not sent again). A provider that is down or
   * busy throws, so the queue tries again after its backoff; the last attempt marks the sync failed.
   * Each attempt is in the document log, with ids and sizes but no personal data.
   */
  const syncJob = deps.jobs?.define<{ syncId: number }>(
    "integrations.sync-document",
    async ({ syncId }, job) => {
      const [sync] = await db.select().from(integrationSyncs).where(eq(integrationSyncs.id, syncId));
      if (sync?.status !== "queued") return;
      const slug = sync.app as IntegrationAppSlug;
      const log = (isSuccess: boolean, status: number, message: string) =>
        deps.logs?.recordAction(db, {
          teamId: sync.teamId,
          docId: sync.docId,
          docType: "DOC",
          userId: sync.userId,
          action: `Sync document (${appOf(slug).app})`,
          isSuccess,
          request: redact({
            app: slug,
            client_id: sync.clientId,
            file_sha256: sync.fileSha256,
            attempt: job.attempt,
          }) as Record<string, unknown>,
          response: { status },
          message,
        });
      const finish = async (status: "sent" | "failed", lastError: string | null) => {
        await db
          .update(integrationSyncs)
          .set({
            status,
            attempts: job.attempt,
            lastError,
            ...(status === "sent" ? { sentAt: clock() } : {}),
          })
          .where(eq(integrationSyncs.id, sync.id));
      };
      try {
        const connection = await ownConnection({ teamId: sync.teamId, userId: sync.userId }, slug);
        const token = await accessTokenOf(connection);
        const blob = await deps.files?.get(sync.fileSha256);
        const provider = deps.providers(slug);
        if (!blob || !provider.attachDocument) throw new AppError(409, "Nothing to send.");
        const filed = await provider.attachDocument(token, connection.tenantId, sync.clientId, {
          name: sync.fileName,
          bytes: blob.bytes,
          mediaType: blob.mediaType,
          description: sync.description,
        });
        if (!filed) {
          await finish("failed", INTEGRATION_NO_CLIENT);
          await log(false, 404, INTEGRATION_NO_CLIENT);
          return;
        }
        await finish("sent", null);
        await log(true, 200, `Sent to ${appOf(slug).app}.`);
      } catch (error) {
        const status =
          error instanceof AppError
            ? error.status
            : error instanceof ProviderUnavailable
              ? error.status
              : 500;
        const message = error instanceof Error ? error.message : String(error);
        // Only the provider being down or busy is worth another try; anything else is final.
        const retry = error instanceof ProviderUnavailable && job.attempt < job.maxAttempts;
        if (retry) {
          await db
            .update(integrationSyncs)
            .set({ attempts: job.attempt, lastError: message })
            .where(eq(integrationSyncs.id, sync.id));
        } else await finish("failed", message);
        await log(false, status, retry ? `${message}; trying again` : message);
        if (retry) throw error;
      }
    },
    { retries: 4 },
  );

  return {
    /** GET connection/get-all: the app cards, grouped by group name, with the caller's connections. */
    async groups(person: Person): Promise<IntegrationGroup[]> {
      const all = await cards(person);
      const names = [...new Set(INTEGRATION_APPS.map((a) => a.group))];
      return names.map((group_name, i) => ({
        group_id: i + 1,
        group_name,
        apps: all.filter((c) => INTEGRATION_APPS.find((a) => a.slug === c.slug)?.group === group_name),
      }));
    },

    /** GET connection/list-app-connected: the caller's connections (renewal-needing ones included). */
    async connected(person: Person) {
      return (await cards(person)).filter((c) => c.status !== "not_connected");
    },

    /** The authorisation link: a new state and PKCE verifier, kept until the provider sends the code. */
    async linkRegister(person: Person, slug: IntegrationAppSlug) {
      const app = appOf(slug);
      if (!app.enabled) throw new AppError(409, "Get ready! Something really cool with the app is coming…");
      const state = randomToken();
      const codeVerifier = randomToken();
      const stateHash = hashState(state);
      const now = clock();
      await db.insert(integrationAuthorisations).values({
        teamId: person.teamId,
        userId: person.userId,
        app: slug,
        stateHash,
        codeVerifier: box.seal(codeVerifier, `authorisation:${stateHash}`),
        expiresAt: new Date(now.getTime() + AUTHORISATION_TTL_MS),
        createdAt: now,
      });
      const codeChallenge = createHash("sha256").update(codeVerifier).digest("base64url");
      return {
        url: deps.providers(slug).authoriseUrl({ state, codeChallenge, redirectUri: deps.redirectUri(slug) }),
      };
    },

    /**
     * The code exchange. The state must be one this person started for this app, unused and
     * unexpired; it is spent before the provider is asked, so a replay is refused, and nothing is
     * stored unless the provider gives tokens.
     */
    async redirect(person: Person, slug: IntegrationAppSlug, input: { code?: string; state?: string }) {
      const app = appOf(slug);
      if (!input.code?.trim()) throw badRequest(INTEGRATION_INVALID_TOKEN);
      const failed = integrationConnectFailed(app.app);
      if (!input.state) throw badRequest(failed);
      const stateHash = hashState(input.state);
      const [authorisation] = await db
        .update(integrationAuthorisations)
        .set({ usedAt: clock() })
        .where(
          and(
            eq(integrationAuthorisations.stateHash, stateHash),
            eq(integrationAuthorisations.teamId, person.teamId),
            eq(integrationAuthorisations.userId, person.userId),
            eq(integrationAuthorisations.app, slug),
            isNull(integrationAuthorisations.usedAt),
            gt(integrationAuthorisations.expiresAt, clock()),
          ),
        )
        .returning();
      if (!authorisation) throw badRequest(failed);
      let tokens: Awaited<ReturnType<IntegrationProvider["exchangeCode"]>>;
      try {
        tokens = await deps.providers(slug).exchangeCode({
          code: input.code,
          codeVerifier: box.open(authorisation.codeVerifier, `authorisation:${stateHash}`),
          redirectUri: deps.redirectUri(slug),
        });
      } catch (error) {
        if (error instanceof ProviderGrantRefused) throw badRequest(failed);
        throw providerError(error, failed);
      }
      const now = clock();
      const owner = { teamId: person.teamId, userId: person.userId, app: slug };
      const sealed = {
        status: "connected" as const,
        accessToken: box.seal(tokens.accessToken, sealContext(owner)),
        refreshToken: box.seal(tokens.refreshToken, sealContext(owner)),
        accessExpiresAt: new Date(now.getTime() + tokens.expiresInSeconds * 1000),
        tenantId: tokens.tenantId ?? null,
        tenantName: tokens.tenantName ?? null,
        updatedAt: now,
      };
      const [row] = await db
        .insert(integrationConnections)
        .values({ ...owner, ...sealed, createdAt: now })
        .onConflictDoUpdate({
          target: [integrationConnections.teamId, integrationConnections.userId, integrationConnections.app],
          set: sealed,
        })
        .returning({ id: integrationConnections.id });
      return { status: true as const, app: app.app, connection_id: row?.id ?? 0 };
    },

    /**
     * Disconnect: revokes the grant at the provider, then forgets the tokens. A grant the provider
     * no longer knows is already ended; a provider that is down keeps the connection, to try again.
     */
    async disconnect(person: Person, slug: IntegrationAppSlug, connectionId?: number) {
      const app = appOf(slug);
      const connection = await ownConnection(person, slug, connectionId);
      try {
        await deps.providers(slug).revoke(box.open(connection.refreshToken, sealContext(connection)));
      } catch (error) {
        if (!(error instanceof ProviderGrantRefused))
          throw providerError(error, integrationDisconnectFailed(app.app));
      }
      await db.delete(integrationConnections).where(eq(integrationConnections.id, connection.id));
      return { status: true };
    },

    /** A fresh access token for the caller's connection to an app (refreshed first if due). */
    async accessToken(person: Person, slug: IntegrationAppSlug) {
      return accessTokenOf(await ownConnection(person, slug));
    },

    /**
     * The connected app's clients, by type and name (trimmed, any case), a page at a time (15 by
     * default, as the lists load on scroll; the wizard asks for 100).
     */
    async clients(
      person: Person,
      slug: IntegrationAppSlug,
      query: { search?: string; type?: IntegrationClientType; page?: number; limit?: number } = {},
    ) {
      const connection = await ownConnection(person, slug);
      const token = await accessTokenOf(connection);
      let all: Awaited<ReturnType<IntegrationProvider["listClients"]>>;
      try {
        all = await deps.providers(slug).listClients(token, connection.tenantId);
      } catch (error) {
        throw providerError(error, INTEGRATION_IMPORT_FAILED);
      }
      const search = query.search?.trim().toLowerCase() ?? "";
      const limit = query.limit ?? INTEGRATION_LIST_PAGE_SIZE;
      const start = ((query.page ?? 1) - 1) * limit;
      return all
        .filter((c) => (!query.type || c.type === query.type) && c.name.toLowerCase().includes(search))
        .slice(start, start + limit);
    },

    /**
     * list-contact: the people Simple Fund 360 relates to one fund of the connection's
     * organisation, members or trustees (spec §7's mapping) or both, by name, 15 a page.
     */
    async fundContacts(
      person: Person,
      slug: IntegrationAppSlug,
      fundId: string,
      query: { entityRelation?: FundContactRelation; name?: string; page?: number } = {},
    ) {
      const all = await contactsOfFund(person, slug, fundId);
      const name = query.name?.trim().toLowerCase() ?? "";
      const start = ((query.page ?? 1) - 1) * INTEGRATION_LIST_PAGE_SIZE;
      return all
        .filter(
          (c) =>
            (!query.entityRelation || c.type === query.entityRelation) && c.name.toLowerCase().includes(name),
        )
        .slice(start, start + INTEGRATION_LIST_PAGE_SIZE);
    },

    /**
     * The accounting organisation switch: the organisations the caller's Xero connection covers,
     * the one their imports and syncs use now marked selected.
     */
    async organisations(person: Person): Promise<AccountingOrganisation[]> {
      const connection = await ownConnection(person, "xero");
      return (await tenantsOf(connection)).map((t) => ({
        tenant_id: t.tenantId,
        tenant_name: t.tenantName,
        selected: t.tenantId === connection.tenantId,
      }));
    },

    /** Chooses another of the connection's organisations; one it does not cover changes nothing. */
    async setTenant(person: Person, tenantId: string) {
      const connection = await ownConnection(person, "xero");
      const chosen = (await tenantsOf(connection)).find((t) => t.tenantId === tenantId);
      if (!chosen) throw badRequest(ACCOUNTING_TENANT_NOT_FOUND);
      await db
        .update(integrationConnections)
        .set({ tenantId: chosen.tenantId, tenantName: chosen.tenantName, updatedAt: clock() })
        .where(eq(integrationConnections.id, connection.id));
      return { http_code: 200 as const, tenant_id: chosen.tenantId, tenant_name: chosen.tenantName };
    },

    /**
     * check-exist-contact: whether the fund of the document's answers is already on Simple Fund
     * 360 for the caller's connection (then assembling creates nothing there, and later changes
     * are not synced).
     */
    async fundExists(ctx: FirmContext, slug: IntegrationAppSlug, docId: number) {
      const { fund, connection, token, provider } = await fundOfDocument(ctx, slug, docId);
      if (!provider.findFund) throw new AppError(409, `${appOf(slug).app} does not hold funds.`);
      let found: Awaited<ReturnType<NonNullable<IntegrationProvider["findFund"]>>>;
      try {
        found = fund.name ? await provider.findFund(token, connection.tenantId, fund.name) : null;
      } catch (error) {
        throw providerError(error, SF360_CHECK_FAILED);
      }
      return {
        exists: found !== null,
        fund_id: found?.fundId ?? null,
        fund_name: found?.fundName ?? fund.name,
      };
    },

    /**
     * Contact validation with Simple Fund 360: the fund's people as the document's answers hold
     * them, checked by the fund app. Each validation is in the document's log with its outcome
     * (counts and the fund app's errors; no names or dates of birth).
     */
    async validateFundContacts(ctx: FirmContext, slug: IntegrationAppSlug, docId: number) {
      const { fund, connection, token, provider } = await fundOfDocument(ctx, slug, docId);
      if (!provider.validateFundContacts) throw new AppError(409, `${appOf(slug).app} does not hold funds.`);
      const log = (
        isSuccess: boolean,
        response: { status: number } & Record<string, unknown>,
        message: string,
      ) =>
        deps.logs?.recordAction(db, {
          teamId: ctx.teamId,
          docId,
          docType: "Simple Fund 360",
          userId: ctx.userId,
          action: `Validate contacts (${appOf(slug).app})`,
          isSuccess,
          request: {
            app: slug,
            members: fund.contacts.filter((c) => c.relation === "member").length,
            trustees: fund.contacts.filter((c) => c.relation === "trustee").length,
          },
          response,
          message,
        });
      let outcome: Awaited<ReturnType<NonNullable<IntegrationProvider["validateFundContacts"]>>>;
      try {
        outcome = await provider.validateFundContacts(token, connection.tenantId, fund);
      } catch (error) {
        const failure = providerError(error, SF360_CHECK_FAILED);
        await log(false, { status: failure instanceof AppError ? failure.status : 500 }, SF360_CHECK_FAILED);
        throw failure;
      }
      await log(
        outcome.errors.length === 0,
        { status: 200, valid: outcome.data.filter((c) => c.valid).length, errors: outcome.errors },
        outcome.errors[0] ?? SF360_VALIDATED,
      );
      return outcome;
    },

    /**
     * A company ASIC registered: its Certificate of Registration goes to the lodger's CAS 360, if
     * they have a connection in the firm (null: none, nothing sent). One attempt, logged as a CAS
     * entry with `certificate_upload`; a failed one shows the spec's note, and the person uploads
     * it by hand. Never throws: the registration itself stands whatever CAS 360 does.
     */
    async uploadCertificateOfRegistration(input: {
      teamId: number;
      userId: number;
      docId: number;
      acn: string;
      pdf: Uint8Array;
    }): Promise<CertificateUploadOutcome | null> {
      const [connection] = await db
        .select()
        .from(integrationConnections)
        .where(
          and(
            eq(integrationConnections.teamId, input.teamId),
            eq(integrationConnections.userId, input.userId),
            eq(integrationConnections.app, "bglcas360"),
          ),
        );
      if (!connection) return null;
      const log = (outcome: CertificateUploadOutcome, status: number, message: string) =>
        deps.logs?.recordAction(db, {
          teamId: input.teamId,
          docId: input.docId,
          docType: "CAS 360",
          userId: input.userId,
          action: CAS360_CERTIFICATE_UPLOAD_ACTION,
          isSuccess: outcome === "uploaded",
          request: redact({
            app: "bglcas360",
            doc_id: input.docId,
            acn: input.acn,
            file_sha256: createHash("sha256").update(input.pdf).digest("hex"),
            size: input.pdf.byteLength,
          }) as Record<string, unknown>,
          response: { status, certificate_upload: outcome },
          message,
        });
      try {
        const provider = deps.providers("bglcas360");
        if (!provider.uploadCertificate) throw new AppError(409, "CAS 360 takes no certificates.");
        const token = await accessTokenOf(connection);
        await provider.uploadCertificate(
          token,
          connection.tenantId,
          { acn: input.acn },
          {
            name: `Certificate of Registration ${input.acn}.pdf`,
            bytes: input.pdf,
            mediaType: "application/pdf",
          },
        );
        await log("uploaded", 200, "The Certificate of Registration was uploaded to CAS360.");
        return "uploaded";
      } catch (error) {
        const status =
          error instanceof AppError
            ? error.status
            : error instanceof ProviderUnavailable
              ? error.status
              : 500;
        await log("failed", status, error instanceof Error ? error.message : String(error));
        return "failed";
      }
    },

    /** One client of the connection's organisation; another organisation's client is not found. */
    clientDetail,

    /** Sync Document: the assembled PDF to one client, queued; the job sends it with retries. */
    syncDocument,

    /**
     * Import Client and Select Fund: the client's data as answers for the document's interview.
     * The document must be one the actor may interview now (not completed), the client one of the
     * connection's organisation, and of a type the chosen party takes; each attempt is logged.
     * The answers are returned for the interview page to show and save with its action token.
     */
    async importClient(
      ctx: FirmContext,
      slug: IntegrationAppSlug,
      input: { doc_id: number; client_id: string; question_id: string; contact_id?: string },
    ) {
      const { definition, xml } = await requireInterview(ctx, input.doc_id);
      const log = (isSuccess: boolean, status: number, message: string, clientType?: string) =>
        deps.logs?.recordAction(db, {
          teamId: ctx.teamId,
          docId: input.doc_id,
          docType: "DOC",
          userId: ctx.userId,
          action: input.contact_id
            ? `Select member/trustee (${appOf(slug).app})`
            : input.question_id === "fund"
              ? `Select fund (${appOf(slug).app})`
              : `Import client (${appOf(slug).app})`,
          isSuccess,
          // Ids only: the client's name, people and addresses stay out of the log.
          request: redact({
            app: slug,
            client_id: input.client_id,
            ...(input.contact_id ? { contact_id: input.contact_id } : {}),
            question_id: input.question_id,
          }) as Record<string, unknown>,
          response: { status, ...(clientType ? { client_type: clientType } : {}) },
          message,
        });
      if (input.contact_id) {
        const contactId = input.contact_id;
        let contact: SimpleFundContact | undefined;
        try {
          contact = (await contactsOfFund(ctx, slug, input.client_id)).find((c) => c.id === contactId);
          if (!contact) throw notFound(INTEGRATION_NO_CLIENT);
        } catch (error) {
          const status = error instanceof AppError ? error.status : 500;
          await log(false, status, error instanceof AppError ? error.message : INTEGRATION_IMPORT_FAILED);
          throw error;
        }
        const outcome = importFundContact(
          definition as unknown as InterviewDefinition,
          input.question_id,
          contact,
          appOf(slug).app,
          xml ?? {},
        );
        if (!outcome.ok) {
          const [status, message]: [number, string] =
            outcome.reason === "mismatch"
              ? [422, integrationImportMismatch(outcome.why)]
              : outcome.reason === "full"
                ? [409, "This group has as many people as it takes."]
                : [400, "This document's interview has no such party to import into."];
          await log(false, status, message, contact.type);
          throw new AppError(status, message);
        }
        await log(true, 200, "Data imported successfully.", contact.type);
        return { question_id: input.question_id, answers: outcome.answers, client_name: contact.name };
      }
      let client: Awaited<ReturnType<typeof clientDetail>>;
      try {
        client = await clientDetail(ctx, slug, input.client_id);
      } catch (error) {
        const status = error instanceof AppError ? error.status : 500;
        await log(false, status, error instanceof AppError ? error.message : INTEGRATION_IMPORT_FAILED);
        throw error;
      }
      const outcome =
        input.question_id === "fund"
          ? importFund(definition as unknown as InterviewDefinition, client)
          : importIntoParty(definition as unknown as InterviewDefinition, input.question_id, client);
      if (!outcome.ok) {
        const message =
          outcome.reason === "mismatch"
            ? integrationImportMismatch(outcome.why)
            : "This document's interview has no such party to import into.";
        await log(false, outcome.reason === "mismatch" ? 422 : 400, message, client.type);
        throw new AppError(outcome.reason === "mismatch" ? 422 : 400, message);
      }
      await log(true, 200, "Data imported successfully.", client.type);
      return { question_id: input.question_id, answers: outcome.answers, client_name: client.name };
    },
  };

  /** Whether this server can send a document's PDF to the app (the job, the PDFs and the adapter are there). */
  function takesDocuments(slug: IntegrationAppSlug) {
    return (
      syncJob !== undefined &&
      deps.assembledPdf !== undefined &&
      deps.providers(slug).attachDocument !== undefined
    );
  }

  async function syncDocument(
    ctx: FirmContext,
    slug: IntegrationAppSlug,
    input: { doc_id: number; client_id: string; description: string },
  ) {
    if (!syncJob || !deps.assembledPdf || !takesDocuments(slug))
      throw new AppError(409, `${appOf(slug).app} does not take documents.`);
    const pdf = await deps.assembledPdf(ctx, input.doc_id);
    // The client must be one of the connection's organisation now (the job checks again).
    await clientDetail(ctx, slug, input.client_id);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(integrationSyncs)
        .values({
          teamId: ctx.teamId,
          userId: ctx.userId,
          docId: input.doc_id,
          app: slug,
          clientId: input.client_id,
          description: input.description,
          fileName: pdf.name,
          fileSha256: pdf.sha256,
          status: "queued",
          createdAt: clock(),
        })
        .returning({ id: integrationSyncs.id });
      if (!row) throw new Error("sync not recorded");
      await syncJob.enqueue({ syncId: row.id }, { tx });
      return { sync_id: row.id, status: "queued" as const };
    });
  }

  /** The organisations a connection covers, asked of the provider (the current one if it cannot say). */
  async function tenantsOf(connection: Connection) {
    const token = await accessTokenOf(connection);
    const provider = deps.providers(connection.app as IntegrationAppSlug);
    try {
      if (provider.listTenants) return await provider.listTenants(token);
    } catch (error) {
      throw providerError(error, ACCOUNTING_ORGANISATIONS_FAILED);
    }
    return connection.tenantId
      ? [{ tenantId: connection.tenantId, tenantName: connection.tenantName ?? "" }]
      : [];
  }

  /** The fund of a document the caller may interview, with their connection to the fund app. */
  async function fundOfDocument(ctx: FirmContext, slug: IntegrationAppSlug, docId: number) {
    const { definition, xml } = await requireInterview(ctx, docId);
    const connection = await ownConnection(ctx, slug);
    const token = await accessTokenOf(connection);
    const fund = fundOfAnswers(definition as unknown as InterviewDefinition, xml ?? {});
    return { fund, connection, token, provider: deps.providers(slug) };
  }

  async function requireInterview(ctx: FirmContext, docId: number) {
    if (!deps.interviewOf) throw new AppError(503, INTEGRATION_IMPORT_FAILED);
    return deps.interviewOf(ctx, docId);
  }

  /** The fund's people, from the caller's connection; another organisation's fund is not found. */
  async function contactsOfFund(person: Person, slug: IntegrationAppSlug, fundId: string) {
    const connection = await ownConnection(person, slug);
    const provider = deps.providers(slug);
    if (!provider.listFundContacts) throw new AppError(409, `${appOf(slug).app} does not hold funds.`);
    const token = await accessTokenOf(connection);
    let contacts: SimpleFundContact[] | null;
    try {
      contacts = await provider.listFundContacts(token, connection.tenantId, fundId);
    } catch (error) {
      throw providerError(error, INTEGRATION_IMPORT_FAILED);
    }
    if (!contacts) throw notFound(INTEGRATION_NO_CLIENT);
    return contacts;
  }

  async function clientDetail(person: Person, slug: IntegrationAppSlug, clientId: string) {
    const connection = await ownConnection(person, slug);
    const token = await accessTokenOf(connection);
    let client: Awaited<ReturnType<IntegrationProvider["getClient"]>>;
    try {
      client = await deps.providers(slug).getClient(token, connection.tenantId, clientId);
    } catch (error) {
      throw providerError(error, INTEGRATION_IMPORT_FAILED);
    }
    if (!client) throw notFound(INTEGRATION_NO_CLIENT);
    return client;
  }
}
export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
