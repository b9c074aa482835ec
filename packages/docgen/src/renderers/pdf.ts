/**
 * The PDF, painted with pdfkit from its layout (pdf-layout.ts: pages, positions, signature boxes, as
 * plain data): Liberation Serif embedded from the package, and a footer with the title and "Page x of
 * y". Each signature and date box is returned with its page and position, for e-signing: they are the
 * boxes of the layout painted, so a box is returned where its rules are drawn.
 *
 * Positions are in PDF points (1/72 inch) from the top-left corner of the page; pages are numbered
 * from 1. An A4 page is 595.28 × 841.89 points.
 */
import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";
import PDFDocument from "pdfkit";
import { DEFLATE_LEVEL } from "../constants.ts";
import { DocumentCache, KeptAcrossDocuments, ownString } from "../kept-across-documents.ts";
import { documentMetadata, type MetadataOptions } from "../metadata.ts";
import type { DocumentModel } from "../model.ts";
import { DOCGEN_VERSION } from "../version.ts";
import { type FontFace, parsedFonts } from "./fonts.ts";
import { ownEmbedding } from "./pdf-fonts.ts";
import {
  type Align,
  type ExecutionSpacing,
  fillContents,
  INITIALS_SIZE,
  keepWithLeadIn,
  keepWithText,
  type Line,
  layoutDocument,
  lineHeight,
  MARGIN,
  type Orientation,
  type OutlineEntry,
  PAGE_SIZE,
  type PageItem,
  pageSize,
  type Rule,
  SharedLines,
  type SignatoryLayout,
  type SignatureField,
  SMALL_SIZE,
  type StructureNode,
  type TextAt,
  type Typesetter,
} from "./pdf-layout.ts";
import { StructureTree } from "./pdf-structure.ts";
import { type ComposedLine, FastTextWriter } from "./pdf-text.ts";

export { type OutlineEntry, PAGE_SIZE, type PageBox, type SignatureField } from "./pdf-layout.ts";

/** The PDF and what the signing module needs to know about it. */
export type RenderedPdf = {
  readonly pdf: Uint8Array;
  readonly pageCount: number;
  readonly signatureFields: readonly SignatureField[];
  /** The headings (bookmarks) with the pages they start on, by block index: for Word's contents. */
  readonly outline: readonly OutlineEntry[];
  /** Blocks (by index) the PDF starts on a new page to keep signatures with text: Word does the same. */
  readonly breakBefore: ReadonlySet<number>;
  /** How closely the PDF spaces its execution blocks (compact to keep them with text): Word does the same. */
  readonly executionSpacing: ExecutionSpacing;
};

/** A draft's placeholders: a marker-pen yellow. */
const HIGHLIGHT = "#fff176";
const WATERMARK = "DRAFT";

// Widths of words in each face, per 1000 points of font size: measuring is the costliest part of
// layout, and a word's width never changes. Measured once in a document, and kept across documents
// once a second document meets the word (DocumentCache), up to this many characters of words a face.
const WIDTH_CHARACTERS = 600_000;
const WIDTH_SEEN_ONCE = 20_000;
const widthCache = (): DocumentCache<number> =>
  new DocumentCache(new KeptAcrossDocuments<number>(WIDTH_CHARACTERS, WIDTH_SEEN_ONCE));
const widths: Record<FontFace, DocumentCache<number>> = {
  regular: widthCache(),
  bold: widthCache(),
  italic: widthCache(),
  boldItalic: widthCache(),
};

/** Paints a laid-out document into a pdfkit document; measures text for the layout. */
/**
 * Paragraphs' lines shared by every PDF this process makes (see `SharedLines`): 300,000 characters of
 * text, some 45 MB at its fullest, the SMSF deed's clauses and as much again of other templates'.
 */
const SHARED_LINES = new SharedLines(300_000);

/** Empties the lines kept across documents: tests compare a document made cold with one made warm. */
export function forgetSharedLines(): void {
  SHARED_LINES.clear();
}

