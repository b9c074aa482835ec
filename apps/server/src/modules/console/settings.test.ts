import { CONSOLE_MESSAGES, CONSOLE_SETTINGS_MESSAGES, type StaffRole } from "@precedent/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type SignedInFirm, signedInFirm, type TestApp } from "../../test/harness.ts";
import { staffAuditLog } from "./schema.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "./testing.ts";

let t: TestApp;
let firm: SignedInFirm;
const as = {} as Record<StaffRole, ConsoleClient>;
const REASON = "New sales line from December";

beforeAll(async () => {
  // With the change feed, as `npm start` runs: the settings are kept in memory between changes.
  t = await createTestApp({ changes: true });
  firm = await signedInFirm(t, { name: "Settings Test Advisory" });
  for (const role of ["administrator", "support", "content_editor", "fulfilment"] as const)
    as[role] = await signInStaff(t, (await buildStaff(t, role, { name: `${role} person` })).email);
}, 240_000);
afterAll(async () => t?.close());

const settingOf = async (key: string) => {
  const res = await as.administrator.get("/api/console/settings");
  expect(res.statusCode).toBe(200);
  return (
    res.json().data.rows as { key: string; value: string; version: number; overridden: boolean }[]
  ).find((row) => row.key === key);
};
const publicSettings = async () =>
  (await t.app.inject({ method: "GET", url: "/api/settings/public" })).json().data as {
    sales_phone: string;
    sales_email: string;
  };
const change = (client: ConsoleClient, key: string, value: string, version: number, reason = REASON) =>
  client.put(`/api/console/settings/${key}`, { value, version, reason });
const historyOf = async (key: string) =>
  (await as.support.get(`/api/console/settings/${key}/history`)).json().data.rows as {
    before: string | null;
    after: string;
    reason: string;
    staff_name: string;
  }[];

