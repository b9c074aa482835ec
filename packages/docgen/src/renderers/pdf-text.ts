/**
 * Writing laid-out text into a pdfkit page. The layout (line breaks, justification) is ours, so all
 * pdfkit has to do is place glyphs; its public `text()` lays the text out again, measures it twice and
 * rebuilds its options for every call, which made it most of the time a PDF took. This writer shapes
 * each word with the font pdfkit holds and writes one text object per line.
 *
 * The subsets keep the font's own glyph numbers (subset.ts), so what is written of a word (its glyph
 * codes and kerning) is the same in every document: it is made once, when the word is first shaped,
 * and kept across documents, keyed by the fontkit font. A line is composed without its height
 * (`compose`: its text objects sit at the origin of a `cm` that `place` gives), so a line laid out
 * once and kept across documents (pdf-layout.ts, `SharedLines`) is composed once too (pdf.ts keeps
 * it). What belongs to one document is registering each glyph in its subset, with its width and
 * characters, done here as pdfkit's `encode` does it, and the page's font resources.
 *
 * That reaches into things pdfkit does not document: `doc._font` (the current font), its `ref()`,
 * `doc.page.fonts` (the page's font resources), and the font's `font` (the fontkit font), `scale`,
 * `subset`, `widths` and `unicode`. `FastTextWriter.for` checks for all of these and gives undefined
 * if this pdfkit lacks any, and the renderer then uses `text()` instead; both paths are tested to give
 * the same words.
 */

import { DocumentCache, KeptAcrossDocuments } from "../kept-across-documents.ts";
import { flattened } from "./flattened.ts";

/** A fontkit glyph, as pdfkit's encode reads it. */
export type FontkitGlyph = {
  readonly id: number;
  readonly advanceWidth: number;
  readonly codePoints: number[];
};

/** The part of a fontkit font this writer uses (pdfkit's EmbeddedFont keeps it as `font`). */
type FontkitFont = {
  layout(text: string): {
    readonly glyphs: readonly FontkitGlyph[];
    readonly positions: readonly GlyphOffsets[];
  };
};
type GlyphOffsets = { xAdvance: number; xOffset: number; yOffset: number };

/** The part of pdfkit's EmbeddedFont this writer uses. */
type PdfkitFont = {
  readonly id: string;
  readonly ascender: number;
  readonly font: FontkitFont;
  /** Font units to thousandths of the font size. */
  readonly scale: number;
  readonly subset: { includeGlyph(id: number): number };
  readonly widths: (number | undefined)[];
  readonly unicode: (number[] | undefined)[];
  ref(): unknown;
};

/**
 * A word as shaped: its glyphs, and its TJ operands (the glyph codes, with the kerning after a glyph
 * as a number); null when a glyph sits off the line (a combining mark), which this writer leaves to
 * pdfkit's text().
 */
type Shaped = { readonly glyphs: readonly FontkitGlyph[]; readonly operands: Operands } | null;

const format = (value: number): string => {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? "0" : String(rounded);
};

// Shaped words, per fontkit font (the package's fonts are parsed once and shared): shaped once in a
// document, and kept across documents once a second document meets the word (DocumentCache), up to
// this many characters of words a font; a client's own words are forgotten with their document.
const SHAPED_CHARACTERS = 400_000;
const SHAPED_SEEN_ONCE = 20_000;
const shapedWords = new WeakMap<FontkitFont, DocumentCache<Shaped>>();

function shape(font: PdfkitFont, word: string): Shaped {
  let cache = shapedWords.get(font.font);
  if (!cache) {
    cache = new DocumentCache(new KeptAcrossDocuments<Shaped>(SHAPED_CHARACTERS, SHAPED_SEEN_ONCE));
    shapedWords.set(font.font, cache);
  }
  // pdfkit embeds each font once per document, so the embedded font stands for the document.
  return cache.get(font, word, () => shapeWord(font, word));
}

