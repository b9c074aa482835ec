import { create as contentDisposition } from "content-disposition";
import type { FastifyReply } from "fastify";

/**
 * Sends a document's bytes as a download (`attachment`) or for the browser to show (`inline`), never
 * cached by a shared cache: every file is one firm's. The name is encoded for any language
 * (RFC 6266), so a client's name with accents or an en dash survives.
 */
export function sendFile(
  reply: FastifyReply,
  file: { bytes: Uint8Array; mediaType: string; name: string },
  disposition: "attachment" | "inline",
) {
  return reply
    .header("content-type", file.mediaType)
    .header("content-disposition", contentDisposition(file.name, { type: disposition }))
    .header("content-length", file.bytes.byteLength)
    .header("cache-control", "private, no-store")
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/**
 * As sendFile, for bytes read from storage as they go out: the length is known before the first
 * byte, so the client still sees Content-Length and its progress; the stream is piped with
 * back-pressure, so a slow client holds a chunk in memory, not the file.
 */
export function sendFileStream(
  reply: FastifyReply,
  file: { body: NodeJS.ReadableStream; size: number; mediaType: string; name: string },
  disposition: "attachment" | "inline",
) {
  return reply
    .header("content-type", file.mediaType)
    .header("content-disposition", contentDisposition(file.name, { type: disposition }))
    .header("content-length", file.size)
    .header("cache-control", "private, no-store")
    .send(file.body);
}
