/**
 * A small PDF reader for tests, enough for the PDFs this engine writes (pdfkit's): checks the
 * cross-reference table, counts pages, and extracts each page's text through the fonts' ToUnicode
 * maps. Not a general PDF parser.
 */
import { inflateSync } from "node:zlib";

type PdfObject = { readonly dictionary: string; readonly stream?: Uint8Array };

const latin1 = new TextDecoder("latin1");

/** Reads every object of the file, by number, checking the cross-reference table points at each. */
export function readObjects(bytes: Uint8Array): Map<number, PdfObject> {
  const text = latin1.decode(bytes);
  if (!text.startsWith("%PDF-1.")) throw new Error("no PDF header");
  if (!/%%EOF\s*$/.test(text)) throw new Error("no %%EOF at the end");
  const startXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  if (!Number.isFinite(startXref) || !text.startsWith("xref", startXref))
    throw new Error("startxref is wrong");
  const table = /^xref\s+0\s+(\d+)\s+/.exec(text.slice(startXref));
  if (!table) throw new Error("no cross-reference table");
  const size = Number(table[1]);
  const entries = text
    .slice(startXref + table[0].length)
    .split(/\r?\n/)
    .slice(0, size);
  const objects = new Map<number, PdfObject>();
  entries.forEach((entry, number) => {
    const [offset, , kind] = entry.trim().split(/\s+/);
    if (kind !== "n") return;
    const start = Number(offset);
    if (!text.startsWith(`${number} 0 obj`, start)) {
      throw new Error(`cross-reference entry ${number} does not point at object ${number}`);
    }
    const end = text.indexOf("endobj", start);
    const body = text.slice(start + `${number} 0 obj`.length, end);
    const streamAt = body.indexOf("stream");
    if (streamAt < 0) {
      objects.set(number, { dictionary: body.trim() });
      return;
    }
    const dictionary = body.slice(0, streamAt).trim();
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
    const dataStart =
      start + `${number} 0 obj`.length + streamAt + "stream".length + (body[streamAt + 6] === "\r" ? 2 : 1);
    let data: Uint8Array = bytes.subarray(dataStart, dataStart + length);
    if (/\/Filter \/FlateDecode/.test(dictionary)) data = new Uint8Array(inflateSync(data));
    objects.set(number, { dictionary, stream: data });
  });
  return objects;
}

const reference = (dictionary: string, key: string): number | undefined => {
  const match = new RegExp(`/${key} (\\d+) 0 R`).exec(dictionary);
  return match ? Number(match[1]) : undefined;
};

/** Maps glyph codes to text from a ToUnicode CMap. */
function readCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexText = (hex: string) =>
    String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const line of (block[1] ?? "").matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const start = Number.parseInt(line[1] ?? "0", 16);
      const target = line[3] ?? "";
      if (target.startsWith("[")) {
        let code = start;
        for (const unit of target.matchAll(/<([0-9a-fA-F]+)>/g)) map.set(code++, hexText(unit[1] ?? ""));
      } else {
        const end = Number.parseInt(line[2] ?? "0", 16);
        const first = Number.parseInt(target.slice(1, -1), 16);
        for (let code = start; code <= end; code++) map.set(code, String.fromCharCode(first + code - start));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const line of (block[1] ?? "").matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(Number.parseInt(line[1] ?? "0", 16), hexText(line[2] ?? ""));
    }
  }
  return map;
}

type FontInfo = { readonly unicode: Map<number, string>; readonly widths: ReadonlyMap<number, number> };

/** A CIDFont's `W` array (`first [w w …] first [w …]`, the form this engine writes) by glyph. */
function readWidths(descendant: string): Map<number, number> {
  const widths = new Map<number, number>();
  const array = /\/W \[((?:\s*\d+\s*\[[^\]]*\])*)\s*\]/.exec(descendant)?.[1] ?? "";
  for (const run of array.matchAll(/(\d+)\s*\[([^\]]*)\]/g)) {
    let glyph = Number(run[1]);
    for (const width of (run[2] ?? "").trim().split(/\s+/)) if (width) widths.set(glyph++, Number(width));
  }
  return widths;
}

/** A PDF read for tests: its pages' text, page count, and the names of its embedded fonts. */
export type ParsedPdf = {
  readonly pageCount: number;
  readonly pages: readonly string[];
  readonly fonts: readonly string[];
};

/** The bytes of a literal string's content (PDF 32000-1 §7.3.4.2 escapes; read as latin1 text). */
function literalBytes(content: string): number[] {
  const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, "(": 40, ")": 41, "\\": 92 };
  const bytes: number[] = [];
  for (let index = 0; index < content.length; index++) {
    const character = content.charCodeAt(index);
    if (character !== 92) {
      bytes.push(character);
      continue;
    }
    const next = content[++index] ?? "";
    const octal = /^[0-7]{1,3}/.exec(content.slice(index, index + 3))?.[0];
    if (octal) {
      bytes.push(Number.parseInt(octal, 8) & 0xff);
      index += octal.length - 1;
    } else if (next in escapes) bytes.push(escapes[next] ?? 0);
    else if (next !== "\n" && next !== "\r") bytes.push(next.charCodeAt(0));
  }
  return bytes;
}

/**
 * A PDF text string as written (a literal string's content, without its parentheses): PDFDocEncoding
 * read as latin1, or UTF-16BE after its byte order mark, as pdfkit writes text beyond ASCII.
 */
export function pdfTextString(literal: string): string {
  const bytes = literalBytes(literal);
  if (bytes[0] !== 0xfe || bytes[1] !== 0xff) return String.fromCharCode(...bytes);
  let text = "";
  for (let index = 2; index + 1 < bytes.length; index += 2) {
    text += String.fromCharCode((bytes[index] ?? 0) * 256 + (bytes[index + 1] ?? 0));
  }
  return text;
}

