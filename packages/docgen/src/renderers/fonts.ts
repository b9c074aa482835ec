/**
 * The fonts the PDF embeds, shipped in the package (`fonts/`, Liberation Serif; see fonts/LICENSE.txt).
 * They are read once, on first use, from the package itself, never from the system, so every machine
 * produces the same bytes.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ownString } from "../kept-across-documents.ts";
import { createSubset, readSourceFont } from "./subset.ts";

/** The four faces of the document font. */
export type FontFace = "regular" | "bold" | "italic" | "boldItalic";

const FILES: Record<FontFace, string> = {
  regular: "LiberationSerif-Regular.ttf",
  bold: "LiberationSerif-Bold.ttf",
  italic: "LiberationSerif-Italic.ttf",
  boldItalic: "LiberationSerif-BoldItalic.ttf",
};

/** The directory of the package's fonts. */
export const FONT_DIRECTORY = join(import.meta.dirname, "..", "..", "fonts");

let loaded: Record<FontFace, Uint8Array> | undefined;

/** The font files' bytes, read from the package on first use. */
export function fontFiles(): Record<FontFace, Uint8Array> {
  loaded ??= {
    regular: readFileSync(join(FONT_DIRECTORY, FILES.regular)),
    bold: readFileSync(join(FONT_DIRECTORY, FILES.bold)),
    italic: readFileSync(join(FONT_DIRECTORY, FILES.italic)),
    boldItalic: readFileSync(join(FONT_DIRECTORY, FILES.boldItalic)),
  };
  return loaded;
}

/**
 * The parsed fonts, shared by every PDF. pdfkit would parse the font files again for each document
 * and measure every word afresh, which was most of the time a PDF took; a parsed font is only ever
 * read, so one copy serves all. They are parsed by fontkit, the font library pdfkit itself uses,
 * resolved from pdfkit so that both always agree on its version.
 */
type GlyphPosition = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number };
type GlyphRun = { readonly glyphs: readonly unknown[]; readonly positions: readonly GlyphPosition[] };
type ParsedFont = { layout(text: string, features?: unknown): GlyphRun; createSubset(): unknown };
let parsed: Record<FontFace, ParsedFont> | undefined;

// Shaping a word (kerning, ligatures) is the dearest step of writing text, and its result never
// changes. The PDF's widths and shaped words keep what documents share (pdf.ts, pdf-text.ts), so this
// serves the words a document measures and then writes: a document's worth, emptied at this size.
const LAYOUT_CACHE_LIMIT = 5_000;

/**
 * Makes a font remember how it shaped each word. pdfkit scales the positions it is given in place, so
 * every caller gets fresh positions; the glyphs themselves are only read and can be shared.
 */
function rememberLayouts(font: ParsedFont): ParsedFont {
  const shape = font.layout.bind(font);
  const cache = new Map<string, GlyphRun>();
  font.layout = (text: string, features?: unknown): GlyphRun => {
    if (features !== undefined) return shape(text, features);
    let run = cache.get(text);
    if (!run) {
      if (cache.size >= LAYOUT_CACHE_LIMIT) cache.clear();
      run = shape(text);
      cache.set(ownString(text), run);
    }
    const positions = run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
      xAdvance,
      yAdvance,
      xOffset,
      yOffset,
    }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        let width = 0;
        for (const position of positions) width += position.xAdvance;
        return width;
      },
    } as GlyphRun;
  };
  return font;
}

/** The package's fonts, parsed once (pdfkit accepts a parsed font wherever it takes font bytes). */
export function parsedFonts(): Record<FontFace, ParsedFont> {
  if (!parsed) {
    const requireFromPdfkit = createRequire(createRequire(import.meta.url).resolve("pdfkit"));
    const fontkit = requireFromPdfkit("fontkit") as { create(data: Uint8Array): ParsedFont };
    const files = fontFiles();
    const prepare = (file: Uint8Array): ParsedFont => {
      const font = rememberLayouts(fontkit.create(file));
      // Subsets are made by subset.ts from the file's bytes (see there); fontkit's subsetter would also
      // record each glyph with no characters when it met one only as part of an accented glyph, and
      // the ToUnicode map of the PDF is built from those characters.
      const source = readSourceFont(file);
      font.createSubset = () => createSubset(source);
      return font;
    };
    parsed = {
      regular: prepare(files.regular),
      bold: prepare(files.bold),
      italic: prepare(files.italic),
      boldItalic: prepare(files.boldItalic),
    };
  }
  return parsed;
}

/** The face for a combination of bold and italic. */
export function faceOf(bold: boolean, italic: boolean): FontFace {
  return bold ? (italic ? "boldItalic" : "bold") : italic ? "italic" : "regular";
}
