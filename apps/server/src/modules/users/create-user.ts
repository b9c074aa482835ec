import type { Database } from "../../db/client.ts";
import { users } from "./schema.ts";

/**
 * Creates an account in the caller's transaction, with a password already hashed. Returns
 * undefined when an account with this email (any case) exists: the unique index on the lower-cased
 * email decides, so two requests for one email make one account.
 */
export async function createUser(
  tx: Database,
  input: { email: string; passwordHash: string; firstName: string; lastName: string },
) {
  const [user] = await tx
    .insert(users)
    .values(input)
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  return user;
}
