import { readFileSync } from "node:fs";
import path from "node:path";
import { CONSOLE_MESSAGES, type StaffRole } from "@precedent/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../constants.ts";
import {
  bearer,
  buildFirmWithPeople,
  createTestApp,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import {
  buildStaff,
  type ConsoleClient,
  consoleClient,
  consoleCookie,
  passwordStep,
  signInStaff,
} from "./testing.ts";

/**
 * Every console call against every kind of caller (issue 37: "every console call refused to a
 * firm user and to a staff role without the right, tested across all calls"). The table is
 * written out here rather than read from the policy, so a rule loosened there fails here; and
 * every console route the app registers must have a row, so a new route cannot be left out.
 */
const ROLES: StaffRole[] = ["administrator", "support", "content_editor", "fulfilment"];

/** Template versions and the catalogue's texts: content editors' work; administrators may too. */
const EDITORS: StaffRole[] = ["administrator", "content_editor"];
type Row = { url: string; payload?: () => object; allowed: StaffRole[] };
const starterFile = (file: string) =>
  readFileSync(path.resolve(import.meta.dirname, "../../../../../templates/director-consent", file), "utf8");
let added = 0;
const CATALOGUE_CALLS: Record<string, Row> = {
  "GET /api/console/catalogue/products": { url: "/api/console/catalogue/products?q=trust", allowed: EDITORS },
  "GET /api/console/catalogue/products/:id": {
    url: "/api/console/catalogue/products/999999",
    allowed: EDITORS,
  },
  "PUT /api/console/catalogue/products/:id": {
    url: "/api/console/catalogue/products/999999",
    payload: () => ({ version: 1, price_cents: 1234 }),
    allowed: EDITORS,
  },
  "POST /api/console/catalogue/products": {
    url: "/api/console/catalogue/products",
    payload: () => ({
      name: "Checking who may add",
      sku: `WHO-MAY-ADD-${++added}`,
      price_cents: 1000,
      category_ids: [999999],
      template: null,
    }),
    allowed: ["administrator"],
  },
  "DELETE /api/console/catalogue/products/:id": {
    url: "/api/console/catalogue/products/999999",
    allowed: ["administrator"],
  },
  "PUT /api/console/catalogue/products/:id/image": {
    url: "/api/console/catalogue/products/999999/image?version=1",
    allowed: EDITORS,
  },
  "DELETE /api/console/catalogue/products/:id/image": {
    url: "/api/console/catalogue/products/999999/image?version=1",
    allowed: EDITORS,
  },
  "POST /api/console/catalogue/products/:id/restore": {
    url: "/api/console/catalogue/products/999999/restore",
    payload: () => ({ published: true }),
    allowed: ["administrator"],
  },
  "PUT /api/console/catalogue/categories/:id/image": {
    url: "/api/console/catalogue/categories/999999/image",
    allowed: EDITORS,
  },
  "DELETE /api/console/catalogue/categories/:id/image": {
    url: "/api/console/catalogue/categories/999999/image",
    allowed: EDITORS,
  },
  "GET /api/console/catalogue/images/:sha256": {
    url: `/api/console/catalogue/images/${"0".repeat(64)}`,
    allowed: EDITORS,
  },
  "GET /api/console/catalogue/categories": { url: "/api/console/catalogue/categories", allowed: EDITORS },
  "DELETE /api/console/catalogue/categories/:id": {
    url: "/api/console/catalogue/categories/999999",
    allowed: EDITORS,
  },
  "POST /api/console/catalogue/categories": {
    url: "/api/console/catalogue/categories",
    payload: () => ({ name: `Checking who may add ${++added}`, parent_id: null }),
    allowed: EDITORS,
  },
  "PUT /api/console/catalogue/categories/:id": {
    url: "/api/console/catalogue/categories/999999",
    payload: () => ({ name: "Checking who may rename" }),
    allowed: EDITORS,
  },
  "PUT /api/console/catalogue/categories/:id/plan-rules": {
    url: "/api/console/catalogue/categories/999999/plan-rules",
    payload: () => ({ rules: [{ plan_id: 1, rule: "full" }] }),
    allowed: ["administrator"],
  },
  "POST /api/console/catalogue/categories/:id/move": {
    url: "/api/console/catalogue/categories/999999/move",
    payload: () => ({ direction: "up" }),
    allowed: EDITORS,
  },
  "GET /api/console/catalogue/credit-packages": {
    url: "/api/console/catalogue/credit-packages",
    allowed: ["administrator"],
  },
  "POST /api/console/catalogue/credit-packages": {
    url: "/api/console/catalogue/credit-packages",
    payload: () => ({
      name: `Checking who may add ${++added}`,
      price_cents: 5000,
      credits: 3,
      active: false,
    }),
    allowed: ["administrator"],
  },
  "PUT /api/console/catalogue/credit-packages/:id": {
    url: "/api/console/catalogue/credit-packages/999999",
    payload: () => ({ version: 1, price_cents: 5000 }),
    allowed: ["administrator"],
  },
  "GET /api/console/catalogue/plans": { url: "/api/console/catalogue/plans", allowed: ["administrator"] },
  "PUT /api/console/catalogue/plans/:id": {
    url: "/api/console/catalogue/plans/999999",
    payload: () => ({ version: 1, max_users: 4 }),
    allowed: ["administrator"],
  },
  "GET /api/console/catalogue/coupons": { url: "/api/console/catalogue/coupons", allowed: ["administrator"] },
  "POST /api/console/catalogue/coupons": {
    url: "/api/console/catalogue/coupons",
    payload: () => ({
      code: `WHO-MAY-${++added}`,
      discount_type: "percent",
      amount: 10,
      usage_limit: null,
      usage_limit_per_user: null,
      expires_at: null,
      individual_use: false,
      product_ids: [],
    }),
    allowed: ["administrator"],
  },
  "PUT /api/console/catalogue/coupons/:id": {
    url: "/api/console/catalogue/coupons/999999",
    payload: () => ({ version: 1, disabled: true }),
    allowed: ["administrator"],
  },
};
const AREA_CALLS: Record<string, Row> = {
  "GET /api/console/fulfilment": { url: "/api/console/fulfilment", allowed: ["administrator", "fulfilment"] },
  "POST /api/console/fulfilment/:id/assign": {
    url: "/api/console/fulfilment/999999/assign",
    payload: () => ({ staff_id: null }),
    allowed: ["administrator", "fulfilment"],
  },
  "POST /api/console/fulfilment/:id/status": {
    url: "/api/console/fulfilment/999999/status",
    payload: () => ({ status: "completed" }),
    allowed: ["administrator", "fulfilment"],
  },
  "GET /api/console/staff": { url: "/api/console/staff", allowed: ["administrator"] },
  "POST /api/console/staff": {
    url: "/api/console/staff",
    payload: () => ({
      email: `new-${++added}@staff.test`,
      name: "New Person",
      role: "support",
      password: "a long first password",
    }),
    allowed: ["administrator"],
  },
  "PUT /api/console/staff/:id": {
    url: "/api/console/staff/999999",
    payload: () => ({ role: "support" }),
    allowed: ["administrator"],
  },
  "GET /api/console/audit": { url: "/api/console/audit", allowed: ["administrator"] },
  "GET /api/console/jobs/failed": { url: "/api/console/jobs/failed", allowed: ["administrator", "support"] },
  "POST /api/console/jobs/:id/retry": {
    url: "/api/console/jobs/999999/retry",
    allowed: ["administrator", "support"],
  },
  "POST /api/console/jobs/:id/discard": {
    url: "/api/console/jobs/999999/discard",
    allowed: ["administrator", "support"],
  },
  "GET /api/console/lodgements": { url: "/api/console/lodgements", allowed: ["administrator", "support"] },
  "POST /api/console/lodgements/:doc_id/retry": {
    url: "/api/console/lodgements/999999/retry",
    allowed: ["administrator", "support"],
  },
  "POST /api/console/lodgements/:doc_id/assign": {
    url: "/api/console/lodgements/999999/assign",
    payload: () => ({ staff_id: null }),
    allowed: ["administrator", "support"],
  },
  "POST /api/console/lodgements/:doc_id/notes": {
    url: "/api/console/lodgements/999999/notes",
    payload: () => ({ note: "Rang ASIC: they are looking at it." }),
    allowed: ["administrator", "support"],
  },
  "GET /api/console/mail/failed": { url: "/api/console/mail/failed", allowed: ["administrator", "support"] },
  "POST /api/console/mail/:id/retry": {
    url: "/api/console/mail/999999/retry",
    allowed: ["administrator", "support"],
  },
  "GET /api/console/integrations/failing": {
    url: "/api/console/integrations/failing",
    allowed: ["administrator", "support"],
  },
  "POST /api/console/integrations/:kind/:id/retry": {
    url: "/api/console/integrations/connection/999999/retry",
    allowed: ["administrator", "support"],
  },
  "POST /api/console/integrations/:kind/:id/assign": {
    url: "/api/console/integrations/import/999999/assign",
    payload: () => ({ staff_id: null }),
    allowed: ["administrator", "support"],
  },
  "POST /api/console/integrations/:kind/:id/notes": {
    url: "/api/console/integrations/sync/999999/notes",
    payload: () => ({ note: "Rang the firm: they will connect Xero again.", contacted: true }),
    allowed: ["administrator", "support"],
  },
  "GET /api/console/firms": { url: "/api/console/firms?q=firm", allowed: ["administrator", "support"] },
  "GET /api/console/firms/:id": { url: "/api/console/firms/999999", allowed: ["administrator", "support"] },
  "POST /api/console/firms/:id/lock": {
    url: "/api/console/firms/999999/lock",
    payload: () => ({ reason: "Checking who may lock" }),
    allowed: ["administrator", "support"],
  },
  "POST /api/console/firms/:id/unlock": {
    url: "/api/console/firms/999999/unlock",
    payload: () => ({ reason: "Checking who may unlock" }),
    allowed: ["administrator", "support"],
  },
  "POST /api/console/firms/:id/people/:user_id/reset-two-factor": {
    url: "/api/console/firms/999999/people/999999/reset-two-factor",
    payload: () => ({ reason: "Checking who may reset" }),
    allowed: ["administrator", "support"],
  },
  "POST /api/console/firms/:id/credits": {
    url: "/api/console/firms/999999/credits",
    payload: () => ({ credits: 1, reason: "Checking who may grant" }),
    allowed: ["administrator"],
  },
  "POST /api/console/firms/:id/plan": {
    url: "/api/console/firms/999999/plan",
    payload: () => ({ plan_id: 1, reason: "Checking who may change plans" }),
    allowed: ["administrator"],
  },
  "POST /api/console/firms/:id/people/:user_id/make-owner": {
    url: "/api/console/firms/999999/people/999999/make-owner",
    payload: () => ({ reason: "Checking who may hand over" }),
    allowed: ["administrator"],
  },
  "GET /api/console/templates": { url: "/api/console/templates", allowed: EDITORS },
  "POST /api/console/templates": {
    url: "/api/console/templates",
    // A real template under a fresh identifier each time: allowed callers add a draft (200).
    payload: () => ({
      identifier: `who-may-add-${++added}`,
      interview: starterFile("interview.yaml"),
      body: starterFile("template.md"),
      sample_answers: starterFile("sample-answers.json"),
      catalogue: { name: "Checking who may add a template" },
    }),
    allowed: EDITORS,
  },
  "GET /api/console/templates/:identifier": {
    url: "/api/console/templates/no-such-template",
    allowed: EDITORS,
  },
  "DELETE /api/console/templates/:identifier": {
    url: "/api/console/templates/no-such-template",
    allowed: EDITORS,
  },
  "POST /api/console/templates/:identifier/versions": {
    url: "/api/console/templates/no-such-template/versions",
    payload: () => ({ note: "Checking who may upload", interview: "x", body: "x", sample_answers: "{}" }),
    allowed: EDITORS,
  },
  "GET /api/console/templates/:identifier/versions/:version": {
    url: "/api/console/templates/no-such-template/versions/2",
    allowed: EDITORS,
  },
  "POST /api/console/templates/:identifier/versions/:version/publish": {
    url: "/api/console/templates/no-such-template/versions/2/publish",
    allowed: EDITORS,
  },
  "POST /api/console/templates/:identifier/versions/:version/schedule": {
    url: "/api/console/templates/no-such-template/versions/2/schedule",
    payload: () => ({ publish_at: "2099-01-01T09:00:00+11:00" }),
    allowed: EDITORS,
  },
  "POST /api/console/templates/:identifier/versions/:version/cancel-schedule": {
    url: "/api/console/templates/no-such-template/versions/2/cancel-schedule",
    allowed: EDITORS,
  },
  "POST /api/console/templates/:identifier/rollback": {
    url: "/api/console/templates/no-such-template/rollback",
    allowed: EDITORS,
  },
  "GET /api/console/settings": { url: "/api/console/settings", allowed: ["administrator", "support"] },
  "PUT /api/console/settings/:key": {
    url: "/api/console/settings/sales_phone",
    payload: () => ({ value: "1800 000 111", version: 0, reason: "Checking who may change settings" }),
    allowed: ["administrator"],
  },
  "GET /api/console/settings/:key/history": {
    url: "/api/console/settings/sales_phone/history",
    allowed: ["administrator", "support"],
  },
  "GET /api/console/announcements": {
    url: "/api/console/announcements",
    allowed: ["administrator", "content_editor"],
  },
  "POST /api/console/announcements": {
    url: "/api/console/announcements",
    payload: () => ({ content: "Checking who may write", starts_at: "2026-11-02T09:00:00+10:00" }),
    allowed: ["administrator", "content_editor"],
  },
  "PUT /api/console/announcements/:id": {
    url: "/api/console/announcements/999999",
    payload: () => ({ content: "Checking who may edit", starts_at: "2026-11-02T09:00:00+10:00" }),
    allowed: ["administrator", "content_editor"],
  },
  "POST /api/console/announcements/:id/publish": {
    url: "/api/console/announcements/999999/publish",
    payload: () => ({ published: true }),
    allowed: ["administrator", "content_editor"],
  },
  ...CATALOGUE_CALLS,
  "GET /api/console/money/orders": {
    url: "/api/console/money/orders?q=INV",
    allowed: ["administrator", "support"],
  },
  "GET /api/console/money/orders/:id": {
    url: "/api/console/money/orders/999999",
    allowed: ["administrator", "support"],
  },
  "POST /api/console/money/orders/:id/refund": {
    url: "/api/console/money/orders/999999/refund",
    payload: () => ({ amount: 100, reason: "Checking who may refund", refunded_before: 0 }),
    allowed: ["administrator", "support"],
  },
  "POST /api/console/money/orders/:id/invoice": {
    url: "/api/console/money/orders/999999/invoice",
    allowed: ["administrator", "support"],
  },
  "GET /api/console/money/takings": {
    url: "/api/console/money/takings?day=2026-11-30",
    allowed: ["administrator", "support"],
  },
};
/** The session's own calls: reached with a console session before the code step too. */
const SESSION_CALLS = [
  "POST /api/console/login",
  "POST /api/console/logout",
  "GET /api/console/session",
  "POST /api/console/two-factor/setup",
  "POST /api/console/two-factor/code",
];

let t: TestApp;
let firm: FirmWithPeople;
const consoleRoutes: string[] = [];
const staffOf = {} as Record<StaffRole, ConsoleClient>;
let pending: ConsoleClient;

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route) => {
      if (!route.url.startsWith("/api/console")) return;
      for (const method of [route.method].flat())
        if (method !== "HEAD") consoleRoutes.push(`${method} ${route.url}`);
    },
  });
  firm = await buildFirmWithPeople(t);
  for (const role of ROLES) staffOf[role] = await signInStaff(t, (await buildStaff(t, role)).email);
  pending = await passwordStep(t, (await buildStaff(t, "administrator")).email);
}, 240_000);
afterAll(async () => t?.close());

