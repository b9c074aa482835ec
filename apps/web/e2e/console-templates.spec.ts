import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { readPdf } from "@precedent/docgen/testing";
import { consoleSessionThroughApi } from "./console-support";
import {
  openInterview,
  sampleAnswers,
  saveAnswersByApi,
  slowExpect,
  startDocumentByApi,
} from "./interview-support";
import { expectAccessible, OWNER, signIn } from "./support";

/**
 * The console's Templates area (issue 37 item 2): the demo content editor uploads a new version of
 * the Deed of Settlement and Release (one clause's words changed) by keyboard, sees its checks and
 * preview, publishes it; then the demo firm's owner starts a document on the template and the
 * assembled PDF has the new words. At both widths (one after the other: each publishes a version),
 * with axe on the list, the template, and the checked version. Then a brand-new template: the
 * editor starts one from "New template" by keyboard, a starter's identifier is refused with the
 * server's message, the files become its version 1, checked, published; the list shows it current.
 */
const EDITOR = "editor@console.test";
const DEED = { identifier: "deed-of-release", name: "Deed of Settlement and Release" };
const FOLDER = path.resolve(import.meta.dirname, "../../../templates", DEED.identifier);
const OLD_WORDS = "This deed is entered into to settle the Dispute";
const newWords = (width: number) => `This deed is made at ${width} px to settle the Dispute`;

const consoleSignIn = (page: Page) => consoleSessionThroughApi(page, EDITOR);

const folderFile = (name: string, text?: string, folder = FOLDER) => ({
  name,
  mimeType: "text/plain",
  buffer: Buffer.from(text ?? readFileSync(path.join(folder, name), "utf8")),
});
/** A brand-new template made from the director's consent's files, one sentence added. */
const CONSENT_FOLDER = path.resolve(import.meta.dirname, "../../../templates/director-consent");
const newTemplateMarker = (width: number) => `Kept with the short-form consents register (${width} px).`;

/** Types into a field reached by its label, as a keyboard user would. */
async function typeInto(page: Page, label: string | RegExp, text: string) {
  const field = page.getByLabel(label);
  await field.focus();
  await field.fill("");
  await page.keyboard.type(text);
}

