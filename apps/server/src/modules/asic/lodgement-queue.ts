import type { AsicStatus } from "@precedent/contracts";
import { and, count, desc, eq, inArray, isNotNull, lt, or, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { asicApplications } from "./schema.ts";

/**
 * Lodgements that need a person (issue 37 item 7), across firms: stuck (lodged and no decision
 * past `LODGEMENT_STUCK_AFTER_MS`), rejected or not processed, or in ASIC's manual review. What
 * staff may do to one is this module's rule (`lodgementRetryOf`), never the console's.
 */

/** ASIC decides most registrations within the hour; a day without its answer needs a look. */
export const LODGEMENT_STUCK_AFTER_MS = 24 * 60 * 60_000;

/** Why a lodgement is in the queue. */
export type LodgementTrouble = "stuck" | "rejected" | "manual_review";

/**
 * The retry a lodgement allows, or null. An unconfirmed lodgement (claimed, no receipt recorded)
 * is finished with its own reference: found at the regulator and recorded, or sent once. One
 * lodged and waiting has ASIC asked for its decision now. Anything decided (registered, refused,
 * rejected, in manual review) is not lodged again from here: a rejected application is the
 * firm's to correct and submit again, and ASIC's manual review is ASIC's.
 */
export type LodgementRetry = "finish_sending" | "ask_for_decision";
export function lodgementRetryOf(row: {
  asicStatus: AsicStatus | null;
  lodgementNumber: string | null;
  clientReference: string | null;
}): LodgementRetry | null {
  if (row.asicStatus !== "INPR") return null;
  if (row.lodgementNumber) return "ask_for_decision";
  return row.clientReference ? "finish_sending" : null;
}

export const troubleOf = (status: AsicStatus | null): LodgementTrouble =>
  status === "MANL" ? "manual_review" : status === "INPR" ? "stuck" : "rejected";

/** What the queue shows of a lodgement. */
export type LodgementInQueue = {
  docId: number;
  teamId: number;
  companyName: string | null;
  asicStatus: AsicStatus | null;
  lodgementNumber: string | null;
  clientReference: string | null;
  lodgedAt: Date | null;
  updatedAt: Date;
};

const columns = {
  docId: asicApplications.docId,
  teamId: asicApplications.teamId,
  lodgedApplication: asicApplications.lodgedApplication,
  asicStatus: asicApplications.asicStatus,
  lodgementNumber: asicApplications.lodgementNumber,
  clientReference: asicApplications.clientReference,
  lodgedAt: asicApplications.lodgedAt,
  updatedAt: asicApplications.updatedAt,
};

type Selected = Pick<typeof asicApplications.$inferSelect, keyof typeof columns>;

const inQueue = (row: Selected): LodgementInQueue => ({
  docId: row.docId,
  teamId: row.teamId,
  companyName: row.lodgedApplication?.proposedName
    ? `${row.lodgedApplication.proposedName} ${row.lodgedApplication.legalElement}`.trim()
    : null,
  asicStatus: row.asicStatus,
  lodgementNumber: row.lodgementNumber,
  clientReference: row.clientReference,
  lodgedAt: row.lodgedAt,
  updatedAt: row.updatedAt,
});

/** Lodgements needing a person now, the longest waiting first. */
export async function lodgementsNeedingPerson(
  db: Database,
  query: {
    now: Date;
    trouble?: LodgementTrouble | undefined;
    /** The caller's own narrowing (firm by name, who took it), on the firm and document columns. */
    where?: ((cols: { teamId: AnyPgColumn; docId: AnyPgColumn }) => SQL | undefined) | undefined;
    page: number;
    pageSize: number;
  },
) {
  const stuckSince = new Date(query.now.getTime() - LODGEMENT_STUCK_AFTER_MS);
  const stuck = and(
    eq(asicApplications.asicStatus, "INPR"),
    isNotNull(asicApplications.lodgedAt),
    lt(asicApplications.lodgedAt, stuckSince),
  );
  const troubles = {
    stuck,
    rejected: inArray(asicApplications.asicStatus, ["REJT", "NOTR"]),
    manual_review: eq(asicApplications.asicStatus, "MANL"),
  } satisfies Record<LodgementTrouble, unknown>;
  const where = and(
    query.trouble ? troubles[query.trouble] : or(...Object.values(troubles)),
    query.where?.({ teamId: asicApplications.teamId, docId: asicApplications.docId }),
  );
  const [counted] = await db.select({ n: count() }).from(asicApplications).where(where);
  const rows = await db
    .select(columns)
    .from(asicApplications)
    .where(where)
    .orderBy(desc(asicApplications.updatedAt), desc(asicApplications.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows: rows.map(inQueue), total: counted?.n ?? 0 };
}

/** One lodgement as the queue shows it, whatever its state now; undefined when there is none. */
export async function lodgementInQueue(db: Database, docId: number) {
  const [row] = await db.select(columns).from(asicApplications).where(eq(asicApplications.docId, docId));
  return row ? inQueue(row) : undefined;
}
