import { expect, test } from "@playwright/test";
import {
  DEMO_PASSWORD,
  expectShell,
  MANAGER,
  MEMBER,
  OTHER_OWNER,
  OWNER,
  signIn,
  signInThroughForm,
  submitSignIn,
} from "./support";

test.describe("sign-in", () => {
  for (const user of [OWNER, MANAGER, MEMBER, OTHER_OWNER]) {
    test(`${user.email} signs in and sees their firm and role`, async ({ page }) => {
      await signInThroughForm(page, user);
      // Sign-in lands where a firm starts its work (issue 33 item 8), not on My Company.
      await expect(page).toHaveURL(/\/my-account\/my-document$/);
      await expect(page.getByRole("heading", { name: "My Documents", level: 1 })).toBeVisible();
      await expect(page).toHaveTitle("My Documents · Precedent");
    });
  }

  test("the sign-in page is ready for typing and has the product's name", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByText("Precedent", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Email")).toBeFocused();
    await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "username");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute(
      "autocomplete",
      "current-password",
    );
    // Tab order: email, password, then the Sign in button.
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  });

  test("a wrong password is refused and the page stays on sign-in", async ({ page }) => {
    await page.goto("/login");
    await submitSignIn(page, MANAGER.email, "not-the-password");
    await expect(page.getByRole("alert")).toHaveText("The email or password you entered is incorrect.");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Email")).toHaveValue(MANAGER.email);

    // Correcting the password and clicking the button signs in.
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectShell(page, MANAGER);
  });

  test("the form checks the email and password before sending them", async ({ page }) => {
    let loginCalls = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/login")) loginCalls += 1;
    });
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();

    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Email").blur();
    await expect(page.getByText("Wrong email format")).toBeVisible();
    await expect(page.getByText("Email is required")).toBeHidden();

    await page.getByLabel("Email").fill(OWNER.email);
    await expect(page.getByText("Wrong email format")).toBeHidden();
    expect(loginCalls).toBe(0);
  });

  test("repeated failures are throttled with the server's message", async ({ page }) => {
    // An email of its own, so no other test's sign-ins are throttled.
    const email = `throttled-${test.info().retry}-${Date.now()}@demo.test`;
    await page.goto("/login");
    const attempt = async (password: string) => {
      const reply = page.waitForResponse((r) => r.url().endsWith("/api/auth/login"));
      await submitSignIn(page, email, password);
      return (await reply).status();
    };
    for (let n = 1; n <= 5; n++) {
      expect(await attempt(`wrong-${n}`)).toBe(401);
      await expect(page.getByRole("alert")).toHaveText("The email or password you entered is incorrect.");
    }
    expect(await attempt("wrong-6")).toBe(429);
    await expect(page.getByRole("alert")).toHaveText(
      /^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    await expect(page).toHaveURL(/\/login$/);
  });

  test("signing in returns to the page that asked for it", async ({ page }) => {
    await page.goto("/my-account/my-company?tab=team");
    await expect(page).toHaveURL("/login?redirect=%2Fmy-account%2Fmy-company%3Ftab%3Dteam");
    await submitSignIn(page, OWNER.email, DEMO_PASSWORD);
    await expect(page).toHaveURL("/my-account/my-company?tab=team");
    await expect(page.getByRole("tab", { name: "Team", selected: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: MEMBER.email })).toBeVisible();
  });

  test("the home page asks for sign-in, then opens My Documents", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL("/login?redirect=%2Fmy-account%2Fmy-document");
    await submitSignIn(page, MEMBER.email, DEMO_PASSWORD);
    await expect(page).toHaveURL("/my-account/my-document");
    await expectShell(page, MEMBER);
  });

  test("a signed-in visitor to the sign-in page goes to My Documents", async ({ page }) => {
    await signIn(page, OWNER);
    await page.goto("/login");
    await expect(page).toHaveURL("/my-account/my-document");
    await expectShell(page, OWNER);
  });

  test("a redirect to another site is ignored", async ({ page }) => {
    await page.goto("/login?redirect=%2F%2Fevil.example%2F");
    await submitSignIn(page, OWNER.email, DEMO_PASSWORD);
    await expect(page).toHaveURL("/my-account/my-document");
  });
});
