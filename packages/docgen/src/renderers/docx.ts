/**
 * The Word document, built with `docx`: real styles (Title, Heading 1 and 2, Normal, and clause styles
 * based on Normal) and real multi-level numbering for clauses, so a lawyer who inserts a clause in Word
 * sees the numbers follow. Times New Roman is named; Liberation Serif, which the PDF embeds, has the
 * same metrics, so both break lines alike. The output is reproducible: fixed metadata dates and fixed
 * zip timestamps.
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  type FileChild,
  Footer,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  type ParagraphChild,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
} from "docx";
import { FIXED_METADATA_DATE } from "../constants.ts";
import { type Block, type DocumentModel, type Run, signatureCaption, signatureName } from "../model.ts";
import type { Signatory } from "../signers.ts";
import { DOCGEN_VERSION } from "../version.ts";
import { fixZipTimestamps } from "./zip.ts";

// Twentieths of a point. A4 with 25.4 mm margins, as the PDF.
const PAGE = { width: 11906, height: 16838, margin: 1440 } as const;
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
const INDENT = 720; // 12.7 mm, the hanging indent of clause numbers
const FONT = "Times New Roman";

const CLAUSE_NUMBERING = "clauses";
const CLAUSE_STYLES = ["Clause1", "Clause2", "Clause3", "Clause4"] as const;

const runsOf = (runs: readonly Run[], base: { bold?: boolean; size?: number } = {}): ParagraphChild[] =>
  runs.map((run) =>
    "text" in run
      ? new TextRun({
          text: run.text,
          ...(run.bold || base.bold ? { bold: true } : {}),
          ...(run.italic ? { italics: true } : {}),
          ...(run.underline ? { underline: {} } : {}),
          ...(base.size ? { size: base.size } : {}),
        })
      : new TextRun({ break: 1 }),
  );

const NO_BORDER = { style: BorderStyle.NONE, size: 0, color: "FFFFFF" } as const;
const THIN_BORDER = { style: BorderStyle.SINGLE, size: 4, color: "444444" } as const;

/** A signatory's cell: space to sign, the line, the caption, the name, and the date. */
function signatoryCell(signatory: Signatory | undefined): TableCell {
  const width = { size: TEXT_WIDTH / 2, type: WidthType.DXA };
  const borders = { top: NO_BORDER, bottom: NO_BORDER, left: NO_BORDER, right: NO_BORDER };
  if (!signatory) return new TableCell({ width, borders, children: [new Paragraph({})] });
  const line = (text: string, extra: { topBorder?: boolean } = {}) =>
    new Paragraph({
      keepNext: true,
      keepLines: true,
      spacing: { after: 0 },
      ...(extra.topBorder
        ? { border: { top: { style: BorderStyle.SINGLE, size: 6, color: "000000", space: 2 } } }
        : {}),
      children: [new TextRun({ text, size: 20 })],
    });
  return new TableCell({
    width,
    borders,
    margins: { right: 360 },
    children: [
      new Paragraph({ keepNext: true, spacing: { before: 720, after: 0 }, children: [] }),
      line(signatureCaption(signatory), { topBorder: true }),
      line(signatureName(signatory)),
      line("Date:"),
    ],
  });
}

function executionTable(signatories: readonly Signatory[]): Table {
  const rows: TableRow[] = [];
  for (let index = 0; index < signatories.length; index += 2) {
    rows.push(
      new TableRow({
        cantSplit: true,
        children: [signatoryCell(signatories[index]), signatoryCell(signatories[index + 1])],
      }),
    );
  }
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: [TEXT_WIDTH / 2, TEXT_WIDTH / 2],
    layout: TableLayoutType.FIXED,
    borders: {
      top: NO_BORDER,
      bottom: NO_BORDER,
      left: NO_BORDER,
      right: NO_BORDER,
      insideHorizontal: NO_BORDER,
      insideVertical: NO_BORDER,
    },
    rows,
  });
}

function dataTable(block: Extract<Block, { type: "table" }>): Table {
  const columns = Math.max(block.header?.length ?? 0, ...block.rows.map((row) => row.length), 1);
  const columnWidth = Math.floor(TEXT_WIDTH / columns);
  const cell = (runs: readonly Run[] | undefined, header: boolean) =>
    new TableCell({
      width: { size: columnWidth, type: WidthType.DXA },
      margins: { top: 40, bottom: 40, left: 100, right: 100 },
      ...(header ? { shading: { fill: "EEEEEE", type: "clear", color: "auto" } } : {}),
      children: [new Paragraph({ spacing: { after: 0 }, children: runsOf(runs ?? [], { bold: header }) })],
    });
  const row = (cells: readonly (readonly Run[])[], header: boolean) =>
    new TableRow({
      cantSplit: true,
      tableHeader: header,
      children: Array.from({ length: columns }, (_, index) => cell(cells[index], header)),
    });
  return new Table({
    width: { size: columnWidth * columns, type: WidthType.DXA },
    columnWidths: Array.from({ length: columns }, () => columnWidth),
    layout: TableLayoutType.FIXED,
    borders: {
      top: THIN_BORDER,
      bottom: THIN_BORDER,
      left: THIN_BORDER,
      right: THIN_BORDER,
      insideHorizontal: THIN_BORDER,
      insideVertical: THIN_BORDER,
    },
    rows: [
      ...(block.header ? [row(block.header, true)] : []),
      ...block.rows.map((cells) => row(cells, false)),
    ],
  });
}

