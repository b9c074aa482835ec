import { createHash, randomBytes } from "node:crypto";
import { createSecretBox } from "../../platform/secrets/secret-box.ts";

/**
 * A recipient's private signing link carries a token: 32 random bytes, base64url (43 characters).
 * A link is looked up by the token's SHA-256 (`signing_recipients.token_hash`) alone. A fast hash is
 * right here: the token has 256 bits of entropy, so there is nothing to guess that a slow hash would
 * protect.
 *
 * The product also has to send the same link again (reminders, "your turn" emails): a new link
 * each time would leave a recipient with several mails of which only the newest works. So the token
 * is also kept sealed (`token_sealed`, AES-256-GCM under SECRET_KEY, bound to the hash): a copy of
 * the database alone still holds no working link.
 */
export function newSigningToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashSigningToken(token) };
}

export function hashSigningToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Seals and opens signing tokens; a sealed token opens only beside the hash it was sealed with. */
export function createSigningLinkBox(secretKey: string) {
  const box = createSecretBox(secretKey, "signing links");
  return {
    seal: (token: string, tokenHash: string) => box.seal(token, `signing-link:${tokenHash}`),
    /** The token, or null when there is none kept (older links) or it does not open. */
    open(recipient: { tokenSealed: string | null; tokenHash: string }): string | null {
      if (!recipient.tokenSealed) return null;
      try {
        const token = box.open(recipient.tokenSealed, `signing-link:${recipient.tokenHash}`);
        return hashSigningToken(token) === recipient.tokenHash ? token : null;
      } catch {
        return null;
      }
    },
  };
}
export type SigningLinkBox = ReturnType<typeof createSigningLinkBox>;
