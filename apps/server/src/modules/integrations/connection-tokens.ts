import { INTEGRATION_APPS, type IntegrationAppSlug } from "@precedent/contracts";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { createSecretBox } from "../../platform/secrets/secret-box.ts";
import { type IntegrationProvider, ProviderGrantRefused } from "./provider.ts";
import { integrationConnections } from "./schema.ts";

// A connection's access token, refreshed when it is close to expiry, once however many ask: the
// part of the integrations service that keeps connections working between uses.

/** An access token this close to expiry is refreshed before use, so it cannot lapse mid-call. */
const REFRESH_MARGIN_MS = 2 * 60_000;
/** A refresh claim older than this is taken to be from a server that stopped mid-refresh. */
const REFRESH_CLAIM_MS = 30_000;
const REFRESH_WAIT_STEP_MS = 100;
const REFRESH_WAIT_TRIES = 100;

export const NEEDS_RENEWAL_MESSAGE = "This connection needs renewing: please connect the app again.";

type Connection = typeof integrationConnections.$inferSelect;

const appName = (slug: string) => INTEGRATION_APPS.find((a) => a.slug === slug)?.name ?? slug;

/** Why a renewal failed, in words a support person can repeat to the customer. */
export function renewalFailure(slug: string, error: unknown) {
  const app = appName(slug);
  if (error instanceof ProviderGrantRefused)
    return `${app} refused to renew the connection: its authorisation expired or was revoked. The person must connect ${app} again.`;
  const detail = error instanceof Error ? error.message : String(error);
  return `${app} could not renew the connection's access (${detail}). It may work once ${app} answers again.`;
}

/** Each connection's tokens open only on its own row (same firm, person and app). */
export const sealContext = (c: Pick<Connection, "teamId" | "userId" | "app">) =>
  `connection:${c.teamId}:${c.userId}:${c.app}`;

export function createConnectionTokens(deps: {
  db: Database;
  clock: Clock;
  box: ReturnType<typeof createSecretBox>;
  providers: (slug: IntegrationAppSlug) => IntegrationProvider;
}) {
  const { db, clock, box } = deps;
  /** Refreshes in flight on this server, per connection: racing requests share one. */
  const refreshing = new Map<number, Promise<string>>();

  const fresh = (row: Connection) => row.accessExpiresAt.getTime() - clock().getTime() > REFRESH_MARGIN_MS;
  const readConnection = async (id: number) =>
    (await db.select().from(integrationConnections).where(eq(integrationConnections.id, id)))[0];

  /** Waits for the server holding the refresh claim to store the new tokens. */
  async function awaitOtherRefresh(id: number): Promise<string> {
    for (let i = 0; i < REFRESH_WAIT_TRIES; i++) {
      await new Promise((resolve) => setTimeout(resolve, REFRESH_WAIT_STEP_MS));
      const row = await readConnection(id);
      if (!row) throw notFound("No such connection.");
      if (row.status !== "connected") throw new AppError(409, NEEDS_RENEWAL_MESSAGE);
      if (fresh(row)) return box.open(row.accessToken, sealContext(row));
    }
    throw new AppError(503, "The connection is being renewed. Please try again.");
  }

  /**
   * Trades the refresh token for new tokens, once per connection however many ask at once: on
   * this server racing requests share one promise; across servers a conditional claim on the row
   * lets one refresh while the others wait. No transaction is held open while the provider is
   * called.
   */
  async function refreshed(connection: Connection, options: { renewal?: boolean } = {}): Promise<string> {
    const running = refreshing.get(connection.id);
    if (running) return running;
    const work = (async () => {
      const now = clock();
      const [claimed] = await db
        .update(integrationConnections)
        .set({ refreshClaimedAt: now })
        .where(
          and(
            eq(integrationConnections.id, connection.id),
            // A person's retry from the console tries a refused refresh token once more.
            inArray(
              integrationConnections.status,
              options.renewal ? ["connected", "needs_renewal"] : ["connected"],
            ),
            or(
              isNull(integrationConnections.refreshClaimedAt),
              lt(integrationConnections.refreshClaimedAt, new Date(now.getTime() - REFRESH_CLAIM_MS)),
            ),
          ),
        )
        .returning();
      if (!claimed) return awaitOtherRefresh(connection.id);
      // Another server may have refreshed between our read and our claim.
      if (fresh(claimed) && !options.renewal) {
        await db
          .update(integrationConnections)
          .set({ refreshClaimedAt: null })
          .where(eq(integrationConnections.id, claimed.id));
        return box.open(claimed.accessToken, sealContext(claimed));
      }
      try {
        const tokens = await deps
          .providers(claimed.app as IntegrationAppSlug)
          .refresh(box.open(claimed.refreshToken, sealContext(claimed)));
        const at = clock();
        // Access and rotated refresh token replace the old pair in one statement.
        await db
          .update(integrationConnections)
          .set({
            accessToken: box.seal(tokens.accessToken, sealContext(claimed)),
            refreshToken: box.seal(tokens.refreshToken, sealContext(claimed)),
            accessExpiresAt: new Date(at.getTime() + tokens.expiresInSeconds * 1000),
            refreshClaimedAt: null,
            status: "connected",
            failingSince: null,
            lastError: null,
            updatedAt: at,
          })
          .where(eq(integrationConnections.id, claimed.id));
        return tokens.accessToken;
      } catch (error) {
        const renewal = error instanceof ProviderGrantRefused;
        // Recorded for the console's failing queue: since when (kept from the first failure) and why.
        const failure = {
          refreshClaimedAt: null,
          failingSince: sql`coalesce(${integrationConnections.failingSince}, ${clock().toISOString()}::timestamptz)`,
          lastError: renewalFailure(claimed.app, error),
        };
        await db
          .update(integrationConnections)
          .set(renewal ? { ...failure, status: "needs_renewal", updatedAt: clock() } : failure)
          .where(eq(integrationConnections.id, claimed.id));
        if (renewal) throw new AppError(409, NEEDS_RENEWAL_MESSAGE);
        throw error;
      }
    })().finally(() => refreshing.delete(connection.id));
    refreshing.set(connection.id, work);
    return work;
  }

  async function accessTokenOf(connection: Connection) {
    if (connection.status !== "connected") throw new AppError(409, NEEDS_RENEWAL_MESSAGE);
    if (fresh(connection)) return box.open(connection.accessToken, sealContext(connection));
    return refreshed(connection);
  }

  /**
   * Renews a connection's tokens now, even one marked as needing renewal (the console's retry):
   * the provider is asked once more with the refresh token it refused or could not take.
   */
  async function renewNow(connection: Connection) {
    await refreshed(connection, { renewal: true });
  }

  return { accessTokenOf, renewNow };
}
