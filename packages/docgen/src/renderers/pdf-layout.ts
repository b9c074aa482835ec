/**
 * Where the PDF puts things, as plain data: the document broken into pages, and on each page what is
 * drawn where (lines of text, labels, table cells, rules, and each signatory's rules, text, and
 * signature and date boxes). The renderer (pdf.ts) paints exactly these items and returns the same
 * boxes for e-signing, so the boxes returned and the rules drawn come from one value.
 *
 * A4, 25.4 mm margins, text ranged left, hanging clause numbers matching Word's, tables that repeat their
 * header row across pages, and execution blocks kept on one page. Positions are in PDF points (1/72
 * inch) from the top-left corner of the page; pages are numbered from 1. Measuring text needs the
 * fonts, so layout asks a `Typesetter` (the renderer, which has them) for widths.
 */

import { TemplateError } from "../errors.ts";
import { KeptAcrossDocuments, ownString } from "../kept-across-documents.ts";
import {
  type Block,
  type ContentsEntry,
  columnShares,
  contentsEntries,
  type DocumentModel,
  initialsCaption,
  initialsOf,
  outlineDepths,
  plainText,
  type Run,
  signatureAddress,
  signatureCaption,
  signatureName,
} from "../model.ts";
import type { ExecutionBlock, Signatory } from "../signers.ts";
import { type FontFace, faceOf } from "./fonts.ts";

/** A4 in points. */
export const PAGE_SIZE = { width: 595.28, height: 841.89 } as const;
export const MARGIN = { top: 72, bottom: 72, left: 72, right: 72 } as const;
export const TEXT_WIDTH = PAGE_SIZE.width - MARGIN.left - MARGIN.right;
/** Which way up a page is: A4 upright, or on its side (a share certificate). */
export type Orientation = "portrait" | "landscape";
/** The size of a page, in points, the way up it is. */
export function pageSize(orientation: Orientation): { readonly width: number; readonly height: number } {
  return orientation === "landscape" ? { width: PAGE_SIZE.height, height: PAGE_SIZE.width } : PAGE_SIZE;
}
/** The lowest point text may reach on a page. */
const BODY_SIZE = 11;
/** The size of the text under a signature line. */
export const SMALL_SIZE = 9.5;
const INDENT = 36; // 12.7 mm, as the Word numbering
const PARAGRAPH_AFTER = 6;
const TABLE_SIZE = 10;
const TABLE_PADDING = 4;
/** Space above a level 1 heading, a level 2 heading or a clause heading. */
const HEADING_BEFORE = { 1: 12, 2: 6, clause: 6 } as const;
/**
 * The space before each execution block and above and below each row of its signatures; `compact`
 * halves it, for an execution section that would otherwise fill a page of its own and leave the
 * document's last clause behind (the room to sign is the same either way).
 */
export const EXECUTION_SPACING = {
  usual: { before: 12, rowPadding: 10 },
  compact: { before: 6, rowPadding: 5 },
} as const;
export type ExecutionSpacing = keyof typeof EXECUTION_SPACING;
/** The space above a signature line, for the signature. */
const SIGNATURE_HEIGHT = 40;
/** Between the two columns of signatures. */
const COLUMN_GAP = 24;
/**
 * A cover page's space above its title (shrinking as parties are added, so that up to eight fit on the
 * page), its title's size, and the space after the title and after each party. Word's copy is the same.
 */
export const COVER = {
  top: 180,
  perParty: 18,
  titleSize: 20,
  partySize: 12,
  titleAfter: 36,
  partyAfter: 12,
} as const;
/** The space above a cover's title for this many parties. */
export const coverTop = (parties: number): number =>
  Math.max(0, COVER.top - COVER.perParty * Math.max(parties - 4, 0));
/** The longest a date line is. */
const DATE_RULE_LONGEST = 110;
/** A date or address line sits this far above the foot of its line of text, as a line to write on. */
const RULE_ABOVE_FOOT = 1.5;
const SIGNATURE_RULE_WIDTH = 0.75;
/** The contents: room kept for page numbers at the right, space above a part and after each line. */
const CONTENTS_PAGE_COLUMN = 40;
const CONTENTS_OUTER_BEFORE = 6;
const CONTENTS_AFTER = 2;
/**
 * Initials at a page's foot: the band kept free above the footer for them, the boxes' size and the
 * gap between them, and the size of their words.
 */
const INITIALS_BAND = 40;
const INITIALS_BOX = { width: 110, height: 20, gap: 12 } as const;
export const INITIALS_SIZE = 7.5;
const INITIALS_BOX_SIZE = { width: INITIALS_BOX.width, height: INITIALS_BOX.height } as const;
const THIN_RULE_WIDTH = 0.5;

/** Height of a line of text at a size. */
export function lineHeight(size: number): number {
  // Liberation Serif: ascent 0.891, descent 0.216, gap 0.042 of the em, as Word's single spacing.
  return size * 1.149;
}

/** A rectangle on a page, in points from the page's top-left corner. */
export type PageBox = {
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
};

/** Where one signatory signs and dates the PDF, with the keys the signing module matches them by. */
export type SignatureField = {
  /** The spec's meta_key: the signature field. */
  readonly metaKey: string;
  /** The spec's date_key: the date field. */
  readonly dateKey: string;
  readonly role: "signer" | "witness";
  readonly fullName: string;
  readonly email: string | null;
  /** The party (reference question id) whose execution block holds the box. */
  readonly partyId: string;
  readonly partyPath: string;
  /** For a witness, the metaKey of the signature witnessed. */
  readonly witnessOf?: string;
  readonly signature: PageBox;
  readonly date: PageBox;
};

/** A piece of a word in one face. */
export type Piece = {
  readonly text: string;
  readonly face: FontFace;
  readonly underline: boolean;
  /** A draft's placeholder for a missing answer, drawn on a highlight. */
  readonly highlight: boolean;
  readonly width: number;
};
/** A word: pieces with no space between; `space` is the width of the space after it (0 at a line break). */
export type Word = { readonly pieces: readonly Piece[]; readonly width: number; readonly space: number };
/** A laid-out line; `last` lines of a paragraph are not justified. */
export type Line = {
  readonly words: readonly Word[];
  readonly width: number;
  readonly last: boolean;
  /**
   * What the painter made of the line (pdf.ts: its glyphs, composed), kept on the line so that a line
   * kept across documents is composed once. A WeakMap from lines to it did the same, but V8 walks a
   * WeakMap's entries again at the end of every full collection: some 5 ms of each such pause.
   */
  painted?: unknown;
};

/** What layout asks of the fonts. */
export type Typesetter = {
  /** Width of text in a face at a size. */
  measure(text: string, face: FontFace, size: number): number;
  /**
   * Says a face is used from here on, for text placed without being measured (a clause number). The
   * PDF names its fonts in the order the document first uses them.
   */
  useFace(face: FontFace): void;
  /**
   * Lines already broken, shared by every document this typesetter's kind lays out (see
   * `SharedLines`). Only a typesetter whose widths depend on nothing but the text, face and size
   * may give one: the PDF's, which measures with the same fonts in every document.
   */
  readonly sharedLines?: SharedLines;
};

