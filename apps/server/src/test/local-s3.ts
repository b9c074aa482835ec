import { rmSync } from "node:fs";
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

async function runS3rver(buckets: string[]) {
  const directory = await mkdtemp(path.join(tmpdir(), "precedent-s3-"));
  const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
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

let workerServer: Promise<{ port: number; directory: string }> | undefined;
let bucketsMade = 0;

/**
 * A new, empty bucket on the one local S3 server of this test process (TEST_FILE_STORE=s3): the
 * server starts with the process's first test app and lasts as long as the process (the test
 * files of a worker share its modules, vitest.config.ts `isolate: false`), each app getting a
 * bucket of its own. One server per app cost a start and a stop per file. Its folder goes when
 * the process ends; `close()` removes the bucket's objects.
 */
export async function bucketOnWorkerS3() {
  workerServer ??= runS3rver([]).then(({ server, directory, port }) => {
    // The server must not keep the test process alive, nor leave its folder behind.
    server.httpServer?.unref();
    process.once("exit", () => rmSync(directory, { recursive: true, force: true }));
    return { port, directory };
  });
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