/** Polls until `read` gives `expected` (a notification is on its way), failing after 3 s. */
async function eventually<T>(read: () => Promise<T>, expected: T) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (JSON.stringify(value) === JSON.stringify(expected) || Date.now() - started > 3000) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("PUT /api/console/settings/:key", () => {
  it("changes the sales phone for everyone at once, with its history and audit entry", async () => {
    const before = await settingOf("sales_phone");
    expect(before).toMatchObject({ value: "1800 160 401", version: 0, overridden: false });
    expect((await publicSettings()).sales_phone).toBe("1800 160 401");

    const res = await change(as.administrator, "sales_phone", " 1300 555 010 ", 0);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      value: "1300 555 010",
      default_value: "1800 160 401",
      overridden: true,
      version: 1,
      updated_by: "administrator person",
    });
    expect((await publicSettings()).sales_phone).toBe("1300 555 010");

    expect(await historyOf("sales_phone")).toMatchObject([
      { before: null, after: "1300 555 010", reason: REASON, staff_name: "administrator person" },
    ]);
    const audit = await t.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.target, "setting:sales_phone"));
    expect(audit).toMatchObject([
      {
        action: "setting.changed",
        before: { value: null, version: 0 },
        after: { value: "1300 555 010", version: 1, reason: REASON },
      },
    ]);
  });

  it("refuses a value the environment's check refuses, with its message, and changes nothing", async () => {
    const before = await settingOf("legal_review_fees");
    const res = await change(as.administrator, "legal_review_fees", "discretionary-trust-deed=lots", 0);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'LEGAL_REVIEW_FEES: "lots" is not an amount in dollars (e.g. 220 or 12.50)',
    );
    expect(res.json().data.errors).toEqual([{ field: "value", message: res.json().message }]);
    const shipping = await change(as.administrator, "hard_copy_shipping", "standard|Standard post", 0);
    expect(shipping.statusCode).toBe(400);
    expect(shipping.json().message).toBe(
      'HARD_COPY_SHIPPING: "standard|Standard post" is not id|label|dollars',
    );
    expect((await change(as.administrator, "sales_email", "not an address", 0)).statusCode).toBe(400);
    expect((await change(as.administrator, "hard_copy_max_copies", "0", 0)).statusCode).toBe(400);
    expect(await settingOf("legal_review_fees")).toEqual(before);
    expect(await historyOf("legal_review_fees")).toEqual([]);
  });

  it("lets one of several edits made from the same version win; the rest are told to reload (409)", async () => {
    const current = await settingOf("hard_copy_price");
    const replies = await Promise.all(
      ["60", "61", "62", "63", "64"].map((value) =>
        change(as.administrator, "hard_copy_price", value, current?.version ?? 0),
      ),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const refused of replies.filter((r) => r.statusCode === 409))
      expect(refused.json().message).toBe(CONSOLE_SETTINGS_MESSAGES.stale);
    const winner = replies.find((r) => r.statusCode === 200)?.json().data.value;
    expect(await settingOf("hard_copy_price")).toMatchObject({ value: winner, version: 1 });
    expect(await historyOf("hard_copy_price")).toHaveLength(1);
    // A late edit from the old version is refused too; from the new one it goes through.
    expect((await change(as.administrator, "hard_copy_price", "70", 0)).statusCode).toBe(409);
    expect((await change(as.administrator, "hard_copy_price", "70", 1)).statusCode).toBe(200);
  });

  it("refuses the OpenAI-compatible assistant without its key in the environment, and changes nothing", async () => {
    const listed = (await as.administrator.get("/api/console/settings")).json().data;
    expect(listed.secrets).toEqual([
      { environment_name: "ASSISTANT_OPENAI_API_KEY", label: "The assistant model's API key", set: false },
    ]);
    expect(listed.providers).toContainEqual({
      service: "Payments",
      provider: "Sandbox checkout (test cards, no money taken)",
      configured_by: "PAYMENT_PROVIDER, STRIPE_SECRET_KEY",
    });
    // The address and the model alone change nothing the assistant does: allowed.
    expect(
      (await change(as.administrator, "assistant_base_url", "http://127.0.0.1:11434/v1", 0)).statusCode,
    ).toBe(200);
    expect((await change(as.administrator, "assistant_chat_model", "llama3.1:8b", 0)).statusCode).toBe(200);
    const refused = await change(as.administrator, "assistant_provider", "openai-compatible", 0);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CONSOLE_SETTINGS_MESSAGES.assistantNeedsKey);
    expect(refused.json().data.errors).toEqual([
      { field: "value", message: CONSOLE_SETTINGS_MESSAGES.assistantNeedsKey },
    ]);
    expect(await settingOf("assistant_provider")).toMatchObject({
      value: "built-in",
      version: 0,
      overridden: false,
    });
    expect(await historyOf("assistant_provider")).toEqual([]);
    const audit = await t.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.target, "setting:assistant_provider"));
    expect(audit).toEqual([]);
    const settings = await firm.as.owner.get("/api/ai/settings");
    expect(settings.json().data).toMatchObject({ provider: "built-in", available: true, realtime: null });
  });

  it("keeps the history append-only in the database", async () => {
    await expect(t.db.execute(sql`UPDATE setting_history SET reason = 'rewritten'`)).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM setting_history`)).rejects.toThrow();
  });

  it("lets support read but not change; content editors and fulfilment staff neither", async () => {
    expect((await as.support.get("/api/console/settings")).json().data.abilities).toEqual({ edit: false });
    expect((await as.administrator.get("/api/console/settings")).json().data.abilities).toEqual({
      edit: true,
    });
    const refused = await change(as.support, "sales_phone", "1300 000 000", 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CONSOLE_MESSAGES.refused);
    for (const role of ["content_editor", "fulfilment"] as const) {
      expect((await as[role].get("/api/console/settings")).statusCode).toBe(403);
      expect((await as[role].get("/api/console/settings/sales_phone/history")).statusCode).toBe(403);
    }
    // A firm's person has no console session at all.
    const firmUser = await t.app.inject({
      method: "PUT",
      url: "/api/console/settings/sales_phone",
      headers: { authorization: `Bearer ${firm.as.owner.token}` },
      payload: { value: "1300 000 000", version: 1, reason: REASON },
    });
    expect(firmUser.statusCode).toBe(401);
    expect((await settingOf("sales_phone"))?.value).toBe("1300 555 010");
  });
});

describe("the fulfilment prices a firm sees", () => {
  it("prices a legal review and a hard copy from the console's values", async () => {
    const doc = await t.buildDocument({
      teamId: firm.teamId,
      createdBy: firm.ids.owner,
      status: 5,
      template: { identifier: "discretionary-trust-deed", name: "Discretionary Trust Deed" },
      name: "Smith Family Trust",
    });
    const prices = async () => {
      const res = await firm.as.owner.get(`/api/doc/${doc.id}/fulfilment`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      return {
        review: data.legal_review.price,
        copy: data.hard_copy.price_per_copy,
        phone: data.sales_phone,
      };
    };
    expect(await prices()).toEqual({ review: 22_000, copy: 7_000, phone: "1300 555 010" });
    const fees = await settingOf("legal_review_fees");
    const res = await change(
      as.administrator,
      "legal_review_fees",
      "discretionary-trust-deed=275.50",
      fees?.version ?? 0,
    );
    expect(res.statusCode).toBe(200);
    expect(await prices()).toEqual({ review: 27_550, copy: 7_000, phone: "1300 555 010" });
  });
});

describe("a change made elsewhere (another server, a script)", () => {
  it("reaches this server's kept settings as soon as the database's notification arrives", async () => {
    expect((await publicSettings()).sales_email).toBe("sales@precedent.com.au");
    // Read twice so the settings are kept in memory, then changed behind this server's back.
    await publicSettings();
    await t.db.execute(
      sql`INSERT INTO setting_values (key, value, version, updated_at, updated_by) VALUES ('sales_email', 'hello@precedent.test', 1, now(), 1)`,
    );
    expect(await eventually(async () => (await publicSettings()).sales_email, "hello@precedent.test")).toBe(
      "hello@precedent.test",
    );
  });

  it("shows an administrator's change through a second server on the same database (PostgreSQL)", async () => {
    const other = await t.secondServer();
    if (!other) return; // PGlite's database belongs to one process.
    try {
      const read = async () =>
        (
          (await other.app.inject({ method: "GET", url: "/api/settings/public" })).json().data as {
            sales_phone: string;
          }
        ).sales_phone;
      const version = (await settingOf("sales_phone"))?.version ?? 0;
      expect(await read()).toBe("1300 555 010");
      expect((await change(as.administrator, "sales_phone", "1300 555 020", version)).statusCode).toBe(200);
      expect(await eventually(read, "1300 555 020")).toBe("1300 555 020");
    } finally {
      await other.close();
    }
  });
});
