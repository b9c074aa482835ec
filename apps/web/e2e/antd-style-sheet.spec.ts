import { expect, test } from "@playwright/test";
import { documentRows, openDocuments } from "./documents-support";
import { OWNER } from "./support";

// The build writes antd's styles for the app's components into one CSS file with antd's record of
// which style is which (src/antd-style-sheet.tsx); antd in the browser then writes none of those
// itself. Without the file (or with a theme other than the one it was built with) the document
// list had antd write about 70 style elements at run time; with it, about 20, for components the
// file leaves out.

test("the document list takes antd's styles from the built file and writes few of its own", async ({
  browser,
}) => {
  // The other tests ask for reduced motion, a theme of its own that the file was not built with.
  const context = await browser.newContext({ reducedMotion: "no-preference" });
  const page = await context.newPage();
  await openDocuments(page, OWNER);
  await expect(documentRows(page).first()).toBeVisible();
  const sheets = await page.evaluate(() =>
    [...document.styleSheets].map((sheet) => sheet.href ?? "").filter((href) => /\/assets\/antd-/.test(href)),
  );
  expect(sheets, "index.html links the built antd styles").toHaveLength(1);
  // antd read the file's record (it removes nothing here: the record is a rule in the file).
  const written = await page.locator("style[data-css-hash]").count();
  console.log(`antd style elements written at run time on the document list: ${written}`);
  expect(written).toBeLessThan(35);
  // The theme's primary colour still reaches a primary button.
  await expect(page.getByRole("button", { name: "Create New" })).toHaveCSS(
    "background-color",
    "rgb(31, 95, 139)",
  );
  await context.close();
});