/**
 * A paragraph's lines kept across documents, by what decides them: the runs' text and faces, the
 * style and the width. An adviser's deed is mostly clauses that read the same in every document made
 * from the template (the answers change the parties' paragraphs, not the trust's powers), and
 * breaking a clause into lines (splitting, measuring every word) was a fifth of the PDF's time.
 * `faces` replays the faces the paragraph first used, in order, so the PDF names its fonts in the
 * same order as when the lines were made (the bytes stay the same). Lines and words are never changed
 * once made, so documents may share them.
 *
 * Kept only once a paragraph has been seen in a second document (KeptAcrossDocuments): one naming a
 * client is met in one document (perhaps twice there, as a deed repeats a fund's name in its
 * execution clause), and keeping it would fill the cache with paragraphs never met again. A
 * paragraph's words are slices of its document's text, which they would keep alive, so the lines
 * are kept as copies whose texts are their own (`linesOfTheirOwn`): before, the documents that
 * first met the template's clauses stayed in memory until the cache was emptied, and before
 * admitting only paragraphs met again, a hundred clients' deeds kept a hundred documents' texts
 * (21 MB). Bounded by the characters of text kept (lines take about 150
 * bytes per character: the 41-page SMSF deed's some 30 MB) and by the hashes remembered, each
 * emptied when it would pass its bound.
 */
export class SharedLines extends KeptAcrossDocuments<{
  readonly lines: Line[];
  readonly faces: readonly FontFace[];
}> {}

/** Lines as kept across documents: the same, each piece's text a copy of its own (see ownString). */
const linesOfTheirOwn = (lines: readonly Line[]): Line[] =>
  lines.map((line) => ({
    ...line,
    painted: undefined,
    words: line.words.map((word) => ({
      ...word,
      pieces: word.pieces.map((piece) => ({ ...piece, text: ownString(piece.text) })),
    })),
  }));

/**
 * What decides a paragraph's lines besides the typesetter: each run's text, faces and marks (a
 * cross-reference prints its `text`; its anchor changes no line), the style and the width. Lengths
 * prefix the texts, so no text can read as another's marks.
 */
function sharedLinesKey(runs: readonly Run[], width: number, style: TextStyle): string {
  // Joined from an array, so the key is a string of its own: built with `+=`, it held on to each run's
  // text, and through it the document's whole text.
  const parts: (string | number)[] = [style.size, style.bold ? 1 : 0, style.italic ? 1 : 0, width];
  for (const run of runs) {
    if (!("text" in run)) {
      parts.push("|");
      continue;
    }
    const marks =
      (run.bold ? 1 : 0) | (run.italic ? 2 : 0) | (run.underline ? 4 : 0) | (run.highlight ? 8 : 0);
    parts.push(`|${marks}:${run.text.length}:`, run.text);
  }
  return parts.join(" ");
}

type TextStyle = { readonly size: number; readonly bold?: boolean; readonly italic?: boolean };
export type Align = "left" | "justify" | "center";

/** A horizontal line to stroke, from x1 to x2 at y. */
export type Rule = {
  readonly x1: number;
  readonly x2: number;
  readonly y: number;
  readonly lineWidth: number;
};
/** A line of small regular text whose top is at y. */
export type TextAt = { readonly text: string; readonly x: number; readonly y: number };

/** A witness's address under the name: ruled lines to write it on, or the answer in two lines. */
export type AddressLayout =
  | { readonly kind: "blank"; readonly label: TextAt; readonly rules: readonly Rule[] }
  | {
      readonly kind: "answered";
      readonly first?: {
        readonly line: Line;
        readonly x: number;
        readonly y: number;
        readonly width: number;
      };
      /** What follows the first line, shortened to one line. */
      readonly rest?: TextAt;
    };

/** One signatory's part of an execution block, top to bottom. */
export type SignatoryLayout = {
  readonly signatory: Signatory;
  /** The line signed on, along the signature box's bottom edge. */
  readonly signatureRule: Rule;
  /** The caption ("Signature of director") and name under it. */
  readonly lines: readonly TextAt[];
  readonly address?: AddressLayout;
  readonly dateLabel: TextAt;
  /** The line the date is written on, inside the date box. */
  readonly dateRule: Rule;
  readonly signature: PageBox;
  readonly date: PageBox;
};

/** A row of up to two signatories side by side. */
type SignatureRowLayout = {
  readonly page: number;
  readonly signatories: readonly SignatoryLayout[];
  /** Where the next thing on the page starts. */
  readonly end: number;
};

/**
 * What an item is part of in the tagged PDF's structure tree (a heading, a paragraph, a list item's
 * label, a table cell…): one node per element, shared by every item of it, with the element it sits
 * in. `type` is the PDF structure type (H1…H6, P, L, LI, Lbl, LBody, Table, TR, TH, TD, Div). An item
 * without a node is an artifact (borders, rules, a repeated table header): not read aloud.
 */
export type StructureNode = { readonly type: string; readonly parent?: StructureNode };

/**
 * A heading as the PDF's bookmarks and a contents page list it: its words, how deep it sits (1 for
 * the outermost: a schedule or a `##` heading), and where it starts. `clause` is set for a numbered
 * clause heading ("1." and its reference), `schedule` for a schedule's heading.
 */
export type OutlineEntry = {
  readonly title: string;
  readonly depth: number;
  readonly page: number;
  readonly y: number;
  readonly kind: "heading" | "clause" | "schedule";
  /** The index in the document's blocks of the block that made the entry. */
  readonly block: number;
};

/** One thing drawn on a page, in the order drawn; `node` is its place in the structure tree. */
export type PageItem = PageItemShape & { readonly node?: StructureNode };

type PageItemShape =
  /** A line of a paragraph or table cell; `x` and `width` are its column's. */
  | {
      readonly kind: "line";
      readonly line: Line;
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly size: number;
      readonly align: Align;
    }
  /** A clause number or list label, hanging left of its text. */
  | {
      readonly kind: "text";
      readonly text: string;
      readonly face: FontFace;
      readonly size: number;
      readonly x: number;
      readonly y: number;
    }
  /** A table cell's border (and a header cell's shading). */
  | {
      readonly kind: "cell";
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly height: number;
      readonly header: boolean;
    }
  | { readonly kind: "rule"; readonly rule: Rule; readonly colour: string }
  /** A page's initials boxes: "Initials", then a box for each signatory with their name under it. */
  | {
      readonly kind: "initials";
      readonly label: TextAt;
      readonly boxes: readonly { readonly box: PageBox; readonly caption: TextAt }[];
    }
  | { readonly kind: "signatory"; readonly layout: SignatoryLayout };

/** A document laid out: each page's items, and the signature fields they hold. */
export type DocumentLayout = {
  readonly pages: readonly (readonly PageItem[])[];
  readonly signatureFields: readonly SignatureField[];
  /** The headings, in order, with their pages: the PDF's bookmarks and the contents page. */
  readonly outline: readonly OutlineEntry[];
  /** Execution blocks (by block index) that start a page whose text all went on the page before. */
  readonly strandedExecutions: readonly number[];
  /** The first execution blocks of sections signed on a later page than their operative text ends. */
  readonly executionsApart: readonly number[];
  /** Execution blocks alone on their page, after another execution block (a section run over a page). */
  readonly loneExecutions: readonly number[];
  /** How many pages are signed on by one execution block alone, with no operative text. */
  readonly pagesSignedAlone: number;
  /** Where each contents line's page number goes (see fillContents). */
  readonly contentsSlots: readonly ContentsSlot[];
  /** Which way up each page is, by page (index 0 is page 1). */
  readonly orientations: readonly Orientation[];
};

