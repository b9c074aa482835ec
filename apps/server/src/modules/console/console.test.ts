import { CONSOLE_MESSAGES, TWO_FACTOR_WRONG_CODE } from "@precedent/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { users } from "../users/index.ts";
import { staffAuditLog } from "./schema.ts";
import { buildStaff, type ConsoleClient, codeAt, passwordStep, signInStaff } from "./testing.ts";

let t: TestApp;
let firm: FirmWithPeople;
let admin: ConsoleClient;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  firm = await buildFirmWithPeople(t);
  const row = await buildStaff(t, "administrator", { name: "Ada Admin" });
  adminId = row.id;
  admin = await signInStaff(t, row.email);
}, 240_000);
afterAll(async () => t?.close());

/** The audit entries about one target, oldest first. */
const auditOf = (target: string) =>
  t.db.select().from(staffAuditLog).where(eq(staffAuditLog.target, target)).orderBy(staffAuditLog.id);

describe("staff sign-in", () => {
  it("makes a staff member without an authenticator set one up before anything else", async () => {
    const staff = await buildStaff(t, "fulfilment", { twoFactor: false });
    const session = await passwordStep(t, staff.email);
    expect((await session.get("/api/console/session")).json().data).toMatchObject({ step: "setup" });
    const early = await session.get("/api/console/fulfilment");
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(CONSOLE_MESSAGES.setUpTwoFactorFirst);

    const setup = (await session.post("/api/console/two-factor/setup")).json().data;
    expect(setup.otpauth_uri).toContain("otpauth://totp/");
    const wrong = await session.post("/api/console/two-factor/code", { code: "000000" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(TWO_FACTOR_WRONG_CODE);
    const now = t.clock.now().getTime();
    const done = await session.post("/api/console/two-factor/code", { code: codeAt(now, setup.secret) });
    expect(done.json().data).toMatchObject({ step: null, abilities: { fulfilment: true, staff: false } });
    expect((await session.get("/api/console/fulfilment")).statusCode).toBe(200);

    const [setUp] = (await auditOf(`staff:${staff.id}`)).filter((e) => e.action === "two_factor.set_up");
    expect(setUp).toMatchObject({
      staffId: staff.id,
      before: { two_factor_on: false },
      after: { two_factor_on: true },
    });

    // Set up once: a second set-up is refused, and the same code never opens a second session.
    expect((await session.post("/api/console/two-factor/setup")).statusCode).toBe(409);
    const again = await passwordStep(t, staff.email);
    const replayed = await again.post("/api/console/two-factor/code", { code: codeAt(now, setup.secret) });
    expect(replayed.statusCode).toBe(401);
    expect((await again.get("/api/console/fulfilment")).statusCode).toBe(403);
  });
});

describe("the fulfilment queue", () => {
  const address = {
    recipient: "Alice Adviser",
    address_1: "1 George Street",
    suburb: "Sydney",
    state: "NSW",
    postcode: "2000",
  };
  const billing = {
    first_name: "Alice",
    last_name: "Adviser",
    email: "alice@firm.test",
    company: "Harbour Legal",
  };

  async function pay(client: FirmClient, orderId: number) {
    const checkout = await client.post("/api/stripe/checkout", { order_id: orderId });
    return t.app.inject({
      method: "POST",
      url: checkout.json().data.url as string,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        card_number: "4242 4242 4242 4242",
        expiry: "12/30",
        cvc: "123",
      }).toString(),
    });
  }

  async function paidHardCopy() {
    const doc = await t.buildDocument({
      teamId: firm.teamId,
      createdBy: firm.ids.alice,
      status: 5,
      template: { identifier: "mutual-nda", name: "Mutual NDA" },
      name: `Mutual NDA ${Math.random()}`,
    });
    const request = (
      await firm.as.alice.post(`/api/doc/${doc.id}/hard-copy`, {
        copies: 2,
        shipping: "express",
        address,
        billing,
      })
    ).json().data;
    expect((await pay(firm.as.alice, request.order_id)).statusCode).toBe(303);
    return { doc, request };
  }

  it("lists paid requests with the customer's email; fulfilment takes one, sends it and completes it, each step audited", async () => {
    const { doc, request } = await paidHardCopy();
    const worker = await buildStaff(t, "fulfilment", { name: "Fran Fulfilment" });
    const fran = await signInStaff(t, worker.email);

    const open = (await fran.get("/api/console/fulfilment")).json().data;
    const row = open.rows.find((r: { id: number }) => r.id === request.id);
    expect(row).toMatchObject({
      kind: "hard_copy",
      status: "paid",
      status_label: "Paid",
      doc_name: doc.name,
      customer_email: (await t.db.select().from(users).where(eq(users.id, firm.ids.alice)))[0]?.email,
      copies: 2,
      assignee: null,
      abilities: { assign: true, move_to: ["in_progress", "completed", "cancelled"] },
    });

    const taken = await fran.post(`/api/console/fulfilment/${request.id}/assign`, { staff_id: worker.id });
    expect(taken.json().data.assignee).toEqual({ id: worker.id, name: "Fran Fulfilment" });
    const sent = await fran.post(`/api/console/fulfilment/${request.id}/status`, { status: "in_progress" });
    expect(sent.json().data).toMatchObject({
      status: "in_progress",
      status_label: "Sent",
      abilities: { move_to: ["completed", "cancelled"] },
    });
    const completed = await fran.post(`/api/console/fulfilment/${request.id}/status`, {
      status: "completed",
    });
    expect(completed.json().data).toMatchObject({ status: "completed", abilities: { move_to: [] } });

    // The fulfilment module's own rule: nothing moves on from completed (and nothing is written).
    const after = await fran.post(`/api/console/fulfilment/${request.id}/status`, { status: "cancelled" });
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(CONSOLE_MESSAGES.cannotMove("completed", "cancelled"));

    // The firm sees its request completed.
    const seen = (await firm.as.alice.get(`/api/doc/${doc.id}/fulfilment`)).json().data;
    expect(seen.requests[0]).toMatchObject({ id: request.id, status: "completed" });

    const entries = await auditOf(`fulfilment_request:${request.id}`);
    expect(entries.map((e) => [e.staffId, e.action, e.before, e.after])).toEqual([
      [
        worker.id,
        "fulfilment.assigned",
        { status: "paid", assignee_id: null },
        { status: "paid", assignee_id: worker.id },
      ],
      [
        worker.id,
        "fulfilment.status_changed",
        { status: "paid", assignee_id: worker.id },
        { status: "in_progress", assignee_id: worker.id },
      ],
      [
        worker.id,
        "fulfilment.status_changed",
        { status: "in_progress", assignee_id: worker.id },
        { status: "completed", assignee_id: worker.id },
      ],
    ]);
  });

  it("filters the requests by firm name and by who took them, on the server", async () => {
    const { request: mine } = await paidHardCopy();
    const { request: open } = await paidHardCopy();
    const ids = async (query: string) => {
      const res = await admin.get(`/api/console/fulfilment?status=all&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.rows as { id: number }[]).map((r) => r.id);
    };
    expect(
      (await admin.post(`/api/console/fulfilment/${mine.id}/assign`, { staff_id: adminId })).statusCode,
    ).toBe(200);
    expect(await ids("firm=HARBOUR")).toEqual(expect.arrayContaining([mine.id, open.id]));
    expect(await ids("firm=Elsewhere")).toEqual([]);
    const named = (await admin.get("/api/console/fulfilment?firm=harbour")).json().data.rows;
    expect(named[0]?.firm_name).toBe("Harbour Legal Pty Ltd");
    expect(await ids("assigned=me")).toEqual([mine.id]);
    expect(await ids(`assignee_id=${adminId}&firm=harbour`)).toEqual([mine.id]);
    const nobody = await ids("assigned=nobody");
    expect(nobody).toContain(open.id);
    expect(nobody).not.toContain(mine.id);
    const bad = await admin.get("/api/console/fulfilment?assigned=everyone");
    expect(bad.statusCode).toBe(400);
  });

  it("gives a request only to someone who works the queue, and moves one at a time under concurrency", async () => {
    const { request } = await paidHardCopy();
    const support = await buildStaff(t, "support");
    const refused = await admin.post(`/api/console/fulfilment/${request.id}/assign`, {
      staff_id: support.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CONSOLE_MESSAGES.assigneeNotAllowed);

    const [a, b] = await Promise.all([
      admin.post(`/api/console/fulfilment/${request.id}/status`, { status: "completed" }),
      admin.post(`/api/console/fulfilment/${request.id}/status`, { status: "completed" }),
    ]);
    // One demotion wins. The other is refused either as the last administrator's (409: its role
    // check ran before the winner committed) or as no longer an administrator's (403: after it,
    // its own session is support staff now); which one depends on the timing.
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const moves = (await auditOf(`fulfilment_request:${request.id}`)).filter(
      (e) => e.action === "fulfilment.status_changed",
    );
    expect(moves).toHaveLength(1);
  });

  it("does not move an unpaid request (the adviser's to cancel)", async () => {
    const doc = await t.buildDocument({
      teamId: firm.teamId,
      createdBy: firm.ids.alice,
      status: 5,
      template: { identifier: "mutual-nda", name: "Mutual NDA" },
      name: "Unpaid hard copy",
    });
    const request = (
      await firm.as.alice.post(`/api/doc/${doc.id}/hard-copy`, {
        copies: 1,
        shipping: "express",
        address,
        billing,
      })
    ).json().data;
    const res = await admin.post(`/api/console/fulfilment/${request.id}/status`, { status: "in_progress" });
    expect(res.statusCode).toBe(409);
    const listed = (await admin.get("/api/console/fulfilment?status=requested")).json().data.rows;
    expect(listed.find((r: { id: number }) => r.id === request.id)?.abilities.move_to).toEqual([]);
  });
});

describe("staff administration", () => {
  it("adds staff and changes roles, audited without the password", async () => {
    const added = await admin.post("/api/console/staff", {
      email: "Sam.Support@Staff.test",
      name: "Sam Support",
      role: "support",
      password: "a long first password",
    });
    expect(added.statusCode).toBe(200);
    const sam = added.json().data;
    expect(sam).toMatchObject({
      email: "sam.support@staff.test",
      role: "support",
      active: true,
      two_factor_on: false,
    });
    const dup = await admin.post("/api/console/staff", {
      email: "sam.support@staff.test",
      name: "Sam Again",
      role: "support",
      password: "a long first password",
    });
    expect(dup.statusCode).toBe(409);

    const changed = await admin.put(`/api/console/staff/${sam.id}`, { role: "content_editor" });
    expect(changed.json().data.role).toBe("content_editor");
    const entries = await auditOf(`staff:${sam.id}`);
    expect(entries.map((e) => [e.staffId, e.action, e.before, e.after])).toEqual([
      [
        adminId,
        "staff.added",
        null,
        { email: "sam.support@staff.test", name: "Sam Support", role: "support", active: true },
      ],
      [
        adminId,
        "staff.changed",
        { email: "sam.support@staff.test", name: "Sam Support", role: "support", active: true },
        { email: "sam.support@staff.test", name: "Sam Support", role: "content_editor", active: true },
      ],
    ]);
    expect(JSON.stringify(entries)).not.toContain("argon2");
  });

  it("deactivates staff, ending their sessions at once", async () => {
    const row = await buildStaff(t, "fulfilment");
    const session = await signInStaff(t, row.email);
    const res = await admin.put(`/api/console/staff/${row.id}`, { active: false });
    expect(res.json().data).toMatchObject({
      active: false,
      abilities: { reactivate: true, deactivate: false },
    });
    expect((await session.get("/api/console/fulfilment")).statusCode).toBe(401);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/console/login",
      payload: { email: row.email, password: "correct horse battery staple" },
    });
    expect(again.statusCode).toBe(401);
  });

  it("never leaves the console without an active administrator, even when two demote each other at once", async () => {
    // Deactivate every other administrator first, so only `admin` is left.
    const list = (await admin.get("/api/console/staff")).json().data.rows as {
      id: number;
      role: string;
      active: boolean;
    }[];
    for (const other of list.filter((s) => s.role === "administrator" && s.active && s.id !== adminId))
      await admin.put(`/api/console/staff/${other.id}`, { active: false });

    const self = await admin.put(`/api/console/staff/${adminId}`, { active: false });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(CONSOLE_MESSAGES.notYourself);
    const demote = await admin.put(`/api/console/staff/${adminId}`, { role: "support" });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(CONSOLE_MESSAGES.lastAdministrator);
    const mine = (await admin.get("/api/console/staff"))
      .json()
      .data.rows.find((s: { id: number }) => s.id === adminId);
    expect(mine.abilities).toEqual({ change_role: false, deactivate: false, reactivate: false });

    const second = await buildStaff(t, "administrator");
    const other = await signInStaff(t, second.email);
    const [a, b] = await Promise.all([
      admin.put(`/api/console/staff/${second.id}`, { role: "support" }),
      other.put(`/api/console/staff/${adminId}`, { role: "support" }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const left = (await t.db.execute(
      sql`select count(*)::int as n from staff_accounts where role = 'administrator' and active`,
    )) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]?.n).toBe(1);
  });
});

describe("the audit log", () => {
  it("is shown newest first to an administrator", async () => {
    // The demotion race above may have made `admin` support staff, so read as a fresh administrator.
    const auditor = await signInStaff(t, (await buildStaff(t, "administrator")).email);
    const page = (await auditor.get("/api/console/audit")).json().data;
    expect(page.total_record).toBeGreaterThan(3);
    const times = page.rows.map((r: { at: string }) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.rows[0].staff).toHaveProperty("email");
  });

  it("refuses every update, delete and truncate in the database itself", async () => {
    const [first] = await t.db.select().from(staffAuditLog).limit(1);
    expect(first).toBeDefined();
    const id = first?.id ?? 0;
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => "allowed",
        (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
      );
    const update = sql`update staff_audit_log set action = 'rewritten' where id = ${id}`;
    expect(await refusal(t.db.execute(update))).toMatch(/append-only: UPDATE refused/);
    const remove = sql`delete from staff_audit_log where id = ${id}`;
    expect(await refusal(t.db.execute(remove))).toMatch(/append-only: DELETE refused/);
    expect(await refusal(t.db.execute(sql`truncate staff_audit_log`))).toMatch(
      /append-only: TRUNCATE refused/,
    );
    const [still] = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.id, id));
    expect(still).toEqual(first);
  });
});

// Last: it moves the clock past every session's idle time.
describe("staff sessions", () => {
  it("refuses a wrong password with one message, and ends sessions left idle or unfinished", async () => {
    const staff = await buildStaff(t, "support");
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/console/login",
      payload: { email: staff.email, password: "not the password" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(CONSOLE_MESSAGES.wrongPassword);

    const unfinished = await passwordStep(t, staff.email);
    t.clock.advance(6 * 60_000);
    expect((await unfinished.get("/api/console/session")).statusCode).toBe(401);

    const idle = await signInStaff(t, staff.email);
    t.clock.advance(31 * 60_000);
    expect((await idle.get("/api/console/session")).statusCode).toBe(401);
    expect((await admin.get("/api/console/session")).statusCode).toBe(401);
  });
});
