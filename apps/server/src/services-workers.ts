import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { WORKER_MEMORY_LIMIT_MB, WORKER_QUEUE_LIMIT, WORKER_TASK_TIMEOUT_MS } from "./constants.ts";
import {
  loadOrCreateSealingCertificate,
  SEAL_TASKS,
  type SealOutcome,
  sealedOrThrow,
} from "./modules/signing/index.ts";
import { createWorkerPool } from "./platform/workers/index.ts";
import type { ServicesConfig } from "./services-config.ts";

/**
 * The worker pool, and sealing on it. CPU-heavy work (assembly, previews, sealing) runs on worker
 * threads, so the request thread stays free to answer (platform/workers). Tests run through it
 * too: there is no other path.
 */
export function createHeavyWork(config: ServicesConfig) {
  const workers = createWorkerPool({
    threads: config.WORKER_THREADS ?? Math.max(1, availableParallelism()),
    queueLimit: config.WORKER_QUEUE_LIMIT ?? WORKER_QUEUE_LIMIT,
    taskTimeoutMs: config.WORKER_TASK_TIMEOUT_MS ?? WORKER_TASK_TIMEOUT_MS,
    memoryLimitMb: config.WORKER_MEMORY_LIMIT_MB ?? WORKER_MEMORY_LIMIT_MB,
  });
  // The certificate is read (or made) at the first seal, not at start: making a key takes a moment
  // that a server, or a test, that never seals should not pay. The seal itself runs on the pool.
  let sealingCertificate: ReturnType<typeof loadOrCreateSealingCertificate> | undefined;
  const theCertificate = () => {
    sealingCertificate ??= loadOrCreateSealingCertificate({
      p12Path: config.SEALING_P12_PATH,
      passphrase: config.SEALING_P12_PASSPHRASE,
      // Tests and tools that pass no data directory share one certificate in the temp folder.
      dataDir: config.DATA_DIR ?? path.join(tmpdir(), "precedent-data"),
    });
    return sealingCertificate;
  };
  // The seal's fairness key is the firm's name: the sealing port knows the envelope, not the firm id.
  const sealOnPool = async (firmName: string, fn: "seal" | "sealFile", input: object) =>
    sealedOrThrow(
      await workers.run<SealOutcome>(firmName, {
        module: SEAL_TASKS,
        fn,
        input: { certificate: theCertificate(), ...input },
      }),
    );
  return { workers, sealOnPool };
}