/** The end of a contents line, where the page of the heading at `block` is written after dot leaders. */
export type ContentsSlot = {
  readonly block: number;
  readonly page: number;
  /** Where in its page's items the number goes: after the line's words, in reading order. */
  readonly item: number;
  readonly y: number;
  /** Where the line's words end. */
  readonly textEnd: number;
  readonly node?: StructureNode;
};

/** How to lay out: blocks to start on a new page, and how closely to space the execution blocks. */
export type LayoutOptions = {
  readonly breakBefore?: ReadonlySet<number>;
  readonly executionSpacing?: ExecutionSpacing;
};

/**
 * Writes the contents' page numbers into a laid-out document, each after dot leaders on its line,
 * from the pages its headings were laid out on: the contents take the same room with or without
 * them, so one layout serves.
 */
export function fillContents(layout: DocumentLayout, typesetter: Typesetter): void {
  const pages = new Map(layout.outline.map((entry) => [entry.block, entry.page]));
  typesetter.useFace("regular");
  const dot = typesetter.measure(" .", "regular", BODY_SIZE);
  // From the last: a slot's item index counts the items before it, which earlier slots would move.
  for (const slot of [...layout.contentsSlots].reverse()) {
    const page = pages.get(slot.block);
    const items = layout.pages[slot.page - 1] as PageItem[] | undefined;
    if (page === undefined || !items) continue;
    const right = pageSize(layout.orientations[slot.page - 1] ?? "portrait").width - MARGIN.right;
    const number = String(page);
    const numberWidth = typesetter.measure(number, "regular", BODY_SIZE);
    const leaderEnd = right - numberWidth - 4;
    const dots = Math.floor((leaderEnd - (slot.textEnd + 4)) / dot);
    const at = { face: "regular" as const, size: BODY_SIZE, y: slot.y };
    const written: PageItem[] = [];
    // Leaders are decoration: an artifact, not read.
    if (dots > 0) written.push({ kind: "text", text: " .".repeat(dots), x: leaderEnd - dots * dot, ...at });
    written.push({
      kind: "text",
      text: number,
      x: right - numberWidth,
      ...at,
      ...(slot.node ? { node: slot.node } : {}),
    });
    items.splice(slot.item, 0, ...written);
  }
}

/**
 * Where to break the page so that an execution block's page carries text of the document: before
 * the last operative block (a clause, list, table or paragraph) ahead of the execution section, or
 * before that block's heading when it has one, so the heading is not left behind. The execution
 * section is passed over: earlier execution blocks, the headings above them ("Execution"), and the
 * paragraphs leading into them ("Executed as a deed.", a party's name in bold), since a page holding
 * only those could belong to any document. Undefined when there is no such text (the section follows
 * a page break, a schedule's start or the contents).
 */
export function keepWithText(blocks: readonly Block[], execution: number): number | undefined {
  return textStart(blocks, operativeBefore(blocks, execution));
}

/** The index of the last block before the execution section that `execution` is in. */
function operativeBefore(blocks: readonly Block[], execution: number): number {
  // A lead-in is one paragraph, or two, straight after a heading or an execution block ("Executed as
  // a deed.", then a party's name in bold); a longer run of paragraphs is the document's own text.
  const anchor = (index: number) => ["heading", "execution"].includes(blocks[index]?.type ?? "");
  const leadsIn = (index: number) =>
    blocks[index]?.type === "paragraph" &&
    (anchor(index - 1) || (blocks[index - 1]?.type === "paragraph" && anchor(index - 2)));
  let index = execution - 1;
  while (index >= 0 && (anchor(index) || leadsIn(index))) index--;
  return index;
}

/**
 * The first execution blocks of their sections that are signed on a later page than the section's
 * operative text ends: a section's heading kept with what follows it can carry the whole section over
 * without any block having had to move.
 */
function executionsApart(
  blocks: readonly Block[],
  ends: readonly number[],
  signedOn: ReadonlyMap<number, number>,
) {
  const apart: number[] = [];
  for (const [index, page] of signedOn) {
    const operative = operativeBefore(blocks, index);
    if (textStart(blocks, operative) === undefined) continue;
    const first = !blocks.slice(operative + 1, index).some((block) => block.type === "execution");
    if (first && (ends[operative] ?? page) < page) apart.push(index);
  }
  return apart;
}

/**
 * Execution blocks that follow another execution block yet are signed on a page holding nothing else:
 * a section longer than a page whose last block went over alone. (The first block of a section is
 * kept with text by keepWithText instead.)
 */
function loneExecutions(
  blocks: readonly Block[],
  starts: readonly (number | undefined)[],
  ends: readonly number[],
  signedOn: ReadonlyMap<number, number>,
): number[] {
  const lone: number[] = [];
  for (const [index, page] of signedOn) {
    if (blocks[index - 1]?.type !== "execution") continue;
    const shared = starts.some(
      (start, other) => other !== index && start !== undefined && start <= page && (ends[other] ?? 0) >= page,
    );
    if (!shared) lone.push(index);
  }
  return lone;
}

/**
 * The pages signed on that hold one execution block and no operative text (headings and the lines
 * leading into execution blocks are not operative text: see operativeBefore).
 */
function pagesSignedAlone(
  blocks: readonly Block[],
  starts: readonly (number | undefined)[],
  ends: readonly number[],
  signedOn: ReadonlyMap<number, number>,
): number {
  const on = (index: number, page: number) => {
    const start = starts[index];
    return start !== undefined && start <= page && (ends[index] ?? 0) >= page;
  };
  const operative = new Set<number>();
  for (const index of signedOn.keys()) {
    for (let block = operativeBefore(blocks, index); block >= 0; block--) {
      if (blocks[block]?.type !== "execution") operative.add(block);
    }
  }
  let alone = 0;
  for (const page of new Set(signedOn.values())) {
    const signed = [...signedOn.keys()].filter((index) => on(index, page)).length;
    const text = [...operative].some((index) => on(index, page));
    if (signed === 1 && !text) alone++;
  }
  return alone;
}

/**
 * The nearer break, for when moving the execution section with the last operative text would cost a
 * page (the section fills a page of its own): before the text block just ahead of the execution block
 * and any execution blocks between, or its heading.
 */
export function keepWithLeadIn(blocks: readonly Block[], execution: number): number | undefined {
  let index = execution - 1;
  while (index >= 0 && blocks[index]?.type === "execution") index--;
  return textStart(blocks, index);
}

/** Where the text block at `index` starts with its heading, if it is text. */
function textStart(blocks: readonly Block[], index: number): number | undefined {
  const block = blocks[index];
  if (!block || !["paragraph", "clause", "list", "table"].includes(block.type)) return undefined;
  const previous = blocks[index - 1];
  const heading =
    previous?.type === "heading" ||
    (previous?.type === "clause" && previous.heading && block.type === "clause");
  return heading ? index - 1 : index;
}

const round = (value: number): number => Math.round(value * 100) / 100;

const NO_RUNS: readonly Run[] = [];

