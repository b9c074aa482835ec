import {
  FailingIntegrationRowResponse,
  FailingIntegrationsResponse,
  INTEGRATION_QUEUE_MESSAGES,
  LodgementQueueResponse,
  LodgementQueueRowResponse,
  QUEUE_MESSAGES,
} from "@precedent/contracts";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asicApplications } from "../modules/asic/index.ts";
import { staffAccounts, staffAuditLog } from "../modules/console/index.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "../modules/console/testing.ts";
import { documents } from "../modules/documents/index.ts";
import {
  integrationConnections,
  integrationImportFailures,
  integrationSandboxGrants,
  ProviderUnavailable,
} from "../modules/integrations/index.ts";
import { connectThroughSandbox } from "../modules/integrations/testing.ts";
import { integrationLogs } from "../modules/logs/index.ts";
import { mailOutbox } from "../modules/mail/index.ts";
import { teamMembers } from "../modules/teams/index.ts";
import { users } from "../modules/users/index.ts";
import { jobs } from "../platform/jobs/schema.ts";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "./harness.ts";

/**
 * The console queues' filters and assignment (issue 37 item 7): the lodgement and integrations
 * queues narrowed on the server by firm name, who has taken each item and their own states, a
 * page at a time; items taken by a staff member who may work the queues (others refused, nothing
 * changed), audited before and after, concurrent assigns leaving one result; and failed imports
 * of a client's data recorded by the integrations module and retried by job from the queue.
 */
let t: TestApp;
let f: FirmWithPeople;
let support: ConsoleClient;
let admin: ConsoleClient;
let supportId: number;
let adminId: number;
let fulfilmentId: number;
let inactiveId: number;

const MINUTES = { identifier: "first-directors-minutes", name: "Minutes of the First Meeting of Directors" };

beforeAll(async () => {
  t = await createTestApp();
  f = await buildFirmWithPeople(t);
  const s = await buildStaff(t, "support", { name: "Sam Support" });
  const a = await buildStaff(t, "administrator", { name: "Ada Admin" });
  supportId = s.id;
  adminId = a.id;
  fulfilmentId = (await buildStaff(t, "fulfilment")).id;
  inactiveId = (await buildStaff(t, "support", { name: "Gone Support" })).id;
  await t.db.update(staffAccounts).set({ active: false }).where(eq(staffAccounts.id, inactiveId));
  support = await signInStaff(t, s.email);
  admin = await signInStaff(t, a.email);
}, 240_000);
afterAll(async () => t?.close());

const assigneeIdOf = (value: unknown) =>
  (value as { assignee_id?: number | null } | null)?.assignee_id ?? null;
const auditOf = (target: string) =>
  t.db.select().from(staffAuditLog).where(eq(staffAuditLog.target, target)).orderBy(staffAuditLog.id);

// --- ASIC lodgements ---------------------------------------------------------------------------

