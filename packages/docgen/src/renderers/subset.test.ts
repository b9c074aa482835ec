import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { fontFiles } from "./fonts.ts";
import { createSubset, readSourceFont } from "./subset.ts";

type Glyph = { id: number; advanceWidth: number; path: { toSVG(): string } };
type Font = {
  numGlyphs: number;
  getGlyph(id: number): Glyph;
  glyphsForString(text: string): Glyph[];
  head: { indexToLocFormat: number };
};
// fontkit as pdfkit resolves it: an independent reader of the subsets this file writes.
const fontkit = createRequire(createRequire(import.meta.url).resolve("pdfkit"))("fontkit") as {
  create(data: Uint8Array): Font;
};

describe("TrueType subsets", () => {
  const file = fontFiles().regular;
  const original = fontkit.create(file);

  it("holds each included glyph at the font's own number, with its outline and advance; the others empty", () => {
    const subset = createSubset(readSourceFont(file));
    const glyphs = original.glyphsForString("Precedent: §127 “deed” — ½");
    const ids = glyphs.map((glyph) => subset.includeGlyph(glyph.id));
    expect(ids).toEqual(glyphs.map((glyph) => glyph.id));
    const font = fontkit.create(subset.encode());
    // Up to the highest glyph included, a composite's parts (brought in as it was encoded) among them.
    expect(font.numGlyphs).toBe(Math.max(...subset.glyphs) + 1);
    expect(font.numGlyphs).toBeGreaterThan(Math.max(...ids));
    for (const glyph of glyphs) {
      const copy = font.getGlyph(glyph.id);
      expect(copy.advanceWidth).toBe(glyph.advanceWidth);
      expect(copy.path.toSVG()).toBe(glyph.path.toSVG());
    }
    // A glyph not included is there (the numbers run on) but has no outline and no advance.
    const unused = original.glyphsForString("W")[0]?.id ?? 0;
    expect(ids).not.toContain(unused);
    expect(unused).toBeLessThan(font.numGlyphs);
    expect(font.getGlyph(unused).path.toSVG()).toBe("");
    expect(font.getGlyph(unused).advanceWidth).toBe(0);
  });

  it("brings in the parts of composite glyphs, at their own numbers", () => {
    const subset = createSubset(readSourceFont(file));
    const [accented] = original.glyphsForString("é");
    if (!accented) throw new Error("no glyph for é");
    expect(subset.includeGlyph(accented)).toBe(accented.id);
    const before = subset.glyphs.length;
    const font = fontkit.create(subset.encode());
    // é is built from e and an acute accent: both were added to the subset when it was encoded.
    const parts = subset.glyphs.slice(before);
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) {
      expect(font.getGlyph(part).path.toSVG()).toBe(original.getGlyph(part).path.toSVG());
      expect(font.getGlyph(part).path.toSVG().length).toBeGreaterThan(0);
    }
    expect(font.getGlyph(accented.id).path.toSVG()).toBe(accented.path.toSVG());
    expect(font.getGlyph(accented.id).path.toSVG().length).toBeGreaterThan(0);
  });

  it("writes a font whose table checksums and whole-file checksum hold", () => {
    const subset = createSubset(readSourceFont(file));
    for (const glyph of original.glyphsForString("Sole Director")) subset.includeGlyph(glyph);
    const bytes = subset.encode();
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const sum = (from: number, length: number) => {
      let total = 0;
      for (let offset = from; offset < from + ((length + 3) & ~3); offset += 4) {
        total = (total + view.getUint32(offset)) >>> 0;
      }
      return total;
    };
    const tables = view.getUint16(4);
    for (let index = 0; index < tables; index++) {
      const record = 12 + 16 * index;
      const tag = String.fromCharCode(...bytes.subarray(record, record + 4));
      const offset = view.getUint32(record + 8);
      const length = view.getUint32(record + 12);
      const expected =
        tag === "head" ? (sum(offset, length) - view.getUint32(offset + 8)) >>> 0 : sum(offset, length);
      expect(view.getUint32(record + 4), tag).toBe(expected);
    }
    expect(sum(0, bytes.byteLength)).toBe(0xb1b0afba);
    expect(fontkit.create(bytes).head.indexToLocFormat).toBe(1);
  });
});
