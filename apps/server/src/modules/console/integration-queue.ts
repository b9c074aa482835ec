import {
  type FailingIntegrationRow,
  type FailingIntegrationsQuery,
  INTEGRATION_QUEUE_MESSAGES,
} from "@precedent/contracts";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { FailingIntegration, IntegrationsService } from "../integrations/index.ts";
import { firmNamedLike, firmNames } from "../teams/index.ts";
import type { UsersService } from "../users/index.ts";
import { auditEntriesOn, recordAction } from "./audit.ts";
import { mayUse, type StaffFacts } from "./policy.ts";
import { assignedCondition, assigneesOf, assignItem } from "./queue-assignments.ts";

/**
 * Integrations failing (issue 37 item 7): connections whose tokens could not be renewed and
 * documents whose sync failed, across firms. The list and the retries are the integrations
 * module's own (`failingPage`, `retryFailingConnection`, `retryFailedSync`); notes and "contacted"
 * are entries of the append-only audit log, which keeps who and when, as the lodgement queue's.
 */
const PAGE_SIZE = 20;
const NOTED = "integration.noted";
type Kind = FailingIntegration["kind"];
const targetOf = (kind: Kind, id: number) => `integration_${kind}:${id}`;
/** Each kind's items are taken in their own queue of `queue_assignments` (their ids are apart). */
const queueOf = (kind: Kind) => `integration_${kind}`;
type Filter = z.output<typeof FailingIntegrationsQuery>;

export type IntegrationQueuePorts = Pick<
  IntegrationsService,
  "failingPage" | "failingItem" | "retryFailingConnection" | "retryFailedSync" | "retryFailedImport"
>;

/** What the audit log keeps of a failing item: its state and error, not the person's details. */
const auditedOf = (item: FailingIntegration | null | undefined) =>
  item
    ? {
        kind: item.kind,
        app: item.app,
        problem: item.problem,
        what: item.what,
        last_error: item.lastError,
        team_id: item.teamId,
      }
    : null;

