import argon2 from "argon2";

/** argon2id with the library's defaults (64 MiB, 3 passes), the OWASP-recommended baseline. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real check, for sign-ins with an unknown email, so that
 * response time does not tell which emails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("not-a-real-password-for-timing-only");
  await verifyPassword(await dummyHash, password);
  return false;
}
