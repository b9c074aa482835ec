import {
  FailingIntegrationRowResponse,
  FailingIntegrationsResponse,
  INTEGRATION_QUEUE_MESSAGES,
  IntegrationClientsResponse,
  IntegrationRetryResponse,
} from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { staffAuditLog } from "../modules/console/index.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "../modules/console/testing.ts";
import {
  integrationConnections,
  integrationSandboxFiles,
  integrationSandboxGrants,
  integrationSyncs,
} from "../modules/integrations/index.ts";
import { connectThroughSandbox } from "../modules/integrations/testing.ts";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "./harness.ts";

/**
 * (Here rather than in the console module: it connects through the integrations module's own
 * test steps.) The "integrations failing" queue (issue 37 item 7): connections the app would not
 * renew and documents not sent, across firms; retries that really ask the app again or send again;
 * notes and "contacted" in the audit log; refused to roles without the queues.
 */
let t: TestApp;
let f: FirmWithPeople;
let support: ConsoleClient;
let fulfilment: ConsoleClient;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildFirmWithPeople(t);
  support = await signInStaff(t, (await buildStaff(t, "support", { name: "Sam Support" })).email);
  fulfilment = await signInStaff(t, (await buildStaff(t, "fulfilment")).email);
}, 240_000);
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.db.delete(integrationSyncs);
  await t.db.delete(integrationConnections);
  await t.db.delete(integrationSandboxGrants);
});

const connectionOf = async (userId: number, app: string) =>
  (
    await t.db
      .select()
      .from(integrationConnections)
      .where(and(eq(integrationConnections.userId, userId), eq(integrationConnections.app, app)))
  )[0];
/** Brings a connection's access token past expiry, so its next use asks the app for new tokens. */
const expire = (id: number) =>
  t.db
    .update(integrationConnections)
    .set({ accessExpiresAt: new Date(t.clock.now().getTime() - 60_000) })
    .where(eq(integrationConnections.id, id));
const queue = async () => {
  const res = await support.get("/api/console/integrations/failing");
  expect(res.statusCode, res.body).toBe(200);
  return FailingIntegrationsResponse.parse(res.json()).data;
};
const auditOf = (target: string) =>
  t.db.select().from(staffAuditLog).where(eq(staffAuditLog.target, target)).orderBy(staffAuditLog.id);

/** The owner's Xero connection, refused by the app at its next renewal (the grant revoked at Xero). */
async function revokedConnection() {
  await connectThroughSandbox(t, f.as.owner, "xero");
  const connection = await connectionOf(f.ids.owner, "xero");
  if (!connection) throw new Error("not connected");
  await t.db.update(integrationSandboxGrants).set({ revokedAt: t.clock.now() });
  await expire(connection.id);
  const use = await f.as.owner.get("/api/integrations/xero/clients", { type: "Company" });
  expect(use.statusCode).toBe(409);
  return connection;
}