function shapeWord(font: PdfkitFont, word: string): Shaped {
  const run = font.font.layout(word);
  let operands = "";
  let codes = "";
  for (const [index, glyph] of run.glyphs.entries()) {
    const position = run.positions[index];
    if (position?.xOffset !== 0 || position.yOffset !== 0) return null;
    // The glyph's code is its number in the font, which the subset keeps (subset.ts).
    codes += glyphCode(glyph.id);
    // As pdfkit's layoutRun: both in font units, scaled to thousandths of the size; the operand
    // moves the next glyph back by it.
    const adjustment = position.xAdvance * font.scale - glyph.advanceWidth * font.scale;
    if (adjustment !== 0) {
      operands += `(${codes}) ${format(-adjustment)} `;
      codes = "";
    }
  }
  return { glyphs: run.glyphs, operands: operandsOf(`${operands}${codes ? `(${codes})` : ""}`.trim()) };
}

/** The part of a pdfkit document this writer uses, beyond its public API. */
type PdfkitPage = {
  readonly fonts: Record<string, unknown>;
  readonly height: number;
  write(chunk: Uint8Array): void;
};
type PdfkitInternals = { readonly _font?: PdfkitFont; readonly page?: PdfkitPage };

/** A run of words in one face, placed at `x`, with `gap` extra points after each space. */
export type Stretch = {
  readonly face: string;
  readonly words: readonly string[];
  readonly x: number;
  readonly underline: boolean;
  /** The stretch's width as laid out, for the underline. */
  readonly width: number;
};

/**
 * A glyph's two-byte code as it goes in a literal string: the bytes themselves, with the three that
 * delimit or escape a literal string and the two line-end bytes escaped. Half the size of hex codes,
 * which made the page contents a good part of the time spent compressing them.
 */
const glyphCodes: string[] = [];
function glyphCode(gid: number): string {
  let code = glyphCodes[gid];
  if (code === undefined) {
    code = "";
    for (const byte of [gid >> 8, gid & 0xff]) {
      if (byte === 0x28 || byte === 0x29 || byte === 0x5c) code += `\\${String.fromCharCode(byte)}`;
      else if (byte === 0x0a) code += "\\n";
      else if (byte === 0x0d) code += "\\r";
      else code += String.fromCharCode(byte);
    }
    glyphCodes[gid] = code;
  }
  return code;
}

/**
 * A word's TJ operands, split for joining: `body` without the literal string that opens it (`open`)
 * and the one that closes it (`close`) having their parenthesis, so that joining needs no search.
 */
type Operands = { readonly open: boolean; readonly body: string; readonly close: boolean };

function operandsOf(text: string): Operands {
  const open = text.startsWith("(");
  const close = text.endsWith(")") && text.length > (open ? 1 : 0);
  return { open, body: text.slice(open ? 1 : 0, close ? -1 : undefined), close };
}

/**
 * A TJ array's operands with neighbouring literal strings joined into one: `(ab) (\0\1) (cd)` becomes
 * `(ab\0\1cd)`, a third the size for a line with no extra space between words. Inside a literal
 * string every parenthesis is escaped, so ") (" only ever ends one string and starts the next: the
 * same text as joining with spaces and removing every ") (", which searched each line's whole text
 * and was a twentieth of a PDF's time. A string's closing parenthesis is held back until the next
 * operand shows whether it continues the string.
 */
function joinStrings(parts: readonly Operands[]): string {
  let text = "";
  let held = false;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as Operands;
    if (held && part.open) {
      text += part.body;
    } else {
      if (held) text += ")";
      if (index > 0) text += " ";
      if (part.open) text += "(";
      text += part.body;
    }
    held = part.close;
  }
  return held ? `${text})` : text;
}

/**
 * A line's text, composed to be placed at any height: its text objects' operators (with the font
 * names of the document it was composed in), the faces they use and, per face, the glyphs they write.
 */
