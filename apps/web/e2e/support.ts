import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { DISMISSED_ANNOUNCEMENT_STORAGE_KEY } from "../src/constants";

/** Session timeouts of the short-session server (port 3101) that the idle spec runs against. */
export const SHORT_IDLE_TIMEOUT_MS = 6000;
export const SHORT_KEEP_ALIVE_MS = 2000;

export const DEMO_PASSWORD = "precedent-demo";
export const DEMO_FIRM = "Demo Advisory Pty Ltd";
export const OTHER_FIRM = "Other Accounting Pty Ltd";

export type DemoUser = { email: string; name: string; firm: string; role: "Owner" | "Manager" | "Member" };

export const OWNER: DemoUser = {
  email: "owner@demo.test",
  name: "Olivia Owner",
  firm: DEMO_FIRM,
  role: "Owner",
};
export const MANAGER: DemoUser = {
  email: "manager@demo.test",
  name: "Mason Manager",
  firm: DEMO_FIRM,
  role: "Manager",
};
export const MEMBER: DemoUser = {
  email: "member@demo.test",
  name: "Mia Member",
  firm: DEMO_FIRM,
  role: "Member",
};
/** The owner of a firm with no documents, folders or orders (first-use states). */
export const NEW_OWNER: DemoUser = {
  email: "owner@newpractice.test",
  name: "Nora Newcomer",
  firm: "New Practice Pty Ltd",
  role: "Owner",
};
/** Demo firm on the Strategist plan: every category, no limit. */
export const STRATEGIST_OWNER: DemoUser = {
  email: "owner@strategist.test",
  name: "Stella Strategist",
  firm: "Strategist Partners Pty Ltd",
  role: "Owner",
};
/** Demo firm on Best Practice with one document use left. */
export const LAST_CREDIT_OWNER: DemoUser = {
  email: "owner@lastcredit.test",
  name: "Liam Lastcredit",
  firm: "Last Credit Advisory Pty Ltd",
  role: "Owner",
};
export const OTHER_OWNER: DemoUser = {
  email: "owner@other.test",
  name: "Oscar Other",
  firm: OTHER_FIRM,
  role: "Owner",
};

/** Fills the sign-in form and submits it with Enter, as a keyboard user would. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  const passwordField = page.getByLabel("Password", { exact: true });
  await passwordField.fill(password);
  await passwordField.press("Enter");
}

/** Signs in through the sign-in page and waits for the account shell. */
export async function signInThroughForm(page: Page, user: DemoUser) {
  await page.goto("/login");
  await submitSignIn(page, user.email, DEMO_PASSWORD);
  await expectShell(page, user);
}

/**
 * Signs in with the API call the form makes (the cookie lands in the page's browser context),
 * then opens `path` (My Company unless told). For specs about what comes after sign-in; saves a
 * page load.
 */
export async function signIn(
  page: Page,
  user: DemoUser,
  path = "/my-account/my-company",
  options: { keepAnnouncement?: boolean } = {},
) {
  const reply = await page.request.post("/api/auth/login", {
    data: { email: user.email, password: DEMO_PASSWORD },
  });
  expect(reply.status()).toBe(200);
  if (!options.keepAnnouncement) await dismissAnnouncement(page);
  await page.goto(path);
  await expectShell(page, user);
}

/**
 * Marks the announcement in force as dismissed in this page's browser storage, as its close button
 * does, for every page this page opens from now on. The demo's announcement toast stays 60 s at
 * the bottom right and lies over menus and buttons there: Playwright then retries a click until
 * the toast goes, which cost a minute per test and once ran a test past its timeout. The toast's
 * own behaviour is tested with `keepAnnouncement`.
 */
export async function dismissAnnouncement(page: Page) {
  const reply = await page.request.get("/api/announcement/active");
  expect(reply.status()).toBe(200);
  const announcement = ((await reply.json()) as { data: { id: number } | null }).data;
  if (!announcement) return;
  await page.addInitScript(
    ([key, id]) => {
      try {
        localStorage.setItem(key, id);
      } catch {
        // A page without storage shows the toast; nothing else depends on it.
      }
    },
    [DISMISSED_ANNOUNCEMENT_STORAGE_KEY, String(announcement.id)] as const,
  );
}

