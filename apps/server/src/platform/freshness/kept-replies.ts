import { hash } from "node:crypto";
import type { FastifyReply } from "fastify";
import type { ChangeFeed } from "./change-feed.ts";
import { type CompressibleBody, JSON_TYPE, keptBodies, sendKept } from "./compression.ts";

/**
 * Replies kept while the change feed has heard nothing of what they were read from, for reads
 * whose freshness no version read with the session can vouch for:
 * - GET /users/me, per person: their row, which firms they belong to, their role in each and
 *   each firm's name ('person:{id}' and 'firm:{id}' notifications);
 * - the catalogue's reads, the same for every signed-in person: products, categories and their
 *   links ('catalogue'). These also carry an ETag, so a browser that has the reply gets a 304.
 *
 * A reply is kept with the feed's mark taken before it was read, and reused only while the feed
 * says nothing it depends on has changed since (`holdsWhile`). Without a listening feed whose
 * heartbeats come back in time, nothing holds, so nothing is kept: every request reads the
 * database. Like the document lists, a kept reply is sent from the route's handler, after
 * authentication and every route hook.
 */
export type KeptReplies = ReturnType<typeof createKeptReplies>;

type Entry = CompressibleBody & {
  /** The feed's mark taken before the reply was read. */
  mark: number;
  /** Whether the reply still holds for a mark (whether nothing it was read from changed since). */
  holds: (mark: number) => boolean;
  /** A weak validator: the body's hash, the same for every encoding of it. */
  etag?: string;
};

export function createKeptReplies(options: { changes: ChangeFeed | undefined; maxBytes: number }) {
  const { changes } = options;
  // Without a feed nothing could ever be shown to hold: nothing is kept.
  const entries = changes ? keptBodies<Entry>(options.maxBytes) : null;
  const building = new Map<string, Promise<Entry>>();
  /** Counts, for tests and for a look at how well it serves. */
  const stats = { hits: 0, builds: 0, notModified: 0 };

  const holds = (entry: Entry | undefined): entry is Entry => entry?.holds(entry.mark) ?? false;

  async function build<T>(
    key: string,
    produce: () => Promise<T>,
    holdsWhile: (value: T) => (mark: number) => boolean,
    withEtag: boolean,
  ): Promise<Entry> {
    stats.builds++;
    // Taken before reading: a change committed while the reply is read is heard after the mark.
    const mark = changes?.mark() ?? 0;
    const value = await produce();
    const body = Buffer.from(JSON.stringify(value));
    const entry: Entry = {
      mark,
      body,
      holds: holdsWhile(value),
      etag: withEtag ? `W/"${hash("sha1", body, "base64url")}"` : undefined,
    };
    entries?.set(key, entry);
    return entry;
  }

  function deliver(reply: FastifyReply, key: string, entry: Entry) {
    reply.type(JSON_TYPE);
    if (entry.etag) {
      reply.header("etag", entry.etag);
      // Kept by the browser, and asked about again before each use.
      reply.header("cache-control", "private, no-cache");
      const asked = reply.request.headers["if-none-match"];
      if (asked?.split(",").some((tag) => tag.trim() === entry.etag)) {
        stats.notModified++;
        reply.header("vary", "accept-encoding");
        return reply.code(304).send();
      }
    }
    return sendKept(reply, entries, key, entry);
  }

  /**
   * Sends the reply kept under `key` while it holds, else the one `produce` reads (then kept).
   * Requests that arrive while it is read wait for that read, and use it if it still holds then.
   */
  async function send<T>(
    reply: FastifyReply,
    key: string,
    produce: () => Promise<T>,
    holdsWhile: (value: T) => (mark: number) => boolean,
    withEtag = false,
  ): Promise<FastifyReply> {
    if (!entries) {
      reply.type(JSON_TYPE);
      return reply.send(JSON.stringify(await produce()));
    }
    const kept = entries.get(key);
    if (holds(kept)) {
      stats.hits++;
      return deliver(reply, key, kept);
    }
    const pending = building.get(key);
    if (pending) {
      const built = await pending;
      if (holds(built)) return deliver(reply, key, built);
    }
    const started = build(key, produce, holdsWhile, withEtag).finally(() => {
      if (building.get(key) === started) building.delete(key);
    });
    building.set(key, started);
    return deliver(reply, key, await started);
  }

  return {
    stats,

    /** GET /users/me: kept per person while neither they nor any firm they belong to changed. */
    person<T extends { data: { teams: { id: number }[] } }>(
      reply: FastifyReply,
      userId: number,
      produce: () => Promise<T>,
    ) {
      return send(reply, `person:${userId}`, produce, (value) => (mark) => {
        if (!changes?.personUnchangedSince(mark, userId)) return false;
        return value.data.teams.every((firm) => changes.firmUnchangedSince(mark, firm.id));
      });
    },

    /** A catalogue read, kept per address while the catalogue is unchanged, with an ETag. */
    catalogue<T>(reply: FastifyReply, produce: () => Promise<T>) {
      return send(
        reply,
        `catalogue:${reply.request.raw.url ?? ""}`,
        produce,
        () => (mark) => changes?.catalogueUnchangedSince(mark) ?? false,
        true,
      );
    },
  };
}
