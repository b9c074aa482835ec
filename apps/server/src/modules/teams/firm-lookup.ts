import { and, asc, eq, ilike, inArray, isNotNull, or, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { plans, teamMembers, teams } from "./schema.ts";

/**
 * Firms as the operator console finds and shows them (issue 37 item 5): across firms, since
 * staff are no firm's people. Who may read them is the console's rule; this only reads.
 */
export type FirmLookupRow = {
  id: number;
  name: string;
  abn: string;
  ownerId: number;
  planId: number;
  planName: string;
  planStatus: string;
  planEndDate: string | null;
  /** The plan's documents a year; null: no limit. */
  documentLimit: number | null;
  creditLimit: number | null;
  usedCredit: number;
  lockedAt: Date | null;
  lockReason: string | null;
  createdAt: Date;
};

const lookupColumns = {
  id: teams.id,
  name: teams.name,
  abn: teams.companyRegistrationNo,
  ownerId: teams.ownerId,
  planId: teams.planId,
  planName: plans.name,
  planStatus: teams.planStatus,
  planEndDate: teams.planEndDate,
  documentLimit: plans.documentLimit,
  creditLimit: teams.creditLimit,
  usedCredit: teams.usedCredit,
  lockedAt: teams.lockedAt,
  lockReason: teams.lockReason,
  createdAt: teams.createdAt,
};

/** `%`, `_` and `\` are taken as themselves in a search, not as LIKE's wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Firms whose name or ABN holds `text`, or whose owner is one of `ownerIds` (the people whose
 * email matched, found by the users module), by name.
 */
export async function searchFirms(
  db: Database,
  query: { text: string; ownerIds: number[]; limit: number },
): Promise<FirmLookupRow[]> {
  const pattern = likePattern(query.text);
  const digits = query.text.replace(/\s/g, "");
  const matches: SQL[] = [ilike(teams.name, pattern)];
  if (/^\d+$/.test(digits)) matches.push(ilike(teams.companyRegistrationNo, likePattern(digits)));
  if (query.ownerIds.length > 0) matches.push(inArray(teams.ownerId, query.ownerIds));
  return db
    .select(lookupColumns)
    .from(teams)
    .innerJoin(plans, eq(plans.id, teams.planId))
    .where(or(...matches))
    .orderBy(asc(teams.name), asc(teams.id))
    .limit(query.limit);
}

/** One firm and its people (with their roles), or undefined when there is no such firm. */
export async function firmWithPeople(db: Database, teamId: number, lock = false) {
  const select = db
    .select(lookupColumns)
    .from(teams)
    .innerJoin(plans, eq(plans.id, teams.planId))
    .where(eq(teams.id, teamId));
  // NO KEY UPDATE, as teams' `lockFirm`: staff changes to the firm take turns with each other and
  // with its members' changes, while rows that only reference the firm (a log, a document, an
  // order) are still written meanwhile; FOR UPDATE held up their foreign-key checks.
  const [firm] = lock ? await select.for("no key update", { of: teams }) : await select;
  if (!firm) return undefined;
  const people = await db
    .select({ userId: teamMembers.userId, role: teamMembers.role })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.userId));
  return { firm, people };
}

/** Whether a person belongs to a firm (the console acts on a firm's people only). */
export async function isFirmMember(db: Database, teamId: number, userId: number) {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row !== undefined;
}

/** Locks a firm with the reason given, or unlocks it (null), in the caller's transaction. */
export async function setFirmLock(tx: Database, teamId: number, lock: { at: Date; reason: string } | null) {
  await tx
    .update(teams)
    .set({ lockedAt: lock?.at ?? null, lockReason: lock?.reason ?? null })
    .where(eq(teams.id, teamId));
}

/**
 * The name of a locked firm the person belongs to, or null. Sign-in asks this: a locked firm's
 * people cannot sign in at all, even if they also belong to another firm (what they did in one
 * firm is why it was locked, and a session is the person's, not one firm's).
 */
export async function lockedFirmOf(db: Database, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), isNotNull(teams.lockedAt)))
    .limit(1);
  return row?.name ?? null;
}