/** The body of the document: paragraphs and tables, with page breaks carried to the next paragraph. */
function bodyOf(document: DocumentModel): FileChild[] {
  const children: FileChild[] = [];
  let breakBefore = false;
  const paragraph = (options: ConstructorParameters<typeof Paragraph>[0] & object): Paragraph => {
    const made = new Paragraph({ ...options, ...(breakBefore ? { pageBreakBefore: true } : {}) });
    breakBefore = false;
    return made;
  };
  for (const block of document.blocks) {
    switch (block.type) {
      case "title":
        children.push(paragraph({ style: "Title", children: runsOf(block.runs) }));
        break;
      case "heading":
        children.push(
          paragraph({ style: block.level === 1 ? "Heading1" : "Heading2", children: runsOf(block.runs) }),
        );
        break;
      case "paragraph":
        children.push(
          paragraph({
            alignment: AlignmentType.JUSTIFIED,
            children: runsOf(block.runs),
            ...(block.indent > 0 ? { indent: { left: INDENT * block.indent } } : {}),
          }),
        );
        break;
      case "clause":
        children.push(
          paragraph({
            style: block.heading ? "ClauseHeading" : CLAUSE_STYLES[block.level - 1],
            numbering: { reference: CLAUSE_NUMBERING, level: block.level - 1, instance: block.numbering },
            children: runsOf(block.runs),
          }),
        );
        break;
      case "list":
        for (const item of block.items) {
          children.push(
            paragraph({
              indent: { left: 360 * (item.depth + 1) + 360, hanging: 360 },
              tabStops: [{ type: TabStopType.LEFT, position: 360 * (item.depth + 1) + 360 }],
              children: [new TextRun({ text: `${item.label}\t` }), ...runsOf(item.runs)],
            }),
          );
        }
        break;
      case "table":
        if (breakBefore) children.push(paragraph({ spacing: { after: 0 }, children: [] }));
        children.push(dataTable(block));
        children.push(new Paragraph({ spacing: { after: 0 }, children: [] }));
        break;
      case "pageBreak":
        breakBefore = true;
        break;
      case "rule":
        children.push(
          paragraph({
            border: { bottom: { style: BorderStyle.SINGLE, size: 4, color: "444444", space: 1 } },
            children: [],
          }),
        );
        break;
      case "schedule":
        breakBefore = false;
        children.push(
          new Paragraph({
            style: "ScheduleHeading",
            pageBreakBefore: true,
            children: [
              new TextRun({ text: `Schedule ${block.number}` }),
              ...(block.title.length > 0 ? [new TextRun({ break: 1 }), ...runsOf(block.title)] : []),
            ],
          }),
        );
        break;
      case "execution":
        children.push(paragraph({ style: "ExecutionLeadIn", children: runsOf(block.leadIn) }));
        children.push(executionTable(block.block.signatories));
        children.push(new Paragraph({ spacing: { after: 0 }, children: [] }));
        break;
    }
  }
  return children;
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
  style: {
    paragraph: { indent: { left: INDENT * Math.max(level, 1), hanging: INDENT } },
  },
});

/** The fixed core properties (docx would stamp the time of writing into them). */
function coreProperties(title: string): string {
  const date = FIXED_METADATA_DATE.toISOString().replace(/\.\d{3}Z$/, "Z");
  const escaped = title.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    `<dc:title>${escaped}</dc:title>`,
    `<dc:creator>Precedent</dc:creator>`,
    `<cp:lastModifiedBy>Precedent docgen ${DOCGEN_VERSION}</cp:lastModifiedBy>`,
    "<cp:revision>1</cp:revision>",
    `<dcterms:created xsi:type="dcterms:W3CDTF">${date}</dcterms:created>`,
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${date}</dcterms:modified>`,
    "</cp:coreProperties>",
  ].join("");
}

/** Renders the document as a Word file (DOCX bytes). */
export async function renderDocx(document: DocumentModel): Promise<Uint8Array> {
  const file = new Document({
    title: document.title,
    creator: "Precedent",
    styles: {
      default: {
        document: {
          run: { font: FONT, size: 22, language: { value: "en-AU" } },
          paragraph: { spacing: { after: 120, line: 240 } },
        },
        title: {
          run: { font: FONT, size: 32, bold: true, allCaps: true, color: "000000" },
          paragraph: { alignment: AlignmentType.CENTER, spacing: { after: 360 } },
        },
        heading1: {
          run: { font: FONT, size: 24, bold: true, color: "000000" },
          paragraph: { keepNext: true, keepLines: true, spacing: { before: 360, after: 120 } },
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
          paragraph: { spacing: { after: 0 } },
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
            size: { width: PAGE.width, height: PAGE.height },
            margin: {
              top: PAGE.margin,
              bottom: PAGE.margin,
              left: PAGE.margin,
              right: PAGE.margin,
              header: 708,
              footer: 567,
            },
          },
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                style: "Footer",
                tabStops: [{ type: TabStopType.RIGHT, position: TEXT_WIDTH }],
                children: [
                  new TextRun({ text: document.title }),
                  new TextRun({ children: ["\tPage ", PageNumber.CURRENT, " of ", PageNumber.TOTAL_PAGES] }),
                ],
              }),
            ],
          }),
        },
        children: bodyOf(document),
      },
    ],
  });
  const bytes = await Packer.pack(file, "uint8array", false, [
    { path: "docProps/core.xml", data: coreProperties(document.title) },
  ]);
  return fixZipTimestamps(bytes, FIXED_METADATA_DATE);
}
