/**
 * A string made one piece in memory, for text built from many pieces that is kept and read whole
 * again and again.
 *
 * In V8 a string built with `+` or a template string is a tree of its pieces, and a reader that
 * copies it out (`Buffer.from`, a larger string's join) walks the tree, without joining the tree
 * itself. A line's composed text (pdf-text.ts) is built a glyph code at a time, kept across documents
 * and written on every client's page, so each deed walked every kept line's tree again: turning the
 * 41-page SMSF deed's pages into bytes took 3.9 ms a deed with the trees, 0.9 ms with them joined
 * (2026-12-03, one core).
 *
 * A regular expression's search joins its subject first, in place and once (`indexOf` need not: it
 * can stop in the first piece that holds what it seeks), so the search is here for that; its answer
 * does not matter. The text given back is the same text.
 */
export function flattened(text: string): string {
  JOINS_ITS_SUBJECT.test(text);
  return text;
}

const JOINS_ITS_SUBJECT = /^$/;
