/**
 * Sealing as worker-pool tasks (runs on a worker thread; services.ts sends them). The sealer is made
 * once per thread and certificate and kept, so its fonts and key are read once. A refusal of the
 * input comes back as a value (an error crossing threads loses its class) and is thrown again as
 * SealInputError on the request side.
 */
import { createHash } from "node:crypto";
import { createPdfSealer, type FileSealInfo, type SealInput } from "./index.ts";
import type { SealingCertificate } from "./sealing-certificate.ts";
import { SealInputError } from "./stamp.ts";

/** This file, for the pool (a task names the module it runs). */
export const SEAL_TASKS = import.meta.url;

export type SealOutcome = { ok: true; pdf: Uint8Array } | { ok: false; message: string };

const sealers = new Map<string, ReturnType<typeof createPdfSealer>>();

function sealerFor(certificate: SealingCertificate) {
  const key = createHash("sha256").update(certificate.p12).update(certificate.passphrase).digest("hex");
  let sealer = sealers.get(key);
  if (!sealer) {
    sealer = createPdfSealer({ certificate });
    sealers.set(key, sealer);
  }
  return sealer;
}

async function outcomeOf(work: () => Promise<Uint8Array>): Promise<SealOutcome> {
  try {
    return { ok: true, pdf: await work() };
  } catch (error) {
    if (error instanceof SealInputError) return { ok: false, message: error.message };
    throw error;
  }
}

/** The signed PDF of a completed envelope (the sealer's `seal`). */
export function seal(task: { certificate: SealingCertificate; input: SealInput }): Promise<SealOutcome> {
  return outcomeOf(() => sealerFor(task.certificate).seal(task.input));
}

/** A finished PDF sealed as it is (the sealer's `sealFile`). */
export function sealFile(task: {
  certificate: SealingCertificate;
  pdf: Uint8Array;
  info: FileSealInfo;
}): Promise<SealOutcome> {
  return outcomeOf(() => sealerFor(task.certificate).sealFile(task.pdf, task.info));
}

/** Turns a task's outcome back into the sealer's answer: the bytes, or the SealInputError. */
export function sealedOrThrow(outcome: SealOutcome): Uint8Array {
  if (outcome.ok) return outcome.pdf;
  throw new SealInputError(outcome.message);
}
