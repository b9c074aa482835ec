import { QUEUE_MESSAGES } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../platform/jobs/schema.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { staffAuditLog } from "./schema.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "./testing.ts";

/**
 * The failed-jobs queue (issue 37 item 7): support and administrators see a job that failed for
 * good with its last error, run it once more or discard it; each action is in the audit log with
 * the job before and after. The other roles are refused.
 */
let t: TestApp;
let support: ConsoleClient;
let supportId: number;
let fulfilment: ConsoleClient;
let editor: ConsoleClient;
/** How often the test job's handler ran, and whether it fails. */
let runs = 0;
let failing = true;
let flaky: { enqueue(payload: { teamId: number }): Promise<number | null> };

beforeAll(async () => {
  t = await createTestApp();
  const row = await buildStaff(t, "support");
  supportId = row.id;
  support = await signInStaff(t, row.email);
  fulfilment = await signInStaff(t, (await buildStaff(t, "fulfilment")).email);
  editor = await signInStaff(t, (await buildStaff(t, "content_editor")).email);
  flaky = t.services.jobs.define<{ teamId: number }>(
    "test.flaky",
    async () => {
      runs += 1;
      if (failing) throw new Error("the mail server said no");
    },
    { retries: 0 },
  );
}, 240_000);
afterAll(async () => t?.close());

/** A job of the test kind that has failed for good. */
async function failedJob() {
  failing = true;
  const id = (await flaky.enqueue({ teamId: 42 })) as number;
  await t.services.jobs.runDue();
  return id;
}

const auditOf = (id: number) =>
  t.db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.target, `job:${id}`))
    .orderBy(staffAuditLog.id);
const stateOf = async (id: number) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe("failed background jobs", () => {
  it("lists a failed job with its firm, attempts and last error", async () => {
    const id = await failedJob();
    const res = await support.get("/api/console/jobs/failed?name=test.flaky");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rows).toContainEqual(
      expect.objectContaining({
        id,
        name: "test.flaky",
        team_id: 42,
        attempts: 1,
        max_attempts: 1,
        last_error: "the mail server said no",
        abilities: { retry: true, discard: true },
      }),
    );
  });

  it("runs a retried job exactly once more, and records it before and after", async () => {
    const id = await failedJob();
    const before = runs;
    failing = false;
    const res = await support.post(`/api/console/jobs/${id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id, state: "queued" });
    const outcomes = (await t.services.jobs.runDue()).filter((o) => o.id === id);
    expect(outcomes).toEqual([expect.objectContaining({ outcome: "done", attempt: 2 })]);
    expect(runs - before).toBe(1);
    expect((await stateOf(id))?.state).toBe("done");

    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      staffId: supportId,
      action: "job.retried",
      before: { name: "test.flaky", state: "failed", attempt: 1, max_attempts: 1 },
      after: { name: "test.flaky", state: "queued", attempt: 1, max_attempts: 2 },
    });
    // Done now: a second retry is refused and changes nothing.
    const again = await support.post(`/api/console/jobs/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(QUEUE_MESSAGES.jobNotFailed);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("leaves a retried job failed again when that one attempt fails (no automatic retries)", async () => {
    const id = await failedJob();
    await support.post(`/api/console/jobs/${id}/retry`);
    const outcomes = (await t.services.jobs.runDue()).filter((o) => o.id === id);
    expect(outcomes).toEqual([expect.objectContaining({ outcome: "failed", attempt: 2 })]);
    expect(await t.services.jobs.runDue()).toEqual([]);
    expect(await stateOf(id)).toMatchObject({ state: "failed", attempt: 2, maxAttempts: 2 });
  });

  it("discards a failed job, keeping what it was in the audit log", async () => {
    const id = await failedJob();
    const before = runs;
    const res = await support.post(`/api/console/jobs/${id}/discard`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id, state: "discarded" });
    expect(await stateOf(id)).toBeUndefined();
    await t.services.jobs.runDue();
    expect(runs).toBe(before);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: "job.discarded",
      before: { state: "failed", last_error: "the mail server said no" },
      after: null,
    });
    expect((await support.post(`/api/console/jobs/${id}/discard`)).statusCode).toBe(404);
  });

  it("refuses a job that is not failed (queued, waiting its turn) and changes nothing", async () => {
    failing = true;
    const id = (await flaky.enqueue({ teamId: 7 })) as number;
    for (const action of ["retry", "discard"]) {
      const res = await support.post(`/api/console/jobs/${id}/${action}`);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().message).toBe(QUEUE_MESSAGES.jobNotFailed);
    }
    expect(await stateOf(id)).toMatchObject({ state: "queued", attempt: 0 });
    expect(await auditOf(id)).toEqual([]);
    await t.services.jobs.runDue();
  });

  it("refuses the fulfilment and content roles every call, changing nothing", async () => {
    const id = await failedJob();
    for (const staff of [fulfilment, editor]) {
      expect((await staff.get("/api/console/jobs/failed")).statusCode).toBe(403);
      expect((await staff.post(`/api/console/jobs/${id}/retry`)).statusCode).toBe(403);
      expect((await staff.post(`/api/console/jobs/${id}/discard`)).statusCode).toBe(403);
    }
    expect((await stateOf(id))?.state).toBe("failed");
    expect(await auditOf(id)).toEqual([]);
  });

  it("says clearly what is wrong with bad input", async () => {
    const res = await support.post("/api/console/jobs/abc/retry");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("id");
  });
});
