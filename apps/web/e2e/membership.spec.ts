import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { CREDITS_ON_HOLD, CREDITS_PLAN_ENDED } from "@precedent/contracts";
import { type DemoUser, expectAccessible, MEMBER, signIn } from "./support";

/** A demo firm whose Best Practice plan ended on 30 June 2026 (demo/membership.ts). */
const LAPSED_OWNER: DemoUser = {
  email: "owner@lapsed.test",
  name: "Leo Lapsed",
  firm: "Lapsed Practice Pty Ltd",
  role: "Owner",
};
const LAPSED_MEMBER: DemoUser = {
  email: "member@lapsed.test",
  name: "Lily Lapsed",
  firm: "Lapsed Practice Pty Ltd",
  role: "Member",
};
const BANNER = "Your Membership Plan has expired.";
const SHOTS = "/tmp/shots-membership";
mkdirSync(SHOTS, { recursive: true });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });

const membershipLoaded = (page: Page) =>
  page.waitForResponse((r) => r.url().includes("/api/membership/user") && r.status() === 200);

// One firm's plan is renewed at the end: the tests run in order.
test.describe.configure({ mode: "serial" });

test.describe("membership plans", () => {
  test.setTimeout(90_000);

  test("a member of the lapsed firm is not shown the expired banner", async ({ page }) => {
    const loaded = membershipLoaded(page);
    await signIn(page, LAPSED_MEMBER);
    await loaded;
    await expect(page.getByRole("button", { name: "Upgrade" })).toBeVisible();
    await expect(page.getByText(BANNER)).toHaveCount(0);
  });

  // Before the renewal below: the firm's credits are on hold while its plan has ended (issue 33 item 7).
  test("the badge says the credits are on hold, 'Get more' is gone and the company page says why", async ({
    page,
  }) => {
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 812 });
      const status = page.waitForResponse(
        (r) => r.url().includes("/api/credits/status") && r.status() === 200,
      );
      await signIn(page, LAPSED_OWNER);
      await status;
      const header = page.getByRole("banner");
      const badge = header.getByRole("link", { name: /Credit remaining/ });
      await expect(badge).toBeVisible();
      await expect(badge).toContainText("On hold");
      // The badge's description is the server's: what credits do now, and why none are sold.
      await expect(badge).toHaveAccessibleDescription(`${CREDITS_ON_HOLD} ${CREDITS_PLAN_ENDED}`);
      await expect(header.getByRole("button", { name: "Get more" })).toHaveCount(0);

      // signIn lands on the company page, where the badge leads.
      await expect(page.getByRole("main").getByText(CREDITS_ON_HOLD)).toBeVisible();
      await expect(page.getByRole("main").getByText(CREDITS_PLAN_ENDED)).toBeVisible();
      await expect(page.getByRole("button", { name: "Buy credit" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Credit logs" })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/lapsed-credits-company-${width}.png`, fullPage: true });
      await expectAccessible(page, `company page of the lapsed firm at ${width}px`);
      await page.context().clearCookies();
    }
  });

  test("the owner sees the banner; Renew now opens the plans modal, top tier first", async ({ page }) => {
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 740 });
      const changes: number[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().includes("/api/membership/change"))
          changes.push(Date.now());
      });
      await signIn(page, LAPSED_OWNER);
      const banner = page.getByRole("alert").filter({ hasText: BANNER });
      await expect(banner).toBeVisible();
      await shot(page, "banner");
      await expectAccessible(page, "page with the expired banner");

      // Keyboard: the banner's Renew now opens the modal.
      await banner.getByRole("button", { name: "Renew now" }).focus();
      const shownAt = Date.now();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Membership Plans" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading", { level: 3 })).toHaveText([
        "Strategist",
        "Best Practice",
        "Lite",
      ]);
      await expect(
        dialog.getByRole("button", { name: "Current Plan had expired. Renew now!" }),
      ).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Change Plan" })).toHaveCount(2);
      await expect(dialog.getByRole("button", { name: "Get in Touch" })).toBeVisible();
      await expect(dialog.getByText("$795")).toBeVisible();
      await expect(dialog.getByText("200 documents per year")).toBeVisible();
      // The billing session is prepared 2 s after the modal shows, not before.
      await expect.poll(() => changes.length, { timeout: 8000 }).toBe(1);
      expect((changes[0] ?? 0) - shownAt).toBeGreaterThanOrEqual(1900);
      await shot(page, "plans-modal");
      await expectAccessible(page, "plans modal", { include: ".ant-modal" });

      await dialog.getByRole("button", { name: "Get in Touch" }).click();
      const sales = page.getByRole("dialog", { name: "Talk to sales" });
      await expect(sales).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(sales).toBeHidden();
      // Focus goes back to the button that opened it, in the plans dialog, which Escape then
      // closes. The dialog library hands Escape to the topmost dialog, and the sales dialog stays
      // topmost until its closing animation ends, a moment after it is hidden and focus is back:
      // an Escape in that moment closes nothing, so a user's (and this test's) next one does.
      await expect(dialog.getByRole("button", { name: "Get in Touch" })).toBeFocused();
      await expect(async () => {
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden({ timeout: 1000 });
      }).toPass({ timeout: 10_000 });
      page.removeAllListeners("request");
    }
  });

  test("everyone reaches the static upgrade modal from the Upgrade link", async ({ page }) => {
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 740 });
      await signIn(page, MEMBER);
      // On a phone the header's links, Upgrade among them, are behind Menu.
      if (width < 768) await page.getByRole("button", { name: "Menu" }).click();
      await page.getByRole("button", { name: "Upgrade" }).click();
      const dialog = page.getByRole("dialog", { name: "Upgrade your membership" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading", { level: 3 })).toHaveText([
        "Strategist",
        "Best Practice",
        "Lite",
      ]);
      await expect(dialog.getByRole("button", { name: "Change Plan" })).toHaveCount(0);
      await expect(dialog.getByText("Unlimited documents · Up to 10 users")).toBeVisible();
      await shot(page, "upgrade-modal");
      await expectAccessible(page, "upgrade modal", { include: ".ant-modal" });
      await dialog.locator(".ant-modal-footer").getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
    }
  });

  test("the owner renews the expired plan through the sandbox billing page", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await signIn(page, LAPSED_OWNER);
    await page.getByRole("button", { name: "Renew now" }).click();
    const dialog = page.getByRole("dialog", { name: "Membership Plans" });
    await dialog.getByRole("button", { name: "Current Plan had expired. Renew now!" }).click();

    await expect(page).toHaveURL(/\/billing\/[\w-]+$/);
    await expect(page.getByRole("heading", { name: "Renew Best Practice" })).toBeVisible();
    await expect(page.getByText("$330.00 AUD per month")).toBeVisible();
    await shot(page, "billing-page");
    await expectAccessible(page, "sandbox billing page");
    await page.getByRole("button", { name: "Confirm" }).click();

    await expect(page).toHaveURL(/\/my-account\/my-company$/);
    await expect(page.getByText("Your membership plan has been updated.")).toBeVisible();
    await expect(page.getByText(BANNER)).toHaveCount(0);
    const reply = await page.request.get("/api/users/me");
    const teamId = (await reply.json()).data.teams[0].id;
    const userId = (await reply.json()).data.id;
    const membership = await page.request.get(`/api/membership/user?id_team=${teamId}&user_id=${userId}`);
    expect((await membership.json()).data.body.plan).toMatchObject({
      slug: "best-practice",
      status: "active",
    });
  });
});
