import { CONSOLE_MESSAGES, type StaffAccount, type StaffRole } from "@precedent/contracts";
import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { hashPassword } from "../auth/index.ts";
import { recordAction } from "./audit.ts";
import { type StaffFacts, staffAbilities, staffChangeRefusal } from "./policy.ts";
import { type StaffAccountRow, staffAccounts, staffSessions } from "./schema.ts";

/** What the audit log keeps of an account: never its password hash or secret. */
const auditedOf = (row: StaffAccountRow) => ({
  email: row.email,
  name: row.name,
  role: row.role,
  active: row.active,
});

const activeAdministratorCount = async (db: Database) => {
  const [counted] = await db
    .select({ n: count() })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.role, "administrator"), eq(staffAccounts.active, true)));
  return counted?.n ?? 0;
};

const toStaffAccount = (actor: StaffFacts, row: StaffAccountRow, administrators: number): StaffAccount => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  active: row.active,
  two_factor_on: row.totpConfirmedAt !== null,
  created_at: row.createdAt.toISOString(),
  abilities: staffAbilities(actor, row, administrators),
});

/** Creates a staff account (the first administrator's tool, and an administrator in the console). */
export async function insertStaff(
  tx: Database,
  clock: Clock,
  input: { email: string; name: string; role: StaffRole; password: string },
): Promise<StaffAccountRow> {
  const passwordHash = await hashPassword(input.password);
  const now = clock();
  const [row] = await tx
    .insert(staffAccounts)
    .values({
      email: input.email,
      name: input.name,
      role: input.role,
      passwordHash,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(409, CONSOLE_MESSAGES.emailTaken);
  return row;
}

export function createStaffAdmin(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async list(actor: StaffFacts): Promise<StaffAccount[]> {
      const administrators = await activeAdministratorCount(db);
      const rows = await db
        .select()
        .from(staffAccounts)
        .orderBy(asc(staffAccounts.name), asc(staffAccounts.id));
      return rows.map((row) => toStaffAccount(actor, row, administrators));
    },

    async add(
      actor: StaffFacts,
      input: { email: string; name: string; role: StaffRole; password: string },
    ): Promise<StaffAccount> {
      const row = await db.transaction(async (tx) => {
        const added = await insertStaff(tx, clock, input);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "staff.added",
          target: `staff:${added.id}`,
          before: null,
          after: auditedOf(added),
        });
        return added;
      });
      return toStaffAccount(actor, row, await activeAdministratorCount(db));
    },

    /**
     * A new role or active state. Every active administrator's row is locked first, so two
     * administrators demoting each other at once take turns and the second sees it would leave
     * none. Deactivating ends the account's console sessions at once.
     */
    async change(
      actor: StaffFacts,
      staffId: number,
      change: { role?: StaffRole | undefined; active?: boolean | undefined },
    ): Promise<StaffAccount> {
      const wanted = {
        ...(change.role !== undefined ? { role: change.role } : {}),
        ...(change.active !== undefined ? { active: change.active } : {}),
      };
      const { row, administrators } = await db.transaction(async (tx) => {
        const admins = await tx
          .select({ id: staffAccounts.id })
          .from(staffAccounts)
          .where(and(eq(staffAccounts.role, "administrator"), eq(staffAccounts.active, true)))
          // NO KEY UPDATE: changes to administrators take turns, while other staff's audit entries
          // (which reference their accounts' keys) are written meanwhile.
          .for("no key update");
        const [before] = await tx
          .select()
          .from(staffAccounts)
          .where(eq(staffAccounts.id, staffId))
          .for("no key update");
        if (!before) throw notFound(CONSOLE_MESSAGES.staffNotFound);
        const refusal = staffChangeRefusal(actor, before, wanted, admins.length);
        if (refusal) throw new AppError(409, refusal);
        const [after] = await tx
          .update(staffAccounts)
          .set({ ...wanted, updatedAt: clock() })
          .where(eq(staffAccounts.id, staffId))
          .returning();
        if (!after) throw notFound(CONSOLE_MESSAGES.staffNotFound);
        if (!after.active) await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "staff.changed",
          target: `staff:${staffId}`,
          before: auditedOf(before),
          after: auditedOf(after),
        });
        return { row: after, administrators: await activeAdministratorCount(tx) };
      });
      return toStaffAccount(actor, row, administrators);
    },
  };
}