const send = (key: string, headers: Record<string, string>) => {
  const method = key.split(" ")[0] as "GET" | "POST" | "PUT" | "DELETE";
  const row = AREA_CALLS[key] as Row;
  return t.app.inject({
    method,
    url: row.url,
    headers,
    ...(row.payload ? { payload: row.payload() } : {}),
  });
};

describe("every console call, every caller", () => {
  it("has a row for every console route the app registers", () => {
    expect(consoleRoutes.length).toBeGreaterThan(0);
    expect([...consoleRoutes].sort()).toEqual([...Object.keys(AREA_CALLS), ...SESSION_CALLS].sort());
  });

  it("refuses a firm user's session in every form, and nobody at all (401)", async () => {
    const owner = firm.as.owner.token;
    const callers: Record<string, Record<string, string>> = {
      nobody: {},
      "a firm's bearer token": bearer(owner),
      "a firm's session cookie": { cookie: `${SESSION_COOKIE}=${owner}` },
      "a firm's token in the console cookie": consoleCookie(owner),
    };
    for (const key of Object.keys(AREA_CALLS)) {
      for (const [who, headers] of Object.entries(callers)) {
        const res = await send(key, headers);
        expect(res.statusCode, `${key} as ${who}`).toBe(401);
        expect(res.json().data, `${key} as ${who}`).toBeNull();
      }
    }
    for (const key of ["GET /api/console/session", "POST /api/console/two-factor/setup"]) {
      const [method, url] = key.split(" ") as ["GET" | "POST", string];
      for (const [who, headers] of Object.entries(callers)) {
        expect((await t.app.inject({ method, url, headers })).statusCode, `${key} as ${who}`).toBe(401);
      }
    }
  });

  it("refuses a staff session that has not passed the code step (403)", async () => {
    for (const key of Object.keys(AREA_CALLS)) {
      const res = await send(key, consoleCookie(pending.token));
      expect(res.statusCode, key).toBe(403);
      expect(res.json().message).toBe(CONSOLE_MESSAGES.twoFactorFirst);
    }
  });

  it("lets each role through exactly the calls its row allows, and refuses the rest (403)", async () => {
    for (const [key, row] of Object.entries(AREA_CALLS)) {
      for (const role of ROLES) {
        const res = await send(key, consoleCookie(staffOf[role].token));
        if (row.allowed.includes(role)) {
          // Reached the call itself: a list, or the missing item's 404.
          expect([200, 404], `${key} as ${role}: ${res.body}`).toContain(res.statusCode);
        } else {
          expect(res.statusCode, `${key} as ${role}`).toBe(403);
          expect(res.json().message, `${key} as ${role}`).toBe(CONSOLE_MESSAGES.refused);
        }
      }
    }
  });

  it("never lets a console session reach a firm call", async () => {
    const token = staffOf.administrator.token;
    for (const headers of [bearer(token), { cookie: `${SESSION_COOKIE}=${token}` }, consoleCookie(token)]) {
      const res = await t.app.inject({ method: "GET", url: "/api/users/me", headers });
      expect(res.statusCode).toBe(401);
    }
    // The console's own client, for completeness, still works with the same token.
    expect((await consoleClient(t, token).get("/api/console/session")).statusCode).toBe(200);
  });
});
