/**
 * Writing laid-out text into a pdfkit page. The layout (line breaks, justification) is ours, so all
 * pdfkit has to do is place glyphs; its public `text()` lays the text out again, measures it twice and
 * rebuilds its options for every call, which made it most of the time a PDF took. This writer asks
 * pdfkit's current font for the glyphs of each word (pdfkit still owns subsetting, widths and the
 * ToUnicode map) and writes one text object per line.
 *
 * That reaches into things pdfkit does not document: `doc._font` (the current font), its `ref()`,
 * `doc.page.fonts` (the page's font resources), and the font's `font` (the fontkit font), `scale`,
 * `subset`, `widths` and `unicode`, which its `encode(text)` fills. Shaping a word (fontkit's layout,
 * then pdfkit's scaling) is kept across documents, keyed by the fontkit font, since only the subset's
 * glyph numbers belong to one document; registering a glyph in the subset is done here as pdfkit's
 * `encode` does it. `FastTextWriter.for` checks for all of these and gives undefined if this pdfkit
 * lacks any, and the renderer then uses `text()` instead; both paths are tested to give the same words.
 */

/** A fontkit glyph, as pdfkit's encode reads it. */
type FontkitGlyph = { readonly id: number; readonly advanceWidth: number; readonly codePoints: number[] };

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
 * A word as shaped: its glyphs, and after each glyph the kerning in thousandths of the font size
 * (positive moves the next glyph right); null when a glyph sits off the line (a combining mark),
 * which this writer leaves to pdfkit's text().
 */
type Shaped = {
  readonly glyphs: readonly FontkitGlyph[];
  /** After each glyph, its kerning as the TJ operand that writes it, or "" for none. */
  readonly kerning: readonly string[];
} | null;

const format = (value: number): string => {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? "0" : String(rounded);
};

// Shaped words of every document, per fontkit font (the package's fonts are parsed once and shared).
// Emptied if one ever grows this large.
const SHAPED_LIMIT = 50_000;
const shapedWords = new WeakMap<FontkitFont, Map<string, Shaped>>();

function shape(font: PdfkitFont, word: string): Shaped {
  let cache = shapedWords.get(font.font);
  if (!cache) {
    cache = new Map();
    shapedWords.set(font.font, cache);
  }
  let shaped = cache.get(word);
  if (shaped === undefined) {
    const run = font.font.layout(word);
    const kerning: string[] = [];
    shaped = { glyphs: run.glyphs, kerning };
    for (const [index, glyph] of run.glyphs.entries()) {
      const position = run.positions[index];
      if (position?.xOffset !== 0 || position.yOffset !== 0) {
        shaped = null;
        break;
      }
      // As pdfkit's layoutRun: both in font units, scaled to thousandths of the size; the operand
      // moves the next glyph back by it.
      const adjustment = position.xAdvance * font.scale - glyph.advanceWidth * font.scale;
      kerning.push(adjustment === 0 ? "" : format(-adjustment));
    }
    if (cache.size >= SHAPED_LIMIT) cache.clear();
    cache.set(word, shaped);
  }
  return shaped;
}

/** The part of a pdfkit document this writer uses, beyond its public API. */
type PdfkitInternals = {
  readonly _font?: PdfkitFont;
  readonly page?: { readonly fonts: Record<string, unknown>; readonly height: number };
};

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

/** Writes text glyph by glyph through the current pdfkit font; see the file comment. */
export class FastTextWriter {
  // Each word's TJ operands, per face, for this document (the glyph ids are this document's subset's).
  private readonly words = new Map<string, Map<string, Operands | null>>();
  // Each glyph's code in this document's subset, per font, by the font's own glyph id: a glyph is
  // registered in the subset once, however many of the document's words use it.
  private readonly codes = new Map<PdfkitFont, string[]>();

  private constructor(private readonly doc: PDFKit.PDFDocument) {}

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
      typeof internals.page.height === "number";
    return usable ? new FastTextWriter(doc) : undefined;
  }

  /** TJ operands of one word: its glyph codes, with kerning adjustments; null if a glyph needs offsets. */
  private operands(face: string, font: PdfkitFont, word: string): Operands | null {
    let cache = this.words.get(face);
    if (!cache) {
      cache = new Map();
      this.words.set(face, cache);
    }
    const known = cache.get(word);
    if (known !== undefined) return known;
    const shaped = shape(font, word);
    let result: string | null = shaped === null ? null : "";
    let hex = "";
    if (shaped !== null) {
      let codes = this.codes.get(font);
      if (!codes) {
        codes = [];
        this.codes.set(font, codes);
      }
      const { glyphs, kerning } = shaped;
      for (let index = 0; index < glyphs.length; index++) {
        const glyph = glyphs[index] as FontkitGlyph;
        let code = codes[glyph.id];
        if (code === undefined) {
          // Registers the glyph in this document's subset, as pdfkit's encode() does.
          const gid = font.subset.includeGlyph(glyph.id);
          font.widths[gid] ??= glyph.advanceWidth * font.scale;
          font.unicode[gid] ??= glyph.codePoints;
          code = glyphCode(gid);
          codes[glyph.id] = code;
        }
        hex += code;
        const operand = kerning[index] ?? "";
        if (operand !== "") {
          result += `(${hex}) ${operand} `;
          hex = "";
        }
      }
    }
    const operands = result === null ? null : operandsOf(`${result}${hex ? `(${hex})` : ""}`.trim());
    cache.set(word, operands);
    return operands;
  }

  /**
   * Writes the stretches of one line whose top is at `top`; `gap` is the extra space after each space.
   * Gives the stretches it could not write (a glyph needing an offset), for `text()` to write.
   */
  line(stretches: readonly Stretch[], top: number, size: number, gap: number): Stretch[] {
    const internals = this.doc as unknown as Required<PdfkitInternals>;
    const left: Stretch[] = [];
    let content = "";
    for (const stretch of stretches) {
      this.doc.font(stretch.face);
      const font = internals._font;
      if (!font) {
        left.push(stretch);
        continue;
      }
      const space = this.operands(stretch.face, font, " ");
      // A space, then the line's extra width after it (in thousandths of the size, negative moves right).
      const between =
        space === null || gap === 0
          ? space
          : {
              open: space.open,
              body: `${space.body}${space.close ? ")" : ""} ${format((-gap * 1000) / size)}`,
              close: false,
            };
      const parts: Operands[] = [];
      for (const [index, word] of stretch.words.entries()) {
        const operands = this.operands(stretch.face, font, word);
        if (operands === null || between === null) {
          parts.length = 0;
          break;
        }
        if (index > 0) parts.push(between);
        parts.push(operands);
      }
      if (parts.length === 0) {
        left.push(stretch);
        continue;
      }
      internals.page.fonts[font.id] ??= font.ref();
      const baseline = internals.page.height - top - (font.ascender / 1000) * size;
      content += `/${font.id} ${format(size)} Tf 1 0 0 1 ${format(stretch.x)} ${format(baseline)} Tm [${joinStrings(parts)}] TJ\n`;
      if (stretch.underline) this.underline(stretch, top, size);
    }
    if (content !== "") {
      // pdfkit's pages are drawn upside down (origin top-left); text objects are written in PDF's own space.
      // As bytes: pdfkit would otherwise copy the text into bytes one character at a time.
      this.doc.addContent(
        Buffer.from(`q 1 0 0 -1 0 ${format(internals.page.height)} cm BT\n${content}ET Q\n`, "latin1"),
      );
    }
    return left;
  }

  private underline(stretch: Stretch, top: number, size: number): void {
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
