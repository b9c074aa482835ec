import { expect, test } from "@playwright/test";
import { CurrentUserResponse, type Team } from "@precedent/contracts";
import { DEMO_FIRM, expectShell, loginUrl, MEMBER, OWNER, signIn } from "./support";

test.describe("account shell", () => {
  test("the navigation lists only pages that exist", async ({ page }) => {
    await signIn(page, MEMBER);
    const navigation = page.getByRole("navigation", { name: "Account" });
    await expect(navigation.getByRole("link")).toHaveText([
      "My Documents",
      "Our Templates",
      "My Company",
      "My Orders",
      "My Account",
      "Activity Log",
      "My Integrations",
    ]);
    await expect(navigation.getByRole("link", { name: "My Company" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("an unknown account page shows 'Page not found' with a way back", async ({ page }) => {
    await signIn(page, OWNER);
    await page.goto("/my-account/xyz");
    await expect(page.getByText("Page not found")).toBeVisible();
    await expectShell(page, OWNER);
    await page.getByRole("link", { name: "Back to My Company" }).click();
    await expect(page).toHaveURL("/my-account/my-company");
    await expect(page.getByRole("heading", { name: "My Company", level: 1 })).toBeVisible();
  });

  test("an unknown console address leads back to the console, by keyboard", async ({ page }) => {
    await page.goto("/console/templates");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to My Company" })).toHaveCount(0);
    await page.getByRole("link", { name: "Back to the console" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/console");
    await expect(page.getByRole("heading", { name: "Operator console" })).toBeVisible();
  });

  test("a 401 from the API sends the browser to sign-in", async ({ page, context }) => {
    await signIn(page, OWNER);
    // The session cookie disappears, as when the server ends the session.
    await context.clearCookies();
    await page.getByRole("tab", { name: "Team" }).click();
    await expect(page).toHaveURL("/login?redirect=%2Fmy-account%2Fmy-company%3Ftab%3Dteam");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  });

  test("a failed auth check shows an error and can be retried", async ({ page, context }) => {
    await signIn(page, OWNER);
    await page.route("**/api/auth/check", (route) =>
      route.fulfill({ status: 503, json: { message: "The service is down for maintenance.", data: null } }),
    );
    // With the logged-in marker (lydLogged) the pages render at once; the failed check is a toast.
    await page.reload();
    await expect(
      page.getByText("Cannot check your session. The service is down for maintenance."),
    ).toBeVisible();
    await expectShell(page, OWNER);
    // Without it the check comes first, and its failure stands in for the pages.
    await context.clearCookies({ name: "lydLogged" });
    await page.reload();
    await expect(
      page.getByText("Cannot check your session. The service is down for maintenance."),
    ).toBeVisible();
    await expect(page.getByRole("banner")).toBeHidden();

    await page.unroute("**/api/auth/check");
    await page.getByRole("button", { name: "Try again" }).click();
    await expectShell(page, OWNER);
  });

  test("browser errors are reported to the client error log", async ({ page }) => {
    await signIn(page, MEMBER);
    const report = page.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/js-log",
    );
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("Deliberate failure from the browser tests");
      });
    });
    const request = await report;
    expect(request.postDataJSON()).toMatchObject({
      message: expect.stringContaining("Deliberate failure from the browser tests"),
      url: expect.stringContaining("/my-account/my-company"),
    });
    expect((await request.response())?.status()).toBe(200);
  });

  test("a member of several firms can switch between them", async ({ page }) => {
    // No demo user belongs to two firms, so the second one is added to the API's replies here.
    const second = {
      id: 9999,
      name: "Second Partners Pty Ltd",
      role: "member" as const,
      abilities: { invite: false, read_firm_activity: false, view_organisation_documents: false },
    };
    await page.route("**/api/users/me", async (route) => {
      const response = await route.fetch();
      const body = CurrentUserResponse.parse(await response.json());
      body.data.teams.push(second);
      await route.fulfill({ response, json: body });
    });
    const secondTeam: Team = {
      id: second.id,
      name: second.name,
      company_logo: null,
      company_registration_no: "111 222 333",
      billing_address: {
        unit: "",
        address_1: "1 George",
        address_2: "",
        street_type: "Street",
        city: "Sydney",
        state: "NSW",
        postcode: "2000",
        country: "AU",
      },
      industry: "Accounting",
      website: "",
      owner: 1,
      abilities: {
        edit: false,
        set_roles: false,
        remove_members: false,
        transfer_ownership: false,
        view_credit_logs: false,
        buy_credits: false,
        renew_membership: false,
      },
      plan: {
        id: 3,
        name: "Strategist",
        slug: "strategist",
        price: 79_500,
        duration: "month",
        payg: false,
        hasLimit: false,
        limit: null,
        number_of_users: 10,
        status: "expired",
        start_date: "2025-01-01",
        end_date: "2025-12-31",
      },
      hasLimit: 0,
      limit: null,
      used: 0,
    };
    await page.route(`**/api/team/get?id_team=${second.id}`, (route) =>
      route.fulfill({ json: { message: "", data: { code: 200, team: secondTeam } } }),
    );

    await signIn(page, OWNER);
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: /Switch organisation/ }).click();
    await page.getByRole("menuitem", { name: second.name }).click();

    await expect(header.getByText(second.name)).toBeVisible();
    await expect(header.getByText("Member", { exact: true })).toBeVisible();
    const details = page.getByRole("tabpanel", { name: "Company Details" });
    await expect(details.getByText("111 222 333")).toBeVisible();
    await expect(details.getByText("Strategist")).toBeVisible();
    await expect(details.getByText("Expired")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("team_id"))).toBe(String(second.id));

    // The choice survives a reload, and switching back works.
    await page.reload();
    await expect(header.getByText(second.name)).toBeVisible();
    await header.getByRole("button", { name: /Switch organisation/ }).click();
    await page.getByRole("menuitem", { name: DEMO_FIRM }).click();
    await expectShell(page, OWNER);
  });

  test("signed-out visitors to account pages are sent to sign-in", async ({ page }) => {
    await page.goto("/my-account/xyz");
    await expect(page).toHaveURL(loginUrl);
  });
});
