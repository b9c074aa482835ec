import { createHash, randomBytes } from "node:crypto";
import {
  ACCOUNTING_TENANT_NOT_FOUND,
  type AccountingOrganisation,
  INTEGRATION_APPS,
  INTEGRATION_INVALID_TOKEN,
  type IntegrationApp,
  type IntegrationAppSlug,
  type IntegrationGroup,
  integrationConnectFailed,
  integrationDisconnectFailed,
  integrationOpensInPopup,
} from "@precedent/contracts";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, notFound } from "../../errors.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { createSecretBox } from "../../platform/secrets/secret-box.ts";
import { sealContext } from "./connection-tokens.ts";
import { canConnect, canDisconnect, canSyncDocuments, ownsConnection } from "./policy.ts";
import {
  type IntegrationProvider,
  ProviderGrantRefused,
  ProviderLimitReached,
  ProviderUnavailable,
} from "./provider.ts";
import { integrationAuthorisations, integrationConnections } from "./schema.ts";

// A person's connections to practice software: the app cards, connecting through the provider's
// OAuth consent (link, code exchange), disconnecting, and the accounting organisation a connection
// uses. Every other part of the module starts from `ownConnection` here and a token from
// connection-tokens.ts.

/** How long a person has to give consent at the provider. */
const AUTHORISATION_TTL_MS = 10 * 60_000;
const ACCOUNTING_ORGANISATIONS_FAILED = "Could not read your Xero organisations. Please try again.";

export type Connection = typeof integrationConnections.$inferSelect;
export type Person = Pick<FirmContext, "teamId" | "userId">;

const hashState = (state: string) => createHash("sha256").update(state).digest("hex");
const randomToken = () => randomBytes(32).toString("base64url");

export const appOf = (slug: IntegrationAppSlug) => {
  const app = INTEGRATION_APPS.find((a) => a.slug === slug);
  if (!app) throw notFound();
  return app;
};

/** A provider that is down or busy as a 502 with `message`; anything else as it was thrown. */
export const providerError = (error: unknown, message: string) => {
  if (error instanceof ProviderUnavailable)
    return new AppError(
      502,
      // A spent allowance says so (and when to try again) rather than the generic failure.
      error instanceof ProviderLimitReached ? error.message : message,
      error.retryAfterSeconds ? { retry_after_seconds: error.retryAfterSeconds } : null,
    );
  return error;
};

/** The status a failed provider call is logged with. */
export const failureStatus = (error: unknown) =>
  error instanceof AppError ? error.status : error instanceof ProviderUnavailable ? error.status : 500;

export function createConnections(deps: {
  db: Database;
  clock: Clock;
  box: ReturnType<typeof createSecretBox>;
  providers: (slug: IntegrationAppSlug) => IntegrationProvider;
  redirectUri: (slug: IntegrationAppSlug) => string;
  accessTokenOf: (connection: Connection) => Promise<string>;
  /** Whether this server can send a document's PDF to the app (document-sync.ts). */
  takesDocuments: (slug: IntegrationAppSlug) => boolean;
}) {
  const { db, clock, box, accessTokenOf } = deps;

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
        sync_document: canSyncDocuments(status, deps.takesDocuments(app.slug)),
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

  return {
    ownConnection,

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
        failingSince: null,
        lastError: null,
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
  };
}
