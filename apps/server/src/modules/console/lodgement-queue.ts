import {
  ASIC_LODGEMENT_FORM_LABELS,
  ASIC_STATUS_NAMES,
  ASIC_STATUS_NOT_STARTED,
  type LodgementQueueFilter,
  type LodgementQueueRow,
  QUEUE_MESSAGES,
} from "@precedent/contracts";
import { and } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import {
  type AsicRegistration,
  type LodgementInQueue,
  lodgementInQueue,
  lodgementRetryOf,
  lodgementsNeedingPerson,
  troubleOf,
} from "../asic/index.ts";
import { firmNamedLike, firmNames } from "../teams/index.ts";
import { auditEntriesOn, recordAction } from "./audit.ts";
import { mayUse, type StaffFacts } from "./policy.ts";
import { type Assignee, assignedCondition, assigneesOf, assignItem } from "./queue-assignments.ts";

/**
 * ASIC lodgements that need a person (issue 37 item 7): stuck, rejected or in manual review,
 * across firms. A retry is the ASIC module's own (`retryLodgement`, only where its rules allow
 * one: never a second lodgement); a note is an entry of the audit log, which keeps who and when.
 */
const PAGE_SIZE = 20;
const QUEUE = "lodgement";
const NOTED = "lodgement.noted";
const targetOf = (docId: number) => `asic_lodgement:${docId}`;

/** What the audit log keeps of a lodgement: its state, not what was lodged. */
const auditedOf = (lodgement: LodgementInQueue | undefined) =>
  lodgement
    ? {
        asic_status: lodgement.asicStatus,
        lodgement_number: lodgement.lodgementNumber,
        receipt_recorded: lodgement.lodgementNumber !== null,
      }
    : null;

