import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { serverWithMailSink } from "./mail-server";
import { expectAccessible, OWNER, signIn } from "./support";

/**
 * Inviting someone and their first sign-in. The invitation reaches the person by mail, so this
 * spec runs a server of its own that sends mail by SMTP to a sink in the spec, on a database of
 * its own (other specs count the demo firm's members, which an accepted invitation changes).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const spec = serverWithMailSink({ port: PORT, name: "invitations" });
const BASE_URL = spec.baseUrl;
const SHOTS = process.env.E2E_SHOTS_DIR;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: BASE_URL, viewport: { width: 1366, height: 900 } });

async function shot(page: import("@playwright/test").Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The invitation link in the latest mail to `email`, once it has arrived. */
async function invitationLink(email: string) {
  let link: string | undefined;
  await expect
    .poll(() => {
      link = /https?:\/\/[^\s"<>]+\/invitation\/[A-Za-z0-9_-]{43}/.exec(
        spec.mail().latestTo(email) ?? "",
      )?.[0];
      return link;
    })
    .toBeDefined();
  return link ?? "";
}

test("an owner invites a colleague, who accepts by the emailed link and lands signed in", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = "priya.natarajan@newhire.test";
  await signIn(page, OWNER, "/my-account/invitations");
  await expect(page.getByRole("heading", { name: "Invitations", level: 1 })).toBeVisible();
  await expect(page.getByText("No pending invitations")).toBeVisible();
  await expectAccessible(page, "invitations page");
  await shot(page, "invitations-1366");

  // The invite modal, by keyboard: open, type the email, choose Member, send with Enter.
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a member" });
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await expect(dialog.getByRole("radio", { name: "Member" })).toBeChecked();
  await page.keyboard.type("not-an-email");
  await dialog.getByRole("radio", { name: "Manager" }).focus();
  await expect(dialog.getByText("Wrong email format")).toBeVisible();
  await expectAccessible(page, "invite modal", { include: ".ant-modal" });
  await shot(page, "invite-modal-1366");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Email").press("Enter");
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row", { name: new RegExp(email) });
  await expect(row).toContainText("Member");
  await expect(row).toContainText(OWNER.name);

  // The same email again is refused clearly, and nothing is added.
  await page.getByRole("button", { name: "Invite member" }).click();
  await dialog.getByLabel("Email").fill(email.toUpperCase());
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    dialog.getByText("This person has already been invited. You can resend the invitation instead."),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("row", { name: new RegExp(email, "i") })).toHaveCount(1);

  // The person, in a browser of their own with no session, opens the link from the mail.
  const link = await invitationLink(email);
  expect(new URL(link).origin).toBe(BASE_URL);
  const invitee = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1366, height: 900 } });
  const their = await invitee.newPage();
  await their.goto(link);
  await expect(their.getByRole("heading", { name: "Join Demo Advisory Pty Ltd", level: 1 })).toBeVisible();
  await expect(their.getByText(`${OWNER.name} invited you to join`)).toBeVisible();
  await expect(their.getByLabel("Email")).toHaveValue(email);
  await expect(their.getByLabel("First name")).toBeFocused();
  await expectAccessible(their, "accept invitation page");
  await shot(their, "accept-1366");

  // The spec's password messages, then a good form, all by keyboard.
  await their.keyboard.type("Priya");
  await their.keyboard.press("Tab");
  await their.keyboard.type("Natarajan");
  await their.keyboard.press("Tab");
  await their.keyboard.type("too short");
  // The next stop is the password's Show button, then the confirmation.
  await their.keyboard.press("Tab");
  await expect(their.getByRole("button", { name: "Show" }).first()).toBeFocused();
  await their.keyboard.press("Tab");
  await expect(their.getByLabel("Confirm password")).toBeFocused();
  await their.keyboard.type("something else entirely");
  await their.keyboard.press("Enter");
  await expect(their.getByText("The password should be at least 12 characters long")).toBeVisible();
  await expect(their.getByText("Confirm password did not match")).toBeVisible();
  await their.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(their, "accept invitation page with errors");
  await shot(their, "accept-375-errors");
  await their.getByLabel("Password", { exact: true }).fill("a long enough secret");
  await their.getByLabel("Confirm password").fill("a long enough secret");
  await their.getByLabel("Confirm password").press("Enter");

  // Signed in, in the firm, on the document list.
  await expect(their).toHaveURL(/\/my-account\/my-document/);
  await expect(their.getByRole("banner").getByText("Demo Advisory Pty Ltd")).toBeVisible();
  await expect(their.getByRole("banner").getByText("Member", { exact: true })).toBeVisible();
  await shot(their, "accepted-375");

  // The link is spent: opening it again says so.
  await their.goto(link);
  await expect(their.getByText("This invitation has already been accepted. Please sign in.")).toBeVisible();
  await expectAccessible(their, "used invitation link");
  await invitee.close();

  // The owner's list no longer shows it.
  await page.reload();
  await expect(page.getByText("No pending invitations")).toBeVisible();
});

test("the invitations page and the accept page fit a phone", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, OWNER, "/my-account/invitations");
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a member" });
  await dialog.getByLabel("Email").fill("sam.lee@newhire.test");
  await dialog.getByRole("radio", { name: "Manager" }).check();
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  const row = page.getByRole("row", { name: /sam\.lee@newhire\.test/ });
  await expect(row).toContainText("Manager");
  await expect(
    row.getByRole("button", { name: "Resend the invitation to sam.lee@newhire.test" }),
  ).toBeVisible();
  await expectAccessible(page, "invitations page");
  await shot(page, "invitations-375");

  const their = await page
    .context()
    .browser()
    ?.newContext({ baseURL: BASE_URL, viewport: { width: 375, height: 800 } });
  if (!their) throw new Error("no browser");
  const invitee = await their.newPage();
  await invitee.goto(await invitationLink("sam.lee@newhire.test"));
  await expect(invitee.getByRole("heading", { name: "Join Demo Advisory Pty Ltd" })).toBeVisible();
  await expectAccessible(invitee, "accept invitation page");
  await shot(invitee, "accept-375");
  await their.close();

  // Revoked, the link says so.
  await row.getByRole("button", { name: /Revoke/ }).click();
  await page.getByRole("button", { name: "Revoke", exact: true }).click();
  await expect(page.getByText("Invitation to sam.lee@newhire.test revoked.")).toBeVisible();
});
