/**
 * Typographic quotes. Straight quotes and apostrophes — typed by template authors and by people
 * answering interviews alike — print as ‘ ’ “ ”, and an apostrophe inside a word (O'Brien, don't) as ’.
 * Applied once, to the document model, so the HTML, Word and PDF renderings say the same thing. Web
 * and e-mail addresses keep their characters: a quote there belongs to the address, and changing it
 * would break it. Field codes are never text runs (docx-body.ts writes them), so they are untouched.
 * A company's legal element follows the case of the name before it, and Acts' names are italic.
 */
import type { Block, DocumentModel, Run } from "./model.ts";
import { legalElementsInCase } from "./naming.ts";

// Addresses left exactly as written. A URL may hold an apostrophe but not end with punctuation, so a
// closing quote after it is still a quote; `"` is not a URL character (it is written %22).
const ADDRESS =
  /(?:https?:\/\/|ftp:\/\/|www\.)[^\s"<>]*[^\s"'<>.,;:!?)\]]|[\w!#$%&*+/=?^`{|}~-](?:[\w.!#$%&'*+/=?^`{|}~-]*[\w!#$%&*+/=?^`{|}~-])?@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+/g;

// After these a quote opens: the start of a paragraph, white space, an opening bracket, a dash or
// slash, or another opening quote.
const OPENS_AFTER = /[\s([{\u2014\u2013/\u2018\u201C-]/;
// An apostrophe starting an abbreviated year: ’90s, ’26.
const YEAR_AFTER = /^\d\d(?:s\b|\b)/;

/**
 * Curls the quotes of text[start, end), which holds no address; `before` is the character printed just
 * before it. The character after a quote is read from the whole text, addresses included.
 */
function curlPlain(text: string, start: number, end: number, before: string): string {
  let result = "";
  let previous = before;
  for (let index = start; index < end; index++) {
    const character = text.charAt(index);
    if (character === '"') {
      result += previous === "" || OPENS_AFTER.test(previous) ? "\u201C" : "\u201D";
    } else if (character === "'") {
      const next = text.charAt(index + 1);
      const opening = previous === "" || OPENS_AFTER.test(previous);
      const apostrophe =
        !opening || next === "" || /\s/.test(next) || YEAR_AFTER.test(text.slice(index + 1, index + 5));
      result += apostrophe ? "\u2019" : "\u2018";
    } else {
      result += character;
    }
    previous = result.charAt(result.length - 1);
  }
  return result;
}

/**
 * Text with typographic quotes. `before` is the character printed just before it (the end of the
 * previous run), which decides whether a quote at its start opens or closes; "" for none.
 */
export function typographicText(text: string, before = ""): string {
  if (!text.includes("'") && !text.includes('"')) return text;
  let result = "";
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    result += curlPlain(text, last, match.index, last === 0 ? before : text.charAt(last - 1));
    result += match[0];
    last = match.index + match[0].length;
  }
  return result + curlPlain(text, last, text.length, last === 0 ? before : text.charAt(last - 1));
}

/** Runs with typographic quotes, read as one stretch of text (a quote may open in one run and close in another). */
export function typographicRuns(runs: readonly Run[]): Run[] {
  let before = "";
  return runs.map((run) => {
    if (!("text" in run)) {
      before = "";
      return run;
    }
    const text = typographicText(run.text, before);
    if (text !== "") before = text.charAt(text.length - 1);
    return text === run.text ? run : { ...run, text };
  });
}

// The name of an Act with its year, as Australian legal writing prints it in italics: capitalised
// words, "of", "and", "for", "on" and "to" between them, a bracketed part, then "Act" and the year
// ("Superannuation Industry (Supervision) Act 1993", "Conveyancing and Law of Property Act 1884"). The
// jurisdiction after it, "(Cth)", stays upright. "the" never joins (so "Part III of the Income Tax
// Assessment Act 1936" italicises only the Act), and words that start a sentence or a citation are not
// taken for the start of a name.
const CAPITALISED = "[A-Z][A-Za-z\u2019'-]*";
const NOT_A_NAME =
  "(?:The|This|That|These|Those|A|An|Under|In|By|Of|See|And|Or|For|To|Section|Sections|Part|Division|Subdivision|Schedule|Chapter|Clause|Regulation)\\b";
const ACT_NAME = new RegExp(
  `(?<![\\w\u2019'-])(?!${NOT_A_NAME})${CAPITALISED}(?:\\s+(?:${CAPITALISED}|of|and|for|on|to|\\([A-Z][A-Za-z\u2019' ]*\\)))*?\\s+Act\\s+\\d{4}(?!\\d)`,
  "g",
);

/** Runs with the names of Acts in italics (a run already italic, or a cross-reference, is left alone). */
export function italicActNames(runs: readonly Run[]): Run[] {
  return runs.flatMap((run): Run[] => {
    if (!("text" in run) || run.italic || run.crossReference || !run.text.includes("Act ")) return [run];
    const pieces: Run[] = [];
    let last = 0;
    for (const match of run.text.matchAll(ACT_NAME)) {
      if (match.index > last) pieces.push({ ...run, text: run.text.slice(last, match.index) });
      pieces.push({ ...run, text: match[0], italic: true });
      last = match.index + match[0].length;
    }
    if (last === 0) return [run];
    if (last < run.text.length) pieces.push({ ...run, text: run.text.slice(last) });
    return pieces;
  });
}

/** Legal elements in the case of the names they follow ("Harbour Analytics Pty Ltd"). */
function legalElementRuns(runs: readonly Run[]): Run[] {
  return runs.map((run) => {
    if (!("text" in run) || run.crossReference) return run;
    const text = legalElementsInCase(run.text);
    return text === run.text ? run : { ...run, text };
  });
}

/** Typographic quotes, legal elements in the name's case, then the names of Acts in italics. */
const finish = (runs: readonly Run[]): Run[] => italicActNames(legalElementRuns(typographicRuns(runs)));

function typographicBlock(block: Block): Block {
  switch (block.type) {
    case "title":
    case "heading":
    case "paragraph":
    case "clause":
      return { ...block, runs: finish(block.runs) };
    case "list":
      return { ...block, items: block.items.map((item) => ({ ...item, runs: finish(item.runs) })) };
    case "table":
      return {
        ...block,
        header: block.header?.map(finish) ?? null,
        rows: block.rows.map((row) => row.map(finish)),
      };
    case "schedule":
    case "contents":
      return { ...block, title: finish(block.title) };
    case "execution":
      return { ...block, leadIn: finish(block.leadIn) };
    case "cover":
      return { ...block, parties: block.parties.map((party) => typographicText(party)) };
    case "pageBreak":
    case "rule":
      return block;
  }
}

/** The document with typographic quotes in its title and every text run, and Acts' names in italics. */
export function typographicDocument(document: DocumentModel): DocumentModel {
  return {
    ...document,
    title: typographicText(document.title),
    blocks: document.blocks.map(typographicBlock),
  };
}
