import { createHash, randomBytes } from "node:crypto";

/**
 * A recipient's private signing link carries a token: 32 random bytes, base64url (43 characters).
 * Only its SHA-256 is stored (`signing_recipients.token_hash`), so a leaked database holds no
 * working link. A fast hash is right here: the token has 256 bits of entropy, so there is nothing
 * to guess that a slow hash would protect.
 */
export function newSigningToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashSigningToken(token) };
}

export function hashSigningToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
