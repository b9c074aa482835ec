// `npm run files:move-to-s3 --workspace @precedent/server`: moves the files kept in the database
// (file_blobs) to the bucket the S3_* settings name, checking each one, and can be run again after
// an interruption. Run with the server's own settings; on PGlite stop the server first (its data
// folder admits one process).
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { createBucketAccess, moveFilesToBucket, s3SettingsOf } from "./modules/files/index.ts";

async function main() {
  const config = loadConfig();
  if (!config.S3_BUCKET)
    throw new Error("S3_BUCKET (and the other S3_* settings) must name the bucket to move to");
  const database = await openDatabase(config);
  await database.migrate();
  const controller = new AbortController();
  // Ctrl-C finishes the file in hand, so nothing is left half-moved; a re-run goes on from there.
  process.once("SIGINT", () => {
    console.log("Stopping after the file in hand…");
    controller.abort();
  });
  try {
    const bucket = createBucketAccess(s3SettingsOf({ ...config, FILE_STORE: "s3" }));
    const started = Date.now();
    let bytes = 0;
    const result = await moveFilesToBucket({
      db: database.db,
      bucket,
      signal: controller.signal,
      onProgress: (p) => {
        bytes += p.size;
        console.log(`${p.done}/${p.total} ${p.sha256} ${p.size} bytes: ${p.outcome}`);
      },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `${result.stopped ? "Stopped" : "Done"}: ${result.uploaded} uploaded, ${result.alreadyThere} already in the bucket, of ${result.total} in the database (${(bytes / 1048576).toFixed(1)} MB in ${seconds} s). Every one was checked against its SHA-256.`,
    );
    if (!result.stopped) console.log("Set FILE_STORE=s3 on every server if not done already.");
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
