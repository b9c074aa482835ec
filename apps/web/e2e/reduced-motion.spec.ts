import { expect, type Page, test } from "@playwright/test";
import { DOCUMENT_SPEC_TIMEOUT_MS, openDocuments } from "./documents-support";
import { MEMBER } from "./support";

// People who ask their system for less motion get menus and dialogs that open at once (WCAG
// 2.3.3), and the same initial focus as everyone else. The other browser tests run with reduced
// motion (playwright.config.ts); this spec checks both settings.

/**
 * Opens the New Folder dialog from the Create New menu, and answers the length of every animation
 * that started on the way (the menu's and the dialog's), as the browser computed it.
 */
async function openNewFolderDialog(page: Page) {
  await openDocuments(page, MEMBER);
  // Each element the components put in motion (their "-appear" or "-enter" classes), and the
  // length of its animation as the browser computes it while the class is on.
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { animationsSeen: seen });
    const look = (element: Element) => {
      if (/-(appear|enter)-active\b/.test(element.className))
        seen.push(getComputedStyle(element).animationDuration);
    };
    new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.target instanceof Element) look(change.target);
        for (const added of change.addedNodes) {
          if (added instanceof Element)
            for (const element of [added, ...added.querySelectorAll("*")]) look(element);
        }
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["class"],
    });
  });
  await page.getByRole("button", { name: "Create New" }).click();
  await page.getByRole("menuitem", { name: "New Folder" }).click();
  const dialog = page.getByRole("dialog", { name: "New Folder" });
  await expect(dialog).toBeVisible();
  // The field takes focus once the dialog has opened, whatever its motion.
  await expect(dialog.getByRole("textbox", { name: "Folder name" })).toBeFocused();
  const seen = await page.evaluate(() => (window as unknown as { animationsSeen: string[] }).animationsSeen);
  expect(seen.length, "the menu and the dialog animate").toBeGreaterThan(0);
  return seen.map((duration) => Number.parseFloat(duration));
}

test.describe("motion", () => {
  test.describe.configure({ timeout: DOCUMENT_SPEC_TIMEOUT_MS });

  test.describe("with reduced motion asked for", () => {
    test.use({ reducedMotion: "reduce" });

    test("the menu and the dialog open in 10 ms, and the dialog's field takes focus", async ({ page }) => {
      for (const seconds of await openNewFolderDialog(page)) expect(seconds).toBeLessThanOrEqual(0.01);
    });
  });

  test.describe("without", () => {
    test.use({ reducedMotion: "no-preference" });

    test("the menu and the dialog open with their motion, and the dialog's field takes focus", async ({
      page,
    }) => {
      expect(Math.max(...(await openNewFolderDialog(page)))).toBeGreaterThanOrEqual(0.2);
    });
  });
});
