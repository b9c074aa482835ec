import zlib from "node:zlib";
import type { FastifyReply, preHandlerHookHandler } from "fastify";
import { LRUCache } from "lru-cache";
import type { FirmContext, MemberContext } from "../kernel/index.ts";

/**
 * Serialized replies of the hottest reads (the document list and the folder tree), kept in memory
 * and keyed by who asks and what they ask, each stamped with the firm's data version it was built
 * at. A reply is reused only while the firm's version (read with the session, in the same query
 * that checks it) is unchanged: any committed change to what a firm's lists show moves its version
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
type Entry = { version: number; body: Buffer; br?: Buffer; gzip?: Buffer };

const JSON_TYPE = "application/json; charset=utf-8";
/** Smaller replies gain too little from compression to be worth a header. */
const COMPRESS_FROM_BYTES = 1024;
// Brotli at quality 5 compresses these JSON replies about 8 to 10 times in a few milliseconds
// for the largest (a 150 KB folder tree), paid once per firm version and then reused.
const BROTLI_OPTIONS = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

type Encoding = "br" | "gzip" | undefined;

/** A firm's data versions, as read with the session (see `firmVersions`). */
type FirmVersions = Pick<MemberContext, "version" | "foldersVersion">;

/** The encoding to send: brotli or gzip when the client accepts it (as every browser does). */
function chooseEncoding(acceptEncoding: string): Encoding {
  const accepted = acceptEncoding
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return undefined;
}

// Browsers send one of a handful of Accept-Encoding values: each is read once (and the list
// starts over should a client send many different ones).
const encodings = new Map<string, Encoding>();
function encodingFor(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return undefined;
  if (encodings.has(acceptEncoding)) return encodings.get(acceptEncoding);
  if (encodings.size >= 64) encodings.clear();
  const encoding = chooseEncoding(acceptEncoding);
  encodings.set(acceptEncoding, encoding);
  return encoding;
}

export function createFirmReplyCache(options: { maxBytes: number }) {
  const entries =
    options.maxBytes > 0
      ? new LRUCache<string, Entry>({
          maxSize: options.maxBytes,
          sizeCalculation: (entry, key) =>
            entry.body.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0) + key.length,
        })
      : null;
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

  /** The entry's body in the client's encoding, compressing it the first time it is asked for. */
  function deliver(reply: FastifyReply, key: string, entry: Entry, acceptEncoding: string | undefined) {
    reply.header("vary", "accept-encoding");
    const encoding = entry.body.length >= COMPRESS_FROM_BYTES ? encodingFor(acceptEncoding) : undefined;
    if (!encoding) return reply.send(entry.body);
    let compressed = entry[encoding];
    if (!compressed) {
      compressed =
        encoding === "br"
          ? zlib.brotliCompressSync(entry.body, BROTLI_OPTIONS)
          : zlib.gzipSync(entry.body, { level: 6 });
      entry[encoding] = compressed;
      // Stored again so the cache counts the compressed copy against its size.
      if (entries?.get(key) === entry) entries.set(key, entry);
    }
    reply.header("content-encoding", encoding);
    return reply.send(compressed);
  }

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
      if (!cached || cached.version !== versionOf(member)) return done();
      stats.hits++;
      reply.type(JSON_TYPE);
      deliver(reply, key, cached, request.headers["accept-encoding"]);
    }) satisfies preHandlerHookHandler,

    /**
     * Sends the reply for `ctx` and the request's address: the kept body when it was built at the
     * firm's current version, else the body `produce` builds, then kept.
     */
    async send(
      reply: FastifyReply,
      ctx: FirmContext,
      produce: () => Promise<unknown>,
    ): Promise<FastifyReply> {
      reply.type(JSON_TYPE);
      const acceptEncoding = reply.request.headers["accept-encoding"];
      if (!entries) return reply.send(JSON.stringify(await produce()));
      const key = keyOf(ctx.teamId, ctx.userId, ctx.role, ctx.planSlug, reply.request.raw.url ?? "");
      const cached = entries.get(key);
      const version = versionOf(ctx);
      if (cached && cached.version === version) {
        stats.hits++;
        return deliver(reply, key, cached, acceptEncoding);
      }
      const buildKey = `${version}|${key}`;
      let pending = building.get(buildKey);
      if (!pending) {
        pending = build(key, version, produce).finally(() => building.delete(buildKey));
        building.set(buildKey, pending);
      }
      return deliver(reply, key, await pending, acceptEncoding);
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