/**
 * A paragraph's lines, per typesetter, by its runs (the document model's own arrays, so by identity),
 * style and widths. Within one layout a paragraph is measured for the heading before it (leadHeight)
 * and then laid out, and a document whose signatures must be kept with text is laid out again (up
 * to four times): its words were split and measured again each time. Lines and words are never
 * changed once made, so pages may share them. Weakly held: the cache goes with the renderer's
 * typesetter, at the end of the document.
 */
const laidOut = new WeakMap<Typesetter, WeakMap<readonly Run[], Map<string, Line[]>>>();

/** Lays out blocks in turn onto pages, keeping where it is: the page, the y, and whether the page is empty. */
class Layout {
  readonly pages: PageItem[][] = [[]];
  y: number = MARGIN.top;
  page = 1;
  readonly fields: SignatureField[] = [];
  readonly outline: OutlineEntry[] = [];
  readonly contentsSlots: ContentsSlot[] = [];
  /** Which way up each page is; a new page takes `orientation`. */
  readonly orientations: Orientation[] = ["portrait"];
  orientation: Orientation = "portrait";
  /** The structure element items placed now belong to (undefined: an artifact). */
  node: StructureNode | undefined;
  private atPageTop = true;

  /**
   * @param reserve The room kept above the footer (for initials boxes when the document has them).
   */
  constructor(
    private readonly typesetter: Typesetter,
    private readonly reserve: number = 0,
    private readonly executionSpacing: {
      readonly before: number;
      readonly rowPadding: number;
    } = EXECUTION_SPACING.usual,
  ) {}

  measure(text: string, face: FontFace, size: number): number {
    return this.typesetter.measure(text, face, size);
  }

  /** The current page's size, the way up it is. */
  get size(): { readonly width: number; readonly height: number } {
    return pageSize(this.orientations[this.page - 1] ?? "portrait");
  }

  /** The lowest point text may reach on the current page: above the footer and any reserve. */
  get bottom(): number {
    return this.size.height - MARGIN.bottom - this.reserve;
  }

  /** The right margin's x on the current page. */
  get right(): number {
    return this.size.width - MARGIN.right;
  }

  /** The width of the text on the current page. */
  get textWidth(): number {
    return this.size.width - MARGIN.left - MARGIN.right;
  }

  /** Turns the pages from here on: the current page too, while nothing is on it. */
  turn(orientation: Orientation): void {
    // pdfkit makes the first page before the layout is known, upright.
    if (this.page === 1 && this.atPageTop && orientation !== "portrait") {
      throw new TemplateError(
        "A document starts upright: turn its pages with ::pagebreak{landscape} after its first page",
      );
    }
    this.orientation = orientation;
    if (this.atPageTop) this.orientations[this.page - 1] = orientation;
    else this.newPage();
  }

  /** Adds an item to the current page, as part of `node` (by default the current structure element). */
  place(item: PageItemShape, node: StructureNode | undefined = this.node): void {
    this.pages[this.page - 1]?.push(node ? { ...item, node } : item);
  }

  /** Whether nothing has been placed on the current page yet. */
  get fresh(): boolean {
    return this.atPageTop;
  }

  newPage(): void {
    this.pages.push([]);
    this.orientations.push(this.orientation);
    this.page += 1;
    this.y = MARGIN.top;
    this.atPageTop = true;
  }

  /** Starts a new page unless `height` still fits on this one. */
  ensure(height: number): void {
    if (this.y + height > this.bottom && !this.atPageTop) this.newPage();
  }

  /** Moves down, without running past the bottom (space at the top of a page is dropped). */
  space(height: number): void {
    if (this.atPageTop) return;
    this.y = Math.min(this.y + height, this.bottom);
  }

  markWritten(): void {
    this.atPageTop = false;
  }

  /** Splits runs into words with their widths. */
  words(runs: readonly Run[], style: TextStyle, facesUsed?: FontFace[]): (Word | "break")[] {
    const words: (Word | "break")[] = [];
    // Made with its first piece: most words have one, and an empty array that is pushed to takes room
    // for seventeen, which every word kept until the PDF was written.
    let pieces: Piece[] | undefined;
    let width = 0;
    const finish = (space: number) => {
      if (pieces) words.push({ pieces, width, space });
      pieces = undefined;
      width = 0;
    };
    for (const run of runs) {
      if (!("text" in run)) {
        finish(0);
        words.push("break");
        continue;
      }
      const face = faceOf(!!(run.bold || style.bold), !!(run.italic || style.italic));
      // Splitting on a captured separator gives words at even indices and the spaces between at odd ones.
      const parts = run.text.split(/([ \t\u00a0]+)/);
      for (let index = 0; index < parts.length; index++) {
        const part = parts[index] as string;
        if (part === "") continue;
        // Every part below is measured, which tells the typesetter the face is used.
        if (facesUsed && !facesUsed.includes(face)) facesUsed.push(face);
        if (index % 2 === 1) {
          finish(this.measure(" ", face, style.size));
          continue;
        }
        const partWidth = this.measure(part, face, style.size);
        const piece: Piece = {
          text: part,
          face,
          underline: !!run.underline,
          highlight: !!run.highlight,
          width: partWidth,
        };
        if (pieces) pieces.push(piece);
        else pieces = [piece];
        width += partWidth;
      }
    }
    finish(0);
    return words;
  }

  /** The runs' lines at most `width` wide, as `lines(words(runs, style), width, style)`; see `laidOut`. */
  linesOf(runs: readonly Run[], width: number, style: TextStyle): Line[] {
    const shared = this.typesetter.sharedLines;
    if (shared) return this.sharedLinesOf(shared, runs, width, style);
    let byRuns = laidOut.get(this.typesetter);
    if (!byRuns) {
      byRuns = new WeakMap();
      laidOut.set(this.typesetter, byRuns);
    }
    let byStyle = byRuns.get(runs);
    if (!byStyle) {
      byStyle = new Map();
      byRuns.set(runs, byStyle);
    }
    const key = `${style.size} ${!!style.bold} ${!!style.italic} ${width}`;
    let lines = byStyle.get(key);
    if (!lines) {
      lines = this.lines(this.words(runs, style), width, style);
      byStyle.set(key, lines);
    }
    return lines;
  }

  /** `linesOf` through lines shared across documents (see `SharedLines`). */
  private sharedLinesOf(shared: SharedLines, runs: readonly Run[], width: number, style: TextStyle): Line[] {
    const key = sharedLinesKey(runs, width, style);
    const kept = shared.get(key);
    if (kept) {
      for (const face of kept.faces) this.typesetter.useFace(face);
      return kept.lines;
    }
    const faces: FontFace[] = [];
    const lines = this.lines(this.words(runs, style, faces), width, style);
    // The key is a string of its own (joined from an array); the lines are kept as copies whose
    // texts are their own, as this document's are slices of its text (see SharedLines).
    shared.offer(key, this.typesetter, () => ({ key, value: { lines: linesOfTheirOwn(lines), faces } }));
    return lines;
  }

