import type { TextDiff, TextDiffLine } from "@precedent/contracts";

/**
 * A line diff of two texts (issue 37 item 2: a version's body and interview against the current
 * one), Myers' O(ND) algorithm with no dependency. It is bounded so a request cannot be made to
 * spend seconds or megabytes on it: each side at most MAX_LINES lines and at most MAX_EDITS lines
 * added plus removed (the common head and tail are trimmed first, so a small change in a long file
 * costs nearly nothing). Past a bound the answer says `too_large` and counts nothing line by line.
 * Unchanged runs longer than twice CONTEXT are folded to one "skipped" line.
 */
export const DIFF_LIMITS = { MAX_LINES: 20_000, MAX_EDITS: 2_000, CONTEXT: 3 } as const;

type Op = { kind: "same" | "added" | "removed"; text: string };

const splitLines = (text: string) => {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines.length > 1 && lines.at(-1) === "") lines.pop();
  return lines;
};

/** Myers' shortest edit script between a and b, or null past maxEdits (exported for its tests). */
export function myers(a: readonly string[], b: readonly string[], maxEdits: number): Op[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] is V after step d, over diagonals -d..d only (memory O(D²) for D edits).
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
      let x = down ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        trace.push(v.slice(offset - d, offset + d + 1));
        return backtrack(a, b, trace);
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
  }
  return null;
}

function backtrack(a: readonly string[], b: readonly string[], trace: Int32Array[]): Op[] {
  const ops: Op[] = [];
  let x = a.length;
  let y = b.length;
  const at = (d: number, k: number) => (trace[d] as Int32Array)[k + d] ?? 0;
  for (let d = trace.length - 1; d > 0; d--) {
    const k = x - y;
    const down = k === -d || (k !== d && at(d - 1, k - 1) < at(d - 1, k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(d - 1, prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      ops.push({ kind: "same", text: a[x] as string });
    }
    if (down) ops.push({ kind: "added", text: b[--y] as string });
    else ops.push({ kind: "removed", text: a[--x] as string });
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    ops.push({ kind: "same", text: a[x] as string });
  }
  return ops.reverse();
}

/** Folds unchanged runs to CONTEXT lines either side of a change. */
function fold(ops: Op[], context: number): TextDiffLine[] {
  const lines: TextDiffLine[] = [];
  let i = 0;
  while (i < ops.length) {
    if (ops[i]?.kind !== "same") {
      lines.push(ops[i] as Op);
      i++;
      continue;
    }
    let j = i;
    while (j < ops.length && ops[j]?.kind === "same") j++;
    const head = i === 0 ? 0 : context;
    const tail = j === ops.length ? 0 : context;
    if (j - i > head + tail + 1) {
      lines.push(...ops.slice(i, i + head));
      const skipped = j - i - head - tail;
      lines.push({ kind: "skipped", text: `${skipped} unchanged ${skipped === 1 ? "line" : "lines"}` });
      lines.push(...ops.slice(j - tail, j));
    } else lines.push(...ops.slice(i, j));
    i = j;
  }
  return lines;
}

export function lineDiff(before: string, after: string, comparedWith: number): TextDiff {
  const a = splitLines(before);
  const b = splitLines(after);
  const tooLarge = { compared_with: comparedWith, too_large: true, added: 0, removed: 0, lines: [] };
  if (a.length > DIFF_LIMITS.MAX_LINES || b.length > DIFF_LIMITS.MAX_LINES) return tooLarge;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const middle = myers(a.slice(start, endA), b.slice(start, endB), DIFF_LIMITS.MAX_EDITS);
  if (!middle) return tooLarge;
  const same = (text: string): Op => ({ kind: "same", text });
  const ops = [...a.slice(0, start).map(same), ...middle, ...a.slice(endA).map(same)];
  return {
    compared_with: comparedWith,
    too_large: false,
    added: middle.filter((op) => op.kind === "added").length,
    removed: middle.filter((op) => op.kind === "removed").length,
    lines: fold(ops, DIFF_LIMITS.CONTEXT),
  };
}
