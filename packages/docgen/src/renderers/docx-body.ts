/**
 * The body of the Word document (the paragraphs and tables of word/document.xml), written directly as
 * WordprocessingML. Elements appear in the order the schema requires (ECMA-376 Part 1, CT_PPr, CT_RPr,
 * CT_TblPr, CT_TcPr). Styles and numbering are `docx`'s, defined in docx.ts; this file only refers to
 * them by id.
 */
import {
  type Block,
  columnShares,
  type Run,
  signatureAddress,
  signatureCaption,
  signatureName,
} from "../model.ts";
import type { Signatory } from "../signers.ts";

/** Twentieths of a point: the text width of A4 with 25.4 mm margins, as the PDF. */
export const TEXT_WIDTH = 11906 - 2 * 1440;
/** The hanging indent of clause numbers (12.7 mm). */
export const INDENT = 720;

// Characters XML 1.0 does not allow, and unpaired surrogates.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text for XML content. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

type RunStyle = { bold?: boolean; italic?: boolean; underline?: boolean; highlight?: boolean; size?: number };

function runXml(text: string, style: RunStyle): string {
  let properties = "";
  if (style.bold) properties += "<w:b/><w:bCs/>";
  if (style.italic) properties += "<w:i/><w:iCs/>";
  if (style.size) properties += `<w:sz w:val="${style.size}"/><w:szCs w:val="${style.size}"/>`;
  if (style.underline) properties += '<w:u w:val="single"/>';
  if (style.highlight) properties += '<w:highlight w:val="yellow"/>';
  return `<w:r>${properties ? `<w:rPr>${properties}</w:rPr>` : ""}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
}

/** The bookmark on each named clause ({#name}), by name: what Word's REF fields point at. */
type Bookmarks = ReadonlyMap<string, { readonly id: number; readonly name: string }>;

// Word's bookmark names: letters, digits and underscores, at most 40 characters; a leading underscore
// hides them from the Bookmarks list, as Word does with the _Ref bookmarks of its own cross-references.
const BOOKMARK_NAME_LENGTH = 40;

/** Bookmarks for the named clauses: `_Ref` and the name, or `_Ref` and a count when that will not do. */
export function clauseBookmarks(blocks: readonly Block[]): Bookmarks {
  const bookmarks = new Map<string, { id: number; name: string }>();
  const used = new Set<string>();
  for (const block of blocks) {
    if (block.type !== "clause" || block.anchor === undefined || bookmarks.has(block.anchor)) continue;
    const id = bookmarks.size + 1;
    let name = `_Ref${block.anchor.replace(/-/g, "_")}`;
    // A name too long, or two names alike once "-" is "_" (a-b, a_b): a count, which no name gives
    // (names start with a letter).
    if (name.length > BOOKMARK_NAME_LENGTH || used.has(name)) name = `_Ref${id}`;
    used.add(name);
    bookmarks.set(block.anchor, { id, name });
  }
  return bookmarks;
}

/**
 * A cross-reference as a REF field to the clause's bookmark, with the engine's number as the field's
 * result, so Word shows it without updating fields and renumbers it when the clauses are edited. `\w`
 * (the number in full context, "1.1(a)") matches how the engine cites clauses wherever the reference
 * stands; `\h` makes it a link. " of Schedule 2" stays text after the field: Word's number is the
 * clause's own.
 */
function crossReferenceXml(
  run: Extract<Run, { text: string }>,
  reference: { readonly anchor: string; readonly number: string },
  style: RunStyle,
  bookmarks: Bookmarks,
): string {
  const bookmark = bookmarks.get(reference.anchor);
  if (!bookmark || !run.text.startsWith(reference.number)) return runXml(run.text, style);
  const character = (type: string) => `<w:r><w:fldChar w:fldCharType="${type}"/></w:r>`;
  const rest = run.text.slice(reference.number.length);
  return [
    character("begin"),
    `<w:r><w:instrText xml:space="preserve"> REF ${bookmark.name} \\w \\h </w:instrText></w:r>`,
    character("separate"),
    runXml(reference.number, style),
    character("end"),
    rest === "" ? "" : runXml(rest, style),
  ].join("");
}

const NO_BOOKMARKS: Bookmarks = new Map();

function runsXml(runs: readonly Run[], base: RunStyle = {}, bookmarks: Bookmarks = NO_BOOKMARKS): string {
  return runs
    .map((run) => {
      if (!("text" in run)) return "<w:r><w:br/></w:r>";
      const style: RunStyle = {
        bold: run.bold || base.bold,
        italic: run.italic || base.italic,
        underline: run.underline || base.underline,
        ...(run.highlight ? { highlight: true } : {}),
        ...(base.size ? { size: base.size } : {}),
      };
      return run.crossReference
        ? crossReferenceXml(run, run.crossReference, style, bookmarks)
        : runXml(run.text, style);
    })
    .join("");
}

type ParagraphProperties = {
  style?: string;
  keepNext?: boolean;
  keepLines?: boolean;
  pageBreakBefore?: boolean;
  numbering?: { level: number; numId: number };
  border?: "top" | "bottom";
  tab?: number;
  spacing?: { before?: number; after?: number };
  indent?: { left: number; hanging?: number };
  justify?: boolean;
};

function paragraphXml(content: string, properties: ParagraphProperties = {}): string {
  let xml = "";
  if (properties.style) xml += `<w:pStyle w:val="${properties.style}"/>`;
  if (properties.keepNext) xml += "<w:keepNext/>";
  if (properties.keepLines) xml += "<w:keepLines/>";
  if (properties.pageBreakBefore) xml += "<w:pageBreakBefore/>";
  if (properties.numbering) {
    xml += `<w:numPr><w:ilvl w:val="${properties.numbering.level}"/><w:numId w:val="${properties.numbering.numId}"/></w:numPr>`;
  }
  if (properties.border === "top")
    xml += '<w:pBdr><w:top w:val="single" w:sz="6" w:space="2" w:color="000000"/></w:pBdr>';
  if (properties.border === "bottom")
    xml += '<w:pBdr><w:bottom w:val="single" w:sz="4" w:space="1" w:color="444444"/></w:pBdr>';
  if (properties.tab !== undefined) xml += `<w:tabs><w:tab w:val="left" w:pos="${properties.tab}"/></w:tabs>`;
  if (properties.spacing) {
    const { before, after } = properties.spacing;
    xml += `<w:spacing${before !== undefined ? ` w:before="${before}"` : ""}${after !== undefined ? ` w:after="${after}"` : ""}/>`;
  }
  if (properties.indent) {
    const { left, hanging } = properties.indent;
    xml += `<w:ind w:left="${left}"${hanging !== undefined ? ` w:hanging="${hanging}"` : ""}/>`;
  }
  if (properties.justify) xml += '<w:jc w:val="both"/>';
  return `<w:p>${xml ? `<w:pPr>${xml}</w:pPr>` : ""}${content}</w:p>`;
}

const BORDER = (side: string, value: string) =>
  value === "none"
    ? `<w:${side} w:val="nil"/>`
    : `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="444444"/>`;

function tableXml(
  widths: readonly number[],
  rows: readonly { cells: readonly string[]; header?: boolean }[],
  borders: "grid" | "none",
): string {
  const edge = borders === "grid" ? "single" : "none";
  const tableBorders = ["top", "left", "bottom", "right", "insideH", "insideV"]
    .map((side) => BORDER(side, edge))
    .join("");
  const width = widths.reduce((sum, value) => sum + value, 0);
  const grid = widths.map((value) => `<w:gridCol w:w="${value}"/>`).join("");
  const body = rows
    .map(
      (row) =>
        `<w:tr><w:trPr><w:cantSplit/>${row.header ? "<w:tblHeader/>" : ""}</w:trPr>${row.cells
          .map((cell, index) => {
            const shading = row.header ? '<w:shd w:val="clear" w:color="auto" w:fill="EEEEEE"/>' : "";
            return `<w:tc><w:tcPr><w:tcW w:w="${widths[index] ?? 0}" w:type="dxa"/>${shading}</w:tcPr>${cell}</w:tc>`;
          })
          .join("")}</w:tr>`,
    )
    .join("");
  const margins =
    borders === "grid"
      ? '<w:tblCellMar><w:top w:w="40" w:type="dxa"/><w:left w:w="100" w:type="dxa"/><w:bottom w:w="40" w:type="dxa"/><w:right w:w="100" w:type="dxa"/></w:tblCellMar>'
      : '<w:tblCellMar><w:left w:w="0" w:type="dxa"/><w:right w:w="360" w:type="dxa"/></w:tblCellMar>';
  return `<w:tbl><w:tblPr><w:tblW w:w="${width}" w:type="dxa"/><w:tblBorders>${tableBorders}</w:tblBorders><w:tblLayout w:type="fixed"/>${margins}</w:tblPr><w:tblGrid>${grid}</w:tblGrid>${body}</w:tbl>`;
}

/** A signatory's cell: room to sign, the line with its caption, the name, and the date. */
function signatoryCell(signatory: Signatory | undefined): string {
  if (!signatory) return paragraphXml("");
  const line = (text: string, border?: "top") =>
    paragraphXml(runXml(text, { size: 20 }), {
      keepNext: true,
      keepLines: true,
      ...(border ? { border } : {}),
      spacing: { after: 0 },
    });
  return [
    paragraphXml("", { keepNext: true, spacing: { before: 720, after: 0 } }),
    line(signatureCaption(signatory), "top"),
    line(signatureName(signatory)),
    ...addressLines(signatory).map((text) => line(text)),
    line("Date:"),
  ].join("");
}

/** A witness's address line; a blank address gets a second line to write on. */
function addressLines(signatory: Signatory): string[] {
  const address = signatureAddress(signatory);
  if (address === undefined) return [];
  return signatory.address ? [address] : [`${address} ${"_".repeat(30)}`, "_".repeat(42)];
}

const EMPTY_PARAGRAPH = paragraphXml("", { spacing: { after: 0 } });

/** Writes the blocks as the content of <w:body>; `numIds` maps each numbering (body, schedules) to Word's list. */
export function bodyXml(blocks: readonly Block[], numIds: readonly number[]): string {
  const parts: string[] = [];
  const bookmarks = clauseBookmarks(blocks);
  let breakBefore = false;
  const paragraph = (content: string, properties: ParagraphProperties = {}) => {
    parts.push(paragraphXml(content, breakBefore ? { ...properties, pageBreakBefore: true } : properties));
    breakBefore = false;
  };
  for (const block of blocks) {
    switch (block.type) {
      case "title":
        paragraph(runsXml(block.runs, {}, bookmarks), { style: "Title" });
        break;
      case "heading":
        paragraph(runsXml(block.runs, {}, bookmarks), { style: block.level === 1 ? "Heading1" : "Heading2" });
        break;
      case "paragraph":
        paragraph(runsXml(block.runs, {}, bookmarks), {
          ...(block.indent > 0 ? { indent: { left: INDENT * block.indent } } : {}),
          justify: true,
        });
        break;
      case "clause": {
        // The bookmark spans the numbered paragraph, as Word's own cross-references do: REF reads the
        // number from the paragraph's list.
        const bookmark = block.anchor === undefined ? undefined : bookmarks.get(block.anchor);
        const runs = runsXml(block.runs, {}, bookmarks);
        const content = bookmark
          ? `<w:bookmarkStart w:id="${bookmark.id}" w:name="${bookmark.name}"/>${runs}<w:bookmarkEnd w:id="${bookmark.id}"/>`
          : runs;
        paragraph(content, {
          style: block.heading ? "ClauseHeading" : `Clause${block.level}`,
          numbering: { level: block.level - 1, numId: numIds[block.numbering] ?? numIds[0] ?? 1 },
        });
        break;
      }
      case "list":
        for (const item of block.items) {
          const indent = 360 * (item.depth + 1) + 360;
          paragraph(`${runXml(item.label, {})}<w:r><w:tab/></w:r>${runsXml(item.runs, {}, bookmarks)}`, {
            tab: indent,
            indent: { left: indent, hanging: 360 },
          });
        }
        break;
      case "table": {
        if (breakBefore) paragraph("", { spacing: { after: 0 } });
        const shares = columnShares(block);
        const widths = shares.map((share) => Math.floor(share * TEXT_WIDTH));
        const cell = (runs: readonly Run[] | undefined, header: boolean) =>
          paragraphXml(runsXml(runs ?? [], { bold: header }, bookmarks), { spacing: { after: 0 } });
        const rows = [
          ...(block.header
            ? [{ cells: widths.map((_, index) => cell(block.header?.[index], true)), header: true }]
            : []),
          ...block.rows.map((row) => ({ cells: widths.map((_, index) => cell(row[index], false)) })),
        ];
        parts.push(tableXml(widths, rows, "grid"), EMPTY_PARAGRAPH);
        break;
      }
      case "pageBreak":
        breakBefore = true;
        break;
      case "rule":
        paragraph("", { border: "bottom" });
        break;
      case "schedule":
        breakBefore = false;
        parts.push(
          paragraphXml(
            `${runXml(`Schedule ${block.number}`, {})}${block.title.length > 0 ? `<w:r><w:br/></w:r>${runsXml(block.title, {}, bookmarks)}` : ""}`,
            { style: "ScheduleHeading", pageBreakBefore: true },
          ),
        );
        break;
      case "execution": {
        paragraph(runsXml(block.leadIn, {}, bookmarks), { style: "ExecutionLeadIn" });
        const signatories = block.block.signatories;
        const rows: { cells: string[] }[] = [];
        for (let index = 0; index < signatories.length; index += 2) {
          rows.push({ cells: [signatoryCell(signatories[index]), signatoryCell(signatories[index + 1])] });
        }
        parts.push(tableXml([TEXT_WIDTH / 2, TEXT_WIDTH / 2], rows, "none"), EMPTY_PARAGRAPH);
        break;
      }
    }
  }
  return parts.join("");
}
