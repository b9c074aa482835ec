/**
 * The PDF, laid out here and written with pdfkit: A4, 25.4 mm margins, Liberation Serif embedded from
 * the package, justified text, hanging clause numbers matching Word's, tables that repeat their header
 * row across pages, execution blocks kept on one page, and a footer with the title and "Page x of y".
 * Each signature and date box is returned with its page and position, for e-signing.
 *
 * Positions are in PDF points (1/72 inch) from the top-left corner of the page; pages are numbered
 * from 1. An A4 page is 595.28 × 841.89 points.
 */
import { deflateSync } from "node:zlib";
import PDFDocument from "pdfkit";
import { DEFLATE_LEVEL } from "../constants.ts";
import { documentMetadata, type MetadataOptions } from "../metadata.ts";
import {
  type Block,
  columnShares,
  type DocumentModel,
  type Run,
  signatureAddress,
  signatureCaption,
  signatureName,
} from "../model.ts";
import type { ExecutionBlock, Signatory } from "../signers.ts";
import { DOCGEN_VERSION } from "../version.ts";
import { type FontFace, faceOf, parsedFonts } from "./fonts.ts";
import { FastTextWriter } from "./pdf-text.ts";

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

/** The PDF and what the signing module needs to know about it. */
export type RenderedPdf = {
  readonly pdf: Uint8Array;
  readonly pageCount: number;
  readonly signatureFields: readonly SignatureField[];
};

/** A4 in points. */
export const PAGE_SIZE = { width: 595.28, height: 841.89 } as const;
const MARGIN = { top: 72, bottom: 72, left: 72, right: 72 } as const;
const TEXT_WIDTH = PAGE_SIZE.width - MARGIN.left - MARGIN.right;
const BOTTOM = PAGE_SIZE.height - MARGIN.bottom;
const BODY_SIZE = 11;
/** A draft's placeholders: a marker-pen yellow. */
const HIGHLIGHT = "#fff176";
const WATERMARK = "DRAFT";
const SMALL_SIZE = 9.5;
const INDENT = 36; // 12.7 mm, as the Word numbering
const PARAGRAPH_AFTER = 6;
const SIGNATURE_HEIGHT = 40;
const COLUMN_GAP = 24;
const TABLE_SIZE = 10;
const TABLE_PADDING = 4;
/** Space above a level 1 heading, a level 2 heading or a clause heading, and before an execution block. */
const HEADING_BEFORE = { 1: 12, 2: 6, clause: 6 } as const;
const EXECUTION_BEFORE = 12;

// Widths of words in each face, per 1000 points of font size, kept across documents: measuring is the
// costliest part of layout, and a word's width never changes. Emptied if it ever grows this large.
const WIDTH_CACHE_LIMIT = 100_000;
const widthCache: Record<FontFace, Map<string, number>> = {
  regular: new Map(),
  bold: new Map(),
  italic: new Map(),
  boldItalic: new Map(),
};

/** A piece of a word in one face. */
type Piece = {
  readonly text: string;
  readonly face: FontFace;
  readonly underline: boolean;
  /** A draft's placeholder for a missing answer, drawn on a highlight. */
  readonly highlight: boolean;
  readonly width: number;
};
/** A word: pieces with no space between; `space` is the width of the space after it (0 at a line break). */
type Word = { readonly pieces: readonly Piece[]; readonly width: number; readonly space: number };
/** A laid-out line; `last` lines of a paragraph are not justified. */
type Line = { readonly words: readonly Word[]; readonly width: number; readonly last: boolean };

type TextStyle = { readonly size: number; readonly bold?: boolean; readonly italic?: boolean };