export function createIntegrationQueue(deps: {
  db: Database;
  clock: Clock;
  users: Pick<UsersService, "summaries">;
  jobs: { wake(): void };
  integrations: () => IntegrationQueuePorts;
}) {
  const { db, clock } = deps;

  /** The notes made since each item began failing, oldest first. */
  async function notesOf(items: FailingIntegration[]) {
    const notes = new Map<string, FailingIntegrationRow["notes"]>();
    const since = new Map(items.map((i) => [targetOf(i.kind, i.id), i.since]));
    for (const row of await auditEntriesOn(db, NOTED, [...since.keys()])) {
      // A connection that failed before, was renewed and fails again starts with no notes.
      if (row.at < (since.get(row.target) ?? row.at)) continue;
      const after = row.after as { note?: string; contacted?: boolean } | null;
      notes.set(row.target, [
        ...(notes.get(row.target) ?? []),
        {
          at: row.at.toISOString(),
          staff_name: row.staffName,
          note: after?.note ?? "",
          contacted: after?.contacted === true,
        },
      ]);
    }
    return notes;
  }

  async function rowsOf(actor: StaffFacts, items: FailingIntegration[]): Promise<FailingIntegrationRow[]> {
    const notes = await notesOf(items);
    const people = await deps.users.summaries([...new Set(items.map((i) => i.userId))]);
    const firms = await firmNames(
      db,
      items.map((i) => i.teamId),
    );
    const assignees = new Map(
      await Promise.all(
        (["connection", "sync", "import"] as const).map(
          async (kind) =>
            [
              kind,
              await assigneesOf(
                db,
                queueOf(kind),
                items.filter((i) => i.kind === kind).map((i) => i.id),
              ),
            ] as const,
        ),
      ),
    );
    const mayWork = mayUse(actor.role, "queues");
    return items.map((item) => {
      const itemNotes = notes.get(targetOf(item.kind, item.id)) ?? [];
      const contacted = itemNotes.filter((n) => n.contacted).at(-1);
      const person = people.get(item.userId);
      return {
        kind: item.kind,
        id: item.id,
        firm: { id: item.teamId, name: firms.get(item.teamId) ?? "" },
        person: { id: item.userId, name: person?.name ?? "", email: person?.email ?? "" },
        app: item.app,
        app_name: item.appName,
        problem: item.problem,
        since: item.since.toISOString(),
        last_error: item.lastError,
        doc_id: item.docId,
        file_name: item.fileName,
        what: item.what,
        attempts: item.attempts,
        contacted_at: contacted?.at ?? null,
        notes: itemNotes,
        assignee: assignees.get(item.kind)?.get(item.id) ?? null,
        abilities: { retry: mayWork && item.retryable, note: mayWork, assign: mayWork },
      };
    });
  }

  async function rowOf(actor: StaffFacts, kind: Kind, id: number) {
    const item = await deps.integrations().failingItem(kind, id);
    return item ? ((await rowsOf(actor, [item]))[0] ?? null) : null;
  }

  /** A connection's renewal asked of the app again; recorded whatever the app answers. */
  async function retryConnection(actor: StaffFacts, id: number) {
    const done = await deps.integrations().retryFailingConnection(id);
    if (done.refused !== null) throw notFound(INTEGRATION_QUEUE_MESSAGES.notFound);
    await recordAction(db, clock, {
      staffId: actor.id,
      action: "integration.retried",
      target: targetOf("connection", id),
      before: auditedOf(done.before),
      after: { ...(auditedOf(done.after) ?? { problem: null }), outcome: done.outcome },
    });
    if (done.outcome === "refused") throw new AppError(409, INTEGRATION_QUEUE_MESSAGES.renewalRefused);
    if (done.outcome === "unavailable")
      throw new AppError(502, INTEGRATION_QUEUE_MESSAGES.renewalUnavailable);
    return { outcome: "renewed" as const, row: await rowOf(actor, "connection", id) };
  }

  /** A failed sync queued again with its audit entry, in one transaction. */
  async function retrySync(actor: StaffFacts, id: number) {
    await db.transaction(async (tx) => {
      const done = await deps.integrations().retryFailedSync(tx, id);
      if (done.refused === "connection_not_working")
        throw new AppError(409, INTEGRATION_QUEUE_MESSAGES.connectionNotWorking);
      if (done.refused !== null) throw notFound(INTEGRATION_QUEUE_MESSAGES.notFound);
      await recordAction(tx, clock, {
        staffId: actor.id,
        action: "integration.retried",
        target: targetOf("sync", id),
        before: auditedOf(done.before),
        after: { ...auditedOf(done.before), problem: null, outcome: "queued" },
      });
    });
    deps.jobs.wake();
    return { outcome: "queued" as const, row: await rowOf(actor, "sync", id) };
  }

  /** A failed import queued again with its audit entry, in one transaction, as a sync is. */
  async function retryImport(actor: StaffFacts, id: number) {
    await db.transaction(async (tx) => {
      const done = await deps.integrations().retryFailedImport(tx, id);
      if (done.refused === "connection_not_working")
        throw new AppError(409, INTEGRATION_QUEUE_MESSAGES.importConnectionNotWorking);
      if (done.refused !== null) throw notFound(INTEGRATION_QUEUE_MESSAGES.notFound);
      await recordAction(tx, clock, {
        staffId: actor.id,
        action: "integration.retried",
        target: targetOf("import", id),
        before: auditedOf(done.before),
        after: { ...auditedOf(done.before), problem: null, outcome: "queued" },
      });
    });
    deps.jobs.wake();
    return { outcome: "queued" as const, row: await rowOf(actor, "import", id) };
  }

  return {
    /** A page of what fails now, narrowed in SQL by problem, app, firm and who has taken each. */
    async page(actor: StaffFacts, query: Filter) {
      const { rows, total } = await deps.integrations().failingPage({
        page: query.page,
        pageSize: PAGE_SIZE,
        problem: query.problem,
        app: query.app,
        team: query.firm ? firmNamedLike(db, query.firm) : undefined,
        item: (kind, id) => assignedCondition(db, queueOf(kind), actor, query, id),
      });
      return {
        rows: await rowsOf(actor, rows),
        page: query.page,
        total_page: Math.max(1, Math.ceil(total / PAGE_SIZE)),
        total_record: total,
      };
    },

    retry: (actor: StaffFacts, kind: Kind, id: number) =>
      kind === "connection"
        ? retryConnection(actor, id)
        : kind === "sync"
          ? retrySync(actor, id)
          : retryImport(actor, id),

    /**
     * Gives a failing item to a staff member who may work the queues, or to nobody (audited with
     * who had it before and after). Only an item failing now can be taken.
     */
    async assign(actor: StaffFacts, kind: Kind, id: number, staffId: number | null) {
      const item = await deps.integrations().failingItem(kind, id);
      if (!item) throw notFound(INTEGRATION_QUEUE_MESSAGES.notFound);
      await db.transaction(async (tx) => {
        const { before, after } = await assignItem(tx, clock, { queue: queueOf(kind), itemId: id, staffId });
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: "integration.assigned",
          target: targetOf(kind, id),
          before: { ...auditedOf(item), assignee_id: before?.id ?? null },
          after: { ...auditedOf(item), assignee_id: after?.id ?? null },
        });
      });
      const row = await rowOf(actor, kind, id);
      if (!row) throw notFound(INTEGRATION_QUEUE_MESSAGES.notFound);
      return row;
    },

    /** A note for the next person, optionally that the firm was contacted: kept in the audit log. */
    async note(actor: StaffFacts, kind: Kind, id: number, body: { note: string; contacted: boolean }) {
      const item = await deps.integrations().failingItem(kind, id);
      if (!item) throw notFound(INTEGRATION_QUEUE_MESSAGES.notFound);
      await recordAction(db, clock, {
        staffId: actor.id,
        action: NOTED,
        target: targetOf(kind, id),
        before: auditedOf(item),
        after: { ...auditedOf(item), note: body.note, contacted: body.contacted },
      });
      const row = await rowOf(actor, kind, id);
      if (!row) throw notFound(INTEGRATION_QUEUE_MESSAGES.notFound);
      return row;
    },
  };
}
export type IntegrationQueue = ReturnType<typeof createIntegrationQueue>;
