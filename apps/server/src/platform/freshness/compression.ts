import zlib from "node:zlib";
import type { FastifyReply } from "fastify";
import { LRUCache } from "lru-cache";

/**
 * Kept replies are compressed once, the first time a client accepts an encoding, and the
 * compressed copy is kept beside the body (reply-cache.ts, kept-replies.ts).
 */

/** A body as built, with the compressed copies made so far. */
export type CompressibleBody = { body: Buffer; br?: Buffer; gzip?: Buffer };

export const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Kept bodies, least recently used dropped first once they hold `maxBytes` (compressed copies
 * and keys counted); null when given no memory.
 */
export function keptBodies<Entry extends CompressibleBody>(maxBytes: number): LRUCache<string, Entry> | null {
  if (maxBytes <= 0) return null;
  return new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: (entry, key) =>
      entry.body.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0) + key.length,
  });
}
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

/**
 * Sends `kept`'s body in the request's accepted encoding, compressing it the first time that
 * encoding is asked for; `onCompressed` is told when a copy was added (a cache recounts its size).
 */
export function sendCompressed(reply: FastifyReply, kept: CompressibleBody, onCompressed?: () => void) {
  reply.header("vary", "accept-encoding");
  const encoding =
    kept.body.length >= COMPRESS_FROM_BYTES
      ? encodingFor(reply.request.headers["accept-encoding"])
      : undefined;
  if (!encoding) return reply.send(kept.body);
  let compressed = kept[encoding];
  if (!compressed) {
    compressed =
      encoding === "br"
        ? zlib.brotliCompressSync(kept.body, BROTLI_OPTIONS)
        : zlib.gzipSync(kept.body, { level: 6 });
    kept[encoding] = compressed;
    onCompressed?.();
  }
  reply.header("content-encoding", encoding);
  return reply.send(compressed);
}

/**
 * Sends an entry of a `keptBodies` cache. A compressed copy made on the way is kept with the
 * entry, and the entry stored again (if it is still the one kept under `key`), so the cache counts
 * the copy against its size.
 */
export function sendKept<Entry extends CompressibleBody>(
  reply: FastifyReply,
  entries: LRUCache<string, Entry> | null,
  key: string,
  entry: Entry,
) {
  return sendCompressed(reply, entry, () => {
    if (entries?.get(key) === entry) entries.set(key, entry);
  });
}
