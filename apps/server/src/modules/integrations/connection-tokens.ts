import type { IntegrationAppSlug } from "@precedent/contracts";
import { and, eq, isNull, lt, or } from "drizzle-orm";
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
  async function refreshed(connection: Connection): Promise<string> {
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
            eq(integrationConnections.status, "connected"),
            or(
              isNull(integrationConnections.refreshClaimedAt),
              lt(integrationConnections.refreshClaimedAt, new Date(now.getTime() - REFRESH_CLAIM_MS)),
            ),
          ),
        )
        .returning();
      if (!claimed) return awaitOtherRefresh(connection.id);
      // Another server may have refreshed between our read and our claim.
      if (fresh(claimed)) {
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
            updatedAt: at,
          })
          .where(eq(integrationConnections.id, claimed.id));
        return tokens.accessToken;
      } catch (error) {
        const renewal = error instanceof ProviderGrantRefused;
        await db
          .update(integrationConnections)
          .set(
            renewal
              ? { status: "needs_renewal", refreshClaimedAt: null, updatedAt: clock() }
              : { refreshClaimedAt: null },
          )
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

  return { accessTokenOf };
}
