import { readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { consoleSignInThroughApi } from "./console-support";
import { interviewUrl, slowExpect, startDocumentByApi } from "./interview-support";
import { expectAccessible, OWNER, signIn } from "./support";

/**
 * A draft moved to a newer template version (issue 37 item 2): the demo owner starts two
 * Engagement Letters; the content editor then publishes a version with one new question. Opening
 * the first draft's interview, the owner is offered the newer version with what changed, takes it
 * by keyboard, and the interview shows the new question. The second draft declines by keyboard:
 * it stays on version 1 and is not asked again in the tab. At both widths, axe on the offer.
 * No other spec uses this template; it is rolled back to the starter before and after.
 */
const EDITOR = "editor@console.test";
const LETTER = {
  identifier: "engagement-letter",
  name: "Engagement Letter (Company Formation or Estate Planning)",
};
const FOLDER = path.resolve(import.meta.dirname, "../../../templates", LETTER.identifier);
const read = (file: string) => readFileSync(path.join(FOLDER, file), "utf8");
const NEW_QUESTION = "The Firm's reference for this engagement";

const withReference = (width: number) => ({
  note: `The Firm's own reference is asked (${width} px)`,
  interview: read("interview.yaml").replace(
    /^questions:\n/m,
    `questions:\n  - id: firm_reference\n    type: text\n    label: ${NEW_QUESTION}\n    required: false\n`,
  ),
  body: read("template.md"),
  sample_answers: read("sample-answers.json"),
  preconditions: read("PRECONDITIONS.md"),
});

async function backToStarter(editor: APIRequestContext) {
  for (let i = 0; i < 20; i++) {
    const res = await editor.post(`/api/console/templates/${LETTER.identifier}/rollback`);
    if (res.status() === 409) return;
    expect(res.status(), await res.text()).toBe(200);
  }
}

test.describe.configure({ mode: "serial" });

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: 240_000 });

    test("a draft opened in the interview is offered the newer version: one takes it, one keeps its own", async ({
      page,
      playwright,
      baseURL,
    }) => {
      const editor = await playwright.request.newContext({ baseURL });
      await consoleSignInThroughApi(editor, EDITOR);
      await backToStarter(editor);
      await signIn(page, OWNER);
      const taking = await startDocumentByApi(page, LETTER);
      const keeping = await startDocumentByApi(page, LETTER);

      const upload = await editor.post(`/api/console/templates/${LETTER.identifier}/versions`, {
        data: withReference(width),
      });
      expect(upload.status(), await upload.text()).toBe(200);
      const version = ((await upload.json()).data as { version: number }).version;
      const publish = await editor.post(
        `/api/console/templates/${LETTER.identifier}/versions/${version}/publish`,
      );
      expect(publish.status(), await publish.text()).toBe(200);

      try {
        await page.goto(interviewUrl(taking.id, taking.folderId));
        const offer = page.getByRole("dialog", { name: "A newer version of this template is available" });
        await slowExpect(offer).toBeVisible();
        await expect(offer).toContainText(
          `This document was made from version 1. Version ${version} is now current.`,
        );
        await expect(offer).toContainText(`The Firm's own reference is asked (${width} px)`);
        await expect(offer.getByRole("listitem").filter({ hasText: NEW_QUESTION })).toBeVisible();
        await expect(
          offer.getByText(`On version ${version}, all your answers are carried over.`),
        ).toBeVisible();
        await expectAccessible(page, "newer-version offer in the interview");
        await page.screenshot({
          path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/interview-newer-version-${width}.png`,
          fullPage: true,
        });
        await offer.getByRole("button", { name: `Use version ${version}` }).focus();
        await page.keyboard.press("Enter");
        await expect(
          page.getByText(`This document now uses version ${version} of its template.`),
        ).toBeVisible();
        await expect(offer).toBeHidden();
        await slowExpect(page.getByLabel(NEW_QUESTION, { exact: true })).toBeVisible();
        const moved = await page.request.get(`/api/doc/relaunch/${taking.id}?id_team=${taking.teamId}`);
        expect((await moved.json()).data).toMatchObject({ template_version: version, newer: null });

        // The second draft keeps its version.
        await page.goto(interviewUrl(keeping.id, keeping.folderId));
        await slowExpect(offer).toBeVisible();
        await offer.getByRole("button", { name: "Keep version 1" }).focus();
        await page.keyboard.press("Enter");
        await expect(offer).toBeHidden();
        await slowExpect(
          page.getByRole("toolbar", { name: "Interview actions" }).getByRole("button", { name: "Assemble" }),
        ).toBeVisible();
        await expect(page.getByLabel(NEW_QUESTION, { exact: true })).toHaveCount(0);
        const kept = await page.request.get(`/api/doc/relaunch/${keeping.id}?id_team=${keeping.teamId}`);
        expect((await kept.json()).data).toMatchObject({ template_version: 1, current_version: version });
        // Not asked again in this tab.
        await page.reload();
        await slowExpect(
          page.getByRole("toolbar", { name: "Interview actions" }).getByRole("button", { name: "Assemble" }),
        ).toBeVisible();
        await expect(offer).toHaveCount(0);
      } finally {
        await backToStarter(editor);
        await editor.dispose();
      }
    });
  });
}
