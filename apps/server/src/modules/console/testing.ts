// Test helpers of the operator console (its tests import this; product code does not).
import { ConsoleCategoriesResponse, ConsoleProductResponse, type StaffRole } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import { TEST_PASSWORD, type TestApp } from "../../test/harness.ts";
import { TOTP_PERIOD_MS } from "../two-factor/index.ts";
import { CONSOLE_COOKIE } from "./routes.ts";
import { staffAccounts } from "./schema.ts";
import { insertStaff } from "./staff-admin.ts";

/** The secret every test staff account's authenticator holds (any base32 would do). */
export const TEST_STAFF_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

export const codeAt = (ms: number, secret = TEST_STAFF_SECRET) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: TOTP_PERIOD_MS / 1000 }).generate({
    timestamp: ms,
  });

let made = 0;

/** A staff account; with `twoFactor` (the default) its authenticator is set up already. */
export async function buildStaff(
  t: TestApp,
  role: StaffRole,
  options: { twoFactor?: boolean; name?: string } = {},
) {
  made += 1;
  const row = await insertStaff(t.db, t.clock.now, {
    email: `${role.replace("_", "-")}-${made}@staff.test`,
    name: options.name ?? `${role} ${made}`,
    role,
    password: TEST_PASSWORD,
  });
  if (options.twoFactor !== false) {
    await t.db
      .update(staffAccounts)
      .set({
        totpSecret: t.services.operatorConsole.sessions.sealSecret(row.id, TEST_STAFF_SECRET),
        totpConfirmedAt: t.clock.now(),
      })
      .where(eq(staffAccounts.id, row.id));
  }
  return row;
}

/** The cookie header of a console session (`token`), as the browser sends it. */
export const consoleCookie = (token: string) => ({ cookie: `${CONSOLE_COOKIE}=${token}` });

export type ConsoleClient = ReturnType<typeof consoleClient>;

/** Calls the console's API with a console session's cookie. */
export function consoleClient(t: TestApp, token: string) {
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: consoleCookie(token), ...(payload ? { payload } : {}) });
  return {
    token,
    get: (url: string) => call("GET", url),
    post: (url: string, payload: object = {}) => call("POST", url, payload),
    put: (url: string, payload: object) => call("PUT", url, payload),
    delete: (url: string) => call("DELETE", url),
  };
}

/** The password step only: a session that reaches nothing but the two-factor step. */
export async function passwordStep(t: TestApp, email: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/console/login",
    payload: { email, password: TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`console sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === CONSOLE_COOKIE);
  if (!cookie) throw new Error("no console cookie");
  return consoleClient(t, cookie.value);
}

/**
 * Both steps. The clock moves on one code step first: a code is accepted once, so two sign-ins
 * of one account in the same 30 seconds would be refused, as they are in life.
 */
export async function signInStaff(t: TestApp, email: string) {
  t.clock.advance(TOTP_PERIOD_MS);
  const client = await passwordStep(t, email);
  const res = await client.post("/api/console/two-factor/code", { code: codeAt(t.clock.now().getTime()) });
  if (res.statusCode !== 200) throw new Error(`console code step failed: ${res.statusCode} ${res.body}`);
  return client;
}

/** A product on sale, made by `admin` as staff make one: a starter template, in the first category. */
export async function productOnSale(
  admin: ConsoleClient,
  product: { name: string; sku: string; priceCents: number; template: string },
) {
  const categories = ConsoleCategoriesResponse.parse(
    (await admin.get("/api/console/catalogue/categories")).json(),
  ).data.rows;
  const res = await admin.post("/api/console/catalogue/products", {
    name: product.name,
    sku: product.sku,
    price_cents: product.priceCents,
    category_ids: [categories[0]?.id],
    template: product.template,
    published: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ConsoleProductResponse.parse(res.json()).data;
}
