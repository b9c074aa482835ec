// `npm run bench:downloads`: the server's peak memory (RSS) while 20 clients download one 40 MB
// file at once, with the file read whole per request (as downloads were) and streamed from the
// store (FileStore.stream: the database in 1 MB slices, or a local S3 server), beside a
// hello-world server under the same 20 concurrent requests, in one run on PostgreSQL.
import { randomBytes } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { openPostgres } from "@precedent/server/db";
import { createDatabaseFileStore, createS3FileStore } from "@precedent/server/files";
import { startLocalS3 } from "@precedent/server/local-s3";
import { freshDatabase, startServer } from "./support.ts";

const SIZE_MB = Number(process.env.BENCH_FILE_MB ?? 40);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const MB = 1024 * 1024;

const database = freshDatabase("bench_downloads");
await database.create();
const s3 = await startLocalS3("bench-downloads");
try {
  const handle = await openPostgres(database.url, 2);
  await handle.migrate();
  // Random bytes, as a compressed PDF's are: no compression flatters either path.
  const bytes = new Uint8Array(randomBytes(SIZE_MB * MB));
  const { sha256 } = await createDatabaseFileStore({ db: handle.db, clock: () => new Date() }).put(bytes, {
    mediaType: "application/pdf",
  });
  // The same file in the bucket: the S3 store's put uploads it (its row exists already).
  await createS3FileStore({ db: handle.db, clock: () => new Date(), settings: s3.settings }).put(bytes, {
    mediaType: "application/pdf",
  });
  await handle.close();

  const runs: [string, Record<string, string>][] = [
    ["Fastify hello-world (baseline)", { DOWNLOAD_MODE: "hello" }],
    ["database, read whole (before)", { DOWNLOAD_MODE: "buffered" }],
    ["database, streamed (after)", { DOWNLOAD_MODE: "streamed" }],
    [
      "S3 (local s3rver), read whole",
      { DOWNLOAD_MODE: "buffered", S3_SETTINGS: JSON.stringify(s3.settings) },
    ],
    ["S3 (local s3rver), streamed", { DOWNLOAD_MODE: "streamed", S3_SETTINGS: JSON.stringify(s3.settings) }],
  ];
  const loadBefore = loadavg()[0]?.toFixed(1);
  const rows: string[] = [];
  for (const [name, env] of runs) {
    const { child, port } = await startServer("download-server.ts", {
      ...process.env,
      ...env,
      DATABASE_URL: database.url,
      DOWNLOAD_SHA256: sha256,
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      // One download first, so each server has loaded its code before the measured run.
      await (await fetch(`${base}/file`)).arrayBuffer();
      const idle = ((await (await fetch(`${base}/peak`)).json()) as { now: number }).now;
      const started = performance.now();
      const received = await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          const res = await fetch(`${base}/file`);
          if (!res.ok || !res.body) throw new Error(`${name}: ${res.status}`);
          let n = 0;
          for await (const chunk of res.body) n += chunk.byteLength;
          return n;
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const { peak } = (await (await fetch(`${base}/peak`)).json()) as { peak: number };
      const total = received.reduce((a, b) => a + b, 0);
      if (env.DOWNLOAD_MODE !== "hello" && received.some((n) => n !== SIZE_MB * MB)) {
        throw new Error(`${name}: a download was incomplete`);
      }
      rows.push(
        `${name.padEnd(34)} ${(peak / MB).toFixed(0).padStart(6)} MB ${((peak - idle) / MB).toFixed(0).padStart(7)} MB ${seconds.toFixed(2).padStart(7)} s ${(total / MB / seconds).toFixed(0).padStart(7)} MB/s`,
      );
    } finally {
      child.kill("SIGINT");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }
  console.log(
    `\n${CLIENTS} concurrent downloads of one ${SIZE_MB} MB file; node ${process.version}, PostgreSQL; load average ${loadBefore} before, ${loadavg()[0]?.toFixed(1)} after (${cpus().length} CPUs)\n`,
  );
  console.log(
    `${"server".padEnd(34)} ${"peak RSS".padStart(9)} ${"over idle".padStart(10)} ${"all done".padStart(9)} ${"rate".padStart(12)}`,
  );
  for (const row of rows) console.log(row);
} finally {
  await s3.close();
  await database.dropUnlessKept();
}
