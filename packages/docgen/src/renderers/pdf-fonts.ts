/**
 * The PDF objects of an embedded font (its font file, descriptor, widths and ToUnicode map), written
 * here in place of pdfkit's `EmbeddedFont.embed`.
 *
 * Why: the subsets keep the font's own glyph numbers (subset.ts), so a document's glyphs are a few
 * hundred numbers scattered up to some 2,600. pdfkit keeps a font's widths and characters in arrays by
 * glyph number and writes the widths as one array from glyph 0 (holes and all) and the ToUnicode map
 * as ranges over every number; both need the glyphs in use, not every number below the highest. This
 * writes the widths as runs of consecutive glyphs (`W [3 [250 333] 17 [500]]`) and the map as one
 * entry per glyph.
 *
 * And since every object of a face now depends only on which glyphs the document uses, they are kept
 * across documents by that set: a template's documents mostly use the same letters, so the subset is
 * encoded and deflated once, not for every document (it was a tenth of finishing a PDF). The font
 * file also gets the `Length1` the PDF specification asks of a TrueType program (§9.9), which pdfkit
 * left out. The descriptor is pdfkit's, number for number.
 *
 * This reaches into pdfkit's EmbeddedFont (`document`, `dictionary`, `font`, `subset`, `widths`,
 * `unicode`, `scale`, `ascender`, `descender`, `id`): `ownEmbedding` checks for them and throws if this
 * pdfkit lacks any, since its own `embed` cannot write these subsets.
 */
import { deflateSync } from "node:zlib";
import { DEFLATE_LEVEL } from "../constants.ts";
import type { FontSubset } from "./subset.ts";

/** A pdfkit object reference, as this file uses it. */
type Reference = { readonly data: Record<string, unknown>; end(chunk?: Uint8Array): void };

/** The parts of a fontkit font the descriptor reads (as pdfkit's embed reads them). */
type FontkitFont = {
  readonly postscriptName?: string;
  readonly post: { readonly isFixedPitch: number | boolean };
  readonly head: { readonly macStyle: { readonly italic?: boolean } };
  readonly "OS/2"?: { readonly sFamilyClass?: number };
  readonly bbox: {
    readonly minX: number;
    readonly minY: number;
    readonly maxX: number;
    readonly maxY: number;
  };
  readonly italicAngle: number;
  readonly capHeight?: number;
  readonly ascent: number;
  readonly xHeight?: number;
};

/** The parts of pdfkit's EmbeddedFont this file uses. */
export type EmbeddedFont = {
  readonly document: { ref(data?: Record<string, unknown>): Reference; readonly subset?: unknown };
  readonly id: string;
  readonly font: FontkitFont;
  readonly subset: FontSubset;
  readonly widths: (number | undefined)[];
  readonly unicode: (readonly number[] | undefined)[];
  readonly scale: number;
  readonly ascender: number;
  readonly descender: number;
  readonly dictionary?: Reference;
  embed(): void;
};

/** What a face's objects are for one set of glyphs: the same for every document using that set. */
type Embedding = {
  /** The subset as a TrueType file, deflated; and its length before deflating. */
  readonly fontFile: Uint8Array;
  readonly length1: number;
  /** The `W` array: a first glyph, then the widths of it and the glyphs after it. */
  readonly widths: readonly (number | readonly number[])[];
  /** The ToUnicode CMap, deflated. */
  readonly toUnicode: Uint8Array;
};

// Kept per parsed font (shared by every document), by the set of glyphs; emptied if it grows this large.
const EMBEDDINGS_LIMIT = 64;
const embeddings = new WeakMap<FontkitFont, Map<string, Embedding>>();

const hex4 = (value: number) => value.toString(16).padStart(4, "0");

/** A glyph's characters as the UTF-16 hex a ToUnicode map gives (a pair of surrogates above U+FFFF). */
function utf16Hex(codePoints: readonly number[]): string {
  let text = "";
  for (const point of codePoints) {
    if (point > 0xffff) {
      const value = point - 0x10000;
      text += hex4(0xd800 | ((value >>> 10) & 0x3ff)) + hex4(0xdc00 | (value & 0x3ff));
    } else text += hex4(point);
  }
  return text;
}

/** The ToUnicode CMap: each glyph in use and its characters (at most 100 to a block, as the format asks). */
function toUnicodeMap(glyphs: readonly number[], unicode: EmbeddedFont["unicode"]): string {
  const entries: string[] = [];
  for (const glyph of glyphs) {
    const points = unicode[glyph];
    if (points && points.length > 0) entries.push(`<${hex4(glyph)}> <${utf16Hex(points)}>`);
  }
  let blocks = "";
  for (let start = 0; start < entries.length; start += 100) {
    const block = entries.slice(start, start + 100);
    blocks += `${block.length} beginbfchar\n${block.join("\n")}\nendbfchar\n`;
  }
  return `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo <<
  /Registry (Adobe)
  /Ordering (UCS)
  /Supplement 0
>> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000><ffff>
endcodespacerange
${blocks}endcmap
CMapName currentdict /CMap defineresource pop
end
end`;
}

