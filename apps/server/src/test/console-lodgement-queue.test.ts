import { QUEUE_MESSAGES } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asicApplications } from "../modules/asic/index.ts";
import { ASIC_TEST_ENV, HOUR, registrationSteps } from "../modules/asic/testing.ts";
import { staffAuditLog } from "../modules/console/index.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "../modules/console/testing.ts";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "./harness.ts";

/**
 * (Here rather than in the console module: it takes registrations through the ASIC module's own
 * test steps.) The ASIC lodgements queue (issue 37 item 7): stuck, rejected and manual-review lodgements across
 * firms; a retry only where the ASIC module's rules allow one (never a second lodgement); notes.
 */
let t: TestApp;
let f: FirmWithPeople;
let support: ConsoleClient;
let supportEmail: string;
let fulfilment: ConsoleClient;
let fulfilmentEmail: string;

beforeAll(async () => {
  t = await createTestApp({ env: ASIC_TEST_ENV });
  f = await buildFirmWithPeople(t);
  supportEmail = (await buildStaff(t, "support", { name: "Sam Support" })).email;
  fulfilmentEmail = (await buildStaff(t, "fulfilment")).email;
  await signInBoth();
}, 240_000);
afterAll(async () => t?.close());

const steps = registrationSteps(
  () => t,
  () => f,
);

async function signInBoth() {
  support = await signInStaff(t, supportEmail);
  fulfilment = await signInStaff(t, fulfilmentEmail);
}

/** The clock past a lodgement's day without an answer; a console session ends sooner, so a new one. */
async function aDayLater() {
  t.clock.advance(25 * HOUR);
  await signInBoth();
}

/** A paid registration lodged with the sandbox regulator: INPR, its receipt recorded. */
async function lodged() {
  const { docId } = await steps.registration();
  await steps.paid(docId);
  const res = await f.as.alice.post("/api/asic/registration-company-lodgement", { doc_id: docId });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.db.select().from(asicApplications).where(eq(asicApplications.docId, docId));
  return { docId, lodgementNumber: row?.lodgementNumber as string };
}

const queueRow = async (docId: number, query = "") => {
  const res = await support.get(`/api/console/lodgements?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.rows as { doc_id: number }[]).find((r) => r.doc_id === docId);
};
const auditOf = (docId: number) =>
  t.db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.target, `asic_lodgement:${docId}`))
    .orderBy(staffAuditLog.id);
const applicationOf = async (docId: number) =>
  (await t.db.select().from(asicApplications).where(eq(asicApplications.docId, docId)))[0];

describe("ASIC lodgements that need a person", () => {
  it("lists a lodgement as stuck only once it has waited past a day, and asks ASIC again on retry", async () => {
    const { docId, lodgementNumber } = await lodged();
    expect(await queueRow(docId)).toBeUndefined();
    await aDayLater();
    expect(await queueRow(docId, "trouble=stuck")).toMatchObject({
      trouble: "stuck",
      asic_status: "INPR",
      lodgement_number: lodgementNumber,
      team_id: f.teamId,
      abilities: { retry: true, note: true },
    });

    const res = await support.post(`/api/console/lodgements/${docId}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ asic_status: "COMP", abilities: { retry: false } });
    const [entry] = await auditOf(docId);
    expect(entry).toMatchObject({
      action: "lodgement.retried",
      before: { asic_status: "INPR", lodgement_number: lodgementNumber },
      after: { asic_status: "COMP", lodgement_number: lodgementNumber, retry: "ask_for_decision" },
    });

    // Decided now: ASIC's rules allow no retry, and none is made or recorded.
    const again = await support.post(`/api/console/lodgements/${docId}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(QUEUE_MESSAGES.lodgementNoRetry);
    expect(await auditOf(docId)).toHaveLength(1);
  });

  it("finishes an unconfirmed lodgement by its own reference: the same lodgement, never a second", async () => {
    const { docId, lodgementNumber } = await lodged();
    // The regulator has it, but its answer was lost before the receipt was recorded.
    await t.db
      .update(asicApplications)
      .set({ lodgementNumber: null, lodgedAt: new Date(t.clock.now().getTime() - 2 * 24 * HOUR) })
      .where(eq(asicApplications.docId, docId));
    expect(await queueRow(docId)).toMatchObject({ trouble: "stuck", abilities: { retry: true } });
    const res = await support.post(`/api/console/lodgements/${docId}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await applicationOf(docId))?.lodgementNumber).toBe(lodgementNumber);
    expect((await auditOf(docId))[0]).toMatchObject({
      before: { receipt_recorded: false },
      after: { receipt_recorded: true, lodgement_number: lodgementNumber, retry: "finish_sending" },
    });
  });

  it("lists rejected and manual-review lodgements, refusing a retry there (ASIC's rules)", async () => {
    for (const [status, trouble] of [
      ["REJT", "rejected"],
      ["NOTR", "rejected"],
      ["MANL", "manual_review"],
    ] as const) {
      const { docId } = await lodged();
      await t.db
        .update(asicApplications)
        .set({ asicStatus: status })
        .where(eq(asicApplications.docId, docId));
      expect(await queueRow(docId, `trouble=${trouble}`)).toMatchObject({
        trouble,
        asic_status: status,
        abilities: { retry: false, note: true },
      });
      const res = await support.post(`/api/console/lodgements/${docId}/retry`);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toBe(QUEUE_MESSAGES.lodgementNoRetry);
      expect((await applicationOf(docId))?.asicStatus).toBe(status);
      expect(await auditOf(docId)).toEqual([]);
    }
  });

  it("keeps notes with who wrote them, in the audit log", async () => {
    const { docId } = await lodged();
    await t.db.update(asicApplications).set({ asicStatus: "MANL" }).where(eq(asicApplications.docId, docId));
    const res = await support.post(`/api/console/lodgements/${docId}/notes`, {
      note: "  Rang ASIC: consent letter asked for.  ",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.notes).toEqual([
      expect.objectContaining({ staff_name: "Sam Support", note: "Rang ASIC: consent letter asked for." }),
    ]);
    expect((await auditOf(docId))[0]).toMatchObject({
      action: "lodgement.noted",
      after: { asic_status: "MANL", note: "Rang ASIC: consent letter asked for." },
    });
    const empty = await support.post(`/api/console/lodgements/${docId}/notes`, { note: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain("Write a note");
    expect(await auditOf(docId)).toHaveLength(1);
  });

  it("refuses the fulfilment role every call, changing nothing", async () => {
    const { docId } = await lodged();
    await aDayLater();
    expect((await fulfilment.get("/api/console/lodgements")).statusCode).toBe(403);
    expect((await fulfilment.post(`/api/console/lodgements/${docId}/retry`)).statusCode).toBe(403);
    expect((await fulfilment.post(`/api/console/lodgements/${docId}/notes`, { note: "x" })).statusCode).toBe(
      403,
    );
    expect((await applicationOf(docId))?.asicStatus).toBe("INPR");
    expect(await auditOf(docId)).toEqual([]);
  });
});