  /** Breaks words into lines of at most `width` (the first line may be shorter: `firstWidth`). */
  lines(words: readonly (Word | "break")[], width: number, style: TextStyle, firstWidth = width): Line[] {
    const lines: Line[] = [];
    let current: Word[] = [];
    let currentWidth = 0;
    const limit = () => (lines.length === 0 ? firstWidth : width);
    const push = (last: boolean) => {
      lines.push({ words: current, width: currentWidth, last, painted: undefined });
      current = [];
      currentWidth = 0;
    };
    for (const word of words) {
      if (word === "break") {
        push(true);
        continue;
      }
      const previous = current[current.length - 1];
      const gap = previous ? previous.space : 0;
      if (current.length > 0 && currentWidth + gap + word.width > limit()) push(false);
      if (current.length === 0 && word.width > limit()) {
        // A word longer than the line (an address, a long number): split it by characters.
        for (const chunk of this.splitWord(word, limit(), style)) {
          if (current.length > 0) push(false);
          current.push(chunk);
          currentWidth = chunk.width;
        }
        continue;
      }
      currentWidth += (current.length > 0 ? gap : 0) + word.width;
      current.push(word);
    }
    if (current.length > 0 || lines.length === 0) push(true);
    return lines;
  }

  /** Plain text in the regular face broken into lines, as a paragraph's. */
  wrap(text: string, width: number, size: number): Line[] {
    const style: TextStyle = { size };
    return this.lines(this.words([{ text }], style), width, style);
  }

  private splitWord(word: Word, width: number, style: TextStyle): Word[] {
    const chunks: Word[] = [];
    let pieces: Piece[] = [];
    let chunkWidth = 0;
    for (const piece of word.pieces) {
      let text = "";
      for (const character of piece.text) {
        const characterWidth = this.measure(character, piece.face, style.size);
        if (chunkWidth + characterWidth > width && (text !== "" || pieces.length > 0)) {
          if (text !== "") pieces.push({ ...piece, text, width: this.measure(text, piece.face, style.size) });
          chunks.push({ pieces, width: chunkWidth, space: 0 });
          pieces = [];
          chunkWidth = 0;
          text = "";
        }
        text += character;
        chunkWidth += characterWidth;
      }
      if (text !== "") pieces.push({ ...piece, text, width: this.measure(text, piece.face, style.size) });
    }
    chunks.push({ pieces, width: chunkWidth, space: word.space });
    return chunks;
  }

  /** Lays out a paragraph; `label` hangs at `labelX`, text starts at `x`. */
  paragraph(
    runs: readonly Run[],
    options: {
      x: number;
      width: number;
      style: TextStyle;
      align: Align;
      label?: { text: string; x: number; node?: StructureNode };
      keepWithNext?: number;
      after?: number;
    },
  ): { page: number; y: number } {
    const { style } = options;
    const lines = this.linesOf(runs, options.width, style);
    const height = lineHeight(style.size);
    // Widow and orphan control, as Word's: never one line of a paragraph alone at the foot or the top
    // of a page (a three-line paragraph moves whole); and a heading kept with what follows it.
    this.ensure(height * (lines.length === 3 ? 3 : Math.min(lines.length, 2)) + (options.keepWithNext ?? 0));
    const start = { page: this.page, y: this.y };
    lines.forEach((line, index) => {
      this.ensure(index >= 2 && index === lines.length - 2 ? 2 * height : height);
      if (index === 0 && options.label) {
        this.typesetter.useFace(faceOf(!!style.bold, false));
        this.place(
          {
            kind: "text",
            text: options.label.text,
            face: faceOf(!!style.bold, false),
            size: style.size,
            x: options.label.x,
            y: this.y,
          },
          options.label.node ?? this.node,
        );
      }
      this.place({
        kind: "line",
        line,
        x: options.x,
        y: this.y,
        width: options.width,
        size: style.size,
        align: options.align,
      });
      this.y += height;
      this.markWritten();
    });
    this.y += options.after ?? PARAGRAPH_AFTER;
    return start;
  }

  /** Height a paragraph will take (or its first `most` lines). */
  paragraphHeight(
    runs: readonly Run[],
    width: number,
    style: TextStyle,
    most = Number.POSITIVE_INFINITY,
  ): number {
    const count = this.linesOf(runs, width, style).length;
    return Math.min(count, most) * lineHeight(style.size);
  }

  /**
   * How much of the page the start of `blocks[index]` needs, so that a heading before it is never left
   * alone at the foot of a page: two lines of a paragraph, clause or list; a table's header and first
   * row; a whole execution block (which never splits); and for a heading, the heading itself and the
   * start of what follows it in turn (a part heading, then a clause heading, then its first clause).
   */
  leadHeight(blocks: readonly Block[], index: number): number {
    const block = blocks[index];
    if (!block) return 0;
    switch (block.type) {
      case "heading": {
        const style = headingStyle(block.level);
        return (
          HEADING_BEFORE[block.level] +
          this.paragraphHeight(block.runs, this.textWidth, style, 2) +
          PARAGRAPH_AFTER +
          this.leadHeight(blocks, index + 1)
        );
      }
      case "clause": {
        const { width } = clauseColumns(block.level, this.right);
        const lines = this.paragraphHeight(block.runs, width, { size: BODY_SIZE, bold: block.heading }, 2);
        return block.heading
          ? HEADING_BEFORE.clause + lines + PARAGRAPH_AFTER + this.leadHeight(blocks, index + 1)
          : lines;
      }
      case "paragraph": {
        const width = this.textWidth - INDENT * block.indent - (block.label === undefined ? 0 : INDENT);
        return this.paragraphHeight(block.runs, width, { size: BODY_SIZE }, 2);
      }
      case "list": {
        const [item] = block.items;
        if (!item) return 0;
        const { width } = listColumns(item.depth, this.right);
        return this.paragraphHeight(item.runs, width, { size: BODY_SIZE }, 2);
      }
      case "table": {
        const widths = columnShares(block).map((share) => share * this.textWidth);
        const [first] = block.rows;
        return (
          (block.header ? this.tableRow(widths, block.header, true).height : 0) +
          (first ? this.tableRow(widths, first, false).height : 0)
        );
      }
      case "execution":
        return this.executionSpacing.before + this.executionHeights(block.leadIn, block.block).total;
      default:
        // A title, rule, page break or schedule: nothing a heading must be kept with.
        return 0;
    }
  }

  /** Lays out one row of a table: each cell's lines, and the row's height. */
  private tableRow(widths: readonly number[], cells: readonly (readonly Run[])[], header: boolean) {
    const cellStyle: TextStyle = { size: TABLE_SIZE, bold: header };
    const laid = widths.map((width, column) =>
      this.linesOf(cells[column] ?? NO_RUNS, width - 2 * TABLE_PADDING, cellStyle),
    );
    const height =
      Math.max(...laid.map((lines) => lines.length)) * lineHeight(TABLE_SIZE) + 2 * TABLE_PADDING;
    return { laid, height, header };
  }

