import { expect, test } from "@playwright/test";
import { DOCUMENT_SPEC_TIMEOUT_MS, openDocuments } from "./documents-support";
import { expectAccessible, MANAGER } from "./support";

/**
 * The document list's three sections are all in view, none cut at the screen's edge (issue 33's
 * rough edges: "no cut-off labels"), at 1366 and 375 px, and still work from the keyboard.
 */
for (const width of [1366, 375] as const) {
  test(`the three sections fit the row at ${width} px, whole, and the keyboard moves along them`, async ({
    page,
  }) => {
    test.setTimeout(DOCUMENT_SPEC_TIMEOUT_MS);
    await page.setViewportSize({ width, height: width > 600 ? 900 : 812 });
    await openDocuments(page, MANAGER);
    const sections = page.getByRole("tablist", { name: "Document sections" });
    const tabs = sections.getByRole("tab");
    await expect(tabs).toHaveText(["My Documents", "Shared Folders", "Organisation Documents"]);
    const row = await sections.boundingBox();
    expect(row).not.toBeNull();
    for (const tab of await tabs.all()) {
      const box = await tab.boundingBox();
      expect(box).not.toBeNull();
      if (!box || !row) continue;
      // Inside the row and the screen: nothing scrolled out of sight.
      expect(box.x).toBeGreaterThanOrEqual(row.x - 0.5);
      expect(box.x + box.width).toBeLessThanOrEqual(Math.min(row.x + row.width, width) + 0.5);
      // Its words are not cut inside it either.
      expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    // The row does not scroll sideways: there is nothing beyond it.
    expect(await sections.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

    await tabs.first().focus();
    await page.keyboard.press("End");
    await expect(sections.getByRole("tab", { name: "Organisation Documents" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/tab=organisation-document/);
    await expectAccessible(page, `document sections at ${width} px`, {
      include: '[aria-label="Document sections"]',
    });
  });
}