export function createLodgementQueue(deps: {
  db: Database;
  clock: Clock;
  lodgements: () => Pick<AsicRegistration, "retryLodgement">;
}) {
  const { db, clock } = deps;

  /** The notes on these lodgements, oldest first. */
  async function notesOf(docIds: number[]) {
    const notes = new Map<number, LodgementQueueRow["notes"]>();
    for (const row of await auditEntriesOn(db, NOTED, docIds.map(targetOf))) {
      const docId = Number(row.target.split(":")[1]);
      const note = (row.after as { note?: string } | null)?.note ?? "";
      notes.set(docId, [
        ...(notes.get(docId) ?? []),
        { at: row.at.toISOString(), staff_name: row.staffName, note },
      ]);
    }
    return notes;
  }

  const rowOf = (
    actor: StaffFacts,
    lodgement: LodgementInQueue,
    notes: LodgementQueueRow["notes"],
    firmName: string,
    assignee: Assignee | null,
  ): LodgementQueueRow => {
    const mayWork = mayUse(actor.role, "queues");
    return {
      doc_id: lodgement.docId,
      team_id: lodgement.teamId,
      firm_name: firmName,
      company_name: lodgement.companyName,
      asic_status: lodgement.asicStatus,
      asic_status_name: lodgement.asicStatus
        ? ASIC_STATUS_NAMES[lodgement.asicStatus]
        : ASIC_STATUS_NOT_STARTED,
      trouble: troubleOf(lodgement.asicStatus),
      // Every lodgement the product makes is a company's registration.
      form: "201",
      form_label: ASIC_LODGEMENT_FORM_LABELS["201"],
      assignee,
      lodgement_number: lodgement.lodgementNumber,
      lodged_at: lodgement.lodgedAt?.toISOString() ?? null,
      updated_at: lodgement.updatedAt.toISOString(),
      notes,
      abilities: { retry: mayWork && lodgementRetryOf(lodgement) !== null, note: mayWork, assign: mayWork },
    };
  };

  /** The rows of these lodgements, with their notes, firms' names and who has taken each. */
  async function rowsOf(actor: StaffFacts, lodgements: LodgementInQueue[]) {
    const docIds = lodgements.map((r) => r.docId);
    const [notes, firms, assignees] = await Promise.all([
      notesOf(docIds),
      firmNames(
        db,
        lodgements.map((r) => r.teamId),
      ),
      assigneesOf(db, QUEUE, docIds),
    ]);
    return lodgements.map((lodgement) =>
      rowOf(
        actor,
        lodgement,
        notes.get(lodgement.docId) ?? [],
        firms.get(lodgement.teamId) ?? "",
        assignees.get(lodgement.docId) ?? null,
      ),
    );
  }

  async function one(actor: StaffFacts, docId: number) {
    const lodgement = await lodgementInQueue(db, docId);
    if (!lodgement) throw notFound(QUEUE_MESSAGES.lodgementNotFound);
    const [row] = await rowsOf(actor, [lodgement]);
    if (!row) throw notFound(QUEUE_MESSAGES.lodgementNotFound);
    return row;
  }

  return {
    /** A page of the queue, narrowed in SQL by trouble, form, firm and who has taken each. */
    async page(actor: StaffFacts, query: LodgementQueueFilter) {
      const { rows, total } = await lodgementsNeedingPerson(db, {
        trouble: query.trouble,
        // Every lodgement is of Form 201 (the only form lodged): `form` narrows nothing yet.
        where: ({ teamId, docId }) =>
          and(
            query.firm ? firmNamedLike(db, query.firm)(teamId) : undefined,
            assignedCondition(db, QUEUE, actor, query, docId),
          ),
        page: query.page,
        now: clock(),
        pageSize: PAGE_SIZE,
      });
      return {
        rows: await rowsOf(actor, rows),
        page: query.page,
        total_page: Math.max(1, Math.ceil(total / PAGE_SIZE)),
        total_record: total,
      };
    },

    /**
     * Retries as the ASIC module allows; refused (and nothing asked of ASIC) where it allows none.
     * The regulator is asked outside any transaction, so the entry is written after, with the
     * lodgement as it was and as it is; a failed ask is recorded too, then reported.
     */
    async retry(actor: StaffFacts, docId: number) {
      const before = await lodgementInQueue(db, docId);
      if (!before) throw notFound(QUEUE_MESSAGES.lodgementNotFound);
      if (lodgementRetryOf(before) === null) throw new AppError(409, QUEUE_MESSAGES.lodgementNoRetry);
      let failed = false;
      let retry: string | null = null;
      try {
        retry = await deps.lodgements().retryLodgement(docId);
      } catch {
        failed = true;
      }
      const after = await lodgementInQueue(db, docId);
      await recordAction(db, clock, {
        staffId: actor.id,
        action: "lodgement.retried",
        target: targetOf(docId),
        before: auditedOf(before),
        after: { ...auditedOf(after), retry, outcome: failed ? "regulator_failed" : "done" },
      });
      if (failed) throw new AppError(502, QUEUE_MESSAGES.lodgementRetryFailed);
      if (retry === null) throw new AppError(409, QUEUE_MESSAGES.lodgementNoRetry);
      return one(actor, docId);
    },

    /**
     * Gives the lodgement to a staff member who may work the queues, or to nobody (audited with
     * who had it before and after). Only a lodgement in the queue's table can be taken.
     */
    async assign(actor: StaffFacts, docId: number, staffId: number | null) {
      const lodgement = await lodgementInQueue(db, docId);
      if (!lodgement) throw notFound(QUEUE_MESSAGES.lodgementNotFound);
      await db.transaction(async (tx) => {
        const { before, after } = await assignItem(tx, clock, { queue: QUEUE, itemId: docId, staffId });
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "lodgement.assigned",
          target: targetOf(docId),
          before: { ...auditedOf(lodgement), assignee_id: before?.id ?? null },
          after: { ...auditedOf(lodgement), assignee_id: after?.id ?? null },
        });
      });
      return one(actor, docId);
    },

    /** A note on the lodgement for the next person: kept in the audit log with who and when. */
    async note(actor: StaffFacts, docId: number, note: string) {
      const lodgement = await lodgementInQueue(db, docId);
      if (!lodgement) throw notFound(QUEUE_MESSAGES.lodgementNotFound);
      await recordAction(db, clock, {
        staffId: actor.id,
        action: NOTED,
        target: targetOf(docId),
        before: auditedOf(lodgement),
        after: { ...auditedOf(lodgement), note },
      });
      return one(actor, docId);
    },
  };
}
