import { expect, type Page, test } from "@playwright/test";
import { consoleSessionThroughApi } from "./console-support";
import { DEMO_PASSWORD, dismissAnnouncement, expectAccessible, OWNER } from "./support";

/**
 * The assistant's switch for every firm and its provider in the console's Settings (issue 37
 * item 4), at both widths: the demo administrator switches the assistant off by keyboard, the demo
 * firm's owner no longer has the launcher and is told why on My Company; a provider the server
 * cannot use (no model server, no key) is refused with its message and nothing changes; the other
 * services' providers and whether the key is set are shown, not edited. The switch is put back on.
 */
const ADMINISTRATOR = "admin@console.test";

type Setting = { key: string; value: string; version: number };
async function settingOf(page: Page, key: string) {
  const reply = await page.request.get("/api/console/settings");
  expect(reply.status()).toBe(200);
  const rows = ((await reply.json()) as { data: { rows: Setting[] } }).data.rows;
  return rows.find((row) => row.key === key) as Setting;
}

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/${name}.png`, fullPage: true });

const launcherOf = (page: Page) => page.getByRole("button", { name: "Assistant", exact: true });

/** Opens a setting's Change dialog by keyboard and waits for its value to have the focus. */
async function openChange(page: Page, label: string) {
  const change = page.getByRole("button", { name: `Change ${label}` });
  await change.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Change ${label}` });
  await expect(dialog.getByRole("combobox", { name: "Value" })).toBeFocused();
  return dialog;
}

/** Picks an option of the focused list by keyboard: opens it, moves to the option, chooses it. */
async function chooseByKeyboard(page: Page, option: string) {
  await page.keyboard.press("ArrowDown");
  const item = page.locator(".ant-select-item-option", { hasText: new RegExp(`^${option}$`) });
  await expect(item).toBeVisible();
  for (
    let i = 0;
    i < 4 && !(await item.evaluate((e) => e.classList.contains("ant-select-item-option-active")));
    i++
  )
    await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
}

test.describe.configure({ mode: "serial" });

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: 240_000 });

    test("an administrator switches the assistant off for every firm; a firm's launcher goes", async ({
      page,
    }) => {
      await consoleSessionThroughApi(page, ADMINISTRATOR);
      try {
        await page.goto("/console?tab=settings");
        await expect(page.getByRole("button", { name: "Change Assistant for every firm" })).toBeVisible({
          timeout: 60_000,
        });
        // The key: only whether it is set; the outside services: shown, not changeable.
        await expect(page.getByText("ASSISTANT_OPENAI_API_KEY", { exact: true })).toBeVisible();
        const services = page.getByRole("region", { name: "Outside services" });
        await expect(services.getByRole("row", { name: /Payments/ })).toBeVisible();
        await expect(services.getByRole("button")).toHaveCount(0);
        await expectAccessible(page, "settings with the assistant's");
        await shoot(page, `console-assistant-settings-${width}`);

        // A provider this server cannot use: refused with the reason, and nothing changes.
        const before = await settingOf(page, "assistant_provider");
        const provider = await openChange(page, "Assistant provider");
        await chooseByKeyboard(page, "openai-compatible");
        await provider.getByLabel("Reason (kept in the setting's history)").fill("Trying the model server");
        await provider.getByRole("button", { name: "Save setting" }).click();
        await expect(provider.getByText("The OpenAI-compatible provider needs")).toBeVisible({
          timeout: 30_000,
        });
        expect(await settingOf(page, "assistant_provider")).toEqual(before);
        await expectAccessible(page, "provider dialog", { include: ".ant-modal" });
        await page.keyboard.press("Escape");
        await expect(provider).toHaveCount(0);

        // The switch, by keyboard.
        const dialog = await openChange(page, "Assistant for every firm");
        await chooseByKeyboard(page, "off");
        const reason = dialog.getByLabel("Reason (kept in the setting's history)");
        await reason.fill(`Model provider outage (${width} px)`);
        await reason.focus();
        await page.keyboard.press("Tab");
        await page.keyboard.press("Tab");
        await expect(dialog.getByRole("button", { name: "Save setting" })).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(dialog).toHaveCount(0);
        expect((await settingOf(page, "assistant_enabled")).value).toBe("off");

        // The firm's owner: no launcher, and My Company says why.
        const login = await page.request.post("/api/auth/login", {
          data: { email: OWNER.email, password: DEMO_PASSWORD },
        });
        expect(login.status()).toBe(200);
        await dismissAnnouncement(page);
        await page.goto("/my-account/my-company?tab=assistant");
        await expect(page.getByText("The assistant is switched off for everyone at the moment.")).toBeVisible(
          {
            timeout: 60_000,
          },
        );
        await expect(launcherOf(page)).toHaveCount(0);
        await expectAccessible(page, "My Company with the assistant off for everyone");
        await shoot(page, `firm-assistant-off-for-everyone-${width}`);
      } finally {
        await consoleSessionThroughApi(page, ADMINISTRATOR);
        const now = await settingOf(page, "assistant_enabled");
        if (now.value !== "on") {
          const restored = await page.request.put("/api/console/settings/assistant_enabled", {
            data: { value: "on", version: now.version, reason: "Back on after the check" },
          });
          expect(restored.status()).toBe(200);
        }
      }
      // Back on: the firm's launcher is there again.
      const login = await page.request.post("/api/auth/login", {
        data: { email: OWNER.email, password: DEMO_PASSWORD },
      });
      expect(login.status()).toBe(200);
      await page.goto("/my-account/my-company?tab=assistant");
      await expect(launcherOf(page)).toBeVisible({ timeout: 60_000 });
    });
  });
}