/** The header shows the firm, the user's name and their role in the firm. */
export async function expectShell(page: Page, user: DemoUser) {
  const header = page.getByRole("banner");
  await expect(header.getByText(user.firm)).toBeVisible();
  await expect(header.getByText(user.name)).toBeVisible();
  await expect(header.getByText(user.role, { exact: true })).toBeVisible();
}

export const loginUrl = /\/login(\?|$)/;

/**
 * Runs axe (WCAG 2.1 A and AA rules) on what the page shows now and fails on any serious or
 * critical violation, listing each with the elements it found. `what` names the page or state
 * in the failure ("document list", "preview modal"). `include` limits the check to a part of the
 * page (e.g. an open dialog); `disable` turns off named rules, each with its reason at the call.
 */
export async function expectAccessible(
  page: Page,
  what: string,
  options: { include?: string; disable?: string[] } = {},
) {
  // axe reads colours as painted: a link or tab caught mid-transition fails contrast at random.
  // Wait (up to 5 s) for finite animations and transitions to end; spinners run forever and are
  // left alone.
  const settle = () =>
    page
      .waitForFunction(
        () =>
          document
            .getAnimations()
            .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity),
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
  // Legacy mode runs axe in the page itself. The default opens a blank page for every check to
  // merge results across cross-origin frames, which the app has none of; on two busy cores that
  // new page took seconds and once ran a test past its timeout.
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (options.include) builder = builder.include(options.include);
  if (options.disable?.length) builder = builder.disableRules(options.disable);
  await settle();
  let { violations } = await builder.analyze();
  // A transition can also start while axe runs (a dialog's selects were once read at 3.85:1 in
  // CI, and passed on the retry). A contrast failure is checked once more a second later: one
  // that is really in the page is there again and still fails.
  if (violations.some((v) => v.id === "color-contrast")) {
    await page.waitForTimeout(1_000);
    await settle();
    ({ violations } = await builder.analyze());
  }
  // One line per check for the run's log: the counts by impact, minor and moderate included.
  const count = (impact: string) => violations.filter((v) => v.impact === impact).length;
  console.log(
    `axe ${what} at ${page.viewportSize()?.width ?? "?"} px: critical ${count("critical")}, serious ${count("serious")}, moderate ${count("moderate")}, minor ${count("minor")}`,
  );
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const described = blocking.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×)\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ").trim()}`)
        .join("\n"),
  );
  expect(described, `accessibility of the ${what}`).toEqual([]);
  // One main landmark per page (a best practice axe reports only as moderate): antd's
  // Layout.Content is a <main>, so a page must not bring another. Checked on whole pages.
  if (!options.include) {
    expect(await page.getByRole("main").count(), `main landmarks on the ${what}`).toBe(1);
  }
}

/**
 * Opens `path` with the app's entry script held back, as on a slow connection: the page is what
 * the server sent (a page built ahead, apps/web/build/prerender-pages.ts), and `release` lets the
 * code through. public/after-paint.js asks for the entry after the first paint; this returns once
 * it has.
 */
export async function openWithCodeHeld(page: Page, path: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entryAsked = false;
  await page.route("**/assets/index-*.js", async (route) => {
    entryAsked = true;
    await held;
    await route.continue();
  });
  await page.goto(path);
  await expect.poll(() => entryAsked).toBe(true);
  return release;
}

/**
 * Chooses `item` in the menu `trigger` opens. On two busy cores a click on an item of a menu that
 * has only just opened was now and then lost (CI: the menu left open, nothing done); the menu
 * closes once an item is taken, so the choice is made again until it has.
 */
export async function chooseMenuItem(page: Page, trigger: Locator, item: string | RegExp) {
  const entry = page.getByRole("menuitem", { name: item });
  await expect(async () => {
    if (!(await entry.isVisible())) await trigger.click();
    await entry.click({ timeout: 3_000 });
    await expect(entry).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
