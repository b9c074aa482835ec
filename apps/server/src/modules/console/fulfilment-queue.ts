import {
  CONSOLE_MESSAGES,
  type FulfilmentQueueFilter,
  type FulfilmentQueueRow,
  type FulfilmentStaffStatus,
  type FulfilmentStatus,
  fulfilmentStatusLabel,
} from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import {
  advanceRequest,
  type StaffQueueItem,
  staffQueueItem,
  staffQueuePage,
  staffStepsFrom,
} from "../fulfilment/index.ts";
import { firmNamedLike, firmNames } from "../teams/index.ts";
import type { UsersService } from "../users/index.ts";
import { recordAction } from "./audit.ts";
import { mayTakeFulfilmentRequest, mayUse, type StaffFacts } from "./policy.ts";
import { assignedCondition, assigneesOf as queueAssignees } from "./queue-assignments.ts";
import { queueAssignments, staffAccounts } from "./schema.ts";

/**
 * The fulfilment queue (issue 37 item 7): legal-review and hard-copy requests across firms, who
 * has taken each, and the team's steps. The steps and the states they go from are the
 * fulfilment module's (`advanceRequest`): this only asks for them and records them.
 */
const QUEUE = "fulfilment";
const PAGE_SIZE = 20;
const OPEN: FulfilmentStatus[] = ["paid", "in_progress"];

/** What the audit log keeps of a request: its state, not the customer's address. */
const auditedOf = (item: StaffQueueItem, assigneeId: number | null) => ({
  status: item.status,
  assignee_id: assigneeId,
});

export function createFulfilmentQueue(deps: {
  db: Database;
  clock: Clock;
  users: Pick<UsersService, "findById">;
}) {
  const { db, clock, users } = deps;

  const assigneesOf = (tx: Database, ids: number[]) => queueAssignees(tx, QUEUE, ids);

  async function rowOf(
    actor: StaffFacts,
    item: StaffQueueItem,
    assignee: { id: number; name: string } | undefined,
    firmName?: string,
  ): Promise<FulfilmentQueueRow> {
    const customer = await users.findById(item.requestedBy);
    const firm = firmName ?? (await firmNames(db, [item.teamId])).get(item.teamId) ?? "";
    const mayWork = mayUse(actor.role, "fulfilment");
    return {
      id: item.id,
      kind: item.kind,
      status: item.status,
      status_label: fulfilmentStatusLabel(item.kind, item.status),
      team_id: item.teamId,
      firm_name: firm,
      doc_id: item.docId,
      doc_name: item.docName,
      order_id: item.orderId,
      customer_name: customer ? `${customer.firstName} ${customer.lastName}`.trim() : "",
      customer_email: customer?.email ?? "",
      total: item.totalCents,
      note: item.note,
      copies: item.copies,
      shipping_label: item.shippingLabel,
      address: item.address,
      created_at: item.createdAt.toISOString(),
      paid_at: item.paidAt?.toISOString() ?? null,
      updated_at: item.updatedAt.toISOString(),
      assignee: assignee ?? null,
      abilities: { assign: mayWork, move_to: mayWork ? staffStepsFrom(item.status) : [] },
    };
  }

  async function current(tx: Database, requestId: number, lock: boolean) {
    const item = await staffQueueItem(tx, requestId, lock);
    if (!item) throw notFound(CONSOLE_MESSAGES.requestNotFound);
    const assignee = (await assigneesOf(tx, [requestId])).get(requestId);
    return { item, assignee };
  }

  return {
    async page(actor: StaffFacts, query: FulfilmentQueueFilter) {
      const statuses =
        query.status === "all"
          ? undefined
          : query.status === "open"
            ? OPEN
            : [query.status as FulfilmentStatus];
      const { rows, total } = await staffQueuePage(db, {
        statuses,
        kind: query.kind,
        where: ({ teamId, id }) =>
          and(
            query.firm ? firmNamedLike(db, query.firm)(teamId) : undefined,
            assignedCondition(db, QUEUE, actor, query, id),
          ),
        page: query.page,
        pageSize: PAGE_SIZE,
      });
      const assignees = await assigneesOf(
        db,
        rows.map((r) => r.id),
      );
      const firms = await firmNames(
        db,
        rows.map((r) => r.teamId),
      );
      return {
        rows: await Promise.all(
          rows.map((item) => rowOf(actor, item, assignees.get(item.id), firms.get(item.teamId) ?? "")),
        ),
        page: query.page,
        total_page: Math.max(1, Math.ceil(total / PAGE_SIZE)),
        total_record: total,
      };
    },

    /** Gives the request to a staff member who may work the queue, or to nobody. */
    async assign(actor: StaffFacts, requestId: number, staffId: number | null): Promise<FulfilmentQueueRow> {
      const { item, assignee } = await db.transaction(async (tx) => {
        const before = await current(tx, requestId, true);
        if (staffId !== null) {
          const [assignee] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, staffId));
          if (!assignee || !mayTakeFulfilmentRequest(assignee))
            throw new AppError(409, CONSOLE_MESSAGES.assigneeNotAllowed);
          await tx
            .insert(queueAssignments)
            .values({ queue: QUEUE, itemId: requestId, staffId, assignedAt: clock() })
            .onConflictDoUpdate({
              target: [queueAssignments.queue, queueAssignments.itemId],
              set: { staffId, assignedAt: clock() },
            });
        } else {
          await tx
            .delete(queueAssignments)
            .where(and(eq(queueAssignments.queue, QUEUE), eq(queueAssignments.itemId, requestId)));
        }
        const after = await current(tx, requestId, false);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "fulfilment.assigned",
          target: `fulfilment_request:${requestId}`,
          before: auditedOf(before.item, before.assignee?.id ?? null),
          after: auditedOf(after.item, after.assignee?.id ?? null),
        });
        return after;
      });
      return rowOf(actor, item, assignee);
    },

    /** The team's step, as the fulfilment module allows it from the request's status now. */
    async move(
      actor: StaffFacts,
      requestId: number,
      status: FulfilmentStaffStatus,
    ): Promise<FulfilmentQueueRow> {
      const { item, assignee } = await db.transaction(async (tx) => {
        const before = await current(tx, requestId, true);
        const moved = await advanceRequest(tx, clock, requestId, status);
        if (!moved)
          throw new AppError(
            409,
            CONSOLE_MESSAGES.cannotMove(
              fulfilmentStatusLabel(before.item.kind, before.item.status).toLowerCase(),
              fulfilmentStatusLabel(before.item.kind, status).toLowerCase(),
            ),
          );
        const after = await current(tx, requestId, false);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "fulfilment.status_changed",
          target: `fulfilment_request:${requestId}`,
          before: auditedOf(before.item, before.assignee?.id ?? null),
          after: auditedOf(after.item, after.assignee?.id ?? null),
        });
        return after;
      });
      return rowOf(actor, item, assignee);
    },
  };
}

export type FulfilmentQueue = ReturnType<typeof createFulfilmentQueue>;