/**
 * A line as the glyph writer composed it (pdf-text.ts), kept on the line (`Line.painted`): a
 * paragraph's lines are kept across documents (`SharedLines`), and so is what they write, wherever
 * they are placed. Kept for the line's place across the page and its width, size and alignment (which
 * decide where each word goes); it is composed again if the document names its fonts otherwise.
 */
type PaintedLine = {
  readonly x: number;
  readonly width: number;
  readonly size: number;
  readonly align: Align;
  readonly composed: ComposedLine;
};

/**
 * Single texts (a clause's number, a label, a footer) as composed, by face, size, place across and
 * text: kept once a second document writes the same (KeptAcrossDocuments), as a signatory's name is
 * written in one client's deed only; up to this many characters of keys.
 */
const COMPOSED_TEXTS_CHARACTERS = 600_000;
const composedTexts = new KeptAcrossDocuments<ComposedLine>(COMPOSED_TEXTS_CHARACTERS, 20_000);

class PdfPainter implements Typesetter {
  readonly doc: PDFKit.PDFDocument;
  /** The file's bytes as pdfkit writes them (see collectWrites). */
  private readonly written: Uint8Array[] = [];
  readonly sharedLines = SHARED_LINES;

  /** Writes glyphs directly (see pdf-text.ts); undefined to use pdfkit's text(). */
  private readonly glyphs: FastTextWriter | undefined;
  private readonly facesUsed = new Set<FontFace>();
  /** The document's structure tree, an element for each node of the layout (pdf-structure.ts). */
  private readonly structure: StructureTree;
  /** What the content being written is marked as: a node's element, an artifact, or nothing yet. */
  private marking: StructureNode | "artifact" | "none" = "none";

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
      // Tagged: a structure tree (headings, paragraphs, lists, tables) for screen readers and reflow.
      tagged: true,
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
    collectWrites(this.doc, this.written);
    writeFontsOurWay(this.doc);
    const fonts = parsedFonts();
    for (const face of ["regular", "bold", "italic", "boldItalic"] as const) {
      this.doc.registerFont(face, fonts[face] as unknown as string);
    }
    this.doc.addPage();
    this.structure = new StructureTree(this.doc);
    this.glyphs = options.glyphWriter === false ? undefined : FastTextWriter.for(this.doc, "regular");
  }

  /**
   * pdfkit names a font (F1, F2…) when it is first selected. The whole document is laid out before any
   * of it is drawn, and the width cache spares measuring words other documents measured, so each face
   * is selected when layout first uses it: the names follow the document, whatever was rendered before.
   */
  useFace(face: FontFace): void {
    if (this.facesUsed.has(face)) return;
    this.facesUsed.add(face);
    this.doc.font(face);
  }

  /** Width of text in a face at a size. */
  measure(text: string, face: FontFace, size: number): number {
    this.useFace(face);
    const perThousand = widths[face].get(this, text, () =>
      this.doc.font(face).fontSize(1000).widthOfString(text),
    );
    return (perThousand * size) / 1000;
  }

  /** Writes text on one line at (x, y), setting its face and size first (measuring changes them). */
  write(text: string, face: FontFace, size: number, x: number, y: number): void {
    // Through the glyph writer when it can (pdfkit's text() lays the text out again); else text().
    if (this.glyphs) {
      // Clause numbers, labels and footers read the same in many documents: composed once (as lines).
      const key = `${face} ${size} ${x} ${text}`;
      const kept = composedTexts.get(key);
      if (kept && this.glyphs.namesFontsAs(kept)) {
        this.glyphs.place(kept, y);
        return;
      }
      const stretch = { face, words: text.split(" "), x, underline: false, width: 0 };
      const { line: composed } = this.glyphs.compose([stretch], size, 0);
      if (composed) {
        this.glyphs.place(composed, y);
        composedTexts.offer(key, this, () => ({ key: ownString(key), value: composed }));
        return;
      }
    }
    this.doc.font(face).fontSize(size).text(text, x, y, { lineBreak: false });
  }

  /** Draws one line at (x, y); justified lines spread their spaces to fill `width`. */
  drawLine(line: Line, x: number, y: number, width: number, size: number, align: Align): void {
    const kept = this.glyphs ? (line.painted as PaintedLine | undefined) : undefined;
    if (
      kept &&
      kept.x === x &&
      kept.width === width &&
      kept.size === size &&
      kept.align === align &&
      this.glyphs?.namesFontsAs(kept.composed)
    ) {
      this.glyphs.place(kept.composed, y);
      return;
    }
    let gaps = 0;
    for (let index = 0; index < line.words.length - 1; index++)
      if ((line.words[index]?.space ?? 0) > 0) gaps++;
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
          // The space before a word in another face ends the stretch before it (see the line's end below).
          if (stretch && startsWord && (line.words[index - 1]?.space ?? 0) > 0) {
            stretch.words[stretch.words.length - 1] += " ";
          }
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
    // A line that breaks at a space ends with it (invisible), so text read from the PDF, by a screen
    // reader or a copy, keeps the words either side of the break apart.
    const lastStretch = stretches[stretches.length - 1];
    if (lastStretch && !line.last && (line.words[line.words.length - 1]?.space ?? 0) > 0) {
      lastStretch.words[lastStretch.words.length - 1] += " ";
    }
    // Highlights go under the text: drawn first, then the fill colour is black again for the words.
    const highlighted = stretches.filter((stretch) => stretch.highlight);
    if (highlighted.length > 0) {
      for (const stretch of highlighted) {
        this.doc.rect(stretch.x - 1, y - 1, stretch.width + 2, lineHeight(size) + 1).fill(HIGHLIGHT);
      }
      this.doc.fillColor("#000000");
    }
    let unwritten: typeof stretches = stretches;
    if (this.glyphs) {
      const { line: composed, left } = this.glyphs.compose(stretches, size, extra);
      if (composed) {
        this.glyphs.place(composed, y);
        // Highlights are drawn apart from the text: such a line is composed each time.
        if (left.length === 0 && highlighted.length === 0)
          line.painted = { x, width, size, align, composed } satisfies PaintedLine;
      }
      unwritten = left as typeof stretches;
    }
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

  /** Draws the pages' items, each page in turn, each marked as the structure element it belongs to. */
  paint(pages: readonly (readonly PageItem[])[], orientations: readonly Orientation[] = []): void {
    pages.forEach((items, index) => {
      // The first page was added, upright, to make the glyph writer; a turned page is sized its way up.
      const size = pageSize(orientations[index] ?? "portrait");
      if (index > 0) this.doc.addPage({ size: [size.width, size.height] });
      else if (size.width !== PAGE_SIZE.width) throw new Error("The first page of a document is upright");
      for (const item of items) {
        this.mark(item.node);
        this.paintItem(item);
      }
      this.mark(undefined, "none");
    });
  }

  /**
   * Marks what is written next as part of `node`'s structure element (a new marked-content sequence
   * added to it), or as an artifact when there is no node; "none" closes the current sequence only.
   */
  private mark(node: StructureNode | undefined, none?: "none"): void {
    const wanted = none ?? node ?? "artifact";
    if (wanted === this.marking) return;
    if (this.marking !== "none") this.doc.endMarkedContent();
    this.marking = wanted;
    if (wanted === "none") return;
    if (wanted === "artifact") this.doc.markContent("Artifact");
    else this.structure.markContent(wanted);
  }

  private paintItem(item: PageItem): void {
    switch (item.kind) {
      case "line":
        this.drawLine(item.line, item.x, item.y, item.width, item.size, item.align);
        break;
      case "text":
        // A clause number or list label: the space after it keeps it apart from the text when read.
        this.write(`${item.text} `, item.face, item.size, item.x, item.y);
        break;
      case "cell":
        if (item.header) {
          this.doc
            .rect(item.x, item.y, item.width, item.height)
            .fillColor("#eeeeee")
            .fill()
            .fillColor("#000000");
        }
        this.doc.rect(item.x, item.y, item.width, item.height).lineWidth(0.5).strokeColor("#444444").stroke();
        break;
      case "rule":
        this.stroke(item.rule, item.colour);
        break;
      case "signatory":
        this.paintSignatory(item.layout, item.node);
        break;
      case "initials":
        this.write(item.label.text, "regular", INITIALS_SIZE, item.label.x, item.label.y);
        for (const { box, caption } of item.boxes) {
          this.doc.rect(box.x, box.y, box.width, box.height).lineWidth(0.5).strokeColor("#000000").stroke();
          this.write(caption.text, "regular", INITIALS_SIZE, caption.x, caption.y);
        }
        break;
    }
  }

  /** Draws a signatory's rules and text where they are laid out. */
  private paintSignatory(layout: SignatoryLayout, node: StructureNode | undefined): void {
    // The rules are artifacts; the words under them are the signatory's paragraph.
    this.mark(undefined);
    // Black, whatever a table or rule before it left the stroke colour; the thinner rules after it inherit it.
    this.stroke(layout.signatureRule, "#000000");
    this.mark(node);
    for (const line of layout.lines) this.writeSmall(line);
    const { address } = layout;
    if (address?.kind === "blank") {
      this.writeSmall(address.label);
      this.mark(undefined);
      for (const rule of address.rules) this.stroke(rule);
      this.mark(node);
    } else if (address?.kind === "answered") {
      const { first, rest } = address;
      if (first) this.drawLine(first.line, first.x, first.y, first.width, SMALL_SIZE, "left");
      if (rest) this.writeSmall(rest);
    }
    this.writeSmall(layout.dateLabel);
    this.mark(undefined);
    this.stroke(layout.dateRule);
  }

  private writeSmall(text: TextAt): void {
    this.write(text.text, "regular", SMALL_SIZE, text.x, text.y);
  }

  private stroke(rule: Rule, colour?: string): void {
    this.doc.moveTo(rule.x1, rule.y).lineTo(rule.x2, rule.y).lineWidth(rule.lineWidth);
    if (colour) this.doc.strokeColor(colour);
    this.doc.stroke();
  }

  /**
   * Writes DRAFT across every page, large, pale and diagonal, over the text (so nothing on the
   * page can hide it) but faint enough to read through.
   */
  watermarks(): void {
    const range = this.doc.bufferedPageRange();
    const size = 120;
    const width = this.measure(WATERMARK, "bold", size);
    for (let index = 0; index < range.count; index++) {
      this.doc.switchToPage(range.start + index);
      const centre = { x: this.doc.page.width / 2, y: this.doc.page.height / 2 };
      this.doc.markContent("Artifact");
      this.doc.save();
      this.doc.rotate(-45, { origin: [centre.x, centre.y] });
      this.doc.fillColor("#c62828", 0.15);
      this.write(WATERMARK, "bold", size, centre.x - width / 2, centre.y - lineHeight(size) / 2);
      this.doc.restore();
      this.doc.endMarkedContent();
    }
  }

  /** Writes "title" and "Page x of y" at the foot of every page. */
  footers(title: string): void {
    const range = this.doc.bufferedPageRange();
    for (let index = 0; index < range.count; index++) {
      this.doc.switchToPage(range.start + index);
      // Each page's own size: a landscape page's footer runs along its long edge.
      const { width, height } = this.doc.page;
      const y = height - MARGIN.bottom / 2 - 4;
      this.doc.markContent("Artifact", { type: "Pagination" });
      this.doc
        .moveTo(MARGIN.left, y - 5)
        .lineTo(width - MARGIN.right, y - 5)
        .lineWidth(0.5)
        .strokeColor("#999999")
        .stroke();
      const pageText = `Page ${index + 1} of ${range.count}`;
      const pageWidth = this.measure(pageText, "regular", 9);
      const fittedTitle = this.fitFooter(title, width - MARGIN.left - MARGIN.right - pageWidth - 18);
      this.doc.fillColor("#555555");
      this.write(fittedTitle, "regular", 9, MARGIN.left, y);
      this.write(pageText, "regular", 9, width - MARGIN.right - pageWidth, y);
      this.doc.fillColor("#000000");
      this.doc.endMarkedContent();
    }
  }

  /**
   * The bookmarks: each heading's entry under the nearest heading before it that is less deep, opening
   * at the heading's place on its page.
   */
  bookmarks(outline: readonly OutlineEntry[], orientations: readonly Orientation[] = []): void {
    const parents: PDFKit.PDFOutline[] = [this.doc.outline];
    for (const entry of outline) {
      const parent = parents[Math.min(entry.depth - 1, parents.length - 1)] ?? this.doc.outline;
      // pdfkit writes an XYZ destination's left as the page width less `left`, so the page width is 0.
      const item = parent.addItem(entry.title, {
        pageNumber: entry.page - 1,
        fit: false,
        top: entry.y,
        left: pageSize(orientations[entry.page - 1] ?? "portrait").width,
      } as { expanded?: boolean });
      parents.length = Math.min(entry.depth, parents.length);
      parents.push(item);
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
    // What pdfkit wrote through collectWrites, then anything its stream gives (all of it, without).
    this.glyphs?.flush();
    const chunks = this.written;
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

/**
 * Makes each font the document selects write its PDF objects as pdf-fonts.ts does: the subsets keep
 * the font's own glyph numbers, which pdfkit's own font objects cannot describe. pdfkit makes a face's
 * font when the document first selects it, so every selection passes through here.
 */
function writeFontsOurWay(doc: PDFKit.PDFDocument): void {
  const select = doc.font.bind(doc) as (...args: unknown[]) => PDFKit.PDFDocument;
  (doc as unknown as { font: (...args: unknown[]) => PDFKit.PDFDocument }).font = (...args: unknown[]) => {
    const result = select(...args);
    ownEmbedding((doc as unknown as { _font?: unknown })._font);
    return result;
  };
}

/** The part of a pdfkit document that collectWrites replaces; pdfkit does not document it. */
type PdfkitWriter = { _write?: (data: string | Uint8Array) => void; _offset?: number };

/**
 * Collects the file's bytes as pdfkit writes them, into `chunks`, instead of through its stream.
 * pdfkit pushes every piece of every object (its number, its dictionary, "stream", the bytes,
 * "endstream", "endobj": about 5,000 pieces in a 40-page deed, a thousand of them the structure
 * tree's elements) through a Node stream, which copied each into a Buffer of its own and was a tenth
 * of finishing the file. The bytes and their order are the same: this does what pdfkit's own `_write`
 * does (a string with a newline, as single bytes; `_offset` counted for the cross-reference table)
 * but keeps the piece instead of pushing it. pdfkit still ends its stream, which resolves `finish`. Installed as
 * the document is made, before anything but the header is written.
 * Left as pdfkit has it when this pdfkit lacks what it replaces.
 */
function collectWrites(doc: PDFKit.PDFDocument, chunks: Uint8Array[]): void {
  const writer = doc as unknown as PdfkitWriter;
  if (typeof writer._write !== "function" || typeof writer._offset !== "number") return;
  // The file's header, written as the document was made, waits in the stream: it comes first.
  const header: unknown = doc.read();
  if (header instanceof Uint8Array) chunks.push(header);
  writer._write = (data) => {
    const bytes = data instanceof Uint8Array ? data : Buffer.from(`${data}\n`, "latin1");
    chunks.push(bytes);
    writer._offset = (writer._offset ?? 0) + bytes.length;
  };
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
        reference.buffer = [deflated(Buffer.concat(reference.buffer), level, doc)];
        reference.data.Filter = "FlateDecode";
      }
      finalize();
    };
    return reference;
  };
}

