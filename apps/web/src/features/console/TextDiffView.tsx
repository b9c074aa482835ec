import type { TextDiff } from "@precedent/contracts";

const MARK = { same: " ", added: "+", removed: "−", skipped: "…" } as const;
const SPOKEN = { same: "", added: "Added: ", removed: "Removed: ", skipped: "" } as const;

/**
 * One file's line diff against another version (computed by the server). Each changed line is
 * marked with a sign and, for screen readers, the words "Added" or "Removed": never colour alone.
 * A native disclosure, so it opens by keyboard.
 */
export function TextDiffView({ file, diff }: { file: string; diff: TextDiff }) {
  // A new template's version 1 has no version before it: every line would be "added".
  if (diff.compared_with === 0)
    return <p className="console__body-text">{`${file}: the new template's first version`}</p>;
  const summary = diff.too_large
    ? `${file}: too long or too changed to compare line by line with version ${diff.compared_with}`
    : diff.added + diff.removed === 0
      ? `${file}: no change from version ${diff.compared_with}`
      : `${file} against version ${diff.compared_with}: ${diff.added} ${diff.added === 1 ? "line" : "lines"} added, ${diff.removed} removed`;
  return (
    <details className="console__diff">
      <summary>{summary}</summary>
      {!diff.too_large && diff.added + diff.removed > 0 && (
        // Scrolls on a narrow screen: focusable so the keyboard can scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe)
        <section className="console__diff-scroll" aria-label={`${file}, line by line`} tabIndex={0}>
          <ol className="console__diff-lines" aria-label={`Changes to ${file}`}>
            {diff.lines.map((line, i) => (
              <li
                // The lines are a fixed list per response: their position is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={i}
                className={`console__diff-line console__diff-line--${line.kind}`}
              >
                <span aria-hidden="true" className="console__diff-mark">
                  {MARK[line.kind]}
                </span>
                <span className="visually-hidden">{SPOKEN[line.kind]}</span>
                {line.kind === "skipped" ? <em>{line.text}</em> : line.text || "\u00a0"}
              </li>
            ))}
          </ol>
        </section>
      )}
    </details>
  );
}