class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  y: number = MARGIN.top;
  page = 1;
  readonly fields: SignatureField[] = [];
  private atPageTop = true;

  /** Writes glyphs directly (see pdf-text.ts); undefined to use pdfkit's text(). */
  private readonly glyphs: FastTextWriter | undefined;

  constructor(title: string, options: RenderPdfOptions) {
    this.doc = new PDFDocument({
      size: [PAGE_SIZE.width, PAGE_SIZE.height],
      margins: { top: 0, bottom: 0, left: 0, right: 0 },
      // No default font: pdfkit would otherwise load Helvetica, which the document never uses.
      font: null as unknown as string,
      bufferPages: true,
      autoFirstPage: false,
      compress: true,
      pdfVersion: "1.7",
      lang: "en-AU",
      displayTitle: true,
      info: {
        Title: title,
        Author: documentMetadata(options).author,
        Creator: `Precedent docgen ${DOCGEN_VERSION}`,
        Producer: "PDFKit",
        CreationDate: documentMetadata(options).date,
        ModDate: documentMetadata(options).date,
      },
    });
    compressStreamsAt(this.doc, DEFLATE_LEVEL);
    const fonts = parsedFonts();
    for (const face of ["regular", "bold", "italic", "boldItalic"] as const) {
      this.doc.registerFont(face, fonts[face] as unknown as string);
    }
    this.doc.addPage();
    this.glyphs = options.glyphWriter === false ? undefined : FastTextWriter.for(this.doc, "regular");
  }

  /** Width of text in a face at a size. */
  measure(text: string, face: FontFace, size: number): number {
    const cache = widthCache[face];
    let perThousand = cache.get(text);
    if (perThousand === undefined) {
      perThousand = this.doc.font(face).fontSize(1000).widthOfString(text);
      if (cache.size >= WIDTH_CACHE_LIMIT) cache.clear();
      cache.set(text, perThousand);
    }
    return (perThousand * size) / 1000;
  }

  /** Writes text on one line at (x, y), setting its face and size first (measuring changes them). */
  write(text: string, face: FontFace, size: number, x: number, y: number): void {
    const stretch = { face, words: text.split(" "), x, underline: false, width: 0 };
    // Through the glyph writer when it can (pdfkit's text() lays the text out again); else text().
    if (this.glyphs && this.glyphs.line([stretch], y, size, 0).length === 0) return;
    this.doc.font(face).fontSize(size).text(text, x, y, { lineBreak: false });
  }

  lineHeight(size: number): number {
    // Liberation Serif: ascent 0.891, descent 0.216, gap 0.042 of the em, as Word's single spacing.
    return size * 1.149;
  }

  /** Whether nothing has been written on the current page yet. */
  get fresh(): boolean {
    return this.atPageTop;
  }

  newPage(): void {
    this.doc.addPage();
    this.page += 1;
    this.y = MARGIN.top;
    this.atPageTop = true;
  }

  /** Starts a new page unless `height` still fits on this one. */
  ensure(height: number): void {
    if (this.y + height > BOTTOM && !this.atPageTop) this.newPage();
  }

  /** Moves down, without running past the bottom (space at the top of a page is dropped). */
  space(height: number): void {
    if (this.atPageTop) return;
    this.y = Math.min(this.y + height, BOTTOM);
  }

  markWritten(): void {
    this.atPageTop = false;
  }

  /** Splits runs into words with their widths. */
  words(runs: readonly Run[], style: TextStyle): (Word | "break")[] {
    const words: (Word | "break")[] = [];
    let pieces: Piece[] = [];
    let width = 0;
    const finish = (space: number) => {
      if (pieces.length > 0) words.push({ pieces, width, space });
      pieces = [];
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
        if (index % 2 === 1) {
          finish(this.measure(" ", face, style.size));
          continue;
        }
        const partWidth = this.measure(part, face, style.size);
        pieces.push({
          text: part,
          face,
          underline: !!run.underline,
          highlight: !!run.highlight,
          width: partWidth,
        });
        width += partWidth;
      }
    }
    finish(0);
    return words;
  }

  /** Breaks words into lines of at most `width` (the first line may be shorter: `firstWidth`). */
  lines(words: readonly (Word | "break")[], width: number, style: TextStyle, firstWidth = width): Line[] {
    const lines: Line[] = [];
    let current: Word[] = [];
    let currentWidth = 0;
    const limit = () => (lines.length === 0 ? firstWidth : width);
    const push = (last: boolean) => {
      lines.push({ words: current, width: currentWidth, last });
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

  /** Draws one line at (x, y); justified lines spread their spaces to fill `width`. */
  drawLine(
    line: Line,
    x: number,
    y: number,
    width: number,
    size: number,
    align: "left" | "justify" | "center",
  ): void {
    const gaps = line.words.slice(0, -1).filter((word) => word.space > 0).length;
    const extra =
      align === "justify" && !line.last && gaps > 0 ? Math.max(0, (width - line.width) / gaps) : 0;
    let cursor = align === "center" ? x + (width - line.width) / 2 : x;
    // Consecutive words in one face, underline and highlight are written as one stretch of text.
    const stretches: {
      face: FontFace;
      underline: boolean;
      highlight: boolean;
      x: number;
      width: number;
      words: string[];
    }[] = [];
    line.words.forEach((word, index) => {
      word.pieces.forEach((piece, pieceIndex) => {
        const startsWord = pieceIndex === 0 && index > 0;
        let stretch = stretches[stretches.length - 1];
        if (
          stretch &&
          stretch.face === piece.face &&
          stretch.underline === piece.underline &&
          stretch.highlight === piece.highlight
        ) {
          if (startsWord) stretch.words.push(piece.text);
          else stretch.words[stretch.words.length - 1] += piece.text;
        } else {
          stretch = {
            face: piece.face,
            underline: piece.underline,
            highlight: piece.highlight,
            x: cursor,
            width: 0,
            words: [piece.text],
          };
          stretches.push(stretch);
        }
        cursor += piece.width;
        stretch.width = cursor - stretch.x;
      });
      // The space after a word widens its stretch only if the next word joins it (see above).
      if (index < line.words.length - 1 && word.space > 0) cursor += word.space + extra;
    });
    // Highlights go under the text: drawn first, then the fill colour is black again for the words.
    const highlighted = stretches.filter((stretch) => stretch.highlight);
    if (highlighted.length > 0) {
      for (const stretch of highlighted) {
        this.doc.rect(stretch.x - 1, y - 1, stretch.width + 2, this.lineHeight(size) + 1).fill(HIGHLIGHT);
      }
      this.doc.fillColor("#000000");
    }
    const unwritten = this.glyphs ? this.glyphs.line(stretches, y, size, extra) : stretches;
    for (const stretch of unwritten) {
      this.doc
        .font(stretch.face)
        .fontSize(size)
        .text(stretch.words.join(" "), stretch.x, y, {
          lineBreak: false,
          wordSpacing: extra,
          underline: stretch.underline,
          textWidth: stretch.width - extra * (stretch.words.length - 1),
          wordCount: stretch.words.length,
        } as PDFKit.Mixins.TextOptions);
    }
  }

  /** Lays out and draws a paragraph; `label` hangs at `labelX`, text starts at `x`. */
  paragraph(
    runs: readonly Run[],
    options: {
      x: number;
      width: number;
      style: TextStyle;
      align: "left" | "justify" | "center";
      label?: { text: string; x: number };
      keepWithNext?: number;
      after?: number;
    },
  ): void {
    const { style } = options;
    const lines = this.lines(this.words(runs, style), options.width, style);
    const height = this.lineHeight(style.size);
    // Keep at least two lines of a paragraph together, and a heading with what follows it.
    this.ensure(height * Math.min(lines.length, 2) + (options.keepWithNext ?? 0));
    lines.forEach((line, index) => {
      this.ensure(height);
      if (index === 0 && options.label) {
        this.write(options.label.text, faceOf(!!style.bold, false), style.size, options.label.x, this.y);
      }
      this.drawLine(line, options.x, this.y, options.width, style.size, options.align);
      this.y += height;
      this.markWritten();
    });
    this.y += options.after ?? PARAGRAPH_AFTER;
  }

  /** Height a paragraph will take (or its first `most` lines). */
  paragraphHeight(
    runs: readonly Run[],
    width: number,
    style: TextStyle,
    most = Number.POSITIVE_INFINITY,
  ): number {
    const count = this.lines(this.words(runs, style), width, style).length;
    return Math.min(count, most) * this.lineHeight(style.size);
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
          this.paragraphHeight(block.runs, TEXT_WIDTH, style, 2) +
          PARAGRAPH_AFTER +
          this.leadHeight(blocks, index + 1)
        );
      }
      case "clause": {
        const { width } = clauseColumns(block.level);
        const lines = this.paragraphHeight(block.runs, width, { size: BODY_SIZE, bold: block.heading }, 2);
        return block.heading
          ? HEADING_BEFORE.clause + lines + PARAGRAPH_AFTER + this.leadHeight(blocks, index + 1)
          : lines;
      }
      case "paragraph":
        return this.paragraphHeight(block.runs, TEXT_WIDTH - INDENT * block.indent, { size: BODY_SIZE }, 2);
      case "list": {
        const [item] = block.items;
        if (!item) return 0;
        const { width } = listColumns(item.depth);
        return this.paragraphHeight(item.runs, width, { size: BODY_SIZE }, 2);
      }
      case "table": {
        const widths = columnShares(block).map((share) => share * TEXT_WIDTH);
        const [first] = block.rows;
        return (
          (block.header ? this.tableRow(widths, block.header, true).height : 0) +
          (first ? this.tableRow(widths, first, false).height : 0)
        );
      }
      case "execution":
        return EXECUTION_BEFORE + this.executionHeights(block.leadIn, block.block).total;
      default:
        // A title, rule, page break or schedule: nothing a heading must be kept with.
        return 0;
    }
  }

  /** Lays out one row of a table: each cell's lines, and the row's height. */
  private tableRow(widths: readonly number[], cells: readonly (readonly Run[])[], header: boolean) {
    const cellStyle: TextStyle = { size: TABLE_SIZE, bold: header };
    const laid = widths.map((width, column) =>
      this.lines(this.words(cells[column] ?? [], cellStyle), width - 2 * TABLE_PADDING, cellStyle),
    );
    const height =
      Math.max(...laid.map((lines) => lines.length)) * this.lineHeight(TABLE_SIZE) + 2 * TABLE_PADDING;
    return { laid, height, header };
  }

  table(block: Extract<Block, { type: "table" }>): void {
    const widths = columnShares(block).map((share) => share * TEXT_WIDTH);
    const padding = TABLE_PADDING;
    const style: TextStyle = { size: TABLE_SIZE };
    const layoutRow = (cells: readonly (readonly Run[])[], header: boolean) =>
      this.tableRow(widths, cells, header);
    const header = block.header ? layoutRow(block.header, true) : undefined;
    const drawRow = (row: ReturnType<typeof layoutRow>) => {
      let x = MARGIN.left;
      row.laid.forEach((lines, column) => {
        const width = widths[column] ?? 0;
        if (row.header)
          this.doc.rect(x, this.y, width, row.height).fillColor("#eeeeee").fill().fillColor("#000000");
        this.doc.rect(x, this.y, width, row.height).lineWidth(0.5).strokeColor("#444444").stroke();
        let lineY = this.y + padding;
        for (const line of lines) {
          this.drawLine(line, x + padding, lineY, width - 2 * padding, style.size, "left");
          lineY += this.lineHeight(style.size);
        }
        x += width;
      });
      this.y += row.height;
      this.markWritten();
    };
    this.ensure((header?.height ?? 0) + (block.rows[0] ? layoutRow(block.rows[0], false).height : 0));
    if (header) drawRow(header);
    for (const cells of block.rows) {
      const row = layoutRow(cells, false);
      if (this.y + row.height > BOTTOM) {
        this.newPage();
        if (header) drawRow(header);
      }
      drawRow(row);
    }
    this.y += PARAGRAPH_AFTER * 2;
  }

  /** The heights of an execution block's rows of signatures (two to a row), and the whole block's. */
  private executionHeights(leadIn: readonly Run[], block: ExecutionBlock) {
    const small = this.lineHeight(SMALL_SIZE);
    const rows = Math.ceil(block.signatories.length / 2);
    // Caption, name and date under each line; a row with a witness also has two lines of address.
    const rowHeights = Array.from({ length: rows }, (_, row) => {
      const witnessed = block.signatories
        .slice(row * 2, row * 2 + 2)
        .some((signatory) => signatureAddress(signatory) !== undefined);
      return 10 + SIGNATURE_HEIGHT + 3 + (witnessed ? 5 : 3) * small + 10;
    });
    const leadInHeight = this.paragraphHeight(leadIn, TEXT_WIDTH, { size: BODY_SIZE });
    return { rowHeights, total: leadInHeight + 4 + rowHeights.reduce((sum, height) => sum + height, 0) };
  }

  execution(leadIn: readonly Run[], block: ExecutionBlock): void {
    const style: TextStyle = { size: BODY_SIZE };
    const { rowHeights, total } = this.executionHeights(leadIn, block);
    const rows = rowHeights.length;
    // An execution block is never split across pages.
    this.space(EXECUTION_BEFORE);
    this.ensure(total);
    this.paragraph(leadIn, { x: MARGIN.left, width: TEXT_WIDTH, style, align: "left", after: 4 });
    const columnWidth = (TEXT_WIDTH - COLUMN_GAP) / 2;
    for (let row = 0; row < rows; row++) {
      const rowHeight = rowHeights[row] ?? 0;
      // Only a block taller than a page (many signing directors) breaks, and then between rows.
      this.ensure(rowHeight);
      const top = this.y + 10;
      for (let column = 0; column < 2; column++) {
        const signatory = block.signatories[row * 2 + column];
        if (!signatory) continue;
        const x = MARGIN.left + column * (columnWidth + COLUMN_GAP);
        this.signatory(signatory, block, x, top, columnWidth);
      }
      this.y = top + rowHeight - 10;
      this.markWritten();
    }
  }

  private signatory(
    signatory: Signatory,
    block: ExecutionBlock,
    x: number,
    top: number,
    width: number,
  ): void {
    const doc = this.doc;
    const small = this.lineHeight(SMALL_SIZE);
    const lineY = top + SIGNATURE_HEIGHT;
    doc
      .moveTo(x, lineY)
      .lineTo(x + width, lineY)
      .lineWidth(0.75)
      .strokeColor("#000000")
      .stroke();
    let textY = lineY + 3;
    for (const text of [signatureCaption(signatory), signatureName(signatory)]) {
      this.write(this.fit(text, width), "regular", SMALL_SIZE, x, textY);
      textY += small;
    }
    const address = signatureAddress(signatory);
    if (address !== undefined) textY = this.addressLines(address, !signatory.address, x, textY, width);
    const dateLabel = "Date:";
    this.write(dateLabel, "regular", SMALL_SIZE, x, textY);
    const dateX = x + this.measure(`${dateLabel} `, "regular", SMALL_SIZE);
    const dateWidth = Math.min(110, x + width - dateX);
    doc
      .moveTo(dateX, textY + small - 1.5)
      .lineTo(dateX + dateWidth, textY + small - 1.5)
      .lineWidth(0.5)
      .stroke();
    this.fields.push({
      metaKey: signatory.metaKey,
      dateKey: signatory.dateKey,
      role: signatory.role,
      fullName: signatory.fullName,
      email: signatory.email,
      partyId: block.partyId,
      partyPath: block.partyPath,
      ...(signatory.witnessOf ? { witnessOf: signatory.witnessOf } : {}),
      signature: {
        page: this.page,
        x: round(x),
        y: round(top),
        width: round(width),
        height: SIGNATURE_HEIGHT,
      },
      date: {
        page: this.page,
        x: round(dateX),
        y: round(textY - 1),
        width: round(dateWidth),
        height: round(small + 1),
      },
    });
  }

  /**
   * A witness's address in two lines under the name: the answered address, wrapped (and shortened if
   * it needs more), or "Address:" and rules to write it on by hand. Gives the y after them.
   */
  private addressLines(address: string, blank: boolean, x: number, top: number, width: number): number {
    const small = this.lineHeight(SMALL_SIZE);
    if (blank) {
      this.write(address, "regular", SMALL_SIZE, x, top);
      const start = x + this.measure(`${address} `, "regular", SMALL_SIZE);
      for (const [from, y] of [
        [start, top + small - 1.5],
        [x, top + 2 * small - 1.5],
      ] as const) {
        this.doc
          .moveTo(from, y)
          .lineTo(x + width, y)
          .lineWidth(0.5)
          .stroke();
      }
      return top + 2 * small;
    }
    const style: TextStyle = { size: SMALL_SIZE };
    const lines = this.lines(this.words([{ text: address }], style), width, style);
    const [first, second, ...rest] = lines;
    if (first) this.drawLine(first, x, top, width, SMALL_SIZE, "left");
    if (second) {
      // What does not fit in two lines is shortened with an ellipsis (the answer is in the Word file whole).
      const tail = [second, ...rest]
        .flatMap((line) => line.words.map((word) => word.pieces.map((piece) => piece.text).join("")))
        .join(" ");
      this.write(this.fit(tail, width), "regular", SMALL_SIZE, x, top + small);
    }
    return top + 2 * small;
  }

  /** Shortens a single line of small text to fit a width, with an ellipsis. */
  private fit(text: string, width: number): string {
    if (this.measure(text, "regular", SMALL_SIZE) <= width) return text;
    let shorter = text;
    while (shorter.length > 1 && this.measure(`${shorter}…`, "regular", SMALL_SIZE) > width) {
      shorter = shorter.slice(0, -1);
    }
    return `${shorter}…`;
  }

  /**
   * Writes DRAFT across every page, large, pale and diagonal, over the text (so nothing on the
   * page can hide it) but faint enough to read through.
   */
  watermarks(): void {
    const range = this.doc.bufferedPageRange();
    const size = 120;
    const width = this.measure(WATERMARK, "bold", size);
    const centre = { x: PAGE_SIZE.width / 2, y: PAGE_SIZE.height / 2 };
    for (let index = 0; index < range.count; index++) {
      this.doc.switchToPage(range.start + index);
      this.doc.save();
      this.doc.rotate(-45, { origin: [centre.x, centre.y] });
      this.doc.fillColor("#c62828", 0.15);
      this.write(WATERMARK, "bold", size, centre.x - width / 2, centre.y - this.lineHeight(size) / 2);
      this.doc.restore();
    }
  }

  /** Writes "title" and "Page x of y" at the foot of every page. */
  footers(title: string): void {
    const range = this.doc.bufferedPageRange();
    const y = PAGE_SIZE.height - MARGIN.bottom / 2 - 4;
    for (let index = 0; index < range.count; index++) {
      this.doc.switchToPage(range.start + index);
      this.doc
        .moveTo(MARGIN.left, y - 5)
        .lineTo(PAGE_SIZE.width - MARGIN.right, y - 5)
        .lineWidth(0.5)
        .strokeColor("#999999")
        .stroke();
      const pageText = `Page ${index + 1} of ${range.count}`;
      const pageWidth = this.measure(pageText, "regular", 9);
      const fittedTitle = this.fitFooter(title, TEXT_WIDTH - pageWidth - 18);
      this.doc.fillColor("#555555");
      this.write(fittedTitle, "regular", 9, MARGIN.left, y);
      this.write(pageText, "regular", 9, PAGE_SIZE.width - MARGIN.right - pageWidth, y);
      this.doc.fillColor("#000000");
    }
  }

  private fitFooter(title: string, width: number): string {
    if (this.measure(title, "regular", 9) <= width) return title;
    let shorter = title;
    while (shorter.length > 1 && this.measure(`${shorter}…`, "regular", 9) > width)
      shorter = shorter.slice(0, -1);
    return `${shorter}…`;
  }

  async finish(): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    const done = new Promise<void>((resolve, reject) => {
      this.doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
      this.doc.on("end", () => resolve());
      this.doc.on("error", reject);
    });
    this.doc.end();
    await done;
    const length = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    const bytes = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return bytes;
  }
}

