import { describe, expect, it } from "vitest";
import { createTemplateLibrary } from "../templates/index.ts";
import { createTemplateFinder } from "./finder.ts";
import { FINDER_LABELLED_SET } from "./finder-labelled-set.ts";
import { finderEntriesFromLibrary } from "./library-entries.ts";

/** Top-1 and top-3 accuracy of a finder on the labelled set, with the requests it missed. */
export function finderAccuracy(finder: ReturnType<typeof createTemplateFinder>) {
  let top1 = 0;
  let top3 = 0;
  const misses: string[] = [];
  for (const { request, expected } of FINDER_LABELLED_SET) {
    const found = finder.search(request, 3).map((m) => m.entry.templateIdentifier);
    if (found[0] === expected) top1++;
    else misses.push(`${request} → ${found.join(", ")} (expected ${expected})`);
    if (found.includes(expected)) top3++;
  }
  return { top1: top1 / FINDER_LABELLED_SET.length, top3: top3 / FINDER_LABELLED_SET.length, misses };
}

describe("the template finder", () => {
  const templates = createTemplateLibrary().list();
  const entries = finderEntriesFromLibrary(templates);

  it("has a labelled set of at least 40 requests, each naming a template of the library", () => {
    expect(FINDER_LABELLED_SET.length).toBeGreaterThanOrEqual(40);
    const identifiers = new Set(templates.map((t) => t.identifier));
    for (const { expected } of FINDER_LABELLED_SET) expect(identifiers).toContain(expected);
  });

  it("finds the expected template first for at least 85 % of the set, and in the top 3 for 95 %", () => {
    const { top1, top3, misses } = finderAccuracy(createTemplateFinder(entries));
    expect(misses.length, misses.join("\n")).toBeLessThanOrEqual(
      Math.floor(FINDER_LABELLED_SET.length * 0.15),
    );
    expect(top1).toBeGreaterThanOrEqual(0.85);
    expect(top3).toBeGreaterThanOrEqual(0.95);
  });

  it("finds nothing for a request with no word of any template", () => {
    expect(createTemplateFinder(entries).search("hello there")).toEqual([]);
  });
});
