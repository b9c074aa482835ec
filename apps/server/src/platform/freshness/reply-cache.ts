import type { FastifyReply, preHandlerHookHandler } from "fastify";
import type { FirmContext, FirmVersions } from "../kernel/index.ts";
import { type CompressibleBody, JSON_TYPE, keptBodies, sendKept } from "./compression.ts";

/**
 * Serialized replies of the hottest reads (the document list and the folder tree), kept in memory
 * and keyed by who asks and what they ask, each stamped with the firm's data version it was built
 * at. A reply is reused only while the firm's version (read with the session, in the same query
 * that checks it: `actor.firm.versions`) is unchanged: any committed change to what a firm's lists show moves its version
 * (triggers in migrations 0010 and 0011), so a cached reply is never older than what the database
 * held when the request's session was checked. Several servers on one database stay correct: each
 * reads the version from the database, or hears that it moved (change-feed.ts).
 *
 * Document lists follow the firm's `version`; folder trees follow its `foldersVersion`, which
 * documents changing does not move (see `firmVersions`).
 *
 * The key holds the firm, the user, their role and plan (abilities and visibility depend on all
 * four) and the request's address (route and query). Requests for a reply already being built wait for that
 * one build instead of starting their own.
 */
export type FirmReplyCache = ReturnType<typeof createFirmReplyCache>;

/** A reply as built, and compressed copies made the first time a client accepts them. */
type Entry = CompressibleBody & { version: number };

export function createFirmReplyCache(options: {
  maxBytes: number;
  /**
   * Where a reply is built: on a read replica when it has the firm at the request's versions
   * (db/read-replica.ts), else on the primary. Without it, on the primary.
   */
  reads?: { read<T>(teamId: number, versions: FirmVersions, produce: () => Promise<T>): Promise<T> };
}) {
  const entries = keptBodies<Entry>(options.maxBytes);
  const building = new Map<string, Promise<Entry>>();
  /** Counts, for tests and for a look at how well the cache serves. */
  const stats = { hits: 0, builds: 0 };

  async function build(key: string, version: number, produce: () => Promise<unknown>): Promise<Entry> {
    stats.builds++;
    const entry: Entry = { version, body: Buffer.from(JSON.stringify(await produce())) };
    const current = entries?.get(key);
    // A slower build must not replace a reply built at a newer version.
    if (!current || current.version <= version) entries?.set(key, entry);
    return entry;
  }

  /** The entry's body in the client's encoding (compressed once, then kept with it). */
  const deliver = (reply: FastifyReply, key: string, entry: Entry) => sendKept(reply, entries, key, entry);

  // The raw address stands for the query: one address always validates to the same query, so
  // it names the same reply, and it costs nothing to read.
  const keyOf = (teamId: number, userId: number, role: string, planSlug: string, url: string) =>
    `${teamId}|${userId}|${role}|${planSlug}|${url}`;

  /** Answers for one kind of reply, each kept while the firm's version `versionOf` is unchanged. */
  const replies = (versionOf: (versions: FirmVersions) => number) => ({
    /**
     * A route's preHandler hook: answers from memory when the reply kept for this person, firm
     * and address was built at the firm's current version. Otherwise the route's handler runs and
     * calls `send`.
     *
     * It is the route's own last hook, so it runs after authentication and after every gate a
     * plugin adds at any stage (Fastify runs plugin hooks before a route's own, stage by stage):
     * a later two-factor step-up or plan check refuses a request before a kept reply can answer
     * it. Answering in onRequest would skip every preParsing, preValidation and preHandler gate.
     * The price is the query's validation on a hit, a few microseconds.
     */
    answerFromMemory: ((request, reply, done) => {
      const { actor } = request;
      const member = actor?.firm?.member;
      if (!entries || !actor?.firm || !member) return done();
      const key = keyOf(actor.firm.teamId, actor.userId, member.role, member.planSlug, request.raw.url ?? "");
      const cached = entries.get(key);
      if (!cached || cached.version !== versionOf(actor.firm.versions)) return done();
      stats.hits++;
      reply.type(JSON_TYPE);
      deliver(reply, key, cached);
    }) satisfies preHandlerHookHandler,

    /**
     * Sends the reply for `ctx` and the request's address: the kept body when it was built at the
     * firm's current version, else the body `produce` builds, then kept. The version is the one
     * read with the session; a request whose session was read without this firm (no
     * `?id_team=` naming it) is answered without the cache, since nothing read its version.
     */
    async send(
      reply: FastifyReply,
      ctx: FirmContext,
      produce: () => Promise<unknown>,
    ): Promise<FastifyReply> {
      reply.type(JSON_TYPE);
      const prefetched = reply.request.actor?.firm;
      // Nothing read this firm's versions with the session: nothing to judge a replica by.
      if (prefetched?.teamId !== ctx.teamId) return reply.send(JSON.stringify(await produce()));
      const { reads } = options;
      const versions = prefetched.versions;
      const routed = reads ? () => reads.read(ctx.teamId, versions, produce) : produce;
      if (!entries) return reply.send(JSON.stringify(await routed()));
      const key = keyOf(ctx.teamId, ctx.userId, ctx.role, ctx.planSlug, reply.request.raw.url ?? "");
      const cached = entries.get(key);
      const version = versionOf(prefetched.versions);
      if (cached && cached.version === version) {
        stats.hits++;
        return deliver(reply, key, cached);
      }
      const buildKey = `${version}|${key}`;
      let pending = building.get(buildKey);
      if (!pending) {
        pending = build(key, version, routed).finally(() => building.delete(buildKey));
        building.set(buildKey, pending);
      }
      return deliver(reply, key, await pending);
    },
  });

  return {
    stats,
    /** Document lists and status counts: kept while the firm's `version` is unchanged. */
    lists: replies((versions) => versions.version),
    /** Folder trees: kept while the firm's `foldersVersion` is unchanged. */
    folderTrees: replies((versions) => versions.foldersVersion),
  };
}
