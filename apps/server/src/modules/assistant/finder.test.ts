import { describe, expect, it } from "vitest";
import { createTemplateLibrary } from "../templates/index.ts";
import { createTemplateFinder } from "./finder.ts";
import { finderAccuracy } from "./finder-accuracy.ts";
import { FINDER_LABELLED_SET } from "./finder-labelled-set.ts";
import { finderEntriesFromLibrary } from "./library-entries.ts";

describe("the template finder", () => {
  const templates = createTemplateLibrary().starters();
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
