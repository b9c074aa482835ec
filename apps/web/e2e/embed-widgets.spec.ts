import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, type DemoUser, dismissAnnouncement, expectAccessible, submitSignIn } from "./support";

/** A Best Practice firm with a credit limit, so the credit-remaining slot has its badge. */
const CREDIT_OWNER: DemoUser = {
  email: "owner@creditwise.test",
  name: "Carla Credit",
  firm: "Credit Wise Advisory Pty Ltd",
  role: "Owner",
};

const DEMO_HOST = "/embed-demo/";

const slot = (page: Page, id: string) => page.locator(`[id="${id}"]`);

/** The loader has mounted a widget in every slot of the demo host page. */
const EVERY_SLOT = [
  "products",
  "my-templates",
  "new-document",
  "document-page",
  "preview",
  "document-listing",
  "my-company",
  "edit-profile",
  "my-integration",
  "sign-out",
  "talk-to-sales",
  "lite-video",
  "idle",
  "membership",
  "interview-ai",
  "membership-expired-warning",
  "credit-remaining",
  "organisation-dropdown",
  "number-integration",
];

async function connectedIntegrations(page: Page) {
  const me = await page.request.get("/api/users/me");
  expect(me.status()).toBe(200);
  const teamId = ((await me.json()) as { data: { teams: { id: number; name: string }[] } }).data.teams.find(
    (team) => team.name === CREDIT_OWNER.firm,
  )?.id;
  const reply = await page.request.get(`/api/connection/list-app-connected?id_team=${teamId}`);
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { data: { is_connected: string }[] }).data.filter(
    (app) => app.is_connected === "1",
  ).length;
}

async function expectEverySlotShowsItsFeature(page: Page) {
  for (const id of EVERY_SLOT) await expect(slot(page, id)).toHaveAttribute("data-precedent-widget", id);
  await expect(
    slot(page, "products").getByRole("heading", {
      name: "Welcome to unlimited options for when you have limited time.",
    }),
  ).toBeVisible({ timeout: 90_000 });
  await expect(
    slot(page, "my-templates").getByRole("heading", { name: "Our Templates", level: 1 }),
  ).toBeVisible();
  await expect(
    slot(page, "document-listing").getByRole("tab", { name: "My Documents" }).first(),
  ).toBeVisible();
  // No docId in the host's address: the interview says so, as the app's page does.
  await expect(slot(page, "document-page").getByText("Invalid document.")).toBeVisible();
  await expect(slot(page, "preview").getByText("No document to preview.", { exact: false })).toBeVisible();
  await expect(slot(page, "my-company").getByRole("tab", { name: "Company Details" })).toBeVisible();
  await expect(
    slot(page, "edit-profile").getByRole("heading", { name: "Personal Information" }),
  ).toBeVisible();
  await expect(
    slot(page, "my-integration").getByRole("heading", { level: 1, name: "My Integrations" }),
  ).toBeVisible();
  await expect(slot(page, "new-document").getByRole("button", { name: "New Document" })).toBeVisible();
  await expect(slot(page, "sign-out").getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(slot(page, "talk-to-sales").getByRole("button", { name: "Talk to Sales" })).toBeVisible();
  await expect(slot(page, "credit-remaining").getByRole("link", { name: /Credit remaining/ })).toBeVisible();
  await expect(slot(page, "organisation-dropdown").getByText(CREDIT_OWNER.firm)).toBeVisible();
  await expect(slot(page, "membership").getByText("Membership Plan", { exact: false }).first()).toBeVisible();
  const count = await connectedIntegrations(page);
  await expect(slot(page, "number-integration").getByRole("link")).toHaveText(
    `Connected integrations: ${count}`,
  );
}

/**
 * Keeps the demo's announcement toast off the widgets (support.ts says why), which needs a session
 * to read it: signed in with the API for that alone, and signed out again unless `stay`.
 */
async function withoutAnnouncement(page: Page, { stay = false } = {}) {
  const login = await page.request.post("/api/auth/login", {
    data: { email: CREDIT_OWNER.email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  await dismissAnnouncement(page);
  if (!stay) expect((await page.request.get("/api/logout")).status()).toBe(200);
}

/** Tabs from the host's first link until focus is inside `target`; fails after `limit` presses. */
async function tabInto(page: Page, target: Locator, limit = 40) {
  await page.getByRole("navigation", { name: "Member area" }).getByRole("link").first().focus();
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element.contains(document.activeElement))) return;
  }
  throw new Error(`Tab did not reach the widget within ${limit} presses`);
}

for (const width of [1366, 375]) {
  test.describe(`widgets in a host page at ${width} px`, () => {
    test.describe.configure({ timeout: 180_000 });

    test("sign in through one slot, every slot shows its feature, and another slot is used", async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await withoutAnnouncement(page);
      await page.goto(DEMO_HOST);
      const signInForm = slot(page, "products").getByRole("region", { name: "Sign in" });
      await expect(signInForm.getByRole("button", { name: "Sign in" })).toBeVisible({ timeout: 60_000 });
      // Signed out, no other slot shows the firm's data.
      await expect(slot(page, "my-company").locator("*")).toHaveCount(0);
      await expectAccessible(page, "host page signed out");

      await submitSignIn(page, CREDIT_OWNER.email, DEMO_PASSWORD);
      await expectEverySlotShowsItsFeature(page);
      // Still the host's own page: the widgets route nothing of their own.
      await expect(page).toHaveURL(new RegExp(`${DEMO_HOST}$`));
      await expectAccessible(page, "host page with every widget");

      // The keyboard reaches the widgets from the host's page, and one is used from it.
      await tabInto(page, slot(page, "talk-to-sales"));
      await page.keyboard.press("Enter");
      const sales = page.getByRole("dialog", { name: "Talk to Sales" });
      await expect(sales).toBeVisible();
      await expectAccessible(page, "talk-to-sales dialog", { include: ".ant-modal-wrap" });
      await page.keyboard.press("Escape");
      await expect(sales).toBeHidden();

      // One sign-in for all slots: a reload shows every widget without signing in again.
      await page.reload();
      await expect(slot(page, "my-company").getByRole("tab", { name: "Company Details" })).toBeVisible({
        timeout: 60_000,
      });

      // Signing out from its slot brings the sign-in form back on the same host page.
      await slot(page, "sign-out").getByRole("button", { name: "Sign out" }).click();
      await page
        .getByRole("dialog", { name: "Sign out", exact: true })
        .getByRole("button", { name: "Sign out", exact: true })
        .click();
      await expect(signInForm.getByRole("button", { name: "Sign in" })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${DEMO_HOST}$`));
      await expect(slot(page, "my-company").locator("*")).toHaveCount(0);
    });
  });
}

test("the host page's address drives what the widgets show", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await withoutAnnouncement(page, { stay: true });
  await page.goto(`${DEMO_HOST}?docId=999999999&search=trust`);
  await expect(slot(page, "document-listing").getByRole("searchbox").first()).toHaveValue("trust", {
    timeout: 60_000,
  });
  await expect(page).toHaveURL(/\/embed-demo\/\?/);
});