describe("connections the app would not renew", () => {
  it("lists a revoked connection with its firm, person, app, since when and the error in plain words", async () => {
    const connection = await revokedConnection();
    const { rows, total_record } = await queue();
    expect(total_record).toBe(1);
    expect(rows[0]).toMatchObject({
      kind: "connection",
      id: connection.id,
      firm: { id: f.teamId, name: "Harbour Legal Pty Ltd" },
      person: { id: f.ids.owner },
      app: "xero",
      app_name: "Xero",
      problem: "needs_renewal",
      since: t.clock.now().toISOString(),
      abilities: { retry: true, note: true },
      notes: [],
      contacted_at: null,
    });
    expect(rows[0]?.last_error).toBe(
      "Xero refused to renew the connection: its authorisation expired or was revoked. The person must connect Xero again.",
    );
    expect(rows[0]?.person.email).toContain("@");
  });

  it("a retry asks the app again: refused again, it says so, stays listed and is audited", async () => {
    const connection = await revokedConnection();
    const res = await support.post(`/api/console/integrations/connection/${connection.id}/retry`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(INTEGRATION_QUEUE_MESSAGES.renewalRefused);
    expect((await connectionOf(f.ids.owner, "xero"))?.status).toBe("needs_renewal");
    expect((await queue()).rows.map((r) => r.id)).toEqual([connection.id]);
    const [entry] = await auditOf(`integration_connection:${connection.id}`);
    expect(entry).toMatchObject({
      action: "integration.retried",
      before: { problem: "needs_renewal", app: "xero" },
      after: { problem: "needs_renewal", outcome: "refused" },
    });
  });

  it("a retry renews a connection the app can renew again: new tokens, the failure cleared, off the list", async () => {
    await connectThroughSandbox(t, f.as.manager, "hubspot");
    const before = await connectionOf(f.ids.manager, "hubspot");
    if (!before) throw new Error("not connected");
    // As recorded when HubSpot was down at the last renewal (the refresh token still good).
    const downSince = new Date(t.clock.now().getTime() - 3_600_000);
    await t.db
      .update(integrationConnections)
      .set({ failingSince: downSince, lastError: "HubSpot could not renew the connection's access (503)." })
      .where(eq(integrationConnections.id, before.id));
    await expire(before.id);
    const listed = (await queue()).rows[0];
    expect(listed).toMatchObject({ problem: "renewal_failing", since: downSince.toISOString() });

    const res = await support.post(`/api/console/integrations/connection/${before.id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(IntegrationRetryResponse.parse(res.json()).data).toEqual({ outcome: "renewed", row: null });
    const after = await connectionOf(f.ids.manager, "hubspot");
    expect(after).toMatchObject({ status: "connected", failingSince: null, lastError: null });
    expect(after?.refreshToken).not.toBe(before.refreshToken);
    expect(after?.accessExpiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    const grants = await t.db.select().from(integrationSandboxGrants);
    expect(grants.filter((g) => g.kind === "refresh" && g.usedAt !== null)).toHaveLength(1);
    expect((await queue()).total_record).toBe(0);
    // The renewed tokens work for the person.
    expect(
      (await f.as.manager.get("/api/integrations/hubspot/clients", { type: "Company" })).statusCode,
    ).toBe(200);
    // Nothing failing now: a second retry finds nothing.
    expect((await support.post(`/api/console/integrations/connection/${before.id}/retry`)).statusCode).toBe(
      404,
    );
  });

  it("even a connection marked refused is renewed when the app accepts its refresh token again", async () => {
    await connectThroughSandbox(t, f.as.alice, "xero");
    const connection = await connectionOf(f.ids.alice, "xero");
    if (!connection) throw new Error("not connected");
    await t.db
      .update(integrationConnections)
      .set({ status: "needs_renewal", failingSince: t.clock.now(), lastError: "Xero refused to renew." })
      .where(eq(integrationConnections.id, connection.id));
    const res = await support.post(`/api/console/integrations/connection/${connection.id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await connectionOf(f.ids.alice, "xero"))?.status).toBe("connected");
  });
});

describe("documents not sent", () => {
  /** A sync of a stored PDF to a sandbox client of the manager's Xero, failed after its attempts. */
  async function failedSync() {
    await connectThroughSandbox(t, f.as.manager, "xero");
    const clients = IntegrationClientsResponse.parse(
      (await f.as.manager.get("/api/integrations/xero/clients", { type: "Company" })).json(),
    ).data;
    const pdf = await t.services.fileStore.put(new TextEncoder().encode("%PDF-1.7 minutes"), {
      mediaType: "application/pdf",
    });
    const [sync] = await t.db
      .insert(integrationSyncs)
      .values({
        teamId: f.teamId,
        userId: f.ids.manager,
        docId: 424242,
        app: "xero",
        clientId: clients[0]?.id ?? "",
        description: "Signed minutes",
        fileName: "Minutes.pdf",
        fileSha256: pdf.sha256,
        status: "failed",
        attempts: 5,
        lastError: "Xero is busy: try again later",
        createdAt: t.clock.now(),
        failedAt: t.clock.now(),
      })
      .returning();
    if (!sync) throw new Error("no sync");
    return { sync, clientId: clients[0]?.id ?? "" };
  }

  it("lists a failed sync, and a retry sends it again by the sync's own job", async () => {
    const { sync, clientId } = await failedSync();
    expect((await queue()).rows).toEqual([
      expect.objectContaining({
        kind: "sync",
        id: sync.id,
        problem: "sync_failed",
        doc_id: 424242,
        file_name: "Minutes.pdf",
        attempts: 5,
        last_error: "Xero is busy: try again later",
        abilities: { retry: true, note: true, assign: true },
      }),
    ]);
    const [first, second] = await Promise.all([
      support.post(`/api/console/integrations/sync/${sync.id}/retry`),
      support.post(`/api/console/integrations/sync/${sync.id}/retry`),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 404]);
    expect((await auditOf(`integration_sync:${sync.id}`)).map((e) => e.action)).toEqual([
      "integration.retried",
    ]);
    const outcomes = await t.services.jobs.runDue();
    expect(outcomes.filter((o) => o.name === "integrations.sync-document").map((o) => o.outcome)).toEqual([
      "done",
    ]);
    const [sent] = await t.db.select().from(integrationSyncs).where(eq(integrationSyncs.id, sync.id));
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });
    const filed = await t.db
      .select()
      .from(integrationSandboxFiles)
      .where(eq(integrationSandboxFiles.clientId, clientId));
    expect(filed.some((file) => file.fileName === "Minutes.pdf")).toBe(true);
    expect((await queue()).total_record).toBe(0);
  });

  it("refuses to retry a sync while its person's connection needs renewing, queueing nothing", async () => {
    const { sync } = await failedSync();
    await t.db.update(integrationConnections).set({ status: "needs_renewal", failingSince: t.clock.now() });
    const listed = (await queue()).rows.find((r) => r.kind === "sync");
    expect(listed?.abilities.retry).toBe(false);
    const res = await support.post(`/api/console/integrations/sync/${sync.id}/retry`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(INTEGRATION_QUEUE_MESSAGES.connectionNotWorking);
    const [still] = await t.db.select().from(integrationSyncs).where(eq(integrationSyncs.id, sync.id));
    expect(still?.status).toBe("failed");
    expect(await auditOf(`integration_sync:${sync.id}`)).toEqual([]);
  });
});

