// The files module's one public entry: other modules and the app import only this file.

export { createFileStore, type FileStoreSettings, s3SettingsOf } from "./choose.ts";
export { type MoveProgress, moveFilesToBucket } from "./move-to-s3.ts";
export {
  createBucketAccess,
  createS3Client,
  createS3FileStore,
  objectKey,
  type S3Settings,
  StoredFileCorrupt,
} from "./s3-store.ts";
// Tables read outside this module (queries of other modules, demo data, tests): a later step
// replaces the other modules' queries with calls or query fragments of this one.
export { fileBlobs } from "./schema.ts";
export {
  createDatabaseFileStore,
  type FileStore,
  type FileStream,
  type StoredFile,
  sha256Hex,
} from "./service.ts";