export type ComposedLine = {
  readonly body: string;
  readonly faces: readonly string[];
  /** The font name each face had in the document the line was composed in (F1, F2…). */
  readonly fontIds: readonly string[];
  /** Per face (as `faces`), the glyphs written: each registered in a document's subset once. */
  readonly glyphs: readonly (readonly FontkitGlyph[])[];
  readonly size: number;
  /** Stretches to underline once placed. */
  readonly underlines: readonly { readonly x: number; readonly width: number }[];
};

/** Writes text glyph by glyph through the current pdfkit font; see the file comment. */
export class FastTextWriter {
  // This document's font for each face, as pdfkit made it when the face was first selected.
  private readonly fonts = new Map<string, PdfkitFont>();
  // What the page being drawn has been given and not yet made into bytes: our lines, and every
  // operator pdfkit writes (marked content, rules, colours), which pdfkit would make into bytes one
  // at a time, a character at a time in JavaScript (`fromBinaryString`). A page's content goes to
  // it as one piece of bytes when another page is drawn on and when the document ends (`flush`);
  // its bytes are the same as pdfkit's (each operator followed by a newline, as its `write` adds).
  private pending = "";
  private pendingPage: PdfkitPage | undefined;

  private constructor(private readonly doc: PDFKit.PDFDocument) {
    const internals = doc as unknown as PdfkitInternals;
    const addContent = doc.addContent.bind(doc);
    doc.addContent = (data: unknown) => {
      const page = internals.page;
      // Bytes, or content with no page yet (pdfkit's own error then): as pdfkit would.
      if (typeof data !== "string" || page === undefined) {
        this.flush();
        return addContent(data);
      }
      this.toPage(page);
      this.pending += `${data}\n`;
      return doc;
    };
  }

  /** Makes `page` the one whose content is pending, giving the last one's to it first. */
  private toPage(page: PdfkitPage): void {
    if (page === this.pendingPage) return;
    this.flush();
    this.pendingPage = page;
  }

  /** Gives what was written so far to its page. Before the document ends. */
  flush(): void {
    if (this.pending === "") return;
    this.pendingPage?.write(Buffer.from(this.pending, "latin1"));
    this.pending = "";
  }

  /** A writer for the document, or undefined if this version of pdfkit lacks what it needs. */
  static for(doc: PDFKit.PDFDocument, probeFace: string): FastTextWriter | undefined {
    const internals = doc as unknown as PdfkitInternals;
    doc.font(probeFace);
    const font = internals._font;
    const usable =
      typeof font?.ref === "function" &&
      typeof font.font?.layout === "function" &&
      typeof font.scale === "number" &&
      typeof font.subset?.includeGlyph === "function" &&
      Array.isArray(font.widths) &&
      Array.isArray(font.unicode) &&
      typeof font.id === "string" &&
      typeof font.ascender === "number" &&
      typeof internals.page?.fonts === "object" &&
      typeof internals.page.height === "number" &&
      typeof internals.page.write === "function";
    return usable ? new FastTextWriter(doc) : undefined;
  }

  /** This document's font for a face (selecting it in pdfkit the first time). */
  private fontOf(face: string): PdfkitFont | undefined {
    let font = this.fonts.get(face);
    if (!font) {
      this.doc.font(face);
      font = (this.doc as unknown as PdfkitInternals)._font;
      if (font) this.fonts.set(face, font);
    }
    return font;
  }

  /** Whether a line composed in another document names this document's fonts the same way. */
  namesFontsAs(line: ComposedLine): boolean {
    // Only the faces this writer has met: selecting one here would name it (F1…) out of its order.
    for (let index = 0; index < line.faces.length; index++) {
      if (this.fonts.get(line.faces[index] as string)?.id !== line.fontIds[index]) return false;
    }
    return true;
  }