const round = (value: number): number => Math.round(value * 100) / 100;

const headingStyle = (level: 1 | 2): TextStyle => ({ size: level === 1 ? 12 : BODY_SIZE, bold: true });

/** Where a clause's number and text sit, by level (hanging numbers, as Word's numbering). */
function clauseColumns(level: number): { numberX: number; textX: number; width: number } {
  const numberX = MARGIN.left + INDENT * Math.max(level - 2, 0);
  const textX = numberX + INDENT;
  return { numberX, textX, width: PAGE_SIZE.width - MARGIN.right - textX };
}

/** Where a list item's bullet or number and its text sit, by depth. */
function listColumns(depth: number): { labelX: number; textX: number; width: number } {
  const labelX = MARGIN.left + 18 * depth + 18;
  return { labelX, textX: labelX + 18, width: PAGE_SIZE.width - MARGIN.right - labelX - 18 };
}

/** The part of a pdfkit object reference (a stream) that compressStreamsAt uses; pdfkit does not document it. */
type PdfkitReference = {
  compress: boolean;
  buffer: Uint8Array[];
  readonly data: Record<string, unknown>;
  finalize(): void;
};

/**
 * Makes pdfkit deflate this document's streams (page contents, font subsets, ToUnicode maps) at
 * `level` instead of zlib's default 6, which took a fifth of a PDF's time: level 4 takes about half
 * as long for a file some 5% larger. pdfkit has no option for it, so each stream reference the
 * document creates is marked as not for pdfkit to compress, and is deflated here just before pdfkit
 * writes it; a stream that already names its filter is left alone, as pdfkit leaves it. Only this
 * document's `ref` is wrapped. If pdfkit's references ever lack these members, they stay as they are.
 */
