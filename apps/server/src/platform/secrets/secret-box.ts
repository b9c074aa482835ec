import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

/**
 * Encrypts short secrets for keeping in the database (AES-256-GCM). The key is derived from the
 * server's SECRET_KEY and a `purpose` (two-factor secrets, integration tokens …), so one purpose's
 * values never open under another; each value is also bound to its owner (`context`, e.g. the user
 * id or connection id) so a value copied to another row does not decrypt there.
 */
export function createSecretBox(secretKey: string, purpose = "two-factor secrets") {
  const key = Buffer.from(hkdfSync("sha256", secretKey, "precedent", purpose, 32));
  return {
    seal(plain: string, context: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    open(sealed: string, context: string): string {
      const [version, payload = ""] = sealed.split(":");
      if (version !== VERSION) throw new Error("unknown secret format");
      const raw = Buffer.from(payload, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
