/**
 * TrueType subsets for the PDF: the glyphs a document uses, as a font program pdfkit embeds. pdfkit
 * asks the font for `createSubset()`, adds glyphs with `includeGlyph(id)` while text is written, and
 * calls `encode()` once when the document ends. fontkit's own subsetter decoded every glyph and
 * re-encoded the hinting tables value by value through its generic table writer, which was the
 * largest single cost of a PDF after laying it out; this one copies bytes.
 *
 * The subset holds the tables the PDF specification asks of an embedded TrueType font (§9.9: head,
 * hhea, loca, maxp, cvt, prep, glyf, hmtx, fpgm), the hinting tables copied whole and each glyph's
 * outline copied as it is. A glyph keeps the font's own number: the subset has every glyph up to the
 * highest one used, the unused ones empty (no outline, no advance), so a word's glyph codes are the
 * same in every document and what is written of it can be kept across documents (pdf-text.ts). The
 * empty glyphs cost a few bytes each in loca and hmtx, nearly nothing once deflated. Composite glyphs
 * (accented letters built from a letter and an accent) bring their parts in, at their own numbers.
 */

/** What pdfkit uses of a subset. */
export type FontSubset = {
  /** The glyphs included, by the font's own ids, in the order they were included (0 first). */
  readonly glyphs: number[];
  /** Adds a glyph (and later, when encoding, the glyphs it is built from); gives its id: its own. */
  includeGlyph(glyph: number | { readonly id: number }): number;
  /** The subset as a TrueType font file. */
  encode(): Uint8Array;
};

/** A font file read once: its tables, and what a subset needs of them. */
type SourceFont = {
  readonly bytes: Uint8Array;
  readonly tables: ReadonlyMap<string, Uint8Array>;
  /** Start of each glyph's outline in glyf, and its end at index + 1. */
  readonly loca: readonly number[];
  readonly numberOfHMetrics: number;
};

const REQUIRED = ["head", "hhea", "maxp", "hmtx", "loca", "glyf"] as const;
const HINTING = ["cvt ", "fpgm", "prep"] as const;

// Composite glyph flags (OpenType glyf table).
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Reads the table directory and the glyph locations of a TrueType font file. */
export function readSourceFont(file: Uint8Array): SourceFont {
  // A plain Uint8Array over the same memory: a Buffer's slice() shares memory instead of copying, and
  // the tables are copied with slice() before they are changed.
  const bytes = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
  const data = view(bytes);
  const version = data.getUint32(0);
  if (version !== 0x00010000 && version !== 0x74727565) throw new Error("Not a TrueType font");
  const tables = new Map<string, Uint8Array>();
  const count = data.getUint16(4);
  for (let index = 0; index < count; index++) {
    const record = 12 + 16 * index;
    const tag = String.fromCharCode(...bytes.subarray(record, record + 4));
    const offset = data.getUint32(record + 8);
    const length = data.getUint32(record + 12);
    tables.set(tag, bytes.subarray(offset, offset + length));
  }
  for (const tag of REQUIRED) if (!tables.has(tag)) throw new Error(`The font has no ${tag} table`);
  const head = view(tables.get("head") as Uint8Array);
  const locaBytes = tables.get("loca") as Uint8Array;
  const loca: number[] = [];
  const locaView = view(locaBytes);
  if (head.getInt16(50) === 0) {
    for (let offset = 0; offset < locaBytes.byteLength; offset += 2)
      loca.push(locaView.getUint16(offset) * 2);
  } else {
    for (let offset = 0; offset < locaBytes.byteLength; offset += 4) loca.push(locaView.getUint32(offset));
  }
  const numberOfHMetrics = view(tables.get("hhea") as Uint8Array).getUint16(34);
  return { bytes, tables, loca, numberOfHMetrics };
}

/** A new, empty subset of a font (glyph 0 already in it). */
export function createSubset(source: SourceFont): FontSubset {
  const glyphs: number[] = [];
  const included = new Set<number>();
  const includeGlyph = (glyph: number | { readonly id: number }): number => {
    const id = typeof glyph === "number" ? glyph : glyph.id;
    if (!included.has(id)) {
      included.add(id);
      glyphs.push(id);
    }
    return id;
  };
  includeGlyph(0);
  return { glyphs, includeGlyph, encode: () => encodeSubset(source, glyphs, includeGlyph) };
}

/** A glyph's outline; a composite glyph's parts are included in the subset (at their own numbers). */
function glyphOutline(source: SourceFont, id: number, include: (id: number) => number): Uint8Array {
  const glyf = source.tables.get("glyf") as Uint8Array;
  const start = source.loca[id] ?? 0;
  const end = source.loca[id + 1] ?? start;
  if (end <= start) return new Uint8Array(0);
  const outline = glyf.subarray(start, end);
  const data = view(outline);
  if (data.getInt16(0) >= 0) return outline;
  let offset = 10;
  for (;;) {
    const flags = data.getUint16(offset);
    include(data.getUint16(offset + 2));
    offset += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
    if (flags & WE_HAVE_A_SCALE) offset += 2;
    else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) offset += 4;
    else if (flags & WE_HAVE_A_TWO_BY_TWO) offset += 8;
    if (!(flags & MORE_COMPONENTS)) break;
  }
  return outline;
}

