import { describe, expect, it } from "vitest";
import { DIFF_LIMITS, lineDiff, myers } from "./diff.ts";

const sides = (ops: { kind: string; text: string }[]) => ({
  before: ops.filter((o) => o.kind !== "added").map((o) => o.text),
  after: ops.filter((o) => o.kind !== "removed").map((o) => o.text),
});

/** The length of a longest common subsequence, by dynamic programming (the slow, obvious way). */
const lcs = (a: string[], b: string[]) => {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number;
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(above, row[j - 1] as number);
      diagonal = above;
    }
  }
  return row[b.length] as number;
};

describe("the line diff", () => {
  it("marks added and removed lines, keeping the rest", () => {
    const diff = lineDiff("a\nb\nc\n", "a\nB\nc\nd\n", 1);
    expect(diff).toMatchObject({ compared_with: 1, too_large: false, added: 2, removed: 1 });
    expect(diff.lines).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "B" },
      { kind: "same", text: "c" },
      { kind: "added", text: "d" },
    ]);
  });

  it("finds a shortest edit script that rebuilds both sides (random texts against an LCS)", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 400; run++) {
      const text = () =>
        Array.from({ length: Math.floor(random() * 12) }, () => "abc"[Math.floor(random() * 3)] as string);
      const a = text();
      const b = text();
      const ops = myers(a, b, 1000);
      expect(ops).not.toBeNull();
      expect(sides(ops ?? [])).toEqual({ before: a, after: b });
      const edits = (ops ?? []).filter((o) => o.kind !== "same").length;
      expect(edits, `${a.join("")} → ${b.join("")}`).toBe(a.length + b.length - 2 * lcs(a, b));
    }
  });

  it("folds long unchanged runs to three lines of context either side", () => {
    const before = Array.from({ length: 40 }, (_, i) => `line ${i}`);
    const after = [...before];
    after[20] = "line twenty";
    const diff = lineDiff(before.join("\n"), after.join("\n"), 2);
    expect(diff.lines).toEqual([
      { kind: "skipped", text: "17 unchanged lines" },
      ...[17, 18, 19].map((i) => ({ kind: "same", text: `line ${i}` })),
      { kind: "removed", text: "line 20" },
      { kind: "added", text: "line twenty" },
      ...[21, 22, 23].map((i) => ({ kind: "same", text: `line ${i}` })),
      { kind: "skipped", text: "16 unchanged lines" },
    ]);
    expect(lineDiff("same\n", "same\n", 1)).toMatchObject({ added: 0, removed: 0 });
  });

  it("answers too_large past its bounds instead of working on", () => {
    const many = (prefix: string) =>
      Array.from({ length: DIFF_LIMITS.MAX_EDITS }, (_, i) => `${prefix}${i}`).join("\n");
    const started = performance.now();
    expect(lineDiff(many("a"), many("b"), 3)).toEqual({
      compared_with: 3,
      too_large: true,
      added: 0,
      removed: 0,
      lines: [],
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    const long = "x\n".repeat(DIFF_LIMITS.MAX_LINES + 1);
    expect(lineDiff(long, "x\n", 1).too_large).toBe(true);
    // A small change in a long file is cheap: the common head and tail are trimmed first.
    const lines = Array.from({ length: 10_000 }, (_, i) => `line ${i}`);
    const changed = lines.with(5_000, "changed");
    expect(lineDiff(lines.join("\n"), changed.join("\n"), 1)).toMatchObject({ added: 1, removed: 1 });
  });
});
