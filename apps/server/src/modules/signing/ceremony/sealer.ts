import type { PdfSealer, SealInput } from "../seal/index.ts";

// The sealing port the completion job calls is the sealer's own (stamps the boxes, appends the
// certificate, PAdES-signs); the wiring hands the real one in, tests a double.
export type { PdfSealer, SealInput } from "../seal/index.ts";

/**
 * A test double, not a sealer: returns the original with a trailing PDF comment naming the
 * envelope and its signers, so tests can tell what it was given. Never wired in production.
 */
export function createCopyingSealerForTests(): PdfSealer & { calls: SealInput[] } {
  const calls: SealInput[] = [];
  return {
    calls,
    async seal(input) {
      calls.push(input);
      const names = input.signatures.map((s) => s.fullName).join(", ");
      const note = new TextEncoder().encode(
        `\n% sealed-for-tests envelope ${input.certificate.envelopeId}: ${names}\n`,
      );
      const out = new Uint8Array(input.original.length + note.length);
      out.set(input.original);
      out.set(note, input.original.length);
      return out;
    },
  };
}
