import type { Database } from "../../db/client.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { createS3FileStore, type S3Settings } from "./s3-store.ts";
import { createDatabaseFileStore, type FileStore } from "./service.ts";

/** The settings that choose the store (config.ts FILE_STORE and S3_*); unset, the database's. */
export type FileStoreSettings = {
  FILE_STORE?: "database" | "s3";
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: boolean;
};

export const s3SettingsOf = (config: FileStoreSettings): S3Settings => {
  if (!config.S3_BUCKET) throw new Error("FILE_STORE=s3 needs S3_BUCKET");
  return {
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION ?? "us-east-1",
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? false,
  };
};

/** The database store unless the settings name a bucket store: a default install changes nothing. */
export function createFileStore(deps: { db: Database; clock: Clock; config: FileStoreSettings }): FileStore {
  return deps.config.FILE_STORE === "s3"
    ? createS3FileStore({ db: deps.db, clock: deps.clock, settings: s3SettingsOf(deps.config) })
    : createDatabaseFileStore({ db: deps.db, clock: deps.clock });
}
