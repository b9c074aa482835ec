import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import { createS3Client, type S3Settings } from "../modules/files/index.ts";

/** s3rver's own constructor, as far as the tests use it (the package ships no types). */
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => { run(): Promise<AddressInfo>; close(): Promise<void>; httpServer?: Server };

/**
 * A local S3-compatible server (s3rver) on a free port, keeping its objects in a new temp folder:
 * the AWS SDK talks to it over HTTP exactly as to a real bucket. Its keys are s3rver's fixed ones.
 */
export async function startLocalS3(bucket = "precedent-files") {
  const { server, directory, port } = await runS3rver([bucket]);
  return {
    ...bucketOn(port, bucket),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A local S3 server on `port` with one bucket, kept until `close()`: the browser tests' app servers
 * share it when TEST_FILE_STORE=s3 (apps/web/playwright.config.ts starts local-s3-server.ts).
 * Returns the environment settings that point an app at the bucket.
 */
export async function serveLocalS3(port: number, bucket: string) {
  const { server, directory } = await runS3rver([bucket], undefined, port);
  return {
    ...bucketOn(port, bucket),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function runS3rver(buckets: string[], folder?: string, askedPort = 0) {
  const directory = folder ?? (await mkdtemp(path.join(tmpdir(), "precedent-s3-")));
  const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;
  const server = new S3rver({
    address: "127.0.0.1",
    port: askedPort,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  return { server, directory, port };
}

/** The settings of one bucket on the local server at `port`. */
function bucketOn(port: number, bucket: string) {
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  return {
    settings,
    /** The same as environment settings, for an app under test (loadConfig). */
    env: {
      FILE_STORE: "s3",
      S3_ENDPOINT: settings.endpoint ?? "",
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
  };
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let workerServer: Promise<{ port: number; directory: string }> | undefined;
let bucketsMade = 0;

/**
 * A new, empty bucket on the one local S3 server of this test process (TEST_FILE_STORE=s3): the
 * server starts with the process's first test app and lasts as long as the process (the test
 * files of a worker share its modules, vitest.config.ts `isolate: false`), each app getting a
 * bucket of its own. One server per app cost a start and a stop per file. `close()` removes the
 * bucket's objects.
 */
export async function bucketOnWorkerS3() {
  workerServer ??= (async () => {
    // Vitest ends its worker processes without their exit handlers running, so a folder is left
    // each time: each process's is named by its pid and the next start removes those of ended ones.
    const parent = path.join(tmpdir(), "precedent-s3-workers");
    mkdirSync(parent, { recursive: true });
    for (const name of readdirSync(parent)) {
      if (!isRunning(Number(name))) rmSync(path.join(parent, name), { recursive: true, force: true });
    }
    const folder = path.join(parent, String(process.pid));
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder);
    const { server, directory, port } = await runS3rver([], folder);
    // The server must not keep the test process alive.
    server.httpServer?.unref();
    return { port, directory };
  })();
  const { port, directory } = await workerServer;
  bucketsMade++;
  const bucket = `precedent-files-${process.pid}-${bucketsMade}`;
  const made = bucketOn(port, bucket);
  const client = createS3Client(made.settings);
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
  return {
    ...made,
    async close() {
      // s3rver keeps a bucket as a folder of that name.
      await rm(path.join(directory, bucket), { recursive: true, force: true });
    },
  };
}
