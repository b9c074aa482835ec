// One server of bench/downloads.ts: GET /file sends the stored file (DOWNLOAD_MODE `buffered`:
// read whole, as downloads were; `streamed`: FileStore.stream; `hello`: a hello-world), and
// GET /peak answers the highest RSS sampled since the last GET /peak.
import { openPostgres } from "@precedent/server/db";
import { createDatabaseFileStore, createS3FileStore } from "@precedent/server/files";
import { sendFile, sendFileStream } from "@precedent/server/send-file";
import Fastify from "fastify";

const mode = process.env.DOWNLOAD_MODE ?? "hello";
const sha256 = process.env.DOWNLOAD_SHA256 ?? "";
const handle = await openPostgres(process.env.DATABASE_URL ?? "", 4);
const clock = () => new Date();
const store = process.env.S3_SETTINGS
  ? createS3FileStore({ db: handle.db, clock, settings: JSON.parse(process.env.S3_SETTINGS) })
  : createDatabaseFileStore({ db: handle.db, clock });

let peak = process.memoryUsage().rss;
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 5).unref();

const app = Fastify({ logger: false });
app.get("/peak", async () => {
  const answer = { peak, now: process.memoryUsage().rss };
  peak = process.memoryUsage().rss;
  return answer;
});
app.get("/file", async (_request, reply) => {
  if (mode === "hello") return { hello: "world" };
  const name = "Deed.pdf";
  if (mode === "buffered") {
    const blob = await store.get(sha256);
    if (!blob) throw new Error("missing");
    return sendFile(reply, { bytes: blob.bytes, mediaType: blob.mediaType, name }, "attachment");
  }
  const blob = await store.stream(sha256);
  if (!blob) throw new Error("missing");
  return sendFileStream(reply, { ...blob, name }, "attachment");
});
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as { port: number };
process.stdout.write(`LISTENING ${port}\n`);
process.once("SIGINT", () => process.exit(0));