  table(block: Extract<Block, { type: "table" }>): void {
    const widths = columnShares(block).map((share) => share * this.textWidth);
    const padding = TABLE_PADDING;
    const style: TextStyle = { size: TABLE_SIZE };
    const layoutRow = (cells: readonly (readonly Run[])[], header: boolean) =>
      this.tableRow(widths, cells, header);
    const header = block.header ? layoutRow(block.header, true) : undefined;
    const tableNode: StructureNode = { type: "Table" };
    // A header row repeated on a later page is an artifact: the table has it once.
    const placeRow = (row: ReturnType<typeof layoutRow>, repeated = false) => {
      let x = MARGIN.left;
      const rowNode: StructureNode | undefined = repeated ? undefined : { type: "TR", parent: tableNode };
      row.laid.forEach((lines, column) => {
        const width = widths[column] ?? 0;
        this.place({ kind: "cell", x, y: this.y, width, height: row.height, header: row.header }, undefined);
        const cellNode = rowNode && { type: row.header ? "TH" : "TD", parent: rowNode };
        let lineY = this.y + padding;
        for (const line of lines) {
          this.place(
            {
              kind: "line",
              line,
              x: x + padding,
              y: lineY,
              width: width - 2 * padding,
              size: style.size,
              align: "left",
            },
            cellNode,
          );
          lineY += lineHeight(style.size);
        }
        x += width;
      });
      this.y += row.height;
      this.markWritten();
    };
    this.ensure((header?.height ?? 0) + (block.rows[0] ? layoutRow(block.rows[0], false).height : 0));
    if (header) placeRow(header);
    for (const cells of block.rows) {
      const row = layoutRow(cells, false);
      if (this.y + row.height > this.bottom) {
        this.newPage();
        if (header) placeRow(header, true);
      }
      placeRow(row);
    }
    this.y += PARAGRAPH_AFTER * 2;
  }

  /** The heights of an execution block's rows of signatures (two to a row), and the whole block's. */
  private executionHeights(leadIn: readonly Run[], block: ExecutionBlock) {
    const rowHeights = signatureRowHeights(block, this.executionSpacing.rowPadding);
    const leadInHeight = this.paragraphHeight(leadIn, this.textWidth, { size: BODY_SIZE });
    return { rowHeights, total: leadInHeight + 4 + rowHeights.reduce((sum, height) => sum + height, 0) };
  }

  /** Lays out an execution block; says whether it had to start a new page after text on the last. */
  execution(leadIn: readonly Run[], block: ExecutionBlock): boolean {
    const style: TextStyle = { size: BODY_SIZE };
    const { total } = this.executionHeights(leadIn, block);
    const pageBefore = this.page;
    const written = !this.atPageTop;
    // An execution block is never split across pages.
    this.space(this.executionSpacing.before);
    this.ensure(total);
    const moved = written && this.page > pageBefore;
    const division: StructureNode = { type: "Div" };
    this.node = { type: "P", parent: division };
    this.paragraph(leadIn, { x: MARGIN.left, width: this.textWidth, style, align: "left", after: 4 });
    const start = { page: this.page, y: this.y, fresh: this.atPageTop };
    const rows = layoutSignatureRows(block, start, this, this.executionSpacing.rowPadding);
    for (const row of rows) {
      while (this.page < row.page) this.newPage();
      for (const signatory of row.signatories) {
        this.place({ kind: "signatory", layout: signatory }, { type: "P", parent: division });
        this.fields.push(signatureField(signatory, block));
      }
      this.y = row.end;
      this.markWritten();
    }
    return moved;
  }

  /**
   * One line of the contents: a clause's number and its heading (wrapped, never split across pages),
   * with room kept at the right for the page number, which fillContents writes once the whole document
   * is laid out (the numbers take no room of their own, so no page moves when they are written).
   */
  contentsLine(entry: ContentsEntry): void {
    // As Word's TOC1 and TOC2: the outer level bold; a number hangs, its heading at the indent.
    const outer = entry.depth === 1;
    const style: TextStyle = { size: BODY_SIZE, bold: outer };
    const textX = outer && entry.label === "" ? MARGIN.left : MARGIN.left + INDENT;
    const right = this.right;
    const width = right - CONTENTS_PAGE_COLUMN - textX;
    const lines = this.lines(this.words([{ text: entry.title }], style), width, style);
    const height = lineHeight(BODY_SIZE);
    if (outer) this.space(CONTENTS_OUTER_BEFORE);
    this.ensure(height * lines.length);
    lines.forEach((line, index) => {
      if (index === 0 && entry.label !== "") {
        this.typesetter.useFace("regular");
        this.place({
          kind: "text",
          text: entry.label,
          face: "regular",
          size: BODY_SIZE,
          x: MARGIN.left,
          y: this.y,
        });
      }
      this.place({ kind: "line", line, x: textX, y: this.y, width, size: BODY_SIZE, align: "left" });
      if (index === lines.length - 1) {
        this.contentsSlots.push({
          block: entry.block,
          page: this.page,
          item: this.pages[this.page - 1]?.length ?? 0,
          y: this.y,
          textEnd: textX + line.width,
          ...(this.node ? { node: this.node } : {}),
        });
      }
      this.y += height;
      this.markWritten();
    });
    this.y += CONTENTS_AFTER;
  }

  /**
   * The initials boxes at the foot of the current page: one per signatory, right-aligned above the
   * footer, each with the signatory's name under it.
   */
  initials(signatories: readonly Signatory[]): void {
    const top = this.size.height - MARGIN.bottom - INITIALS_BAND + 8;
    const right = this.right;
    const count = signatories.length;
    const left = right - count * INITIALS_BOX.width - (count - 1) * INITIALS_BOX.gap;
    let witness = 0;
    const boxes = signatories.map((signatory, index) => {
      const x = left + index * (INITIALS_BOX.width + INITIALS_BOX.gap);
      if (signatory.role === "witness") witness += 1;
      const caption = this.fit(initialsCaption(signatory, witness), INITIALS_BOX.width, INITIALS_SIZE);
      return {
        box: { page: this.page, x: round(x), y: round(top), ...INITIALS_BOX_SIZE },
        caption: { text: caption, x, y: top + INITIALS_BOX.height + 2 },
      };
    });
    const label = "Initials:";
    const labelWidth = this.measure(label, "regular", INITIALS_SIZE);
    this.typesetter.useFace("regular");
    this.place(
      {
        kind: "initials",
        label: {
          text: label,
          x: left - 6 - labelWidth,
          y: top + (INITIALS_BOX.height - lineHeight(INITIALS_SIZE)) / 2,
        },
        boxes,
      },
      undefined,
    );
  }

  /** Shortens a single line of small text to fit a width, with an ellipsis. */
  fit(text: string, width: number, size: number = SMALL_SIZE): string {
    if (this.measure(text, "regular", size) <= width) return text;
    let shorter = text;
    while (shorter.length > 1 && this.measure(`${shorter}…`, "regular", size) > width) {
      shorter = shorter.slice(0, -1);
    }
    return `${shorter}…`;
  }
}

/** Where layout is on the page: the page, the y, and whether anything is on the page yet. */
type Cursor = { readonly page: number; readonly y: number; readonly fresh: boolean };

/** The heights of an execution block's rows of signatures, two to a row, `padding` above and below each. */
function signatureRowHeights(block: ExecutionBlock, padding: number): number[] {
  const small = lineHeight(SMALL_SIZE);
  const rows = Math.ceil(block.signatories.length / 2);
  // Caption, name and date under each line; a row with a witness also has two lines of address.
  return Array.from({ length: rows }, (_, row) => {
    const witnessed = block.signatories
      .slice(row * 2, row * 2 + 2)
      .some((signatory) => signatureAddress(signatory) !== undefined);
    return padding + SIGNATURE_HEIGHT + 3 + (witnessed ? 5 : 3) * small + padding;
  });
}

/**
 * Lays out an execution block's signatures from `start` (after its lead-in), two to a row. A row
 * that does not fit goes to the next page (only a block taller than a page, which many signing
 * directors make, breaks, and then between rows: its start was moved whole before the lead-in).
 */
