import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { TwoFactorService } from "../modules/two-factor/index.ts";
import { users } from "../modules/users/index.ts";

/**
 * The demo firm with two-factor sign-in on. Its authenticator key is published (README and the
 * start-up lines), which is what makes it a demo: type it into any authenticator app, or compute
 * the code from it, to try the code step. Demo data is off by default in production (config.ts).
 */
export const DEMO_TWO_FACTOR = {
  email: "owner@secure.test",
  /** Base32, 160 bits, as an authenticator app takes it (RFC 6238 SHA-1, 6 digits, 30 s). */
  secret: "DEMO2FAPRECEDENTSECUREWEALTH2345",
} as const;

/**
 * Runs once, just after the demo data was loaded: turns two-factor on for the secure firm's owner
 * with the published key. Returns the recovery codes, printed once at that start; none when it was
 * already on.
 */
export async function turnOnDemoTwoFactor(
  services: { db: Database; twoFactor: Pick<TwoFactorService, "turnOnWithPublishedSecret"> },
  email: string = DEMO_TWO_FACTOR.email,
): Promise<string[]> {
  const [person] = await services.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!person) throw new Error(`the demo person ${email} is missing`);
  return (await services.twoFactor.turnOnWithPublishedSecret(person.id, DEMO_TWO_FACTOR.secret)) ?? [];
}