test.describe.configure({ mode: "serial" });

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: 240_000 });

    test("an editor uploads a version, sees its checks, publishes it, and a firm's new document uses it", async ({
      page,
    }) => {
      await consoleSignIn(page);
      await page.goto("/console?tab=templates");
      const open = page.getByRole("button", { name: DEED.name, exact: true });
      await expect(open).toBeVisible({ timeout: 60_000 });
      await expectAccessible(page, "template list");
      await open.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { name: DEED.name })).toBeVisible();

      // The folder's files, one clause's words changed in template.md.
      const body = readFileSync(path.join(FOLDER, "template.md"), "utf8");
      expect(body).toContain(OLD_WORDS);
      await page
        .getByLabel("Template files")
        .setInputFiles([
          folderFile("interview.yaml"),
          folderFile("template.md", body.replace(OLD_WORDS, newWords(width))),
          folderFile("sample-answers.json"),
          folderFile("PRECONDITIONS.md"),
        ]);
      await expect(
        page.getByText("Read: interview.yaml, template.md, sample-answers.json, PRECONDITIONS.md"),
      ).toBeVisible();
      const note = page.getByLabel("What changed");
      await note.focus();
      await page.keyboard.type(`No admission clause reworded (${width} px)`);
      await expectAccessible(page, "template and its upload form");
      await page.getByRole("button", { name: "Upload and check" }).focus();
      await page.keyboard.press("Enter");

      // The checked version: every check passed, the pages counted, the preview with the new words.
      const heading = page.getByRole("heading", { name: /^Version \d+$/ });
      await slowExpect(heading).toBeVisible();
      const version = Number((await heading.textContent())?.replace("Version ", ""));
      await expect(
        page.getByRole("heading", { name: /^Checks passed · the sample answers make \d+ pages$/ }),
      ).toBeVisible();
      const checks = page.getByRole("list").filter({ hasText: "The sample answers assemble" });
      await expect(checks.getByText("The sample answers pass the interview's checks")).toBeVisible();
      await expect(checks.getByText("Failed")).toHaveCount(0);
      const preview = page.frameLocator(
        `iframe[title="Preview of version ${version} with the sample answers"]`,
      );
      await expect(preview.getByText(newWords(width))).toBeVisible();
      // The body's line diff against the current version, opened by keyboard: the changed line
      // marked in words (not only colour), the interview unchanged.
      const bodyDiff = page.getByText(/^template\.md against version \d+: 1 line added, 1 removed$/);
      await bodyDiff.focus();
      await page.keyboard.press("Enter");
      const changes = page.getByRole("list", { name: "Changes to template.md" });
      const added = changes.getByRole("listitem").filter({ hasText: /^\+Added: / });
      await expect(added).toHaveCount(1);
      await expect(added).toContainText(newWords(width));
      await expect(changes.getByRole("listitem").filter({ hasText: /^−Removed: / })).toHaveCount(1);
      await expect(page.getByText(/^interview\.yaml: no change from version \d+$/)).toBeVisible();
      await expectAccessible(page, "checked version");
      await page.screenshot({
        path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/console-templates-version-${width}.png`,
        fullPage: true,
      });

      const publish = page.getByRole("button", { name: `Publish version ${version}` });
      await publish.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText(`Version ${version} is published.`)).toBeVisible();
      await expect(page.getByText(`Current version: ${version}`)).toBeVisible();

      // A firm starts a document on the template: it is made from the published version.
      await signIn(page, OWNER);
      const doc = await startDocumentByApi(page, DEED);
      await saveAnswersByApi(page, doc, await sampleAnswers(DEED.identifier));
      await openInterview(page, doc);
      await page.getByRole("button", { name: "Assemble" }).click();
      const results = page.getByRole("dialog", { name: "Assemble Results" });
      await slowExpect(results).toBeVisible();
      const [file] = await Promise.all([
        page.waitForEvent("download"),
        results.getByRole("link", { name: /Download PDF/ }).click(),
      ]);
      const pdf = readFileSync(await file.path());
      const text = readPdf(new Uint8Array(pdf)).pages.join("\n").replace(/\s+/g, " ");
      expect(text).toContain(newWords(width));
      expect(text).not.toContain(OLD_WORDS);
    });

    test("an editor uploads a brand-new template, sees it checked as version 1, and publishes it", async ({
      page,
    }) => {
      const identifier = `short-consent-${width}`;
      const name = `Short-Form Consent to Act (${width} px)`;
      await consoleSignIn(page);
      await page.goto("/console?tab=templates");
      const start = page.getByRole("button", { name: "New template", exact: true });
      await expect(start).toBeVisible({ timeout: 60_000 });
      await start.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { name: "New template", exact: true })).toBeVisible();

      await typeInto(page, "Identifier", "mutual-nda");
      await typeInto(page, "Name", name);
      await typeInto(page, "Short description", "A director's or secretary's consent, short form.");
      const body = readFileSync(path.join(CONSENT_FOLDER, "template.md"), "utf8").replace(
        "This consent is kept by the Company with its records.",
        `This consent is kept by the Company with its records. ${newTemplateMarker(width)}`,
      );
      await page
        .getByLabel("Template files")
        .setInputFiles([
          folderFile("interview.yaml", undefined, CONSENT_FOLDER),
          folderFile("template.md", body),
          folderFile("sample-answers.json", undefined, CONSENT_FOLDER),
          folderFile("PRECONDITIONS.md", undefined, CONSENT_FOLDER),
        ]);
      await expect(
        page.getByText("Read: interview.yaml, template.md, sample-answers.json, PRECONDITIONS.md"),
      ).toBeVisible();
      await expectAccessible(page, "new template form");
      const submit = page.getByRole("button", { name: "Upload and check" });
      await submit.focus();
      await page.keyboard.press("Enter");
      // A starter's identifier: the server's refusal, said under the form; nothing is made.
      await expect(page.getByRole("alert")).toHaveText(
        'A template with the identifier "mutual-nda" exists already. Choose another identifier.',
      );
      await expect(page.getByRole("heading", { name: "New template", exact: true })).toBeVisible();

      await typeInto(page, "Identifier", identifier);
      await submit.focus();
      await page.keyboard.press("Enter");
      await slowExpect(page.getByRole("heading", { name: /^Version 1$/ })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`template=${identifier}&version=1`));
      await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
      await expect(page.getByText(/^Current version: none/)).toBeVisible();
      await expect(
        page.getByRole("heading", { name: /^Checks passed · the sample answers make \d+ pages$/ }),
      ).toBeVisible();
      const preview = page.frameLocator('iframe[title="Preview of version 1 with the sample answers"]');
      await expect(preview.getByText(newTemplateMarker(width))).toBeVisible();
      await expect(page.getByText("template.md: the new template's first version")).toBeVisible();
      await expectAccessible(page, "new template's version 1");

      const publish = page.getByRole("button", { name: "Publish version 1" });
      await publish.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText("Version 1 is published.")).toBeVisible();
      await expect(page.getByText("Current version: 1", { exact: true })).toBeVisible();
      await page.screenshot({
        path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/console-templates-new-${width}.png`,
        fullPage: true,
      });

      // The list shows it among the starters, current at version 1.
      await page.getByRole("button", { name: "Back to templates" }).first().click();
      const row = page.getByRole("row").filter({ hasText: identifier });
      await expect(row).toContainText(name);
      await expect(row.getByRole("cell").nth(2)).toHaveText("1");
      // Published: it can no longer be deleted, so the console does not offer it.
      await row.getByRole("button", { name, exact: true }).click();
      await expect(page.getByText("Current version: 1", { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "Delete template" })).toHaveCount(0);
    });

    test("an editor deletes a new template never published, by keyboard, and its identifier is free again", async ({
      page,
    }) => {
      const identifier = `mistyped-consent-${width}`;
      const name = `Mistyped Consent (${width} px)`;
      await consoleSignIn(page);
      const file = (name: string) => readFileSync(path.join(CONSENT_FOLDER, name), "utf8");
      const upload = () =>
        page.request.post("/api/console/templates", {
          data: {
            identifier,
            interview: file("interview.yaml"),
            body: file("template.md"),
            sample_answers: file("sample-answers.json"),
            catalogue: { name },
          },
        });
      const uploaded = await upload();
      expect(uploaded.status(), await uploaded.text()).toBe(200);

      await page.goto(`/console?tab=templates&template=${identifier}`);
      await expect(page.getByRole("heading", { name, exact: true })).toBeVisible({ timeout: 60_000 });
      const remove = page.getByRole("button", { name: "Delete template" });
      await remove.focus();
      await page.keyboard.press("Enter");
      const confirm = page
        .getByRole("tooltip")
        .filter({ hasText: "Delete this template and all its versions?" });
      await expect(confirm).toBeVisible();
      await expectAccessible(page, "delete template confirmation", { include: ".ant-popover" });
      await page.screenshot({
        path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/console-templates-delete-${width}.png`,
      });
      await confirm.getByRole("button", { name: "Delete template" }).focus();
      await page.keyboard.press("Enter");
      await expect(
        page.getByText(
          `The template "${identifier}" and its versions were deleted. Its identifier is free again.`,
        ),
      ).toBeVisible();
      // Back on the list, without it.
      await expect(page).not.toHaveURL(/template=/);
      await expect(page.getByRole("button", { name: "New template", exact: true })).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: identifier })).toHaveCount(0);
      // The identifier is free: the same upload is taken again.
      const again = await upload();
      expect(again.status(), await again.text()).toBe(200);
    });
  });
}