describe("notes, contacted, and who may", () => {
  it("keeps a note and 'contacted' in the audit log and shows them on the row", async () => {
    const connection = await revokedConnection();
    const url = `/api/console/integrations/connection/${connection.id}/notes`;
    expect((await support.post(url, { note: "   " })).statusCode).toBe(400);
    expect((await support.post(url, { note: "x", contacted: "yes" })).statusCode).toBe(400);
    expect(await auditOf(`integration_connection:${connection.id}`)).toEqual([]);
    const res = await support.post(url, {
      note: "Rang Olive: she will connect Xero again.",
      contacted: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = FailingIntegrationRowResponse.parse(res.json()).data;
    expect(row.notes).toEqual([
      {
        at: t.clock.now().toISOString(),
        staff_name: "Sam Support",
        note: "Rang Olive: she will connect Xero again.",
        contacted: true,
      },
    ]);
    expect(row.contacted_at).toBe(t.clock.now().toISOString());
    const [entry] = await auditOf(`integration_connection:${connection.id}`);
    expect(entry).toMatchObject({ action: "integration.noted", after: { contacted: true } });
    expect(
      (await support.post("/api/console/integrations/sync/999999/notes", { note: "?" })).statusCode,
    ).toBe(404);
    expect((await support.post("/api/console/integrations/other/1/notes", { note: "?" })).statusCode).toBe(
      400,
    );
  });

  it("refuses fulfilment staff and a firm's own people every call, changing nothing", async () => {
    const connection = await revokedConnection();
    const calls = [
      ["GET", "/api/console/integrations/failing"],
      ["POST", `/api/console/integrations/connection/${connection.id}/retry`],
      ["POST", `/api/console/integrations/connection/${connection.id}/notes`],
    ] as const;
    for (const [method, url] of calls) {
      const staff = await (method === "GET" ? fulfilment.get(url) : fulfilment.post(url, { note: "no" }));
      expect(staff.statusCode, url).toBe(403);
      const firm = await (method === "GET" ? f.as.owner.get(url) : f.as.owner.post(url, { note: "no" }));
      expect(firm.statusCode, url).toBe(401);
    }
    expect(await auditOf(`integration_connection:${connection.id}`)).toEqual([]);
    expect((await connectionOf(f.ids.owner, "xero"))?.status).toBe("needs_renewal");
  });
});