function layoutSignatureRows(
  block: ExecutionBlock,
  start: Cursor,
  typesetter: Layout,
  padding: number,
): SignatureRowLayout[] {
  const columnWidth = (typesetter.textWidth - COLUMN_GAP) / 2;
  let { page, y, fresh } = start;
  return signatureRowHeights(block, padding).map((rowHeight, row) => {
    if (y + rowHeight > typesetter.bottom && !fresh) {
      page += 1;
      y = MARGIN.top;
    }
    const top = y + padding;
    const signatories: SignatoryLayout[] = [];
    for (let column = 0; column < 2; column++) {
      const signatory = block.signatories[row * 2 + column];
      if (!signatory) continue;
      const x = MARGIN.left + column * (columnWidth + COLUMN_GAP);
      signatories.push(layoutSignatory(signatory, page, x, top, columnWidth, typesetter));
    }
    y = top + rowHeight - padding;
    fresh = false;
    return { page, signatories, end: y };
  });
}

/** One signatory's line, caption, name, address and date, in a column `width` wide from (x, top). */
function layoutSignatory(
  signatory: Signatory,
  page: number,
  x: number,
  top: number,
  width: number,
  typesetter: Layout,
): SignatoryLayout {
  const small = lineHeight(SMALL_SIZE);
  const lineY = top + SIGNATURE_HEIGHT;
  const lines: TextAt[] = [];
  let textY = lineY + 3;
  for (const text of [signatureCaption(signatory), signatureName(signatory)]) {
    lines.push({ text: typesetter.fit(text, width), x, y: textY });
    textY += small;
  }
  const addressText = signatureAddress(signatory);
  let address: AddressLayout | undefined;
  if (addressText !== undefined) {
    address = layoutAddress(addressText, !signatory.address, x, textY, width, typesetter);
    textY += 2 * small;
  }
  const dateLabel = "Date:";
  const dateX = x + typesetter.measure(`${dateLabel} `, "regular", SMALL_SIZE);
  const dateWidth = Math.min(DATE_RULE_LONGEST, x + width - dateX);
  return {
    signatory,
    signatureRule: { x1: x, x2: x + width, y: lineY, lineWidth: SIGNATURE_RULE_WIDTH },
    lines,
    ...(address ? { address } : {}),
    dateLabel: { text: dateLabel, x, y: textY },
    dateRule: {
      x1: dateX,
      x2: dateX + dateWidth,
      y: textY + small - RULE_ABOVE_FOOT,
      lineWidth: THIN_RULE_WIDTH,
    },
    signature: { page, x: round(x), y: round(top), width: round(width), height: SIGNATURE_HEIGHT },
    // The line of text the date is written on, from a point above it to its foot.
    date: { page, x: round(dateX), y: round(textY - 1), width: round(dateWidth), height: round(small + 1) },
  };
}

/**
 * A witness's address in two lines under the name: the answered address, wrapped (and shortened if
 * it needs more), or "Address:" and rules to write it on by hand.
 */
function layoutAddress(
  address: string,
  blank: boolean,
  x: number,
  top: number,
  width: number,
  typesetter: Layout,
): AddressLayout {
  const small = lineHeight(SMALL_SIZE);
  if (blank) {
    const start = x + typesetter.measure(`${address} `, "regular", SMALL_SIZE);
    return {
      kind: "blank",
      label: { text: address, x, y: top },
      rules: [
        { x1: start, x2: x + width, y: top + small - RULE_ABOVE_FOOT, lineWidth: THIN_RULE_WIDTH },
        { x1: x, x2: x + width, y: top + 2 * small - RULE_ABOVE_FOOT, lineWidth: THIN_RULE_WIDTH },
      ],
    };
  }
  const [first, second, ...rest] = typesetter.wrap(address, width, SMALL_SIZE);
  // What does not fit in two lines is shortened with an ellipsis (the answer is in the Word file whole).
  const tail = second
    ? [second, ...rest]
        .flatMap((line) => line.words.map((word) => word.pieces.map((piece) => piece.text).join("")))
        .join(" ")
    : undefined;
  return {
    kind: "answered",
    ...(first ? { first: { line: first, x, y: top, width } } : {}),
    ...(tail !== undefined ? { rest: { text: typesetter.fit(tail, width), x, y: top + small } } : {}),
  };
}

/** The field e-signing is given for a signatory: its keys, and the boxes as laid out. */
function signatureField(layout: SignatoryLayout, block: ExecutionBlock): SignatureField {
  const { signatory } = layout;
  return {
    metaKey: signatory.metaKey,
    dateKey: signatory.dateKey,
    role: signatory.role,
    fullName: signatory.fullName,
    email: signatory.email,
    partyId: block.partyId,
    partyPath: block.partyPath,
    ...(signatory.witnessOf ? { witnessOf: signatory.witnessOf } : {}),
    signature: layout.signature,
    date: layout.date,
  };
}

const headingStyle = (level: 1 | 2): TextStyle => ({ size: level === 1 ? 12 : BODY_SIZE, bold: true });

/** Where a clause's number and text sit, by level (hanging numbers, as Word's numbering). */
function clauseColumns(level: number, right: number): { numberX: number; textX: number; width: number } {
  const numberX = MARGIN.left + INDENT * Math.max(level - 2, 0);
  const textX = numberX + INDENT;
  return { numberX, textX, width: right - textX };
}

/** Where a list item's bullet or number and its text sit, by depth. */
function listColumns(depth: number, right: number): { labelX: number; textX: number; width: number } {
  const labelX = MARGIN.left + 18 * depth + 18;
  return { labelX, textX: labelX + 18, width: right - labelX - 18 };
}

/** The structure type of a heading `depth` deep in the outline (the title is H1). */
const headingType = (depth: number): string => `H${Math.min(depth + 1, 6)}`;

/**
 * Lays out a document: its pages and what goes where on each, its signature fields and headings.
 * `pages` gives the page each heading starts on (by block index), for a contents page: lay out once
 * without it to learn them, then again with it (the contents take the same room either way).
 */
