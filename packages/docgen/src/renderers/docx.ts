/**
 * The Word document. `docx` defines the package: real styles (Title, Heading 1 and 2, Normal, and
 * clause styles based on Normal), multi-level clause numbering (1. / 1.1 / (a) / (i), restarting in
 * each schedule), the footer with the title and PAGE of NUMPAGES, settings, theme and metadata. The
 * body is written directly by docx-body.ts: building it through docx's object model took about 3 ms a
 * page, most of the time of a whole assembly, while the package around it only changes with the title
 * and the number of schedules, so it is built once for each and kept.
 *
 * Times New Roman is named; Liberation Serif, which the PDF embeds, has the same metrics, so both
 * break lines alike. The output is reproducible: the metadata date is the caller's assembly date (else
 * a fixed one) and the zip timestamps are fixed.
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeightRule,
  LevelFormat,
  LineRuleType,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
} from "docx";
import { FIXED_METADATA_DATE } from "../constants.ts";
import { type DocumentMetadata, documentMetadata, type MetadataOptions } from "../metadata.ts";
import { type DocumentModel, initialsCaption, initialsOf } from "../model.ts";
import { DOCGEN_VERSION } from "../version.ts";
import { bodyXmlParts, escapeXml, exactLine, INDENT, LANDSCAPE_TEXT_WIDTH, TEXT_WIDTH } from "./docx-body.ts";
import type { ExecutionSpacing } from "./pdf-layout.ts";
import { readZip, writeZip, type ZipEntry, zipEntry } from "./zip.ts";

const FONT = "Times New Roman";
const CLAUSE_NUMBERING = "clauses";
const DOCUMENT_PART = "word/document.xml";
const CORE_PART = "docProps/core.xml";

/** A package made by docx, ready to take a body: its parts (deflated) and the frame of document.xml. */
type Package = {
  readonly entries: readonly ZipEntry[];
  /** document.xml up to and including <w:body>. */
  readonly head: string;
  /** The section properties and the closing tags after the body. */
  readonly tail: string;
  /** Word's list id for each numbering: the body's (0), then each schedule's. */
  readonly numIds: readonly number[];
  /** The parts a landscape section's own footer is made from (see landscapeFooter). */
  readonly parts: { readonly footer: string; readonly relationships: string; readonly contentTypes: string };
};

const FOOTER_PART = "word/footer1.xml";
const RELATIONSHIPS_PART = "word/_rels/document.xml.rels";
const CONTENT_TYPES_PART = "[Content_Types].xml";
/** The relationship of a landscape section's footer, which the package's parts do not use. */
const LANDSCAPE_FOOTER_ID = "rIdLandscapeFooter";

/**
 * The core properties, written here because docx would stamp the time of writing into them: the
 * assembly date the caller gives (else the fixed date) and the author.
 */