/**
 * Streams deflated before, by the SHA-256 of their bytes and the level. Most pages of a deed are the
 * same in every client's copy (its clauses; the pages before a name first appears and after its last
 * one lay out alike): of the SMSF deed's 41 pages, 86% of the content bytes were the same for two
 * clients with different names, and deflating them took about 8% of an assembly's CPU. Hashing
 * takes a tenth of the time or less (41 pages of 14 kB: 0.5–1.0 ms against 9–12 ms at level 4), and
 * deflate gives the same bytes for the same input and level, so a kept stream is what deflating
 * again would give. Kept once a second document has met
 * the same bytes (a client's own pages are met once); bounded by the number of streams kept (the key
 * is 46 characters): some 4,000 streams, about 12 MB of deflated pages.
 */
const keptStreams = new KeptAcrossDocuments<Uint8Array>(4_000 * 46);

/** Forgets the deflated streams kept across documents (tests); gives how many there were. */
export function forgetDeflatedStreams(): number {
  const kept = keptStreams.size;
  keptStreams.clear();
  return kept;
}

function deflated(bytes: Buffer, level: number, document: object): Uint8Array {
  const key = `${level}:${createHash("sha256").update(bytes).digest("base64")}`;
  const kept = keptStreams.get(key);
  if (kept) return kept;
  const compressed = deflateSync(bytes, { level });
  // A copy of its own: zlib's result may be a slice of a larger shared buffer, which keeping it would keep.
  keptStreams.offer(key, document, () => ({ key, value: new Uint8Array(compressed) }));
  return compressed;
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
  const painter = new PdfPainter(document.title, options);
  const first = layoutDocument(document, painter);
  let layout = first;
  // No page of signatures without text of the document: where an execution block had to start a new
  // page, the last operative text before the execution section starts that page instead (laid out
  // again with that page break).
  const breaks = (executions: readonly number[], rule: typeof keepWithText) =>
    new Set(executions.flatMap((index) => rule(document.blocks, index) ?? []));
  let breakBefore = breaks([...first.strandedExecutions, ...first.executionsApart], keepWithText);
  if (breakBefore.size > 0) layout = layoutDocument(document, painter, { breakBefore });
  let executionSpacing: ExecutionSpacing = "usual";
  if (layout.pages.length > first.pages.length) {
    // When that costs a page (the section nearly fills a page of its own), the execution blocks closer
    // together may make room for the last clause on the page signed on, every block still on it.
    const compact = layoutDocument(document, painter, { breakBefore, executionSpacing: "compact" });
    if (compact.pages.length <= first.pages.length && compact.strandedExecutions.length === 0) {
      layout = compact;
      executionSpacing = "compact";
    } else {
      // Failing that, only what leads into a moved block goes with it.
      breakBefore = breaks(first.strandedExecutions, keepWithLeadIn);
      layout = layoutDocument(document, painter, { breakBefore });
    }
  }
  // No signing page with one block alone (a section longer than a page): the block before it goes
  // over with it, when that costs no page.
  if (layout.loneExecutions.length > 0) {
    const joined = new Set([...breakBefore, ...layout.loneExecutions.map((index) => index - 1)]);
    const together = layoutDocument(document, painter, { breakBefore: joined, executionSpacing });
    if (together.pages.length <= layout.pages.length && together.pagesSignedAlone < layout.pagesSignedAlone) {
      layout = together;
      breakBefore = joined;
    }
  }
  // The contents' page numbers, now that the headings' pages are known.
  fillContents(layout, painter);
  painter.paint(layout.pages, layout.orientations);
  painter.footers(document.title);
  painter.bookmarks(layout.outline, layout.orientations);
  if (document.draft) painter.watermarks();
  const pdf = await painter.finish();
  return {
    pdf,
    pageCount: layout.pages.length,
    signatureFields: layout.signatureFields,
    outline: layout.outline,
    breakBefore,
    executionSpacing,
  };
}