/** The sum of a table's big-endian 32-bit words (its checksum in the table directory). */
function checksum(bytes: Uint8Array): number {
  const padded =
    bytes.byteLength % 4 === 0 ? bytes : new Uint8Array(bytes.byteLength + (4 - (bytes.byteLength % 4)));
  if (padded !== bytes) padded.set(bytes);
  const data = view(padded);
  let sum = 0;
  for (let offset = 0; offset < padded.byteLength; offset += 4) sum = (sum + data.getUint32(offset)) >>> 0;
  return sum;
}

function encodeSubset(source: SourceFont, glyphs: number[], include: (id: number) => number): Uint8Array {
  // Outlines first: composite glyphs add their parts to `glyphs` as they are met.
  const outlines = new Map<number, Uint8Array>();
  for (let index = 0; index < glyphs.length; index++) {
    const id = glyphs[index] ?? 0;
    outlines.set(id, glyphOutline(source, id, include));
  }
  // Every glyph up to the highest included, by its own number; the others have no outline.
  const count = Math.max(...glyphs) + 1;
  // Each outline starts on a 4-byte boundary; loca is written in its long form.
  const loca = new Uint8Array(4 * (count + 1));
  const locaView = view(loca);
  let glyfLength = 0;
  for (let id = 0; id < count; id++) {
    locaView.setUint32(4 * id, glyfLength);
    glyfLength += ((outlines.get(id)?.byteLength ?? 0) + 3) & ~3;
  }
  locaView.setUint32(4 * count, glyfLength);
  const glyf = new Uint8Array(glyfLength);
  for (const [id, outline] of outlines) glyf.set(outline, locaView.getUint32(4 * id));

  // The metrics of the included glyphs; zero for the others.
  const sourceMetrics = view(source.tables.get("hmtx") as Uint8Array);
  const lastMetric = source.numberOfHMetrics - 1;
  const hmtx = new Uint8Array(4 * count);
  const hmtxView = view(hmtx);
  for (const id of outlines.keys()) {
    const advance = sourceMetrics.getUint16(4 * Math.min(id, lastMetric));
    const bearing =
      id <= lastMetric
        ? sourceMetrics.getInt16(4 * id + 2)
        : sourceMetrics.getInt16(4 * source.numberOfHMetrics + 2 * (id - source.numberOfHMetrics));
    hmtxView.setUint16(4 * id, advance);
    hmtxView.setInt16(4 * id + 2, bearing);
  }

  const head = (source.tables.get("head") as Uint8Array).slice();
  view(head).setUint32(8, 0); // checkSumAdjustment, set once the whole file is known
  view(head).setInt16(50, 1); // indexToLocFormat: long offsets
  const hhea = (source.tables.get("hhea") as Uint8Array).slice();
  view(hhea).setUint16(34, count);
  const maxp = (source.tables.get("maxp") as Uint8Array).slice();
  view(maxp).setUint16(4, count);

  const tables = new Map<string, Uint8Array>([
    ["glyf", glyf],
    ["head", head],
    ["hhea", hhea],
    ["hmtx", hmtx],
    ["loca", loca],
    ["maxp", maxp],
  ]);
  for (const tag of HINTING) {
    const table = source.tables.get(tag);
    if (table) tables.set(tag, table);
  }
  const tags = [...tables.keys()].sort();
  const directoryLength = 12 + 16 * tags.length;
  let length = directoryLength;
  for (const tag of tags) length += ((tables.get(tag)?.byteLength ?? 0) + 3) & ~3;
  const file = new Uint8Array(length);
  const data = view(file);
  data.setUint32(0, 0x00010000);
  data.setUint16(4, tags.length);
  const power = 2 ** Math.floor(Math.log2(tags.length));
  data.setUint16(6, power * 16); // searchRange
  data.setUint16(8, Math.log2(power)); // entrySelector
  data.setUint16(10, tags.length * 16 - power * 16); // rangeShift
  let offset = directoryLength;
  let headOffset = 0;
  tags.forEach((tag, index) => {
    const table = tables.get(tag) as Uint8Array;
    const record = 12 + 16 * index;
    for (let character = 0; character < 4; character++) file[record + character] = tag.charCodeAt(character);
    data.setUint32(record + 4, checksum(table));
    data.setUint32(record + 8, offset);
    data.setUint32(record + 12, table.byteLength);
    file.set(table, offset);
    if (tag === "head") headOffset = offset;
    offset += (table.byteLength + 3) & ~3;
  });
  data.setUint32(headOffset + 8, (0xb1b0afba - checksum(file)) >>> 0);
  return file;
}
