import { expect, type Page, test } from "@playwright/test";
import { LOGGED_IN_COOKIE } from "@precedent/contracts";
import {
  DEMO_PASSWORD,
  dismissAnnouncement,
  expectAccessible,
  expectShell,
  loginUrl,
  OWNER,
  openWithCodeHeld,
} from "./support";

// The document list's frame is rendered when the app is built (apps/web/build/prerender-pages.ts)
// and sent to a browser with the logged-in marker: the header's links, Sign out, the page's
// heading and a placeholder, painted before any script has arrived. The live page replaces it.

const DOCUMENTS = "/my-account/my-document";

async function signInByApi(page: Page) {
  const reply = await page.request.post("/api/auth/login", {
    data: { email: OWNER.email, password: DEMO_PASSWORD },
  });
  expect(reply.status()).toBe(200);
  await dismissAnnouncement(page);
}

const heading = (page: Page) => page.getByRole("heading", { name: "My Documents", level: 1 });
const navigation = (page: Page) => page.getByRole("navigation", { name: "Account" });
const signOut = (page: Page) =>
  page.getByRole("banner").getByRole("button", { name: "Sign out", exact: true });

/** The boxes of the header's links, in order. */
const linkBoxes = (page: Page) =>
  navigation(page)
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((link) => {
        const { x, y, width, height } = link.getBoundingClientRect();
        return { x, y, width, height };
      }),
    );

test.describe("the document list built ahead", () => {
  test("is sent with its frame to a browser with the logged-in marker, and only to one", async ({
    page,
    browser,
  }) => {
    await signInByApi(page);
    const cookies = await page.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).toContain(LOGGED_IN_COOKIE);
    const reply = await page.request.get(`${DOCUMENTS}?tab=1`);
    expect(reply.status()).toBe(200);
    expect(reply.headers().vary).toContain("Cookie");
    const html = await reply.text();
    expect(html).toContain("<title>My Documents · Precedent</title>");
    expect(html).toMatch(/<h1[^>]*>My Documents<\/h1>/);
    expect(html).toMatch(/<a [^>]*href="\/my-account\/my-company"[^>]*>My Company<\/a>/);
    // Sign out does nothing until the live page is in place, and says so.
    expect(html).toMatch(
      /<button aria-disabled="true"[^>]*app-header__sign-out[^>]*>(?:(?!<\/button>).)*<span>Sign out<\/span><\/button>/,
    );
    // antd's styles and their record, for the frame and for the list's components to come.
    expect(html).toContain("data-ant-cssinjs-cache-path");
    expect(html).toMatch(/<style[^>]* data-css-hash="[^"]+"/);
    expect(html).not.toContain('<script type="module"');

    // No marker, no frame: the page starts from the session check (index.html).
    const stranger = await browser.newContext();
    const anonymous = await stranger.request.get(DOCUMENTS);
    expect(anonymous.status()).toBe(200);
    expect(await anonymous.text()).not.toContain("<h1");
    await stranger.close();
  });

  for (const width of [1366, 375]) {
    test(`at ${width} px shows the frame before the code, then the live page with its links where they were`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await signInByApi(page);
      const release = await openWithCodeHeld(page, DOCUMENTS);
      await expect(page).toHaveTitle("My Documents · Precedent");
      await expect(heading(page)).toBeVisible();
      // On a phone the links wait behind Menu, in the frame as in the live page.
      const phone = width < 768;
      const menu = page.getByRole("button", { name: "Menu", exact: true });
      if (phone) await expect(menu).toBeVisible();
      else await expect(navigation(page).getByRole("link", { name: "My Company" })).toBeVisible();
      await expect(signOut(page)).toHaveAttribute("aria-disabled", "true");
      await expect(page.getByRole("status").filter({ hasText: "Loading your account…" })).toBeAttached();
      const builtLinks = await linkBoxes(page);
      const builtSignOut = await signOut(page).boundingBox();
      const builtHeading = await heading(page).boundingBox();
      // Hidden behind Menu on a phone, the links are out of the page's tree until it opens.
      expect(builtLinks).toHaveLength(phone ? 0 : 7);
      await page.screenshot({ path: test.info().outputPath(`built-${width}.png`) });
      // The frame is a page of its own while the code is on its way: it is checked as one.
      await expectAccessible(page, "document list built ahead");
      // The keyboard reaches the header's links in order (Sign out is marked unavailable).
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Precedent: My Company" })).toBeFocused();
      await page.keyboard.press("Tab");
      if (phone) await expect(menu).toBeFocused();
      else await expect(navigation(page).getByRole("link", { name: "My Documents" })).toBeFocused();

      release();
      await expectShell(page, OWNER);
      await expect(signOut(page)).not.toHaveAttribute("aria-disabled", "true");
      await expect(page.getByRole("list", { name: "Documents" })).toBeVisible();
      // The live header adds Upgrade after the links and the person beside or under them; the
      // links themselves have not moved.
      expect(await linkBoxes(page)).toEqual(builtLinks);
      // Sign out stays at the end of the header's first row.
      const liveSignOut = await signOut(page).boundingBox();
      expect(liveSignOut?.x).toBeCloseTo(builtSignOut?.x ?? Number.NaN, 0);
      // The heading starts where it did (below the person's bar on a phone, so not as high).
      expect((await heading(page).boundingBox())?.x).toBeCloseTo(builtHeading?.x ?? Number.NaN, 0);
      await page.screenshot({ path: test.info().outputPath(`live-${width}.png`) });
    });
  }

  test("the live page uses the built page's styles rather than writing them again", async ({ browser }) => {
    // The other tests ask for reduced motion, a theme of its own that the page was not built with.
    const context = await browser.newContext({ reducedMotion: "no-preference" });
    const page = await context.newPage();
    await signInByApi(page);
    const release = await openWithCodeHeld(page, DOCUMENTS);
    // Each style element as sent, marked, to tell it from one antd would write in its place.
    const built = await page.locator("style[data-css-hash]").evaluateAll((found) =>
      found.map((style) => {
        style.dataset.builtAhead = "1";
        return style.dataset.cssHash;
      }),
    );
    expect(built.length).toBeGreaterThan(10);
    release();
    await expect(page.getByRole("list", { name: "Documents" })).toBeVisible();
    // The record was read (antd removes it then).
    await expect(page.locator("style[data-ant-cssinjs-cache-path]")).toHaveCount(0);
    const live = await page
      .locator("style[data-css-hash]")
      .evaluateAll((found) =>
        found.map((style) => ({ hash: style.dataset.cssHash, built: !!style.dataset.builtAhead })),
      );
    // None written twice, and most of what the list shows was built ahead. (antd drops a style
    // when nothing uses it any more, as the skeleton's, and writes it again if it comes back.)
    expect(new Set(live.map((style) => style.hash)).size).toBe(live.length);
    const written = live.filter((style) => !style.built).length;
    console.log(
      `document list: ${built.length} antd styles built ahead, ${written} written by the live page`,
    );
    expect(written).toBeLessThan(built.length / 2);
    await context.close();
  });

  test("a browser whose session has ended sees the frame, then the sign-in page", async ({ page }) => {
    // The marker outlives the session: the server sends the frame, the session check signs out.
    await page.goto("/login");
    await page.context().addCookies([{ name: LOGGED_IN_COOKIE, value: "1", url: page.url() }]);
    await page.goto(DOCUMENTS);
    await expect(page).toHaveURL(loginUrl);
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
  });
});
