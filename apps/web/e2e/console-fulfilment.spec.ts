import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { createDraftByApi, teamIdOf, uniqueName } from "./documents-support";
import { DEMO_PASSWORD, expectAccessible, OWNER } from "./support";

/**
 * The operator console (issue 37): the demo fulfilment worker signs in at /console with the
 * password and an authenticator code, finds a paid hard-copy request with its customer's email,
 * takes it, marks it sent and completes it; the firm then sees it completed. At both widths,
 * keyboard only for the sign-in, with axe on each screen.
 */
const STAFF_KEY = "DEMOCONSOLEPRECEDENTSTAFF2345ABC";
const FULFILMENT = { email: "fulfilment@console.test", name: "Frankie Fulfilment" };
const address = {
  recipient: "Olivia Owner",
  address_1: "1 George Street",
  suburb: "Sydney",
  state: "NSW",
  postcode: "2000",
};
const billing = {
  first_name: "Olivia",
  last_name: "Owner",
  email: "billing@demo.test",
  company: "Demo Advisory",
};

/** A code for a step no earlier sign-in of the account has used (one sign-in per width, 30 s apart at least). */
const codeFor = (width: number) =>
  new TOTP({ secret: Secret.fromBase32(STAFF_KEY) }).generate({
    timestamp: Date.now() + (width === 375 ? 30_000 : 0),
  });

/** As the demo owner, through the firm's API: a completed document, a hard copy of it, paid at the sandbox checkout. */
async function paidHardCopy(page: Page) {
  const login = await page.request.post("/api/auth/login", {
    data: { email: OWNER.email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const teamId = await teamIdOf(page);
  const name = uniqueName("Console hard copy");
  const docId = await createDraftByApi(page, name);
  expect(
    (await page.request.put(`/api/doc/status/${docId}?id_team=${teamId}`, { data: { status: 5 } })).status(),
  ).toBe(200);
  const made = await page.request.post(`/api/doc/${docId}/hard-copy?id_team=${teamId}`, {
    data: { copies: 1, shipping: "express", address, billing },
  });
  expect(made.status()).toBe(200);
  const request = ((await made.json()) as { data: { id: number; order_id: number } }).data;
  const checkout = await page.request.post(`/api/stripe/checkout?id_team=${teamId}`, {
    data: { order_id: request.order_id },
  });
  const url = ((await checkout.json()) as { data: { url: string } }).data.url;
  const paid = await page.request.post(url, {
    form: { card_number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return { teamId, docId, name, requestId: request.id };
}

// One demo account signs in at both widths: in order, so the second takes a later code step.
test.describe.configure({ mode: "serial" });

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: 180_000 });

    test("fulfilment completes a hard-copy request", async ({ page }) => {
      const { teamId, docId, name, requestId } = await paidHardCopy(page);

      await page.goto("/console");
      await expect(page.getByRole("heading", { name: "Operator console" })).toBeVisible({ timeout: 60_000 });
      await expectAccessible(page, "console sign-in");
      await page.getByLabel("Email").focus();
      await page.keyboard.type(FULFILMENT.email);
      await page.keyboard.press("Tab");
      await page.keyboard.type(DEMO_PASSWORD);
      await page.keyboard.press("Enter");
      const code = page.getByLabel("Authentication code");
      await expect(code).toBeFocused();
      await expectAccessible(page, "console code step");
      await page.keyboard.type(codeFor(width));
      await page.keyboard.press("Enter");

      await expect(page.getByRole("tab", { name: "Requests" })).toBeVisible();
      // Fulfilment works the queue only: no staff or audit areas.
      await expect(page.getByRole("tab", { name: "Staff" })).toHaveCount(0);
      const row = page.getByRole("row", { name: new RegExp(`^${requestId} · Hard copy`) });
      await expect(row).toContainText(name);
      await expect(row).toContainText(OWNER.email);
      await expect(row).toContainText("Paid");
      await expectAccessible(page, "fulfilment queue");

      await row.getByRole("button", { name: `Take request ${requestId}` }).click();
      await expect(row).toContainText(FULFILMENT.name);
      await row.getByRole("button", { name: `Mark sent (${requestId})` }).click();
      await expect(row).toContainText("Sent");
      const complete = row.getByRole("button", { name: `Mark completed (${requestId})` });
      await complete.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText(`Request ${requestId} is now completed.`)).toBeVisible();
      // The waiting list no longer shows it; the completed list does.
      await expect(row).toHaveCount(0);
      await page.getByLabel("Show").click();
      await page.getByTitle("Completed", { exact: true }).click();
      await expect(page.getByRole("row", { name: new RegExp(`^${requestId} · Hard copy`) })).toContainText(
        "Completed",
      );
      await expectAccessible(page, "completed requests");

      // The firm sees its request completed.
      const seen = await page.request.get(`/api/doc/${docId}/fulfilment?id_team=${teamId}`);
      const requests = ((await seen.json()) as { data: { requests: { id: number; status: string }[] } }).data
        .requests;
      expect(requests.find((r) => r.id === requestId)?.status).toBe("completed");
    });
  });
}
