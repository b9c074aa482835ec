import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { consoleSessionThroughApi } from "./console-support";
import { slowExpect } from "./interview-support";
import { expectAccessible } from "./support";

/**
 * Edge-case answer sets at upload (issue 37 item 2): the demo content editor uploads a Loan
 * Agreement version with two extra .json files besides the sample answers: one set passes, one
 * (nothing answered) fails. The version shows each set with its pages or the failing check's
 * message, and cannot be published. Nothing is published, so no other spec sees a change. At
 * both widths, by keyboard, with axe on the checked version.
 */
const EDITOR = "editor@console.test";
const LOAN = { identifier: "loan-agreement", name: "Loan Agreement" };
const FOLDER = path.resolve(import.meta.dirname, "../../../templates", LOAN.identifier);

const file = (name: string, text?: string) => ({
  name,
  mimeType: "text/plain",
  buffer: Buffer.from(text ?? readFileSync(path.join(FOLDER, name), "utf8")),
});

test.describe.configure({ mode: "serial" });

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 740 } });
    test.describe.configure({ timeout: 240_000 });

    test("an editor uploads a version with edge-case answer sets: each is shown, and a failing one blocks publishing", async ({
      page,
    }) => {
      await consoleSessionThroughApi(page, EDITOR);
      await page.goto(`/console?tab=templates&template=${LOAN.identifier}`);
      await slowExpect(page.getByRole("heading", { name: "Upload a new version" })).toBeVisible();
      await page
        .getByLabel("Template files")
        .setInputFiles([
          file("interview.yaml"),
          file("template.md"),
          file("sample-answers.json"),
          file("PRECONDITIONS.md"),
          file("another-lender.json", readFileSync(path.join(FOLDER, "sample-answers.json"), "utf8")),
          file("nothing-answered.json", "{}"),
        ]);
      await expect(
        page.getByText(
          "Read: interview.yaml, template.md, sample-answers.json, PRECONDITIONS.md. Answer sets: another-lender, nothing-answered",
        ),
      ).toBeVisible();
      const note = page.getByLabel("What changed");
      await note.focus();
      await page.keyboard.type(`Edge cases checked (${width} px)`);
      await page.getByRole("button", { name: "Upload and check" }).focus();
      await page.keyboard.press("Enter");

      const heading = page.getByRole("heading", { name: /^Version \d+$/ });
      await slowExpect(heading).toBeVisible();
      const version = Number((await heading.textContent())?.replace("Version ", ""));
      await expect(page.getByRole("heading", { name: "Edge-case answer sets: 1 of 2 passed" })).toBeVisible();
      const sets = page.getByRole("list").filter({ hasText: "nothing-answered" });
      await expect(sets.getByRole("listitem").filter({ hasText: "another-lender" })).toContainText(
        /Passed another-lender · \d+ pages?/,
      );
      const failing = sets.getByRole("listitem").filter({ hasText: "nothing-answered" });
      await expect(failing).toContainText("Failed nothing-answered");
      await expect(failing).toContainText("Failed: The answers pass the interview's checks — ");
      await expect(
        page.getByText("A failing answer set keeps this version from being published"),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: `Publish version ${version}` })).toHaveCount(0);
      await expectAccessible(page, "version with answer sets");
      await page.screenshot({
        path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/console-templates-answer-sets-${width}.png`,
        fullPage: true,
      });
    });
  });
}