/** A rejected lodgement of a document of the firm (as ASIC's answer records it). */
async function rejected(teamId: number, createdBy: number) {
  const doc = await t.buildDocument({ teamId, createdBy, name: "Company registration" });
  await t.db
    .insert(asicApplications)
    .values({ teamId, docId: doc.id, asicStatus: "REJT", updatedAt: t.clock.now() });
  return doc.id;
}
const lodgements = async (client: ConsoleClient, query = "") => {
  const res = await client.get(`/api/console/lodgements?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return LodgementQueueResponse.parse(res.json()).data;
};
const docIdsOf = (page: { rows: { doc_id: number }[] }) => page.rows.map((r) => r.doc_id).sort();

describe("the lodgement queue's filters and assignment", () => {
  let ours: number;
  let theirs: number;
  beforeAll(async () => {
    await t.db.delete(asicApplications);
    ours = await rejected(f.teamId, f.ids.owner);
    theirs = await rejected(f.otherTeamId, f.ids.otherOwner);
  });

  it("filters by firm name (any case), ASIC form and trouble on the server, with the total", async () => {
    expect(docIdsOf(await lodgements(support))).toEqual([ours, theirs].sort());
    const harbour = await lodgements(support, "firm=harbour%20LEGAL");
    expect(docIdsOf(harbour)).toEqual([ours]);
    expect(harbour.total_record).toBe(1);
    expect(harbour.rows[0]).toMatchObject({
      firm_name: "Harbour Legal Pty Ltd",
      form: "201",
      assignee: null,
      abilities: { assign: true },
    });
    expect(docIdsOf(await lodgements(support, "firm=Elsewhere&form=201&trouble=rejected"))).toEqual([theirs]);
    expect((await lodgements(support, "trouble=stuck")).rows).toEqual([]);
    // A name's wildcard is a letter like any other: "%" matches no firm.
    expect((await lodgements(support, "firm=%25")).rows).toEqual([]);
  });

  it("refuses bad filters with a clear message", async () => {
    for (const [query, field] of [
      ["form=410", "form"],
      ["assigned=someone", "assigned"],
      ["firm=%20%20", "firm"],
      ["assignee_id=0", "assignee_id"],
    ]) {
      const res = await support.get(`/api/console/lodgements?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().data.errors), query).toContain(field);
    }
  });

  it("assigns to a staff member of the queues, shows it, filters by it, unassigns, all audited", async () => {
    const res = await support.post(`/api/console/lodgements/${ours}/assign`, { staff_id: supportId });
    expect(res.statusCode, res.body).toBe(200);
    expect(LodgementQueueRowResponse.parse(res.json()).data.assignee).toEqual({
      id: supportId,
      name: "Sam Support",
    });
    expect(docIdsOf(await lodgements(support, "assigned=me"))).toEqual([ours]);
    expect(docIdsOf(await lodgements(admin, "assigned=me"))).toEqual([]);
    expect(docIdsOf(await lodgements(admin, "assigned=nobody"))).toEqual([theirs]);
    expect(docIdsOf(await lodgements(admin, `assignee_id=${supportId}`))).toEqual([ours]);

    const handed = await support.post(`/api/console/lodgements/${ours}/assign`, { staff_id: adminId });
    expect(handed.json().data.assignee).toEqual({ id: adminId, name: "Ada Admin" });
    const released = await admin.post(`/api/console/lodgements/${ours}/assign`, { staff_id: null });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data.assignee).toBeNull();
    const entries = (await auditOf(`asic_lodgement:${ours}`)).filter(
      (e) => e.action === "lodgement.assigned",
    );
    expect(
      entries.map((e) => [
        (e.before as { assignee_id: number | null }).assignee_id,
        (e.after as { assignee_id: number | null }).assignee_id,
      ]),
    ).toEqual([
      [null, supportId],
      [supportId, adminId],
      [adminId, null],
    ]);
  });

  it("refuses a staff member who may not work the queues, or inactive, changing nothing", async () => {
    for (const staffId of [fulfilmentId, inactiveId, 999_999]) {
      const res = await support.post(`/api/console/lodgements/${theirs}/assign`, { staff_id: staffId });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(QUEUE_MESSAGES.assigneeNotAllowed);
    }
    expect((await lodgements(support, "firm=Elsewhere")).rows[0]?.assignee).toBeNull();
    expect(await auditOf(`asic_lodgement:${theirs}`)).toEqual([]);
    const missing = await support.post("/api/console/lodgements/999999/assign", { staff_id: supportId });
    expect(missing.statusCode).toBe(404);
  });

  it("concurrent assigns leave one assignee, and each audit entry's before is the one it replaced", async () => {
    const results = await Promise.all(
      [supportId, adminId, supportId, adminId].map((staffId) =>
        support.post(`/api/console/lodgements/${theirs}/assign`, { staff_id: staffId }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const entries = (await auditOf(`asic_lodgement:${theirs}`)).filter(
      (e) => e.action === "lodgement.assigned",
    );
    expect(entries).toHaveLength(4);
    // A chain: each entry starts from the one before, and the row shows the last.
    for (const [i, entry] of entries.entries()) {
      const before = assigneeIdOf(entry.before);
      const previous = i === 0 ? null : assigneeIdOf(entries[i - 1]?.after);
      expect(before).toBe(previous);
    }
    const last = assigneeIdOf(entries.at(-1)?.after);
    expect((await lodgements(support, "firm=Elsewhere")).rows[0]?.assignee?.id).toBe(last);
  });
});

// --- Integrations failing, and failed imports ----------------------------------------------------

const failing = async (client: ConsoleClient, query = "") => {
  const res = await client.get(`/api/console/integrations/failing?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return FailingIntegrationsResponse.parse(res.json()).data;
};

describe("failed imports in the integrations queue", () => {
  let docId: number;
  const sandboxXero = () => {
    const sandbox = t.services.integrationSandbox("xero");
    if (!sandbox) throw new Error("no sandbox");
    return sandbox.provider;
  };
  /** Runs `work` while every call to Xero fails with `status` (and its words), then lets Xero answer. */
  async function whileXeroFails(status: number, words: string, work: () => Promise<void>): Promise<void> {
    const provider = sandboxXero();
    const getClient = provider.getClient;
    provider.getClient = async () => {
      throw new ProviderUnavailable(`Xero: ${status} ${words}`, status);
    };
    try {
      await work();
    } finally {
      provider.getClient = getClient;
    }
  }
  /** An import while Xero is down: the import fails with 502 and is recorded. */
  const failedImport = (clientId = "xero-0001") =>
    whileXeroFails(503, "Service Unavailable", async () => {
      const res = await f.as.owner.post("/api/integrations/xero/import", {
        doc_id: docId,
        client_id: clientId,
        question_id: "company",
      });
      expect(res.statusCode, res.body).toBe(502);
    });
  /** The due jobs run while Xero times out: a retry the app fails again. */
  const runDueWhileXeroFails = () =>
    whileXeroFails(504, "Gateway Timeout", async () => {
      await t.services.jobs.runDue();
    });

  beforeAll(async () => {
    await connectThroughSandbox(t, f.as.owner, "xero");
    docId = (
      await t.buildDocument({ teamId: f.teamId, createdBy: f.ids.owner, status: 1, template: MINUTES })
    ).id;
  });
  beforeEach(async () => {
    await t.db.delete(integrationImportFailures);
  });

  it("records an import the app failed, and lists it with firm, app, what, when and the error", async () => {
    await failedImport();
    const [failure] = await t.db.select().from(integrationImportFailures);
    expect(failure).toMatchObject({ teamId: f.teamId, userId: f.ids.owner, docId, status: "failed" });
    const { rows, total_record } = await failing(support, "problem=import_failed");
    expect(total_record).toBe(1);
    expect(rows[0]).toMatchObject({
      kind: "import",
      id: failure?.id,
      firm: { id: f.teamId, name: "Harbour Legal Pty Ltd" },
      person: { id: f.ids.owner },
      app: "xero",
      problem: "import_failed",
      doc_id: docId,
      what: "Import client (Xero): client xero-0001",
      since: t.clock.now().toISOString(),
      assignee: null,
      abilities: { retry: true, note: true, assign: true },
    });
    expect(rows[0]?.last_error).toMatch(/Xero/);
    // A choice the person can correct (a client that is not there) is not the app failing.
    const gone = await f.as.owner.post("/api/integrations/xero/import", {
      doc_id: docId,
      client_id: "xero-9999",
      question_id: "company",
    });
    expect(gone.statusCode).toBe(404);
    expect(await t.db.select().from(integrationImportFailures)).toHaveLength(1);
  });

  it("a retry queues the import again by job (audited); the job asks the app and resolves it", async () => {
    await failedImport();
    const [failure] = await t.db.select().from(integrationImportFailures);
    const id = failure?.id as number;
    const res = await support.post(`/api/console/integrations/import/${id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ outcome: "queued", row: null });
    // Twice at once queues it once: the second finds it not failed.
    const again = await support.post(`/api/console/integrations/import/${id}/retry`);
    expect(again.statusCode).toBe(404);
    expect((await failing(support, "problem=import_failed")).rows).toEqual([]);
    const [entry] = await auditOf(`integration_import:${id}`);
    expect(entry).toMatchObject({
      action: "integration.retried",
      before: { kind: "import", problem: "import_failed", app: "xero", team_id: f.teamId },
      after: { problem: null, outcome: "queued" },
    });
    const outcomes = await t.services.jobs.runDue();
    expect(outcomes).toContainEqual(
      expect.objectContaining({ name: "integrations.retry-import", outcome: "done" }),
    );
    const [after] = await t.db
      .select()
      .from(integrationImportFailures)
      .where(eq(integrationImportFailures.id, id));
    expect(after).toMatchObject({ status: "resolved" });
    const logged = await t.db
      .select()
      .from(integrationLogs)
      .where(
        and(eq(integrationLogs.docId, docId), eq(integrationLogs.action, "Import client (Xero), retried")),
      );
    expect(logged.map((l) => l.isSuccess)).toEqual([true]);
  });

  it("a successful retry tells the person by mail, with the interview's link, and writes nothing into the document", async () => {
    await failedImport("xero-0002");
    const [failure] = await t.db.select().from(integrationImportFailures);
    const id = failure?.id as number;
    const [owner] = await t.db.select().from(users).where(eq(users.id, f.ids.owner));
    const [doc] = await t.db.select().from(documents).where(eq(documents.id, docId));
    const answersBefore = doc?.xml;
    expect((await support.post(`/api/console/integrations/import/${id}/retry`)).statusCode).toBe(200);
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();

    const told = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, owner?.email ?? ""));
    const mails = told.filter((m) => m.key.startsWith(`integration-import-ready:${id}:`));
    // Once, however often the jobs run.
    expect(mails).toHaveLength(1);
    const link = `http://localhost:3000/my-account/my-document/template?docId=${docId}`;
    expect(mails[0]?.subject).toBe(`You can import from Xero again: ${doc?.name}`);
    expect(mails[0]?.text).toContain(link);
    expect(mails[0]?.text).toContain("Import client (Xero): client xero-0002");
    expect(mails[0]?.text).toContain("Nothing was put into your document for you");
    expect(mails[0]?.html).toContain(`href="${link}"`);
    const answersAfter = (await t.db.select().from(documents).where(eq(documents.id, docId)))[0]?.xml;
    expect(answersAfter).toEqual(answersBefore);
    const [logged] = await t.db
      .select()
      .from(integrationLogs)
      .where(
        and(eq(integrationLogs.docId, docId), eq(integrationLogs.action, "Import client (Xero), retried")),
      )
      .orderBy(desc(integrationLogs.id))
      .limit(1);
    expect(logged?.responseMessage).toMatch(/was emailed a link to it\.$/);
  });

  it("a retry that fails again, or whose person has left the firm, mails nobody", async () => {
    await failedImport("xero-0003");
    const [failure] = await t.db.select().from(integrationImportFailures);
    const id = failure?.id as number;
    expect((await support.post(`/api/console/integrations/import/${id}/retry`)).statusCode).toBe(200);
    await runDueWhileXeroFails();
    const mailsOf = async () =>
      (await t.db.select({ key: mailOutbox.key }).from(mailOutbox)).filter((m) =>
        m.key.startsWith(`integration-import-ready:${id}:`),
      );
    expect(await mailsOf()).toEqual([]);

    // Succeeds this time, but its person is no longer in the firm: resolved, nobody told.
    expect((await support.post(`/api/console/integrations/import/${id}/retry`)).statusCode).toBe(200);
    const membership = await t.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, f.teamId), eq(teamMembers.userId, f.ids.owner)));
    await t.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, f.teamId), eq(teamMembers.userId, f.ids.owner)));
    try {
      await t.services.jobs.runDue();
    } finally {
      await t.db.insert(teamMembers).values(membership);
    }
    const [after] = await t.db
      .select()
      .from(integrationImportFailures)
      .where(eq(integrationImportFailures.id, id));
    expect(after).toMatchObject({ status: "resolved" });
    expect(await mailsOf()).toEqual([]);
  });

  it("a retry the app fails again comes back to the queue with the new error and one more attempt", async () => {
    await failedImport();
    const [failure] = await t.db.select().from(integrationImportFailures);
    const id = failure?.id as number;
    expect((await support.post(`/api/console/integrations/import/${id}/retry`)).statusCode).toBe(200);
    await runDueWhileXeroFails();
    const { rows } = await failing(support, "problem=import_failed");
    expect(rows.map((r) => [r.id, r.attempts])).toEqual([[id, 2]]);
  });

  it("refuses a retry while the person's connection is not working, queueing nothing", async () => {
    await failedImport();
    const [failure] = await t.db.select().from(integrationImportFailures);
    const [connection] = await t.db
      .select()
      .from(integrationConnections)
      .where(and(eq(integrationConnections.userId, f.ids.owner), eq(integrationConnections.app, "xero")));
    await t.db
      .update(integrationConnections)
      .set({ status: "needs_renewal" })
      .where(eq(integrationConnections.id, connection?.id as number));
    try {
      const row = (await failing(support, "problem=import_failed")).rows[0];
      expect(row?.abilities.retry).toBe(false);
      const res = await support.post(`/api/console/integrations/import/${failure?.id}/retry`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(INTEGRATION_QUEUE_MESSAGES.importConnectionNotWorking);
      const [still] = await t.db.select().from(integrationImportFailures);
      expect(still?.status).toBe("failed");
    } finally {
      await t.db
        .update(integrationConnections)
        .set({ status: "connected" })
        .where(eq(integrationConnections.id, connection?.id as number));
    }
  });

  it("filters by problem, app, firm and assignee on the server, and assigns like the lodgement queue", async () => {
    await failedImport("xero-0001");
    t.clock.advance(60_000);
    await failedImport("xero-0005");
    const all = await failing(support, "problem=import_failed");
    expect(all.total_record).toBe(2);
    // The latest first.
    expect(all.rows.map((r) => r.what)).toEqual([
      "Import client (Xero): client xero-0005",
      "Import client (Xero): client xero-0001",
    ]);
    const [newer, older] = all.rows;
    expect((await failing(support, "problem=import_failed&app=hubspot")).rows).toEqual([]);
    expect((await failing(support, "problem=import_failed&firm=elsewhere")).rows).toEqual([]);
    expect((await failing(support, "problem=sync_failed")).rows).toEqual([]);
    expect((await failing(support, "problem=import_failed&firm=HARBOUR")).total_record).toBe(2);

    const res = await support.post(`/api/console/integrations/import/${older?.id}/assign`, {
      staff_id: supportId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(FailingIntegrationRowResponse.parse(res.json()).data.assignee).toEqual({
      id: supportId,
      name: "Sam Support",
    });
    expect((await failing(support, "problem=import_failed&assigned=me")).rows.map((r) => r.id)).toEqual([
      older?.id,
    ]);
    expect((await failing(support, "problem=import_failed&assigned=nobody")).rows.map((r) => r.id)).toEqual([
      newer?.id,
    ]);
    // A sync or connection with the same id is another item: its assignment is apart.
    expect((await failing(admin, "assigned=me")).rows).toEqual([]);

    const refused = await support.post(`/api/console/integrations/import/${newer?.id}/assign`, {
      staff_id: fulfilmentId,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(QUEUE_MESSAGES.assigneeNotAllowed);
    const released = await support.post(`/api/console/integrations/import/${older?.id}/assign`, {
      staff_id: null,
    });
    expect(released.json().data.assignee).toBeNull();
    const entries = (await auditOf(`integration_import:${older?.id}`)).filter(
      (e) => e.action === "integration.assigned",
    );
    expect(
      entries.map((e) => [
        (e.before as { assignee_id: number | null }).assignee_id,
        (e.after as { assignee_id: number | null }).assignee_id,
      ]),
    ).toEqual([
      [null, supportId],
      [supportId, null],
    ]);
    expect(
      (await support.post("/api/console/integrations/import/999999/assign", { staff_id: null })).statusCode,
    ).toBe(404);
  });

  it("pages the merged kinds by the newest first, the total counted in SQL", async () => {
    for (let i = 0; i < 23; i++) {
      await t.db.insert(integrationImportFailures).values({
        teamId: f.teamId,
        userId: f.ids.owner,
        docId,
        app: "xero",
        clientId: `xero-${1000 + i}`,
        questionId: "company",
        action: "Import client (Xero)",
        status: "failed",
        lastError: "Xero did not answer.",
        failedAt: new Date(t.clock.now().getTime() - i * 60_000),
      });
    }
    const first = await failing(support, "problem=import_failed");
    const second = await failing(support, "problem=import_failed&page=2");
    expect(first.total_record).toBe(23);
    expect(first.total_page).toBe(2);
    expect(first.rows).toHaveLength(20);
    expect(second.rows).toHaveLength(3);
    const ids = [...first.rows, ...second.rows].map((r) => r.what);
    expect(new Set(ids).size).toBe(23);
    expect(second.rows.at(-1)?.what).toBe("Import client (Xero): client xero-1022");
  });
});

describe("the mail and job queues' filters", () => {
  it("finds undelivered mail by its recipient, and failed jobs by their firm's name, on the server", async () => {
    const at = t.clock.now();
    const mail = async (to: string) =>
      (
        await t.db
          .insert(mailOutbox)
          .values({
            to,
            subject: "Tax invoice",
            html: "<p>x</p>",
            text: "x",
            key: `filters-test:${to}`,
            status: "failed",
            attempts: 5,
            createdAt: at,
          })
          .returning({ id: mailOutbox.id })
      )[0]?.id;
    const harbourMail = await mail("accounts@harbour-legal.test");
    await mail("someone@elsewhere.test");
    const found = await support.get("/api/console/mail/failed?to=HARBOUR-legal");
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.rows.map((r: { id: number }) => r.id)).toEqual([harbourMail]);
    expect((await support.get("/api/console/mail/failed?to=%25")).json().data.rows).toEqual([]);

    const job = async (teamId: number | string) =>
      (
        await t.db
          .insert(jobs)
          .values({
            name: "documents.assemble",
            payload: { teamId },
            state: "failed",
            attempt: 5,
            maxAttempts: 5,
            runAt: at,
            lastError: "boom",
            createdAt: at,
            finishedAt: at,
          })
          .returning({ id: jobs.id })
      )[0]?.id;
    const ours = await job(f.teamId);
    const theirs = await job(f.otherTeamId);
    // A payload whose teamId is not a number belongs to no firm (and breaks nothing).
    await job("not a number");
    const harbour = await support.get("/api/console/jobs/failed?firm=harbour");
    expect(harbour.statusCode, harbour.body).toBe(200);
    expect(harbour.json().data.rows.map((r: { id: number }) => r.id)).toEqual([ours]);
    const elsewhere = await support.get("/api/console/jobs/failed?firm=elsewhere&name=documents.assemble");
    expect(elsewhere.json().data.rows.map((r: { id: number }) => r.id)).toEqual([theirs]);
  });
});

afterAll(async () => {
  await t?.db.delete(integrationSandboxGrants);
});
