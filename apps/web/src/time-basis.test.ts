import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue 33 item 8: one time basis across screens. Every time shown is read in the firm's time zone
 * (Sydney, with daylight saving) through `dates.ts`; the data change log alone is shown at a fixed
 * UTC+10 (account-area §2). Three bases were in use: Sydney, UTC+10 on the activity and integration
 * logs, and the browser's own zone on the credit logs.
 */
const SRC = fileURLToPath(new URL(".", import.meta.url));
/** The one screen the spec reads at UTC+10. */
const CHANGE_LOG_FILES = ["features/documents/dialogs/ChangeLogDialog.tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Where a source text reads a time on another basis than the firm's zone. */
export function otherTimeBases(file: string, text: string): string[] {
  const found: string[] = [];
  // `dayjs()` is now in the browser's zone: the firm's today is `sydneyToday()`.
  if (/\bdayjs\(\)/.test(text)) found.push("dayjs() (the browser's today)");
  // An instant formatted with a clock time by plain dayjs is read in the browser's zone.
  if (/\bdayjs\([^()]*\)\.format\([^)]*(TIME|[hH]{1,2}:mm)/.test(text))
    found.push("dayjs(…).format(time) (the browser's zone)");
  if (/\.(toLocaleString|toLocaleTimeString|toLocaleDateString)\(\s*\)/.test(text))
    found.push("toLocale…() (the browser's zone)");
  if (/\bformatLogTime\(/.test(text) && !CHANGE_LOG_FILES.includes(file))
    found.push("formatLogTime (UTC+10, the data change log's alone)");
  return found;
}

describe("one time basis across screens", () => {
  it("no screen reads a time in the browser's zone or at UTC+10 but the data change log", () => {
    const offenders = sourceFiles(SRC)
      .map((path) => relative(SRC, path))
      .filter((file) => file !== "dates.ts")
      .flatMap((file) =>
        otherTimeBases(file, readFileSync(join(SRC, file), "utf8")).map((basis) => `${file}: ${basis}`),
      );
    expect(offenders).toEqual([]);
  });

  it("finds each other basis (the guard can fail)", () => {
    expect(otherTimeBases("a.tsx", "range: () => [dayjs().subtract(6, 'day')]")).toHaveLength(1);
    expect(otherTimeBases("a.tsx", "dayjs(row.created_at).format(TIME_FORMAT)")).toHaveLength(1);
    expect(otherTimeBases("a.tsx", 'dayjs(value).format("h:mm a")')).toHaveLength(1);
    expect(otherTimeBases("a.tsx", "new Date(at).toLocaleString()")).toHaveLength(1);
    expect(otherTimeBases("a.tsx", "formatLogTime(entry.time, F)")).toHaveLength(1);
    expect(otherTimeBases(CHANGE_LOG_FILES[0] ?? "", "formatLogTime(entry.time, F)")).toEqual([]);
    expect(otherTimeBases("a.tsx", "formatInstant(row.created_at, TIME_FORMAT)")).toEqual([]);
    expect(otherTimeBases("a.tsx", 'dayjs(plan.start_date).format("DD MMM YYYY")')).toEqual([]);
  });
});
