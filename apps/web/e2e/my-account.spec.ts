import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, OTHER_OWNER, signIn } from "./support";

const PAGE = "/my-account/edit-profile";
/** A 1×1 PNG. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const saveButton = (page: Page) => page.getByRole("button", { name: "Save", exact: true });
const avatarInput = (page: Page) => page.locator(".profile-avatar input[type=file]");

/** Picks an option of an Ant Design select by typing it and pressing Enter, as a keyboard user would. */
async function choose(page: Page, label: string, option: string) {
  const select = field(page, label);
  await select.click();
  await select.fill(option);
  await select.press("Enter");
  await expect(fieldItem(page, label)).toContainText(option);
}

/** The form item of a field: its label, its control (with a select's chosen option) and its messages. */
const fieldItem = (page: Page, label: string) =>
  page.locator(".ant-form-item").filter({ has: field(page, label) });

test.describe("My Account", () => {
  // Long flows of many steps, on a machine that may be busy.
  test.describe.configure({ timeout: 120_000 });

  test("shows each validation message, clears the state with the country, and saves", async ({ page }) => {
    await signIn(page, OTHER_OWNER);
    await page.getByRole("link", { name: "My Account" }).click();
    await expect(page).toHaveURL(PAGE);
    await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
    for (const section of [
      "Personal Information",
      "Billing Details",
      "Subscription & Notification Email",
      "Change password",
    ])
      await expect(page.getByRole("heading", { name: section })).toBeVisible();
    await expect(field(page, "Email")).toBeDisabled();
    await expect(field(page, "Email")).toHaveValue(OTHER_OWNER.email);
    // Nothing changed yet: nothing to save.
    await expect(saveButton(page)).toBeDisabled();

    // The names are required.
    for (const [label, message] of [
      ["First name", "First name is required"],
      ["Last name", "Last name is required"],
      ["Display name", "Display name is required"],
    ] as const) {
      const input = field(page, label);
      const before = await input.inputValue();
      await input.fill("");
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(saveButton(page)).toBeEnabled();
      await input.fill(before);
      await expect(page.getByText(message, { exact: true })).toHaveCount(0);
    }
    await expect(saveButton(page)).toBeDisabled();

    // The phone's loose pattern, on the page.
    await field(page, "Phone").fill("12345");
    await expect(page.getByText("Phone number is not valid", { exact: true })).toBeVisible();

    // The password rules.
    await field(page, "New password").fill("too short");
    await expect(page.getByText("Current password is required", { exact: true })).toBeVisible();
    await expect(
      page.getByText("The password should be at least 12 characters long", { exact: true }),
    ).toBeVisible();
    await field(page, "Current password").fill("precedent-demo");
    await field(page, "New password").fill("");
    await expect(page.getByText("New password is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Confirm password is required", { exact: true })).toBeVisible();
    await field(page, "New password").fill("a brand new passphrase");
    await field(page, "Confirm new password").fill("a brand new passphrasE");
    await expect(page.getByText("Confirm password did not match", { exact: true })).toBeVisible();
    // Blank leaves the password as it is.
    for (const label of ["Current password", "New password", "Confirm new password"])
      await field(page, label).fill("");

    // A number that has the pattern's shape but is no Australian number: the server says so.
    await field(page, "Phone").fill("1234 5678");
    await saveButton(page).click();
    await expect(
      page.locator(".ant-form-item-explain-error", { hasText: "Phone number is not valid" }),
    ).toBeVisible();
    await expect(page.locator(".ant-message-error", { hasText: "Phone number is not valid" })).toBeVisible();
    await field(page, "Phone").fill("0412 345 678");

    // Changing country clears state; states are a list where the country has them, else text.
    await choose(page, "Country", "Australia");
    await choose(page, "State", "New South Wales");
    await choose(page, "Country", "New Zealand");
    await expect(fieldItem(page, "State")).not.toContainText("New South Wales");
    await choose(page, "State", "Auckland");
    await choose(page, "Country", "France");
    await expect(page.locator("input#state")).toHaveValue("");
    await field(page, "State").fill("Île-de-France");
    await choose(page, "Country", "Australia");
    await expect(fieldItem(page, "State")).not.toContainText("Île-de-France");
    await choose(page, "State", "Victoria");

    await field(page, "Unit").fill("4");
    await field(page, "Street number").fill("120");
    await field(page, "Street name").fill("Collins");
    await choose(page, "Street type", "Street");
    await field(page, "Suburb/City").fill("Melbourne");
    await field(page, "Postcode").fill("3000");
    // Enter in a field saves, as a keyboard user expects.
    await field(page, "Postcode").press("Enter");
    await expect(page.getByText("Your profile has been updated.")).toBeVisible();
    // Saved: the form is the profile again, so there is nothing to save (the button may still be
    // settling from its loading state on a busy machine).
    await expect(page.getByRole("button", { name: /Save$/ })).toBeDisabled({ timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Discard changes" })).toBeDisabled();

    await page.reload();
    await expect(field(page, "Phone")).toHaveValue("0412 345 678");
    await expect(field(page, "Street number")).toHaveValue("120");
    await expect(fieldItem(page, "State")).toContainText("Victoria");
    await expect(fieldItem(page, "Country")).toContainText("Australia");
    await expect(fieldItem(page, "Street type")).toContainText("Street");
  });

  test("uploads an avatar with the spec's checks and messages", async ({ page }) => {
    await signIn(page, OTHER_OWNER, PAGE);
    await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();

    await avatarInput(page).setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(
      page.locator(".ant-message").getByText("You can only upload JPEG/JPG/GIF/PNG file!"),
    ).toBeVisible();

    await avatarInput(page).setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(2 * 1024 * 1024 + 10, 1),
    });
    await expect(page.locator(".ant-message").getByText("Image must smaller than 2MB!")).toBeVisible();

    // A PDF renamed .png gets past the browser's check; the server reads its bytes.
    await avatarInput(page).setInputFiles({ name: "scan.png", mimeType: "image/png", buffer: PDF });
    await expect(page.getByText("scan.png file upload failed.")).toBeVisible();
    await expect(page.locator(".image-upload [role=alert]")).toHaveText(
      "You can only upload JPEG/JPG/GIF/PNG file!",
    );
    await expect(saveButton(page)).toBeDisabled();

    await avatarInput(page).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: TINY_PNG });
    const avatar = page.getByRole("img", { name: "Your avatar" });
    await expect(avatar).toHaveAttribute("src", /^\/api\/media\/\d+$/);
    await expect(saveButton(page)).toBeEnabled();
    await saveButton(page).click();
    await expect(page.getByText("Your profile has been updated.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("img", { name: "Your avatar" })).toHaveAttribute(
      "src",
      /^\/api\/media\/\d+$/,
    );
  });

  for (const width of [1366, 375]) {
    test(`is accessible at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 800 });
      await signIn(page, OTHER_OWNER, PAGE);
      await expect(page.getByRole("heading", { name: "Billing Details" })).toBeVisible();
      await expect(field(page, "Country")).toBeVisible();
      await expectAccessible(page, "My Account page");
      await field(page, "First name").fill("");
      await expect(page.getByText("First name is required", { exact: true })).toBeVisible();
      await expectAccessible(page, "My Account page with an error");
      if (process.env.SHOTS_DIR)
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/my-account-${width}.png`, fullPage: true });
    });
  }
});
