import { readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { consoleSignInThroughApi, signInToConsole } from "./console-support";
import {
  expectInterviewShown,
  sampleAnswers,
  saveAnswersByApi,
  slowExpect,
  startDocumentByApi,
} from "./interview-support";
import { expectAccessible, OWNER, signIn } from "./support";

/**
 * Relaunch and template versions (issue 37 item 2): the demo owner completes a Memorandum of
 * Wishes; the demo content editor then publishes a version that asks for the trustee's name in
 * new words (one question removed, one added); the owner opens the document, is told a newer
 * version is available, relaunches it by keyboard, chooses the newer version, and the interview
 * opens on it with the other answers carried over and the removed question's answer left behind.
 * At both widths, axe on the document's detail and on the dialog. Then the editor cancels a
 * scheduled publication in the console by keyboard. No other spec uses this template; the spec
 * rolls it back to the starter version before and after its relaunch test.
 */
const EDITOR = "editor@console.test";
const MEMO = { identifier: "memorandum-of-wishes", name: "Memorandum of Wishes" };
const FOLDER = path.resolve(import.meta.dirname, "../../../templates", MEMO.identifier);
const read = (file: string) => readFileSync(path.join(FOLDER, file), "utf8");
const OLD_QUESTION = "The trustee's name";
const NEW_QUESTION = "The trustee's full name";

/** The version the editor uploads: the trustee's name asked as a new question. */
const renamedTrustee = (width: number) => ({
  note: `The trustee is named in full (${width} px)`,
  interview: read("interview.yaml").replace(
    `  - id: trustee_name\n    type: text\n    label: ${OLD_QUESTION}`,
    `  - id: trustee_full_name\n    type: text\n    label: ${NEW_QUESTION}`,
  ),
  body: read("template.md").replaceAll("trustee_name", "trustee_full_name"),
  sample_answers: read("sample-answers.json").replace('"trustee_name"', '"trustee_full_name"'),
  preconditions: read("PRECONDITIONS.md"),
});

const editorSignIn = (editor: APIRequestContext) => consoleSignInThroughApi(editor, EDITOR);

/** Rolls the template back until the starter (version 1) is current. */
async function backToStarter(editor: APIRequestContext) {
  for (let i = 0; i < 20; i++) {
    const res = await editor.post(`/api/console/templates/${MEMO.identifier}/rollback`);
    if (res.status() === 409) return;
    expect(res.status(), await res.text()).toBe(200);
  }
}

test.describe.configure({ mode: "serial" });

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: 240_000 });

    test("the owner is offered the newer version on relaunch, chooses it, and the interview opens with the answers carried over", async ({
      page,
      playwright,
      baseURL,
    }) => {
      const editor = await playwright.request.newContext({ baseURL });
      await editorSignIn(editor);
      await backToStarter(editor);

      // The owner's document, completed on the starter version.
      await signIn(page, OWNER);
      const doc = await startDocumentByApi(page, MEMO);
      const token = await saveAnswersByApi(page, doc, await sampleAnswers(MEMO.identifier));
      const assembled = await page.request.post(`/api/xpressdox/assemble/${doc.id}?id_team=${doc.teamId}`, {
        data: { action_token: token },
      });
      expect(assembled.status(), await assembled.text()).toBe(200);

      // The editor publishes a newer version.
      const upload = await editor.post(`/api/console/templates/${MEMO.identifier}/versions`, {
        data: renamedTrustee(width),
      });
      expect(upload.status(), await upload.text()).toBe(200);
      const version = (await upload.json()).data as { version: number; checks_passed: boolean };
      expect(version.checks_passed).toBe(true);
      const publish = await editor.post(
        `/api/console/templates/${MEMO.identifier}/versions/${version.version}/publish`,
      );
      expect(publish.status(), await publish.text()).toBe(200);

      try {
        // The document's row says so, and so does its detail.
        await page.goto(`/my-account/my-document?tab=my-document&folderId=${doc.folderId}`);
        const row = page
          .getByRole("list", { name: "Documents" })
          .getByRole("listitem")
          .filter({ hasText: doc.name });
        await slowExpect(row.getByText(`Template version ${version.version} available`)).toBeVisible();
        await row.getByRole("button", { name: doc.name, exact: true }).focus();
        await page.keyboard.press("Enter");
        const drawer = page.getByRole("dialog", { name: `Doc ID ${doc.id} - ${doc.name}` });
        await slowExpect(drawer).toBeVisible();
        const notice = drawer
          .getByRole("status")
          .filter({ hasText: "A newer version of this template is available" });
        await expect(notice).toBeVisible();
        await expect(notice).toContainText(
          `This document was made from version 1. Version ${version.version} is now current.`,
        );
        await expect(notice).toContainText(`The trustee is named in full (${width} px)`);
        await expectAccessible(page, "document detail with the newer-version notice");

        // Relaunch, by keyboard: the dialog says what changed and what is left behind.
        await drawer.getByRole("button", { name: "Relaunch", exact: true }).focus();
        await page.keyboard.press("Enter");
        const dialog = page.getByRole("dialog", { name: "A newer version of this template is available" });
        await slowExpect(dialog).toBeVisible();
        await expect(dialog.getByRole("listitem").filter({ hasText: NEW_QUESTION })).toBeVisible();
        await expect(dialog.getByText("Questions no longer asked")).toBeVisible();
        await expect(
          dialog.getByText(
            `Relaunched on version ${version.version}, your answers to these questions are not carried over:`,
          ),
        ).toBeVisible();
        const newer = dialog.getByRole("radio", { name: `The newer version (version ${version.version})` });
        await expect(newer).toBeChecked();
        await expect(
          dialog.getByRole("radio", { name: "The version it was made from (version 1)" }),
        ).not.toBeChecked();
        await expectAccessible(page, "relaunch version dialog");
        await page.screenshot({
          path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/relaunch-version-${width}.png`,
          fullPage: true,
        });
        // Away to the old version and back with the arrow keys, then Relaunch.
        await newer.focus();
        await page.keyboard.press("ArrowDown");
        await expect(
          dialog.getByRole("radio", { name: "The version it was made from (version 1)" }),
        ).toBeChecked();
        await page.keyboard.press("ArrowUp");
        await expect(newer).toBeChecked();
        await dialog.getByRole("button", { name: "Relaunch" }).focus();
        await page.keyboard.press("Enter");

        // The interview opens on the newer version: the carried-over answers, the new question empty.
        await expectInterviewShown(page, doc);
        await expect(page.getByLabel("Name of the trust", { exact: true })).toHaveValue("Chen Family Trust");
        await expect(page.getByLabel(NEW_QUESTION, { exact: true })).toHaveValue("");
        await expect(page.getByLabel(OLD_QUESTION, { exact: true })).toHaveCount(0);
        const saved = await page.request.get(`/api/doc/${doc.id}/interview?id_team=${doc.teamId}`);
        const xml = ((await saved.json()) as { data: { xml: Record<string, unknown> } }).data.xml;
        expect(xml.trust_name).toBe("Chen Family Trust");
        expect(xml).not.toHaveProperty("trustee_name");
      } finally {
        await backToStarter(editor);
        await editor.dispose();
      }
    });

    test("an editor cancels a scheduled publication by keyboard, and the version is a draft again", async ({
      page,
      playwright,
      baseURL,
    }) => {
      // Set-up through the API: a checked version, scheduled for tomorrow.
      const editor = await playwright.request.newContext({ baseURL });
      await editorSignIn(editor);
      const upload = await editor.post(`/api/console/templates/${MEMO.identifier}/versions`, {
        data: { ...renamedTrustee(width), note: `To be published tomorrow (${width} px)` },
      });
      expect(upload.status(), await upload.text()).toBe(200);
      const version = ((await upload.json()).data as { version: number }).version;
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
      const scheduled = await editor.post(
        `/api/console/templates/${MEMO.identifier}/versions/${version}/schedule`,
        { data: { publish_at: tomorrow } },
      );
      expect(scheduled.status(), await scheduled.text()).toBe(200);
      await editor.dispose();

      await signInToConsole(
        page,
        EDITOR,
        `/console?tab=templates&template=${MEMO.identifier}&version=${version}`,
      );
      const section = page.getByRole("region", { name: `Version ${version}` });
      await slowExpect(section.getByText(/^To be published /)).toBeVisible();
      await section.getByRole("button", { name: "Cancel schedule" }).focus();
      await page.keyboard.press("Enter");
      const confirm = page
        .getByRole("tooltip")
        .filter({ hasText: `Cancel the scheduled publication of version ${version}?` });
      await expect(confirm).toBeVisible();
      await expectAccessible(page, "cancel-schedule confirmation");
      await confirm.getByRole("button", { name: "Cancel the schedule" }).focus();
      await page.keyboard.press("Enter");
      await expect(
        page.getByText(`Version ${version} will not be published at the scheduled time.`),
      ).toBeVisible();
      await expect(section.getByText("Draft", { exact: true })).toBeVisible();
      await expect(section.getByText(/^To be published /)).toHaveCount(0);
      await expect(section.getByRole("button", { name: "Cancel schedule" })).toHaveCount(0);
    });
  });
}
