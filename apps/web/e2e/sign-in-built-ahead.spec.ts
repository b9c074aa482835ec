import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, expectShell, OWNER, openWithCodeHeld, submitSignIn } from "./support";

// The sign-in page is rendered when the app is built (apps/web/build/prerender-pages.ts): its
// HTML carries the form and its styles, so a phone paints it before any script has arrived. Until
// the app's code has replaced it with the live page, it must look the same and do nothing.

const signInButton = (page: Page) => page.getByRole("button", { name: "Sign in" });

/** The hashes of antd's style elements on the page, in order. */
const antdStyles = (page: Page) =>
  page.locator("style[data-css-hash]").evaluateAll((styles) => styles.map((s) => s.dataset.cssHash));

test.describe("the sign-in page built ahead", () => {
  test("arrives with its form and its styles in the HTML", async ({ page }) => {
    const reply = await page.request.get("/login");
    expect(reply.status()).toBe(200);
    const html = await reply.text();
    expect(html).toContain("<title>Sign in · Precedent</title>");
    expect(html).toMatch(/<h1[^>]*>Sign in<\/h1>/);
    expect(html).toMatch(/<input readonly[^>]* id="email"/);
    // antd's styles, with the record that lets the live page use them rather than write its own.
    expect(html).toMatch(/<style[^>]* data-css-hash="[^"]+"/);
    expect(html).toContain("data-ant-cssinjs-cache-path");
    // The code is asked for after the first paint, not in the head.
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('src="/after-paint.js"');
  });

  test("looks as the live page will, does nothing before its code arrives, then is live", async ({
    page,
  }) => {
    const release = await openWithCodeHeld(page, "/login");
    await expect(page).toHaveTitle("Sign in · Precedent");
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Email")).not.toBeEditable();
    await expect(signInButton(page)).toHaveAttribute("aria-disabled", "true");
    // Styled by the built page's own styles: the theme's primary button.
    await expect(signInButton(page)).toHaveCSS("background-color", "rgb(31, 95, 139)");
    // Transitions (the focus ring's) stopped at their end in both pictures: taken mid-transition,
    // the same page differed in a few pixels now and then.
    const built = await page.screenshot({ animations: "disabled" });

    // A press of the button or of Enter goes nowhere: no form sent to the page's own address.
    await signInButton(page).click({ force: true });
    await page.getByLabel("Email").press("Enter");
    expect(new URL(page.url()).search).toBe("");
    // Off the button again, as in the picture taken before the press (hover darkens it).
    await page.mouse.move(0, 0);
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();

    release();
    await expect(page.getByLabel("Email")).toBeEditable();
    await expect(signInButton(page)).not.toHaveAttribute("aria-disabled", "true");
    await expect(page.getByLabel("Email")).toBeFocused();
    await expect(signInButton(page)).toHaveCSS("background-color", "rgb(31, 95, 139)");
    const live = await page.screenshot({ animations: "disabled" });
    expect(live.equals(built), "the live page looks exactly as the page built ahead did").toBe(true);

    await submitSignIn(page, OWNER.email, DEMO_PASSWORD);
    await expectShell(page, OWNER);
  });

  test("in the browser's usual settings, the live page uses the built page's styles as they are", async ({
    browser,
  }) => {
    // The other tests ask for reduced motion, a theme of its own that the page was not built with.
    const context = await browser.newContext({ reducedMotion: "no-preference" });
    const page = await context.newPage();
    const release = await openWithCodeHeld(page, "/login");
    const builtStyles = await antdStyles(page);
    expect(builtStyles.length).toBeGreaterThan(5);
    release();
    await expect(page.getByLabel("Email")).toBeEditable();
    // The record was read (antd removes it then), every built style is still there, none twice,
    // and hardly any new: a live page that wrote its own would add as many again under other
    // hashes (as with a theme other than the one built with).
    await expect(page.locator("style[data-ant-cssinjs-cache-path]")).toHaveCount(0);
    const liveStyles = await antdStyles(page);
    expect(liveStyles).toEqual(expect.arrayContaining(builtStyles));
    expect(new Set(liveStyles).size).toBe(liveStyles.length);
    expect(liveStyles.length - builtStyles.length).toBeLessThanOrEqual(2);
    await context.close();
  });

  test("keeps the focus where the visitor put it before the code arrived", async ({ page }) => {
    const release = await openWithCodeHeld(page, "/login");
    await page.getByLabel("Password", { exact: true }).focus();
    release();
    await expect(page.getByLabel("Password", { exact: true })).toBeEditable();
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  });

  test("still shows the form to a browser that runs no script", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Email")).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    await context.close();
  });
});
