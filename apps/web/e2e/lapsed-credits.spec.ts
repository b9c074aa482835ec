import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { CREDITS_ON_HOLD, CREDITS_PLAN_ENDED } from "@precedent/contracts";
import { type DemoUser, expectAccessible, signIn } from "./support";

/** The demo firm whose Best Practice plan ended on 30 June 2026 (demo/membership.ts), 12 credits left. */
const LAPSED_OWNER: DemoUser = {
  email: "owner@lapsed.test",
  name: "Leo Lapsed",
  firm: "Lapsed Practice Pty Ltd",
  role: "Owner",
};
const SHOTS = "/tmp/shots-lapsed-credits";
mkdirSync(SHOTS, { recursive: true });

test.describe("credits of a firm whose plan has ended (issue 33 item 7)", () => {
  test.setTimeout(120_000);

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
      await page.screenshot({ path: `${SHOTS}/company-${width}.png`, fullPage: true });
      await expectAccessible(page, `company page of the lapsed firm at ${width}px`);
      await page.context().clearCookies();
    }
  });
});
