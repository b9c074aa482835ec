import { expect, type Page, test } from "@playwright/test";
import { consoleCode, signInToConsole } from "./console-support";
import { createDraftByApi, teamIdOf, uniqueName } from "./documents-support";
import { DEMO_PASSWORD, expectAccessible, OWNER } from "./support";

/**
 * The operator console (issue 37): the demo fulfilment worker signs in at /console with the
 * password and an authenticator code, finds a paid hard-copy request with its customer's email,
 * takes it, marks it sent and completes it; the firm then sees it completed. At both widths,
 * keyboard only for the sign-in, with axe on each screen.
 */
const FULFILMENT = { email: "fulfilment@console.test", name: "Frankie Fulfilment" };
const ADMINISTRATOR = { email: "admin@console.test", name: "Casey Console" };
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
      await page.keyboard.type(await consoleCode(FULFILMENT.email));
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

    test("an administrator adds a staff member and sees it in the audit log", async ({ page }) => {
      await signInToConsole(page, ADMINISTRATOR.email);
      await page.getByRole("tab", { name: "Staff" }).click();
      await expect(page.getByRole("row", { name: new RegExp(FULFILMENT.name) })).toBeVisible();
      await expectAccessible(page, "staff list");

      const email = `${uniqueName("support").replace(/\W+/g, "-").toLowerCase()}@staff.test`;
      await page.getByRole("button", { name: "Add staff" }).click();
      const dialog = page.getByRole("dialog", { name: "Add staff" });
      await expect(dialog.getByLabel("Name")).toBeFocused();
      await page.keyboard.type("Sam Support");
      await page.keyboard.press("Tab");
      await page.keyboard.type(email);
      await dialog.getByLabel("First password (at least 12 characters)").fill("short");
      await dialog.getByRole("button", { name: "Add" }).click();
      await expect(dialog.getByText("Use at least 12 characters")).toBeVisible();
      await expectAccessible(page, "add staff dialog", { include: ".ant-modal" });
      await dialog.getByLabel("First password (at least 12 characters)").fill("a long first password");
      await dialog.getByRole("button", { name: "Add" }).click();
      await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText(
        "Two-factor not set up yet",
      );

      await page.getByRole("tab", { name: "Audit log" }).click();
      const entry = page
        .getByRole("row", { name: /staff\.added/ })
        .filter({ hasText: email })
        .first();
      await expect(entry).toContainText(ADMINISTRATOR.email);
      await expectAccessible(page, "audit log");
    });
  });
}
