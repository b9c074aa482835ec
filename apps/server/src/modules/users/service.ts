import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type UserRow, users } from "./schema.ts";

export type UsersService = ReturnType<typeof createUsersService>;

/** The name shown for a user: their display name, else first and last name, else email. */
export const displayNameOf = (u: Pick<UserRow, "displayName" | "firstName" | "lastName" | "email">) =>
  u.displayName || `${u.firstName} ${u.lastName}`.trim() || u.email;

/** The signed-in user's own details (GET /users/me without the firms). */
export const profileOf = (user: UserRow) => ({
  id: user.id,
  email: user.email,
  name: displayNameOf(user),
  first_name: user.firstName,
  last_name: user.lastName,
});

export function createUsersService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async findByEmail(email: string) {
      const [user] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
      return user;
    },

    /** Names and emails of several users, for lists of members. */
    async summaries(userIds: number[]) {
      if (userIds.length === 0) return new Map<number, { name: string; email: string }>();
      // Only what a name needs: lists and trees ask for this on every build, and a password hash
      // has no business in a list's memory.
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          displayName: users.displayName,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(users)
        .where(inArray(users.id, userIds));
      return new Map(rows.map((u) => [u.id, { name: displayNameOf(u), email: u.email }]));
    },
  };
}
