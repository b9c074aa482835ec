import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { openFolder } from "./documents-support";
import { serverWithMailSink } from "./mail-server";
import { readableText } from "./mail-sink";
import { expectAccessible, OWNER, signIn } from "./support";

/**
 * Sending a completed document for signing through the Digital Signing Wizard, with signing
 * groups, to 'Email sent successfully'; the signing links arrive by mail; then the status modal
 * and a reminder. Its own server sends mail by SMTP to a sink in the spec, on its own database
 * (sending moves a demo document to Pending, which other specs count).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 11;
const spec = serverWithMailSink({ port: PORT, name: "signing" });
const BASE_URL = spec.baseUrl;
const SHOTS = process.env.E2E_SHOTS_DIR;
const DOCUMENT = "Non-Disclosure Agreement – Riverbend Software";

test.describe.configure({ mode: "serial" });
test.use({ baseURL: BASE_URL, viewport: { width: 1366, height: 900 } });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function openWizard(page: Page) {
  await signIn(page, OWNER, "/my-account/my-document");
  await page.getByRole("button", { name: `Actions for ${DOCUMENT}`, exact: true }).click();
  await page.getByRole("menuitem", { name: "Sign document", exact: true }).click();
  const wizard = page.getByRole("dialog", { name: `Digital Signing Wizard: ${DOCUMENT}` });
  await expect(wizard.getByRole("textbox", { name: "Full name" }).first()).toHaveValue("Daniel Kwan");
  return wizard;
}

async function addToGroup(page: Page, group: string, person: string) {
  // The last choice's dropdown stays visible while it fades out; a click on its option then does
  // nothing (it once left a signer out of a group). Wait until no dropdown shows, before and after.
  // A click on an option can still be lost on a busy machine (in CI the dropdown once stayed open
  // with nothing chosen), so the pick is repeated until the person is in a group.
  const openDropdowns = page.locator(".ant-select-dropdown:visible");
  const assigned = page.locator(".signing-group__items li", { hasText: person });
  await expect(openDropdowns).toHaveCount(0);
  await expect(async () => {
    if ((await openDropdowns.count()) === 0) {
      await page.getByRole("combobox", { name: `Add a signer to ${group}` }).click({ timeout: 5_000 });
    }
    await openDropdowns.locator(".ant-select-item-option", { hasText: person }).click({ timeout: 5_000 });
    await expect(assigned).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(openDropdowns).toHaveCount(0);
}

test("on a phone, the wizard's groups use the 'Select a signer' drawer", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const wizard = await openWizard(page);
  await wizard.getByRole("switch", { name: "Signing groups" }).click();
  await expect(wizard.getByRole("textbox", { name: "Name of signing group 1" })).toHaveValue(
    "First Signing Group",
  );
  await expect(wizard.getByRole("textbox", { name: "Name of signing group 2" })).toHaveValue(
    "Last Signing Group",
  );
  await wizard.getByRole("button", { name: "Select a signer" }).first().click();
  const drawer = page.getByRole("dialog", { name: "Select a signer" });
  await drawer
    .getByRole("listitem")
    .filter({ hasText: "Daniel Kwan" })
    .getByRole("button", { name: "Add" })
    .click();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expectAccessible(page, "signing wizard", { include: ".signing-wizard" });
  await shot(page, "signing-wizard-375");
  // What was set is kept for this document in the browser until the request is sent.
  const saved = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith("signingGroups_") || key.startsWith("sign_")),
  );
  expect(saved).toHaveLength(2);
});

test("sends with signing groups to 'Email sent successfully'; each signer gets their link by mail", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const wizard = await openWizard(page);
  await expectAccessible(page, "signing wizard", { include: ".signing-wizard" });

  // SMS by keyboard: on gives each person a phone with the +61 area code, off clears them.
  const smsSwitch = wizard.getByRole("switch", { name: "SMS authentication" });
  await smsSwitch.focus();
  await page.keyboard.press("Space");
  await expect(wizard.getByRole("textbox", { name: "Mobile phone" }).first()).toHaveValue("");
  await expect(wizard.getByRole("combobox", { name: "Area code" }).first()).toBeVisible();
  await expect(
    wizard
      .locator(".signing-person__phone")
      .first()
      .locator(".ant-select-content, .ant-select-selection-item")
      .first(),
  ).toHaveText("+61");
  await expectAccessible(page, "signing wizard with SMS phones", { include: ".signing-wizard" });
  await page.keyboard.press("Space");
  await expect(wizard.getByRole("textbox", { name: "Mobile phone" })).toHaveCount(0);

  // Groups: both directors first, then the individual (her witness follows her).
  await wizard.getByRole("switch", { name: "Signing groups" }).click();
  await addToGroup(page, "First Signing Group", "Daniel Kwan");
  await addToGroup(page, "First Signing Group", "Priya Raman");
  await wizard.getByRole("button", { name: "Add new group" }).click();
  await expect(wizard.getByRole("textbox", { name: "Name of signing group 2" })).toHaveValue(
    "Second Signing Group",
  );
  // A duplicate name is refused, ignoring case and spaces.
  const secondName = wizard.getByRole("textbox", { name: "Name of signing group 2" });
  await secondName.fill("  first signing GROUP ");
  await expect(
    wizard.getByText("This group name already exists. Please enter a new group name"),
  ).toBeVisible();
  await expect(wizard.getByRole("button", { name: "Next Step" })).toBeDisabled();
  await secondName.fill("Individuals");
  await secondName.press("Enter");
  await addToGroup(page, "Individuals", "Harriet Louise Okafor");
  await expect(
    wizard.getByText("Congratulations! You have assigned all signers to the signature boxes"),
  ).toBeVisible();
  await shot(page, "signing-wizard-1366");

  // The witness rule: the sender confirms every witness is an adult who is not a party.
  await expect(wizard.getByRole("button", { name: "Next Step" })).toBeDisabled();
  await wizard
    .getByRole("checkbox", { name: "Each witness is 18 or over and is not a party to this document" })
    .check();
  await wizard.getByRole("button", { name: "Next Step" }).click();
  await expect(wizard.getByText("Recipients (4)")).toBeVisible();
  await wizard.getByRole("button", { name: "Back to previous step" }).click();
  await expect(
    wizard.getByText("Congratulations! You have assigned all signers to the signature boxes"),
  ).toBeVisible();
  await wizard.getByRole("button", { name: "Next Step" }).click();
  await expectAccessible(page, "email preview", { include: ".signing-wizard" });
  await wizard.getByRole("button", { name: "Send" }).click();

  const sent = page.getByRole("dialog").filter({ hasText: "Email sent successfully" });
  await expect(
    sent.getByText(
      "Your Signing Request email was sent successfully. You can monitor the signing status from My Documents.",
    ),
  ).toBeVisible();
  await sent.getByRole("button", { name: "OK" }).click();
  const cleared = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith("signingGroups_") || key.startsWith("sign_")),
  );
  expect(cleared).toEqual([]);

  for (const email of [
    "daniel.kwan@riverbend.example",
    "harriet.okafor@example.com",
    "thomas.nguyen@example.com",
  ]) {
    await expect
      .poll(
        () => /https?:\/\/[^\s"<>]+\/sign\/[A-Za-z0-9_-]{43}/.exec(spec.mail().latestTo(email) ?? "")?.[0],
        {
          timeout: 30_000,
        },
      )
      .toBeDefined();
  }
});

test("the status modal shows signed/total and sends a reminder to the first group", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, OWNER, "/my-account/my-document");
  const progress = page.getByRole("button", { name: "Signing status: 0/4 signed" });
  await expect(progress).toBeVisible();
  // By keyboard: focus the signed count and open it with Enter.
  await progress.focus();
  await page.keyboard.press("Enter");
  const modal = page.getByRole("dialog").filter({ hasText: "General Info" });
  await expect(modal.getByText("0/4")).toBeVisible();
  await expect(modal.getByText("First Signing Group")).toBeVisible();
  await expectAccessible(page, "signing status modal", { include: ".ant-modal" });
  await shot(page, "signing-status-1366");
  const before = spec.mail().messages.length;
  await modal.getByRole("textbox", { name: "Reminder notes" }).fill("Before Friday, please");
  await modal.getByRole("button", { name: "Send reminder" }).click();
  await expect(page.getByText("Reminder sent to 2 signers.")).toBeVisible();
  await expect.poll(() => spec.mail().messages.length, { timeout: 30_000 }).toBe(before + 2);
  await modal.getByRole("tab", { name: "Document History" }).click();
  await expect(modal.getByText(/sent a reminder to 2 recipients: Before Friday, please/)).toBeVisible();
  await expect(modal.getByText(/sent the signing request to 4 recipients/)).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page, "signing status modal", { include: ".ant-modal" });
  await shot(page, "signing-status-375");
});

test("once everyone has signed on their links, the status modal and the list download the sealed PDF", async ({
  page,
}) => {
  test.setTimeout(300_000);
  // The latest link each person was mailed (the reminder replaced the first group's).
  const linkOf = (email: string) =>
    /\/sign\/([A-Za-z0-9_-]{43})/.exec(spec.mail().latestTo(email) ?? "")?.[1] ?? "";
  const people = [
    { email: "daniel.kwan@riverbend.example", name: "Daniel Kwan" },
    { email: "priya.raman@riverbend.example", name: "Priya Raman" },
    { email: "harriet.okafor@example.com", name: "Harriet Louise Okafor" },
    { email: "thomas.nguyen@example.com", name: "Thomas Nguyen", witness: true },
  ];
  // In the groups' order, as each would on their own page (the pages have their own spec).
  for (const person of people) {
    const token = linkOf(person.email);
    expect((await page.request.post(`/api/sign/${token}/consent`, { data: { agree: true } })).status()).toBe(
      200,
    );
    const signed = await page.request.post(`/api/sign/${token}/sign`, {
      data: {
        signature: { kind: "typed", text: person.name, font: "Great Vibes" },
        ...(person.witness ? { witnessed_by: "in-person" } : {}),
      },
    });
    expect(signed.status()).toBe(200);
  }
  const last = linkOf("thomas.nguyen@example.com");
  await expect
    .poll(async () => (await (await page.request.get(`/api/sign/${last}`)).json()).data.signed_pdf_ready, {
      timeout: 60_000,
    })
    .toBe(true);

  await signIn(page, OWNER, "/my-account/my-document");
  // Its own row: the demo's Northwind NDA is signed by four at start-up too.
  await page
    .getByRole("list", { name: "Documents" })
    .getByRole("listitem")
    .filter({ hasText: DOCUMENT })
    .getByRole("button", { name: "Signing status: 4/4 signed" })
    .click();
  const modal = page.getByRole("dialog").filter({ hasText: "General Info" });
  await expect(modal.getByText("4/4")).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    modal.getByRole("link", { name: "Download signed PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${DOCUMENT} (signed).pdf`);
  const file = await download.path();
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.toString("latin1")).toContain("/ETSI.CAdES.detached");

  // The list's Download PDF of a Signed document is that sealed copy too; the original is named.
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  await listDownloadIsSealed(page);
});

// The links are read from the mail as a reader sees it: read raw, a resent mail's link was broken
// across two quoted-printable lines and no link was found (the test stood as fixme for it).
test("cancel with a reason, resend with new links, and a decline that leaves the document resendable", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, OWNER, "/my-account/my-document");
  // The pending demo document is filed in a folder: the top level of My Documents does not list it.
  await openFolder(page, PENDING_FOLDER);
  await expect(page).toHaveURL(/folderId=\d+/);
  await cancelResendDecline(page);
});

/** The list's Download PDF of a Signed document: the sealed copy; the unsigned original is named as such. */
async function listDownloadIsSealed(page: Page) {
  await page.getByRole("button", { name: `Actions for ${DOCUMENT}`, exact: true }).click();
  await expect(page.getByRole("menuitem", { name: "Download unsigned copy", exact: true })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Download PDF", exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${DOCUMENT} (signed).pdf`);
  const file = await download.path();
  // pdfsig (poppler-utils), as a reader would check it: one valid seal over the whole file.
  const pdfsig = spawnSync("pdfsig", [file], { encoding: "utf8" });
  expect(pdfsig.stdout).toContain("Signature Validation: Signature is Valid.");
  expect(pdfsig.stdout).toContain("Total document signed");
}

const PENDING = "Company Constitution – Harbourview Pty Ltd";
const PENDING_FOLDER = "Company secretarial";
/** The signing links in a mail as sent (read as its reader would: see `readableText`). */
const signLinks = (data: string) =>
  [...readableText(data).matchAll(/\/sign\/([A-Za-z0-9_-]{43})\b/g)].map((m) => m[1] ?? "");

/** Cancel with a reason, resend with new links, and a decline that leaves the document resendable. */
async function cancelResendDecline(page: Page) {
  // Every link mailed so far (the demo's request to this document among them): none is sent again.
  const oldLinks = spec.mail().messages.flatMap((m) => signLinks(m.data));
  const row = page
    .getByRole("list", { name: "Documents" })
    .getByRole("listitem")
    .filter({ hasText: PENDING });
  await row.getByRole("button", { name: /^Signing status: 0\/\d+ signed$/ }).click();
  const modal = page.getByRole("dialog").filter({ hasText: "General Info" });
  await modal.getByRole("button", { name: "Cancel signing request" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel signing request" });
  await expect(cancel.getByRole("button", { name: "Cancel signing request" })).toBeDisabled();
  await expectAccessible(page, "cancel signing dialog", { include: ".ant-modal" });
  // By keyboard: the reason box has the focus; Tab past "Keep it" to the button, then Enter.
  await page.keyboard.type("The trustee's name is wrong");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Signing request cancelled. Its links no longer work.")).toBeVisible();
  // The cancel dialog closes itself; the status modal under it is closed by its own button.
  await expect(cancel).toBeHidden();
  if (await modal.isVisible()) await modal.getByRole("button", { name: "Close" }).first().click();
  await expect(modal).toBeHidden();

  const before = spec.mail().messages.length;
  await row.getByRole("button", { name: "Cancelled: open the signing status" }).click();
  await expect(modal.getByText("Reason: The trustee's name is wrong")).toBeVisible();
  await modal.getByRole("button", { name: "Resend signing request" }).click();
  await expect(page.getByText("Signing request resent with new links.")).toBeVisible();
  await expect.poll(() => spec.mail().messages.length, { timeout: 30_000 }).toBeGreaterThan(before);
  await expect
    .poll(
      () =>
        spec
          .mail()
          .messages.slice(before)
          .flatMap((m) => signLinks(m.data)).length,
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  const newLinks = spec
    .mail()
    .messages.slice(before)
    .flatMap((m) => signLinks(m.data));
  expect(newLinks.filter((token) => oldLinks.includes(token))).toEqual([]);
  await page.keyboard.press("Escape");

  // A signer declines on the new link: the document leaves Pending, and the sender can resend.
  const declined = await page.request.post(`/api/sign/${newLinks[0]}/decline`, {
    data: { reason: "Not before the board meets" },
  });
  expect(declined.status()).toBe(200);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  const rejected = page
    .getByRole("list", { name: "Documents" })
    .getByRole("listitem")
    .filter({ hasText: PENDING })
    .getByRole("button", { name: "Rejected: open the signing status" });
  await rejected.focus();
  await page.keyboard.press("Enter");
  await expect(modal.getByText("A recipient declined to sign this document.")).toBeVisible();
  await expect(modal.getByRole("button", { name: "Resend signing request" })).toBeVisible();
  await expectAccessible(page, "signing status after a decline", { include: ".ant-modal" });
  await shot(page, "signing-declined-375");
}