/**
 * Reads a PDF written by this engine: validates its structure and extracts each page's text, with
 * runs of spaces made one and none at the ends of lines (`spaces: "as written"` keeps them).
 */
export function readPdf(bytes: Uint8Array, options: { spaces?: "tidied" | "as written" } = {}): ParsedPdf {
  const objects = readObjects(bytes);
  const text = (number: number | undefined) =>
    number === undefined ? "" : latin1.decode(objects.get(number)?.stream ?? new Uint8Array());
  const trailer = latin1.decode(bytes.subarray(Math.max(0, bytes.byteLength - 400)));
  const root = objects.get(reference(trailer, "Root") ?? -1);
  const pagesNumber = root ? reference(root.dictionary, "Pages") : undefined;
  const pagesObject = pagesNumber === undefined ? undefined : objects.get(pagesNumber);
  if (!pagesObject) throw new Error("no page tree");
  const kids = [
    ...(/\/Kids \[([^\]]*)\]/.exec(pagesObject.dictionary)?.[1] ?? "").matchAll(/(\d+) 0 R/g),
  ].map((match) => Number(match[1]));
  const count = Number(/\/Count (\d+)/.exec(pagesObject.dictionary)?.[1]);
  if (count !== kids.length) throw new Error(`page tree says ${count} pages but lists ${kids.length}`);
  const fonts = new Set<string>();
  const cmaps = new Map<number, Map<number, string>>();
  const pages = kids.map((kid) => {
    const page = objects.get(kid);
    if (!page || !/\/Type \/Page\b/.test(page.dictionary)) throw new Error(`object ${kid} is not a page`);
    const resources =
      objects.get(reference(page.dictionary, "Resources") ?? -1)?.dictionary ?? page.dictionary;
    const fontRefs = new Map<string, FontInfo>();
    for (const match of resources.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(match[2]))?.dictionary ?? "";
      const baseFont = /\/BaseFont \/([^\s/]+)/.exec(font)?.[1];
      if (baseFont) fonts.add(baseFont.replace(/^[A-Z]{6}\+/, ""));
      const toUnicode = reference(font, "ToUnicode");
      if (toUnicode !== undefined && !cmaps.has(toUnicode)) cmaps.set(toUnicode, readCmap(text(toUnicode)));
      const descendant =
        objects.get(Number(/\/DescendantFonts \[(\d+) 0 R\]/.exec(font)?.[1]))?.dictionary ?? "";
      const widths = readWidths(descendant);
      fontRefs.set(match[1] ?? "", {
        unicode: toUnicode === undefined ? new Map() : (cmaps.get(toUnicode) ?? new Map()),
        widths,
      });
    }
    const content = text(reference(page.dictionary, "Contents"));
    let font: FontInfo = { unicode: new Map(), widths: new Map() };
    let size = 0;
    let out = "";
    let lastY: number | undefined;
    // A text object is placed by the `cm` before it (`1 0 0 -1 0 f cm`, the page turned the right way
    // up): its Tm's height counts from f, so a line's height is the Tm's less f.
    let origin = 0;
    let x = 0;
    let endX = 0;
    // A TJ array holds hex strings, literal strings (whose bytes may be anything, escaped where they
    // would end the string), and numbers.
    const operations =
      /1 0 0 -1 0 ([\d.-]+) cm|\/(F\d+) ([\d.]+) Tf|[\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ ([\d.-]+) ([\d.-]+) Tm|\[((?:<[0-9a-fA-F]*>|\((?:[^\\)]|\\[\s\S])*\)|[^\]<(])*)\] TJ/g;
    for (const operation of content.matchAll(operations)) {
      if (operation[1] !== undefined) {
        origin = Number(operation[1]);
      } else if (operation[2]) {
        font = fontRefs.get(operation[2]) ?? font;
        size = Number(operation[3]);
      } else if (operation[5] !== undefined) {
        const y = Number(operation[5]) - origin;
        x = Number(operation[4]);
        if (lastY !== undefined && Math.abs(y - lastY) > 1) out += "\n";
        // On one line, a gap of about a space or more between two stretches of text is a space.
        else if (lastY !== undefined && x - endX > size * 0.15) out += " ";
        lastY = y;
      } else {
        const glyphs = (codes: number[]) => {
          for (const code of codes) {
            out += font.unicode.get(code) ?? "\uFFFD";
            x += ((font.widths.get(code) ?? 0) * size) / 1000;
          }
        };
        for (const part of (operation[6] ?? "").matchAll(
          /<([0-9a-fA-F]*)>|\(((?:[^\\)]|\\[\s\S])*)\)|(-?[\d.]+)/g,
        )) {
          if (part[1] !== undefined) {
            glyphs((part[1].match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));
          } else if (part[2] !== undefined) {
            const bytes = literalBytes(part[2]);
            glyphs(
              Array.from(
                { length: bytes.length >> 1 },
                (_, index) => (bytes[2 * index] ?? 0) * 256 + (bytes[2 * index + 1] ?? 0),
              ),
            );
          } else {
            const adjustment = Number(part[3]);
            if (adjustment < -150) out += " ";
            x -= (adjustment * size) / 1000;
          }
        }
        endX = x;
      }
    }
    if (options.spaces === "as written") return out;
    return out
      .replace(/[ \t]+/g, " ")
      .replace(/ *\n */g, "\n")
      .trim();
  });
  return { pageCount: kids.length, pages, fonts: [...fonts].sort() };
}