  /**
   * Composes the stretches of one line (see ComposedLine); `gap` is the extra space after each space.
   * Gives the stretches it could not write (a glyph needing an offset), for `text()` to write.
   */
  compose(
    stretches: readonly Stretch[],
    size: number,
    gap: number,
  ): { line: ComposedLine | undefined; left: Stretch[] } {
    const left: Stretch[] = [];
    const faces: string[] = [];
    const fontIds: string[] = [];
    const glyphs: Set<FontkitGlyph>[] = [];
    const underlines: { x: number; width: number }[] = [];
    let body = "";
    for (const stretch of stretches) {
      const font = this.fontOf(stretch.face);
      if (!font) {
        left.push(stretch);
        continue;
      }
      const space = shape(font, " ");
      // A space, then the line's extra width after it (in thousandths of the size, negative moves right).
      const between =
        space === null || gap === 0
          ? space?.operands
          : {
              open: space.operands.open,
              body: `${space.operands.body}${space.operands.close ? ")" : ""} ${format((-gap * 1000) / size)}`,
              close: false,
            };
      const parts: Operands[] = [];
      const wordsShaped: NonNullable<Shaped>[] = [];
      for (const [index, word] of stretch.words.entries()) {
        const shaped = shape(font, word);
        if (shaped === null || between === undefined || space === null) {
          parts.length = 0;
          break;
        }
        if (index > 0) {
          parts.push(between);
          wordsShaped.push(space);
        }
        parts.push(shaped.operands);
        wordsShaped.push(shaped);
      }
      if (parts.length === 0) {
        left.push(stretch);
        continue;
      }
      let faceIndex = faces.indexOf(stretch.face);
      if (faceIndex < 0) {
        faceIndex = faces.push(stretch.face) - 1;
        fontIds.push(font.id);
        glyphs.push(new Set());
      }
      const used = glyphs[faceIndex] as Set<FontkitGlyph>;
      for (const shaped of wordsShaped) for (const glyph of shaped.glyphs) used.add(glyph);
      // At the line's top (the origin `place` gives): the baseline is the font's ascent below it.
      body += `/${font.id} ${format(size)} Tf 1 0 0 1 ${format(stretch.x)} ${format((-font.ascender / 1000) * size)} Tm [${joinStrings(parts)}] TJ\n`;
      if (stretch.underline) underlines.push({ x: stretch.x, width: stretch.width });
    }
    if (body === "") return { line: undefined, left };
    return {
      // Kept across documents and written on every client's page: one piece, not a tree (flattened.ts).
      line: {
        body: flattened(body),
        faces,
        fontIds,
        glyphs: glyphs.map((set) => [...set]),
        size,
        underlines,
      },
      left,
    };
  }

  /**
   * Writes a composed line whose top is at `top`, registering its glyphs in this document's subsets
   * and its fonts in the page's resources. The line must name the fonts as this document does.
   */
  place(line: ComposedLine, top: number): void {
    const internals = this.doc as unknown as Required<PdfkitInternals>;
    line.faces.forEach((face, index) => {
      const font = this.fontOf(face) as PdfkitFont;
      internals.page.fonts[font.id] ??= font.ref();
      // Registers each glyph in this document's subset once, as pdfkit's encode() does.
      const { widths, unicode, scale, subset } = font;
      for (const glyph of line.glyphs[index] ?? []) {
        if (unicode[glyph.id] !== undefined) continue;
        subset.includeGlyph(glyph.id);
        widths[glyph.id] ??= glyph.advanceWidth * scale;
        unicode[glyph.id] = glyph.codePoints;
      }
    });
    // pdfkit's pages are drawn upside down (origin top-left); the `cm` turns the line's space the
    // right way up with its origin at the line's top.
    this.toPage(internals.page);
    this.pending += `q 1 0 0 -1 0 ${format(top)} cm BT\n${line.body}ET Q\n`;
    for (const underline of line.underlines) this.underline(underline, top, line.size);
  }

  private underline(
    stretch: { readonly x: number; readonly width: number },
    top: number,
    size: number,
  ): void {
    const thickness = size < 10 ? 0.5 : Math.floor(size / 10);
    const y = top + size * 1.149 - thickness;
    this.doc
      .save()
      .lineWidth(thickness)
      .moveTo(stretch.x, y)
      .lineTo(stretch.x + stretch.width, y)
      .stroke()
      .restore();
  }
}
