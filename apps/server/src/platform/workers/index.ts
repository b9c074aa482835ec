// The worker pool's public entry (see pool.ts for its rules).

export { BUSY_RESPONSE } from "./busy-reply.ts";
export {
  createDocumentEngine,
  type DocumentEngine,
  type EngineTemplate,
  type UploadedTemplateFiles,
} from "./document-engine.ts";
export {
  createWorkerPool,
  type WorkerPool,
  type WorkerPoolOptions,
  type WorkerPoolStats,
  type WorkerTask,
  WorkerTaskError,
} from "./pool.ts";