export function layoutDocument(
  document: DocumentModel,
  typesetter: Typesetter,
  options: LayoutOptions = {},
): DocumentLayout {
  const { breakBefore, executionSpacing = "usual" } = options;
  const stranded: number[] = [];
  // Who initials each page (a will's maker and witnesses): room is kept for their boxes on every page.
  const initials = initialsOf(document.blocks);
  const layout = new Layout(
    typesetter,
    initials.length > 0 ? INITIALS_BAND : 0,
    EXECUTION_SPACING[executionSpacing],
  );
  /** The pages the initialling signatories sign on, which carry no initials boxes. */
  const signingPages = new Set<number>();
  const body: TextStyle = { size: BODY_SIZE };
  const blocks = document.blocks;
  const depths = outlineDepths(blocks);
  const record = (
    entry: Omit<OutlineEntry, "page" | "y">,
    start: { readonly page: number; readonly y: number },
  ): void => {
    layout.outline.push({ ...entry, page: start.page, y: round(start.y) });
  };
  /** The page each block ends on, and the page each execution block is signed on. */
  const ends: number[] = [];
  /** The page of each block's first item (none for a block that places nothing). */
  const starts: (number | undefined)[] = [];
  const signedOn = new Map<number, number>();
  for (const [index, block] of blocks.entries()) {
    if (breakBefore?.has(index) && !layout.fresh) layout.newPage();
    ends[index] = layout.page;
    const mark = { page: layout.page, items: layout.pages[layout.page - 1]?.length ?? 0 };
    switch (block.type) {
      case "title":
        layout.node = { type: "H1" };
        layout.paragraph(
          block.runs.map((run) => ("text" in run ? { ...run, text: run.text.toUpperCase() } : run)),
          {
            x: MARGIN.left,
            width: layout.textWidth,
            style: { size: 16, bold: true },
            align: "center",
            after: 18,
          },
        );
        break;
      case "heading": {
        const depth = depths[index] ?? 1;
        layout.node = { type: headingType(depth) };
        layout.space(HEADING_BEFORE[block.level]);
        const start = layout.paragraph(block.runs, {
          x: MARGIN.left,
          width: layout.textWidth,
          style: headingStyle(block.level),
          align: "left",
          keepWithNext: PARAGRAPH_AFTER + layout.leadHeight(blocks, index + 1),
        });
        record({ title: plainText(block.runs), depth, kind: "heading", block: index }, start);
        break;
      }
      case "paragraph": {
        layout.node = { type: "P" };
        // A recital's letter hangs in the margin of its text, as a clause number does.
        const hang = block.label === undefined ? 0 : INDENT;
        const x = MARGIN.left + INDENT * block.indent;
        layout.paragraph(block.runs, {
          x: x + hang,
          width: layout.textWidth - INDENT * block.indent - hang,
          style: body,
          ...(block.label === undefined ? {} : { label: { text: block.label, x } }),
          // Ragged right, as the Word file: without hyphenation, justified lines open rivers of space.
          align: "left",
        });
        break;
      }
      case "clause": {
        const { numberX, textX, width } = clauseColumns(block.level, layout.right);
        const depth = depths[index] ?? 1;
        layout.node = { type: block.heading ? headingType(depth) : "P" };
        if (block.heading) layout.space(HEADING_BEFORE.clause);
        const start = layout.paragraph(block.runs, {
          x: textX,
          width,
          style: { size: BODY_SIZE, bold: block.heading },
          align: "left",
          label: { text: block.label, x: numberX },
          ...(block.heading ? { keepWithNext: PARAGRAPH_AFTER + layout.leadHeight(blocks, index + 1) } : {}),
        });
        if (block.heading) {
          const title = `${block.label} ${plainText(block.runs)}`;
          record({ title, depth, kind: "clause", block: index }, start);
        }
        break;
      }
      case "list": {
        const list: StructureNode = { type: "L" };
        for (const item of block.items) {
          const { labelX, textX, width } = listColumns(item.depth, layout.right);
          const listItem: StructureNode = { type: "LI", parent: list };
          layout.node = { type: "LBody", parent: listItem };
          layout.paragraph(item.runs, {
            x: textX,
            width,
            style: body,
            align: "left",
            label: { text: item.label, x: labelX, node: { type: "Lbl", parent: listItem } },
            after: 3,
          });
        }
        layout.space(3);
        break;
      }
      case "table":
        layout.table(block);
        break;
      case "contents": {
        const depth = depths[index] ?? 1;
        layout.node = { type: headingType(depth) };
        layout.space(HEADING_BEFORE[1]);
        const start = layout.paragraph(block.title, {
          x: MARGIN.left,
          width: layout.textWidth,
          style: headingStyle(1),
          align: "left",
          keepWithNext: PARAGRAPH_AFTER + 2 * lineHeight(BODY_SIZE),
        });
        record({ title: plainText(block.title), depth, kind: "heading", block: index }, start);
        const list: StructureNode = { type: "TOC" };
        for (const entry of contentsEntries(blocks, index)) {
          layout.node = { type: "TOCI", parent: list };
          layout.contentsLine(entry);
        }
        layout.space(PARAGRAPH_AFTER);
        break;
      }
      case "cover": {
        // Text of the page, read in order; not a heading, so the bookmarks start with the document's.
        layout.node = { type: "P" };
        layout.y = MARGIN.top + coverTop(block.parties.length);
        const centred = { x: MARGIN.left, width: layout.textWidth, align: "center" as const };
        layout.paragraph([{ text: block.title.toUpperCase() }], {
          ...centred,
          style: { size: COVER.titleSize, bold: true },
          after: COVER.titleAfter,
        });
        block.parties.forEach((party, position) => {
          if (position > 0)
            layout.paragraph([{ text: "and" }], { ...centred, style: body, after: COVER.partyAfter });
          layout.paragraph([{ text: party }], {
            ...centred,
            style: { size: COVER.partySize, bold: true },
            after: COVER.partyAfter,
          });
        });
        layout.newPage();
        break;
      }
      case "pageBreak":
        if (block.orientation && block.orientation !== layout.orientation) layout.turn(block.orientation);
        else if (!layout.fresh) layout.newPage();
        break;
      case "rule":
        layout.ensure(12);
        layout.place(
          {
            kind: "rule",
            rule: { x1: MARGIN.left, x2: layout.right, y: layout.y + 6, lineWidth: 0.5 },
            colour: "#444444",
          },
          undefined,
        );
        layout.y += 12;
        layout.markWritten();
        break;
      case "schedule": {
        if (!layout.fresh) layout.newPage();
        const depth = depths[index] ?? 1;
        layout.node = { type: headingType(depth) };
        const start = layout.paragraph([{ text: `Schedule ${block.number}` }], {
          x: MARGIN.left,
          width: layout.textWidth,
          style: { size: 12, bold: true },
          align: "center",
          after: 2,
        });
        if (block.title.length > 0) {
          layout.paragraph(block.title, {
            x: MARGIN.left,
            width: layout.textWidth,
            style: { size: 12, bold: true },
            align: "center",
            after: 12,
          });
        }
        const title = plainText(block.title);
        record(
          {
            title: title === "" ? `Schedule ${block.number}` : `Schedule ${block.number} — ${title}`,
            depth,
            kind: "schedule",
            block: index,
          },
          start,
        );
        break;
      }
      case "execution": {
        const before = layout.fields.length;
        if (layout.execution(block.leadIn, block.block)) stranded.push(index);
        const field = layout.fields[before];
        if (field) signedOn.set(index, field.signature.page);
        if (block.initials) {
          for (const field of layout.fields.slice(before)) signingPages.add(field.signature.page);
        }
        break;
      }
    }
    const placedOnMark = (layout.pages[mark.page - 1]?.length ?? 0) > mark.items;
    starts[index] = placedOnMark ? mark.page : layout.page > mark.page ? mark.page + 1 : undefined;
    ends[index] = layout.page;
  }
  if (initials.length > 0) {
    for (let page = 1; page <= layout.pages.length; page++) {
      if (signingPages.has(page)) continue;
      layout.page = page;
      layout.initials(initials);
    }
  }
  return {
    pages: layout.pages,
    signatureFields: layout.fields,
    outline: layout.outline,
    strandedExecutions: stranded,
    executionsApart: executionsApart(blocks, ends, signedOn),
    loneExecutions: loneExecutions(blocks, starts, ends, signedOn),
    pagesSignedAlone: pagesSignedAlone(blocks, starts, ends, signedOn),
    contentsSlots: layout.contentsSlots,
    orientations: layout.orientations,
  };
}
