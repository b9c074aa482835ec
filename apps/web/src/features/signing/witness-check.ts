import { WITNESS_IS_SIGNER } from "@precedent/contracts";

/** As the server compares them: without case, accents, punctuation or repeated spaces. */
const nameKey = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
const emailKey = (email: string) => email.normalize("NFKC").trim().toLowerCase();

/**
 * The wizard's early word on the witness rule (the server decides): a witness who has a signer's
 * name or email is refused, with the server's message.
 */
export function witnessProblem(
  witness: { name: string; email: string },
  signers: { name: string; email: string }[],
): string | null {
  const name = nameKey(witness.name);
  const email = emailKey(witness.email);
  const clash = signers.some(
    (s) => (name !== "" && nameKey(s.name) === name) || (email !== "" && emailKey(s.email) === email),
  );
  return clash ? WITNESS_IS_SIGNER(witness.name.trim() || witness.email.trim() || "This witness") : null;
}
