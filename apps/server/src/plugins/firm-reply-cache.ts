import type { FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import type { FirmContext } from "../modules/folders/firm-context.ts";

/**
 * Serialized replies of the hottest reads (the document list and the folder tree), kept in memory
 * and keyed by who asks and what they ask, each stamped with the firm's data version it was built
 * at. A reply is reused only while the firm's version (read with the session, in the same query
 * that checks it) is unchanged: any committed change to what a firm's lists show moves its version
 * (triggers in migration 0010), so a cached reply is never older than what the database held when
 * the request's session was checked. Several servers on one database stay correct: each reads the
 * version from the database on every request.
 *
 * The key holds the firm, the user, their role and plan (abilities and visibility depend on all
 * four), the route and the validated query. Requests for a reply already being built wait for that
 * one build instead of starting their own.
 */
export type FirmReplyCache = ReturnType<typeof createFirmReplyCache>;

type Entry = { version: number; body: Buffer };

const JSON_TYPE = "application/json; charset=utf-8";

export function createFirmReplyCache(options: { maxBytes: number }) {
  const entries =
    options.maxBytes > 0
      ? new LRUCache<string, Entry>({
          maxSize: options.maxBytes,
          sizeCalculation: (entry, key) => entry.body.length + key.length,
        })
      : null;
  const building = new Map<string, Promise<Buffer>>();
  const stats = { hits: 0, misses: 0 };

  async function build(key: string, version: number, produce: () => Promise<unknown>): Promise<Buffer> {
    const body = Buffer.from(JSON.stringify(await produce()));
    const current = entries?.get(key);
    // A slower build must not replace a reply built at a newer version.
    if (!current || current.version <= version) entries?.set(key, { version, body });
    return body;
  }

  return {
    stats,

    /**
     * Sends the reply for `ctx` and `request` (route and validated query): the cached body when
     * it was built at the firm's current version, else the body `produce` builds, then kept.
     */
    async send(
      reply: FastifyReply,
      ctx: FirmContext,
      request: { route: string; query: unknown },
      produce: () => Promise<unknown>,
    ): Promise<FastifyReply> {
      reply.type(JSON_TYPE);
      if (!entries) return reply.send(JSON.stringify(await produce()));
      const key = `${ctx.teamId}|${ctx.userId}|${ctx.role}|${ctx.planSlug}|${request.route}|${JSON.stringify(request.query)}`;
      const cached = entries.get(key);
      if (cached && cached.version === ctx.version) {
        stats.hits++;
        return reply.send(cached.body);
      }
      stats.misses++;
      const buildKey = `${ctx.version}|${key}`;
      let pending = building.get(buildKey);
      if (!pending) {
        pending = build(key, ctx.version, produce).finally(() => building.delete(buildKey));
        building.set(buildKey, pending);
      }
      return reply.send(await pending);
    },
  };
}

/** What a cached reply answers: the route (not the raw address) and the query after validation. */
export const cacheKeyOf = (request: FastifyRequest) => ({
  route: request.routeOptions.url ?? request.url,
  query: request.query,
});
