import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { S3Settings } from "../modules/files/index.ts";

/** s3rver's own constructor, as far as the tests use it (the package ships no types). */
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => { run(): Promise<AddressInfo>; close(): Promise<void> };

/**
 * A local S3-compatible server (s3rver) on a free port, keeping its objects in a new temp folder:
 * the AWS SDK talks to it over HTTP exactly as to a real bucket. Its keys are s3rver's fixed ones.
 */
export async function startLocalS3(bucket = "precedent-files") {
  const directory = await mkdtemp(path.join(tmpdir(), "precedent-s3-"));
  const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
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
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