function coreProperties(title: string, metadata: DocumentMetadata = documentMetadata()): string {
  const date = metadata.date.toISOString().replace(/\.\d{3}Z$/, "Z");
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    `<dc:title>${escapeXml(title)}</dc:title>`,
    `<dc:creator>${escapeXml(metadata.author)}</dc:creator>`,
    `<cp:lastModifiedBy>Precedent docgen ${DOCGEN_VERSION}</cp:lastModifiedBy>`,
    "<cp:revision>1</cp:revision>",
    `<dcterms:created xsi:type="dcterms:W3CDTF">${date}</dcterms:created>`,
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${date}</dcterms:modified>`,
    "</cp:coreProperties>",
  ].join("");
}

const clauseLevel = (
  level: number,
  format: (typeof LevelFormat)[keyof typeof LevelFormat],
  text: string,
) => ({
  level,
  format,
  text,
  alignment: AlignmentType.LEFT,
  style: { paragraph: { indent: { left: INDENT * Math.max(level, 1), hanging: INDENT } } },
});

/** The docx Document of a package: styles, numbering, footer, and one numbered paragraph per numbering. */
/**
 * The footer's initials boxes (a will): "Initials:", then a bordered box per signatory with the name
 * under it, at the right. Word's footer is the same on every page, so unlike the PDF (which leaves
 * them off the page signed on) the execution page has them too.
 */
function initialsTable(captions: readonly string[]): Table {
  const none = { style: BorderStyle.NONE, size: 0, color: "FFFFFF" };
  const line = { style: BorderStyle.SINGLE, size: 4, color: "000000" };
  const noBorders = { top: none, bottom: none, left: none, right: none };
  const small = (text: string, right = false) =>
    new Paragraph({
      style: "Footer",
      children: [new TextRun({ text, size: 15 })],
      spacing: { after: 0 },
      ...(right ? { alignment: AlignmentType.RIGHT } : {}),
    });
  const boxWidth = 2200;
  const gap = 240;
  const labelWidth = TEXT_WIDTH - captions.length * (boxWidth + gap);
  const cells = (box: boolean) => [
    new TableCell({
      width: { size: labelWidth, type: WidthType.DXA },
      borders: noBorders,
      children: [small(box ? "Initials:" : "", true)],
    }),
    ...captions.flatMap((caption) => [
      new TableCell({ width: { size: gap, type: WidthType.DXA }, borders: noBorders, children: [small("")] }),
      new TableCell({
        width: { size: boxWidth, type: WidthType.DXA },
        borders: box ? { top: line, bottom: line, left: line, right: line } : noBorders,
        children: [small(box ? "" : caption)],
      }),
    ]),
  ];
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: [labelWidth, ...captions.flatMap(() => [gap, boxWidth])],
    borders: {
      ...noBorders,
      insideHorizontal: none,
      insideVertical: none,
    },
    rows: [
      new TableRow({ height: { value: 400, rule: HeightRule.EXACT }, children: cells(true) }),
      new TableRow({ children: cells(false) }),
    ],
  });
}

/** An exact line height for text of `size` points, as the PDF's lineHeight, in twentieths of a point. */
const exactLines = (size: number) => ({ line: exactLine(size), lineRule: LineRuleType.EXACT });

function packageDocument(title: string, numberings: number, initials: readonly string[]): Document {
  return new Document({
    title,
    creator: "Precedent",
    styles: {
      default: {
        document: {
          run: { font: FONT, size: 22, language: { value: "en-AU" } },
          // Exact line heights, the PDF's (lineHeight: 1.149 of the size, Liberation Serif's ascent,
          // descent and gap): Word's single spacing of Times New Roman is that already, but
          // LibreOffice's leaves out the gap, fitting 4 % more lines a page (38 pages for 40).
          paragraph: { spacing: { after: 120, ...exactLines(11) } },
        },
        title: {
          run: { font: FONT, size: 32, bold: true, allCaps: true, color: "000000" },
          paragraph: { alignment: AlignmentType.CENTER, spacing: { after: 360, ...exactLines(16) } },
        },
        heading1: {
          run: { font: FONT, size: 24, bold: true, color: "000000" },
          paragraph: {
            keepNext: true,
            keepLines: true,
            spacing: { before: 360, after: 120, ...exactLines(12) },
          },
        },
        heading2: {
          run: { font: FONT, size: 22, bold: true, color: "000000" },
          paragraph: { keepNext: true, keepLines: true, spacing: { before: 240, after: 120 } },
        },
      },
      paragraphStyles: [
        {
          id: "ClauseHeading",
          name: "Clause Heading",
          basedOn: "Normal",
          next: "Clause2",
          quickFormat: true,
          run: { bold: true },
          paragraph: {
            keepNext: true,
            keepLines: true,
            spacing: { before: 240, after: 120 },
            outlineLevel: 0,
          },
        },
        ...[1, 2, 3, 4].map((level) => ({
          id: `Clause${level}`,
          name: `Clause ${level}`,
          basedOn: "Normal",
          next: `Clause${level}`,
          quickFormat: true,
          paragraph: { alignment: AlignmentType.JUSTIFIED, spacing: { after: 120 } },
        })),
        {
          id: "ScheduleHeading",
          name: "Schedule Heading",
          basedOn: "Heading1",
          next: "Normal",
          quickFormat: true,
          paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 0, after: 240 } },
        },
        {
          id: "TOCHeading",
          name: "TOC Heading",
          basedOn: "Normal",
          next: "Normal",
          run: { bold: true, size: 24 },
          paragraph: {
            keepNext: true,
            keepLines: true,
            spacing: { before: 240, after: 120, ...exactLines(12) },
          },
        },
        // Word's own contents styles (Word applies them when it updates the TOC field).
        {
          id: "TOC1",
          name: "toc 1",
          basedOn: "Normal",
          next: "Normal",
          run: { bold: true },
          paragraph: {
            keepLines: true,
            indent: { left: INDENT, hanging: INDENT },
            spacing: { before: 120, after: 40 },
          },
        },
        {
          id: "TOC2",
          name: "toc 2",
          basedOn: "Normal",
          next: "Normal",
          paragraph: {
            keepLines: true,
            indent: { left: INDENT, hanging: INDENT },
            spacing: { after: 40 },
          },
        },
        {
          id: "ExecutionLeadIn",
          name: "Execution Lead-in",
          basedOn: "Normal",
          next: "Normal",
          paragraph: { keepNext: true, keepLines: true, spacing: { before: 240, after: 0 } },
        },
        {
          id: "Footer",
          name: "footer",
          basedOn: "Normal",
          run: { size: 18, color: "555555" },
          paragraph: { spacing: { after: 0, ...exactLines(9) } },
        },
      ],
    },
    numbering: {
      config: [
        {
          reference: CLAUSE_NUMBERING,
          levels: [
            clauseLevel(0, LevelFormat.DECIMAL, "%1."),
            clauseLevel(1, LevelFormat.DECIMAL, "%1.%2"),
            clauseLevel(2, LevelFormat.LOWER_LETTER, "(%3)"),
            clauseLevel(3, LevelFormat.LOWER_ROMAN, "(%4)"),
          ],
        },
      ],
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: 11906, height: 16838 },
            // Half a point lower than the PDF's bottom margin: LibreOffice and Word place lines to
            // the twip or the hundredth of a millimetre, and a page the PDF fills to within a tenth
            // of a point would otherwise lose its last line to the next page. Half a point cannot
            // take in another line.
            margin: { top: 1440, bottom: 1430, left: 1440, right: 1440, header: 708, footer: 567 },
          },
        },
        footers: {
          default: new Footer({
            children: [
              ...(initials.length > 0 ? [initialsTable(initials)] : []),
              new Paragraph({
                style: "Footer",
                tabStops: [{ type: TabStopType.RIGHT, position: TEXT_WIDTH }],
                children: [
                  new TextRun({ text: title }),
                  new TextRun({ children: ["\tPage ", PageNumber.CURRENT, " of ", PageNumber.TOTAL_PAGES] }),
                ],
              }),
            ],
          }),
        },
        // One paragraph in each numbering, so that docx writes a list for each; the body replaces them.
        children: Array.from(
          { length: numberings },
          (_, instance) =>
            new Paragraph({
              style: "Clause1",
              numbering: { reference: CLAUSE_NUMBERING, level: 0, instance },
            }),
        ),
      },
    ],
  });
}

async function buildPackage(
  title: string,
  numberings: number,
  initials: readonly string[],
): Promise<Package> {
  const bytes = await Packer.pack(packageDocument(title, numberings, initials), "uint8array", false, [
    { path: CORE_PART, data: coreProperties(title) },
  ]);
  const parts = readZip(bytes);
  const document = new TextDecoder().decode(parts.get(DOCUMENT_PART));
  const bodyStart = document.indexOf("<w:body>") + "<w:body>".length;
  const sectionStart = document.lastIndexOf("<w:sectPr");
  if (bodyStart < "<w:body>".length || sectionStart < bodyStart) throw new Error("docx wrote no body");
  const numIds = [...document.slice(bodyStart, sectionStart).matchAll(/<w:numId w:val="(\d+)"\/>/g)].map(
    (match) => Number(match[1]),
  );
  if (numIds.length !== numberings) throw new Error("docx wrote a different number of lists");
  return {
    entries: [...parts].map(([name, content]) =>
      name === DOCUMENT_PART
        ? { name, compressed: new Uint8Array(), crc: 0, size: 0 }
        : zipEntry(name, content),
    ),
    head: document.slice(0, bodyStart),
    tail: document.slice(sectionStart),
    numIds,
    parts: {
      footer: new TextDecoder().decode(parts.get(FOOTER_PART)),
      relationships: new TextDecoder().decode(parts.get(RELATIONSHIPS_PART)),
      contentTypes: new TextDecoder().decode(parts.get(CONTENT_TYPES_PART)),
    },
  };
}

const packages = new Map<string, Promise<Package>>();
const PACKAGE_CACHE_SIZE = 64;

/** The package for a title and a number of numberings (built by docx on first use, then kept). */
function packageFor(title: string, numberings: number, initials: readonly string[]): Promise<Package> {
  const key = [numberings, title, ...initials].join("\u0000");
  let made = packages.get(key);
  if (!made) {
    if (packages.size >= PACKAGE_CACHE_SIZE) {
      const oldest = packages.keys().next().value;
      if (oldest !== undefined) packages.delete(oldest);
    }
    made = buildPackage(title, numberings, initials);
    packages.set(key, made);
    made.catch(() => packages.delete(key));
  }
  return made;
}

/** Section properties with the page turned `orientation`: A4 upright, or on its side. */
function turnSection(sectionProperties: string, orientation: "portrait" | "landscape"): string {
  // The package's own are upright: unchanged, so a document that turns no page is byte for byte as before.
  if (orientation === "portrait") return sectionProperties;
  const turned = sectionProperties
    .replace(/<w:pgSz\b[^>]*\/>/, '<w:pgSz w:w="16838" w:h="11906" w:orient="landscape"/>')
    .replace(/(<w:footerReference w:type="default" r:id=")[^"]*(")/, `$1${LANDSCAPE_FOOTER_ID}$2`);
  if (!turned.includes("landscape") || !turned.includes(LANDSCAPE_FOOTER_ID)) {
    throw new Error("docx wrote section properties without a page size or a footer");
  }
  return turned;
}

/**
 * The parts a document with landscape pages adds or changes: a second footer, the same as the first
 * but with its page number at a landscape page's right margin, its relationship and its content type.
 */
function landscapeFooter(parts: Package["parts"]): Map<string, string> {
  const footer = parts.footer.replace(`w:pos="${TEXT_WIDTH}"`, `w:pos="${LANDSCAPE_TEXT_WIDTH}"`);
  const relationship = `<Relationship Id="${LANDSCAPE_FOOTER_ID}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footer2.xml"/>`;
  const contentType =
    '<Override ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml" PartName="/word/footer2.xml"/>';
  return new Map([
    ["word/footer2.xml", footer],
    [RELATIONSHIPS_PART, parts.relationships.replace("</Relationships>", `${relationship}</Relationships>`)],
    [CONTENT_TYPES_PART, parts.contentTypes.replace("</Types>", `${contentType}</Types>`)],
  ]);
}

/** Options for renderDocx: the metadata, and the pages a contents page gives its headings. */
export type RenderDocxOptions = MetadataOptions & {
  /**
   * The page each heading starts on, by block index (the PDF's: renderPdf's `outline`), written as the
   * contents' page numbers until Word updates its fields; without it they are left for Word to fill.
   */
  readonly contentsPages?: ReadonlyMap<number, number>;
  /** Blocks (by index) to start on a new page, as the PDF does (renderPdf's `breakBefore`). */
  readonly breakBefore?: ReadonlySet<number>;
  /** How closely to space the execution blocks, as the PDF does (renderPdf's `executionSpacing`). */
  readonly executionSpacing?: ExecutionSpacing;
};

/**
 * Texts encoded as UTF-8, one after another. The document's XML (333 kB for the SMSF deed) is not
 * made one string first: joined, it is a string of two bytes a character (its typographic quotes),
 * copied again to be encoded, and encoding it took longer than making it; a piece at a time it
 * takes a fraction of that (flattened.ts says why such copies cost).
 */
function utf8Bytes(texts: readonly string[]): Uint8Array {
  return Buffer.concat(texts.map((text) => Buffer.from(text, "utf8")));
}

/**
 * Renders the document as a Word file (DOCX bytes). The zip entries keep the fixed date whatever
 * `assembledAt` says: the core properties carry the assembly date, where Word shows it, so two
 * assemblies of the same answers differ only in docProps/core.xml, and the entry times nobody sees
 * are not worth losing that.
 */
export async function renderDocx(
  document: DocumentModel,
  options: RenderDocxOptions = {},
): Promise<Uint8Array> {
  const metadata = documentMetadata(options);
  const stamped = options.assembledAt !== undefined || options.author !== undefined;
  const schedules = document.blocks.reduce(
    (count, block) => (block.type === "schedule" ? count + 1 : count),
    0,
  );
  let witness = 0;
  const initials = initialsOf(document.blocks).map((signatory) => {
    if (signatory.role === "witness") witness += 1;
    return initialsCaption(signatory, witness);
  });
  const wordPackage = await packageFor(document.title, schedules + 1, initials);
  // The package's section properties (page size, margins, footer) end every section: turned for a
  // section of landscape pages, and the last as the document's last pages are turned.
  const sectionEnd = wordPackage.tail.indexOf("</w:sectPr>") + "</w:sectPr>".length;
  const sectionProperties = wordPackage.tail.slice(0, sectionEnd);
  const bodyParts = bodyXmlParts(document.blocks, wordPackage.numIds, {
    ...(options.contentsPages ? { pages: options.contentsPages } : {}),
    ...(options.breakBefore ? { pageBreaks: options.breakBefore } : {}),
    ...(options.executionSpacing ? { executionSpacing: options.executionSpacing } : {}),
    sectionProperties: (orientation) => turnSection(sectionProperties, orientation),
  });
  let last: "portrait" | "landscape" = "portrait";
  for (const block of document.blocks) {
    if (block.type === "pageBreak" && block.orientation) last = block.orientation;
  }
  const tail = turnSection(sectionProperties, last) + wordPackage.tail.slice(sectionEnd);
  const xml = utf8Bytes([wordPackage.head, ...bodyParts, tail]);
  const turned = document.blocks.some(
    (block) => block.type === "pageBreak" && block.orientation === "landscape",
  );
  const added = turned ? landscapeFooter(wordPackage.parts) : new Map<string, string>();
  const entries = wordPackage.entries.map((entry) => {
    if (entry.name === DOCUMENT_PART) return zipEntry(DOCUMENT_PART, xml);
    const changed = added.get(entry.name);
    if (changed !== undefined) return zipEntry(entry.name, changed);
    if (entry.name === CORE_PART && stamped)
      return zipEntry(CORE_PART, coreProperties(document.title, metadata));
    return entry;
  });
  if (added.has("word/footer2.xml"))
    entries.push(zipEntry("word/footer2.xml", added.get("word/footer2.xml") ?? ""));
  return writeZip(entries, FIXED_METADATA_DATE);
}
