import { expect, test } from "@playwright/test";
import { MANAGER, MEMBER, OTHER_OWNER, OWNER, signIn } from "./support";

test.describe("My Company", () => {
  test("shows the demo firm's company details, plan and credit", async ({ page }) => {
    await signIn(page, MEMBER);
    const details = page.getByRole("tabpanel", { name: "Company Details" });
    await expect(details.getByText("Demo Advisory Pty Ltd")).toBeVisible();
    await expect(details.getByText("123 456 780")).toBeVisible();
    await expect(details.getByText("Level 12, 100 Collins Street")).toBeVisible();
    await expect(details.getByText("Melbourne VIC 3000")).toBeVisible();
    await expect(details.getByText("Australia")).toBeVisible();
    await expect(details.getByRole("link", { name: "https://demo-advisory.example" })).toHaveAttribute(
      "href",
      "https://demo-advisory.example/",
    );
    await expect(details.getByText("Best Practice")).toBeVisible();
    await expect(details.getByText("Active", { exact: true })).toBeVisible();
    await expect(details.getByText("01 Jul 2026")).toBeVisible();
    await expect(details.getByText("30 Jun 2027")).toBeVisible();
    await expect(details.getByText("Credit remaining")).toBeVisible();
    // Other browser tests start documents on this firm's plan, so the split between used and
    // remaining moves; the plan's 200 uses and the two figures shown must agree.
    const usage = details.getByText(/^\d+ of 200 credits used$/);
    await expect(usage).toBeVisible();
    const used = Number((await usage.textContent())?.split(" ")[0]);
    await expect(details.getByText(String(200 - used), { exact: true })).toBeVisible();
    // Only the owner edits the company: a member sees no Edit button.
    await expect(page.getByRole("button", { name: /edit/i })).toHaveCount(0);
  });

  test("the Team tab lists the firm's three members and stays open on reload", async ({ page }) => {
    await signIn(page, OWNER);
    await page.getByRole("tab", { name: "Team" }).click();
    await expect(page).toHaveURL("/my-account/my-company?tab=team");
    // The members' table; the pending invitations have a table of their own below it.
    const rows = page.getByRole("tabpanel", { name: "Team" }).getByRole("table").first().getByRole("row");
    // A header row and one row per member.
    await expect(rows).toHaveCount(4);
    for (const [user, role] of [
      [OWNER, "Owner"],
      [MANAGER, "Manager"],
      [MEMBER, "Member"],
    ] as const) {
      const row = rows.filter({ hasText: user.email });
      await expect(row).toContainText(user.name);
      await expect(row).toContainText(role);
    }
    await expect(rows.filter({ hasText: OWNER.email })).toContainText("(you)");

    await page.reload();
    await expect(page.getByRole("tab", { name: "Team", selected: true })).toBeVisible();
    await expect(
      page.getByRole("tabpanel", { name: "Team" }).getByRole("table").first().getByRole("row"),
    ).toHaveCount(4);
  });

  test("a Lite firm shows its plan as permanent and no credit status", async ({ page }) => {
    await signIn(page, OTHER_OWNER);
    const details = page.getByRole("tabpanel", { name: "Company Details" });
    await expect(details.getByText("Other Accounting Pty Ltd")).toBeVisible();
    await expect(details.getByText("Lite", { exact: true })).toBeVisible();
    await expect(details.getByText("Permanent")).toHaveCount(2);
    await expect(details.getByText("Credit remaining")).toHaveCount(0);
    await expect(details.getByRole("row", { name: /Billing address/ })).toContainText("Not provided");

    await page.getByRole("tab", { name: "Team" }).click();
    // The members' table; the pending invitations have a table of their own below it.
    const rows = page.getByRole("tabpanel", { name: "Team" }).getByRole("table").first().getByRole("row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(OTHER_OWNER.email);
  });
});