function compressStreamsAt(doc: PDFKit.PDFDocument, level: number): void {
  const internals = doc as unknown as { ref(data?: object): PdfkitReference };
  const ref = internals.ref.bind(doc);
  internals.ref = (data?: object) => {
    const reference = ref(data);
    if (
      reference.compress !== true ||
      !Array.isArray(reference.buffer) ||
      typeof reference.finalize !== "function"
    ) {
      return reference;
    }
    reference.compress = false;
    const finalize = reference.finalize.bind(reference);
    reference.finalize = () => {
      if (reference.buffer.length > 0) {
        reference.buffer = [deflateSync(Buffer.concat(reference.buffer), { level })];
        reference.data.Filter = "FlateDecode";
      }
      finalize();
    };
    return reference;
  };
}

/** Options for renderPdf: the metadata's date and author, and how glyphs are written. */
export type RenderPdfOptions = MetadataOptions & {
  /** Write glyphs directly (the default) or through pdfkit's text(): the same words, more slowly. */
  readonly glyphWriter?: boolean;
};

/** Renders the document as a PDF; gives its bytes, page count and signature fields. */
export async function renderPdf(
  document: DocumentModel,
  options: RenderPdfOptions = {},
): Promise<RenderedPdf> {
  const writer = new PdfWriter(document.title, options);
  const body: TextStyle = { size: BODY_SIZE };
  const blocks = document.blocks;
  for (const [index, block] of blocks.entries()) {
    switch (block.type) {
      case "title":
        writer.paragraph(
          block.runs.map((run) => ("text" in run ? { ...run, text: run.text.toUpperCase() } : run)),
          {
            x: MARGIN.left,
            width: TEXT_WIDTH,
            style: { size: 16, bold: true },
            align: "center",
            after: 18,
          },
        );
        break;
      case "heading":
        writer.space(HEADING_BEFORE[block.level]);
        writer.paragraph(block.runs, {
          x: MARGIN.left,
          width: TEXT_WIDTH,
          style: headingStyle(block.level),
          align: "left",
          keepWithNext: PARAGRAPH_AFTER + writer.leadHeight(blocks, index + 1),
        });
        break;
      case "paragraph":
        writer.paragraph(block.runs, {
          x: MARGIN.left + INDENT * block.indent,
          width: TEXT_WIDTH - INDENT * block.indent,
          style: body,
          align: "justify",
        });
        break;
      case "clause": {
        const { numberX, textX, width } = clauseColumns(block.level);
        if (block.heading) writer.space(HEADING_BEFORE.clause);
        writer.paragraph(block.runs, {
          x: textX,
          width,
          style: { size: BODY_SIZE, bold: block.heading },
          align: block.heading ? "left" : "justify",
          label: { text: block.label, x: numberX },
          ...(block.heading ? { keepWithNext: PARAGRAPH_AFTER + writer.leadHeight(blocks, index + 1) } : {}),
        });
        break;
      }
      case "list":
        for (const item of block.items) {
          const { labelX, textX, width } = listColumns(item.depth);
          writer.paragraph(item.runs, {
            x: textX,
            width,
            style: body,
            align: "left",
            label: { text: item.label, x: labelX },
            after: 3,
          });
        }
        writer.space(3);
        break;
      case "table":
        writer.table(block);
        break;
      case "pageBreak":
        if (!writer.fresh) writer.newPage();
        break;
      case "rule":
        writer.ensure(12);
        writer.doc
          .moveTo(MARGIN.left, writer.y + 6)
          .lineTo(PAGE_SIZE.width - MARGIN.right, writer.y + 6)
          .lineWidth(0.5)
          .strokeColor("#444444")
          .stroke();
        writer.y += 12;
        writer.markWritten();
        break;
      case "schedule":
        if (!writer.fresh) writer.newPage();
        writer.paragraph([{ text: `Schedule ${block.number}` }], {
          x: MARGIN.left,
          width: TEXT_WIDTH,
          style: { size: 12, bold: true },
          align: "center",
          after: 2,
        });
        if (block.title.length > 0) {
          writer.paragraph(block.title, {
            x: MARGIN.left,
            width: TEXT_WIDTH,
            style: { size: 12, bold: true },
            align: "center",
            after: 12,
          });
        }
        break;
      case "execution":
        writer.execution(block.leadIn, block.block);
        break;
    }
  }
  writer.footers(document.title);
  if (document.draft) writer.watermarks();
  const pdf = await writer.finish();
  return { pdf, pageCount: writer.page, signatureFields: writer.fields };
}