/** The widths of the glyphs in use, as runs of consecutive glyph numbers. */
function widthRuns(glyphs: readonly number[], widths: EmbeddedFont["widths"]): (number | number[])[] {
  const runs: (number | number[])[] = [];
  let run: number[] = [];
  let next = -1;
  for (const glyph of glyphs) {
    if (glyph !== next) {
      run = [];
      runs.push(glyph, run);
    }
    run.push(widths[glyph] ?? 0);
    next = glyph + 1;
  }
  return runs;
}

function embeddingOf(font: EmbeddedFont, glyphs: readonly number[]): Embedding {
  let kept = embeddings.get(font.font);
  if (!kept) {
    kept = new Map();
    embeddings.set(font.font, kept);
  }
  const key = String.fromCharCode(...glyphs);
  let embedding = kept.get(key);
  if (!embedding) {
    const file = font.subset.encode();
    embedding = {
      fontFile: deflateSync(file, { level: DEFLATE_LEVEL }),
      length1: file.byteLength,
      widths: widthRuns(glyphs, font.widths),
      toUnicode: deflateSync(Buffer.from(toUnicodeMap(glyphs, font.unicode), "latin1"), {
        level: DEFLATE_LEVEL,
      }),
    };
    if (kept.size >= EMBEDDINGS_LIMIT) kept.clear();
    kept.set(key, embedding);
  }
  return embedding;
}

/** Writes the font's objects: see the file comment. Called by pdfkit when the document ends. */
function embed(font: EmbeddedFont): void {
  if (!font.dictionary) return;
  // The glyphs written in the document are those given a width (glyph 0 always is), in order.
  const glyphs: number[] = [];
  for (let glyph = 0; glyph < font.widths.length; glyph++)
    if (font.widths[glyph] !== undefined) glyphs.push(glyph);
  // Each is in the subset already (a width is given as it is included); made sure of, since the
  // subset kept for this set must be the subset of exactly these glyphs.
  for (const glyph of glyphs) font.subset.includeGlyph(glyph);
  const embedding = embeddingOf(font, glyphs);
  const { document, font: fontkit, scale } = font;

  const fontFile = document.ref({ Filter: "FlateDecode", Length1: embedding.length1 });
  fontFile.end(embedding.fontFile);

  // The descriptor as pdfkit's embed writes it.
  const familyClass = (fontkit["OS/2"]?.sFamilyClass ?? 0) >> 8;
  let flags = 1 << 2; // symbolic: the glyphs are reached by glyph number, not a standard encoding
  if (fontkit.post.isFixedPitch) flags |= 1 << 0;
  if (familyClass >= 1 && familyClass <= 7) flags |= 1 << 1;
  if (familyClass === 10) flags |= 1 << 3;
  if (fontkit.head.macStyle.italic) flags |= 1 << 6;
  // The subset's tag: six capitals from the font's name in the document, as pdfkit makes it.
  const tag = [1, 2, 3, 4, 5, 6]
    .map((index) => String.fromCharCode((font.id.charCodeAt(index) || 73) + 17))
    .join("");
  const name = `${tag}+${fontkit.postscriptName?.replaceAll(" ", "_")}`;
  const { bbox } = fontkit;
  const descriptor = document.ref({
    Type: "FontDescriptor",
    FontName: name,
    Flags: flags,
    FontBBox: [bbox.minX * scale, bbox.minY * scale, bbox.maxX * scale, bbox.maxY * scale],
    ItalicAngle: fontkit.italicAngle,
    Ascent: font.ascender,
    Descent: font.descender,
    CapHeight: (fontkit.capHeight || fontkit.ascent) * scale,
    XHeight: (fontkit.xHeight || 0) * scale,
    StemV: 0,
    FontFile2: fontFile,
  });
  descriptor.end();

  const descendant = document.ref({
    Type: "Font",
    Subtype: "CIDFontType2",
    BaseFont: name,
    CIDSystemInfo: {
      // Strings, not names: pdfkit writes a String object as a PDF string.
      Registry: new String("Adobe"),
      Ordering: new String("Identity"),
      Supplement: 0,
    },
    FontDescriptor: descriptor,
    W: embedding.widths,
    CIDToGIDMap: "Identity",
  });
  descendant.end();

  const toUnicode = document.ref({ Filter: "FlateDecode" });
  toUnicode.end(embedding.toUnicode);

  Object.assign(font.dictionary.data, {
    Type: "Font",
    Subtype: "Type0",
    BaseFont: name,
    Encoding: "Identity-H",
    DescendantFonts: [descendant],
    ToUnicode: toUnicode,
  });
  font.dictionary.end();
}

/**
 * Makes pdfkit write this embedded font's objects as this file does (see the file comment). Throws if
 * pdfkit's font lacks what that uses: its own embed would write a wrong font for these subsets.
 */
export function ownEmbedding(value: unknown): void {
  const font = value as Partial<EmbeddedFont> & { ownEmbedding?: true };
  if (font.ownEmbedding) return;
  const usable =
    typeof font.document?.ref === "function" &&
    font.document.subset === undefined &&
    typeof font.id === "string" &&
    typeof font.font === "object" &&
    typeof font.subset?.encode === "function" &&
    Array.isArray(font.widths) &&
    Array.isArray(font.unicode) &&
    typeof font.scale === "number" &&
    typeof font.embed === "function";
  if (!usable) throw new Error("This version of pdfkit's embedded fonts is not one the PDF renderer knows");
  font.embed = () => embed(font as EmbeddedFont);
  font.ownEmbedding = true;
}
