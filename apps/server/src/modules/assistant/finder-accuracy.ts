import type { TemplateFinder } from "./finder.ts";
import { FINDER_LABELLED_SET } from "./finder-labelled-set.ts";

/** Top-1 and top-3 accuracy of a finder on the labelled set, with the requests it missed first. */
export function finderAccuracy(finder: TemplateFinder) {
  let top1 = 0;
  let top3 = 0;
  const misses: string[] = [];
  for (const { request, expected } of FINDER_LABELLED_SET) {
    const found = finder.search(request, 3).map((m) => m.entry.templateIdentifier);
    if (found[0] === expected) top1++;
    else misses.push(`${request} → ${found.join(", ")} (expected ${expected})`);
    if (found.includes(expected)) top3++;
  }
  const total = FINDER_LABELLED_SET.length;
  return { total, top1: top1 / total, top3: top3 / total, misses };
}
