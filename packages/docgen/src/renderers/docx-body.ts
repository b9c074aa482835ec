/**
 * The body of the Word document (the paragraphs and tables of word/document.xml), written directly as
 * WordprocessingML. Elements appear in the order the schema requires (ECMA-376 Part 1, CT_PPr, CT_RPr,
 * CT_TblPr, CT_TcPr). Styles and numbering are `docx`'s, defined in docx.ts; this file only refers to
 * them by id.
 */
import {
  type Block,
  columnShares,
  contentsEntries,
  outlineDepths,
  type Run,
  signatureAddress,
  signatureCaption,
  signatureName,
} from "../model.ts";
import type { Signatory } from "../signers.ts";
import { COVER, coverTop, type ExecutionSpacing } from "./pdf-layout.ts";

/** Twentieths of a point: the text width of A4 with 25.4 mm margins, as the PDF. */
export const TEXT_WIDTH = 11906 - 2 * 1440;
/** The text's width on a landscape page (A4 on its side), in twentieths of a point. */
export const LANDSCAPE_TEXT_WIDTH = 16838 - 2 * 1440;
/**
 * The PDF's line height for text of `size` points (pdf-layout's lineHeight: 1.149 of the size) in
 * twentieths of a point, for exact line spacing in Word.
 */
export const exactLine = (size: number): number => Math.round(size * 1.149 * 20);

/** The hanging indent of clause numbers (12.7 mm). */
export const INDENT = 720;

// Characters XML 1.0 does not allow, and unpaired surrogates.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// Whatever escapeXml might change: most runs of a document hold none of it, and then the four
// replacements (the first with its look-behind) are skipped; they were a tenth of the Word file's time.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const MAY_NEED_ESCAPING = /[&<>\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Escapes text for XML content. */
export function escapeXml(text: string): string {
  if (!MAY_NEED_ESCAPING.test(text)) return text;
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
  /** A right tab at the text's edge with dot leaders (a contents line's page number), after `tab`. */
  leaderTab?: boolean;
  /** `line`: an exact line height (twentieths of a point), for text not of the body's size. */
  spacing?: { before?: number; after?: number; line?: number };
  indent?: { left: number; hanging?: number };
  center?: boolean;
  /** Word's outline level (0 is the outermost), for its navigation pane and contents. */
  outlineLevel?: number;
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
  if (properties.tab !== undefined || properties.leaderTab) {
    xml += "<w:tabs>";
    if (properties.tab !== undefined) xml += `<w:tab w:val="left" w:pos="${properties.tab}"/>`;
    if (properties.leaderTab) xml += `<w:tab w:val="right" w:leader="dot" w:pos="${TEXT_WIDTH}"/>`;
    xml += "</w:tabs>";
  }
  if (properties.spacing) {
    const { before, after, line } = properties.spacing;
    xml += `<w:spacing${before !== undefined ? ` w:before="${before}"` : ""}${after !== undefined ? ` w:after="${after}"` : ""}${line !== undefined ? ` w:line="${line}" w:lineRule="exact"` : ""}/>`;
  }
  if (properties.indent) {
    const { left, hanging } = properties.indent;
    xml += `<w:ind w:left="${left}"${hanging !== undefined ? ` w:hanging="${hanging}"` : ""}/>`;
  }
  if (properties.center) xml += '<w:jc w:val="center"/>';
  if (properties.outlineLevel !== undefined) xml += `<w:outlineLvl w:val="${properties.outlineLevel}"/>`;
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
      ? '<w:tblCellMar><w:top w:w="80" w:type="dxa"/><w:left w:w="80" w:type="dxa"/><w:bottom w:w="80" w:type="dxa"/><w:right w:w="80" w:type="dxa"/></w:tblCellMar>'
      : '<w:tblCellMar><w:left w:w="0" w:type="dxa"/><w:right w:w="360" w:type="dxa"/></w:tblCellMar>';
  return `<w:tbl><w:tblPr><w:tblW w:w="${width}" w:type="dxa"/><w:tblBorders>${tableBorders}</w:tblBorders><w:tblLayout w:type="fixed"/>${margins}</w:tblPr><w:tblGrid>${grid}</w:tblGrid>${body}</w:tbl>`;
}

/**
 * Word's spacing of an execution block, as the PDF's (pdf-layout's EXECUTION_SPACING): the space above
 * its lead-in, above the signature line (the row's padding and the room to sign) and after the row.
 */
const WORD_EXECUTION_SPACING = {
  usual: { leadInBefore: 240, signatureBefore: 720, after: undefined },
  compact: { leadInBefore: 120, signatureBefore: 620, after: exactLine(6) },
} as const;

/** A signatory's cell: room to sign, the line with its caption, the name, and the date. */
function signatoryCell(signatory: Signatory | undefined, signatureBefore: number): string {
  if (!signatory) return paragraphXml("");
  const line = (text: string, border?: "top") =>
    paragraphXml(runXml(text, { size: 20 }), {
      keepNext: true,
      keepLines: true,
      ...(border ? { border } : {}),
      spacing: { after: 0, line: exactLine(10) },
    });
  return [
    paragraphXml("", { keepNext: true, spacing: { before: signatureBefore, after: 0 } }),
    line(signatureCaption(signatory), "top"),
    line(signatureName(signatory)),
    ...addressLines(signatory).map((text) => line(text)),
    // A line to write the date on, as long as the PDF's date rule (22 underscores of 10 pt: 110 pt).
    line(`Date: ${"_".repeat(22)}`),
  ].join("");
}

/** A witness's address line; a blank address gets a second line to write on. */
function addressLines(signatory: Signatory): string[] {
  const address = signatureAddress(signatory);
  if (address === undefined) return [];
  // 40 underscores of 10 pt (5 pt each) fit the cell's 207 pt; 42 ran over, and Word and LibreOffice
  // wrapped the last onto a line of its own.
  return signatory.address ? [address] : [`${address} ${"_".repeat(30)}`, "_".repeat(40)];
}

const EMPTY_PARAGRAPH = paragraphXml("", { spacing: { after: 0 } });

const fieldCharacter = (type: "begin" | "separate" | "end") =>
  `<w:r><w:fldChar w:fldCharType="${type}"/></w:r>`;
const instruction = (text: string) => `<w:r><w:instrText xml:space="preserve">${text}</w:instrText></w:r>`;
const TAB = "<w:r><w:tab/></w:r>";
/** The contents' bookmarks on headings are numbered from here, clear of the clauses' bookmarks. */
const CONTENTS_BOOKMARK_IDS = 100_000;

/**
 * The contents as Word's own: a TOC field over outline levels 1 to 2 (`\o "1-2" \u`, the headings'
 * outline levels), with links (`\h`) and no page numbers in web view (`\z`), whose result is written
 * already, one TOC1/TOC2 paragraph per entry, linked to a `_Toc` bookmark on its heading, with a
 * PAGEREF field giving the page the PDF prints, so the contents show before Word updates fields.
 */
function contentsXml(
  blocks: readonly Block[],
  index: number,
  pages: ReadonlyMap<number, number> | undefined,
  bookmarkOf: (block: number) => { id: number; name: string },
): string[] {
  const entries = contentsEntries(blocks, index);
  return entries.map((entry, position) => {
    const { name } = bookmarkOf(entry.block);
    const page = pages?.get(entry.block);
    const lead = entry.label !== "" ? `${runXml(entry.label, {})}${TAB}` : entry.depth > 1 ? TAB : "";
    const link = [
      `<w:hyperlink w:anchor="${name}" w:history="1">`,
      lead,
      runXml(entry.title, {}),
      TAB,
      fieldCharacter("begin"),
      instruction(` PAGEREF ${name} \\h `),
      fieldCharacter("separate"),
      runXml(page === undefined ? "" : String(page), {}),
      fieldCharacter("end"),
      "</w:hyperlink>",
    ].join("");
    const start =
      position === 0
        ? `${fieldCharacter("begin")}${instruction(' TOC \\o "1-2" \\h \\z \\u ')}${fieldCharacter("separate")}`
        : "";
    const end = position === entries.length - 1 ? fieldCharacter("end") : "";
    // A part or schedule (no number) starts at the margin: without the hanging indent and its tab,
    // whose stop a short heading would otherwise tab to instead of the page number's.
    const unnumbered = entry.label === "" && entry.depth === 1;
    return paragraphXml(`${start}${link}${end}`, {
      style: entry.depth === 1 ? "TOC1" : "TOC2",
      ...(unnumbered ? { indent: { left: 0, hanging: 0 } } : { tab: INDENT }),
      leaderTab: true,
    });
  });
}

/**
 * Writes the blocks as the content of <w:body>; `numIds` maps each numbering (body, schedules) to
 * Word's list; `pages` (by block index) are the pages the headings start on, for the contents;
 * `pageBreaks` the blocks to start on a new page (where the PDF moved text to an execution page);
 * `executionSpacing` how closely the execution blocks are spaced (as the PDF's). Given as its pieces
 * (a paragraph or a table each), in order: the Word file encodes them one by one (`utf8Bytes`).
 */
export function bodyXmlParts(
  blocks: readonly Block[],
  numIds: readonly number[],
  options: {
    readonly pages?: ReadonlyMap<number, number>;
    readonly pageBreaks?: ReadonlySet<number>;
    readonly executionSpacing?: ExecutionSpacing;
    /**
     * The section properties (<w:sectPr>) that end a section whose pages are turned the given way; a
     * page break that turns the pages ends the section before it with them. Without it, no page turns.
     */
    readonly sectionProperties?: (orientation: "portrait" | "landscape") => string;
  } = {},
): string[] {
  const { pages, pageBreaks, executionSpacing = "usual", sectionProperties } = options;
  // The way up the current section's pages, and the width of its text (a landscape section is wider).
  let orientation: "portrait" | "landscape" = "portrait";
  let textWidth = TEXT_WIDTH;
  const spacing = WORD_EXECUTION_SPACING[executionSpacing];
  const parts: string[] = [];
  const bookmarks = clauseBookmarks(blocks);
  const depths = outlineDepths(blocks);
  // The headings the contents list, each with a _Toc bookmark for its entry's link and page number.
  const contentsAt = blocks.findIndex((block) => block.type === "contents");
  const listed = new Set(
    contentsAt < 0 ? [] : contentsEntries(blocks, contentsAt).map((entry) => entry.block),
  );
  const contentsBookmark = (block: number) => ({ id: CONTENTS_BOOKMARK_IDS + block, name: `_Toc${block}` });
  let breakBefore = false;
  const paragraph = (content: string, properties: ParagraphProperties = {}) => {
    parts.push(paragraphXml(content, breakBefore ? { ...properties, pageBreakBefore: true } : properties));
    breakBefore = false;
  };
  blocks.forEach((block, index) => {
    if (pageBreaks?.has(index)) breakBefore = true;
    // A heading's outline level as deep as the PDF's bookmark (the styles give the usual level).
    const depth = depths[index];
    const outlineLevel = depth === undefined ? {} : { outlineLevel: Math.min(depth - 1, 8) };
    const marked = (content: string): string => {
      if (!listed.has(index)) return content;
      const { id, name } = contentsBookmark(index);
      return `<w:bookmarkStart w:id="${id}" w:name="${name}"/>${content}<w:bookmarkEnd w:id="${id}"/>`;
    };
    switch (block.type) {
      case "title":
        paragraph(runsXml(block.runs, {}, bookmarks), { style: "Title" });
        break;
      case "heading":
        paragraph(marked(runsXml(block.runs, {}, bookmarks)), {
          style: block.level === 1 ? "Heading1" : "Heading2",
          ...outlineLevel,
        });
        break;
      case "paragraph": {
        const left = INDENT * block.indent;
        if (block.label === undefined) {
          paragraph(runsXml(block.runs, {}, bookmarks), left > 0 ? { indent: { left } } : {});
          break;
        }
        // A recital: its letter, a tab, and the text hanging from the tab stop.
        paragraph(`${runXml(block.label, {})}${TAB}${runsXml(block.runs, {}, bookmarks)}`, {
          tab: left + INDENT,
          indent: { left: left + INDENT, hanging: INDENT },
        });
        break;
      }
      case "clause": {
        // The bookmark spans the numbered paragraph, as Word's own cross-references do: REF reads the
        // number from the paragraph's list.
        const bookmark = block.anchor === undefined ? undefined : bookmarks.get(block.anchor);
        const runs = runsXml(block.runs, {}, bookmarks);
        const content = bookmark
          ? `<w:bookmarkStart w:id="${bookmark.id}" w:name="${bookmark.name}"/>${runs}<w:bookmarkEnd w:id="${bookmark.id}"/>`
          : runs;
        paragraph(marked(content), {
          style: block.heading ? "ClauseHeading" : `Clause${block.level}`,
          numbering: { level: block.level - 1, numId: numIds[block.numbering] ?? numIds[0] ?? 1 },
          ...(block.heading ? outlineLevel : {}),
        });
        break;
      }
      case "list":
        block.items.forEach((item, itemIndex) => {
          const indent = 360 * (item.depth + 1) + 360;
          // The PDF leaves 3 pt between items and 6 pt after the list: the same here, or a page of
          // parties or steps runs longer in Word than in the PDF and the page counts part.
          const last = itemIndex === block.items.length - 1;
          paragraph(`${runXml(item.label, {})}<w:r><w:tab/></w:r>${runsXml(item.runs, {}, bookmarks)}`, {
            tab: indent,
            indent: { left: indent, hanging: 360 },
            spacing: { after: last ? 120 : 60 },
          });
        });
        break;
      case "table": {
        if (breakBefore) paragraph("", { spacing: { after: 0 } });
        const shares = columnShares(block);
        const widths = shares.map((share) => Math.floor(share * textWidth));
        const cell = (runs: readonly Run[] | undefined, header: boolean) =>
          paragraphXml(runsXml(runs ?? [], { bold: header, size: 20 }, bookmarks), {
            spacing: { after: 0, line: exactLine(10) },
          });
        const rows = [
          ...(block.header
            ? [{ cells: widths.map((_, index) => cell(block.header?.[index], true)), header: true }]
            : []),
          ...block.rows.map((row) => ({ cells: widths.map((_, index) => cell(row[index], false)) })),
        ];
        parts.push(tableXml(widths, rows, "grid"), EMPTY_PARAGRAPH);
        break;
      }
      case "contents":
        paragraph(runsXml(block.title, {}, bookmarks), { style: "TOCHeading" });
        parts.push(...contentsXml(blocks, index, pages, contentsBookmark));
        break;
      case "cover": {
        // As the PDF's cover (COVER): exact line heights and the same spaces, so it is one page in both.
        const line = (text: string, size: number, bold: boolean, before: number, after: number) =>
          paragraphXml(runXml(text, { size: size * 2, bold }), {
            center: true,
            spacing: { before: before * 20, after: after * 20, line: exactLine(size) },
          });
        parts.push(
          line(
            block.title.toUpperCase(),
            COVER.titleSize,
            true,
            coverTop(block.parties.length),
            COVER.titleAfter,
          ),
        );
        block.parties.forEach((party, position) => {
          if (position > 0) parts.push(line("and", 11, false, 0, COVER.partyAfter));
          parts.push(line(party, COVER.partySize, true, 0, COVER.partyAfter));
        });
        breakBefore = true;
        break;
      }
      case "pageBreak":
        if (block.orientation && block.orientation !== orientation && sectionProperties) {
          // A section break (the next section starts a new page) in an empty paragraph of no height.
          parts.push(
            `<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="20" w:lineRule="exact"/>${sectionProperties(orientation)}</w:pPr></w:p>`,
          );
          orientation = block.orientation;
          textWidth = orientation === "landscape" ? LANDSCAPE_TEXT_WIDTH : TEXT_WIDTH;
          breakBefore = false;
        } else breakBefore = true;
        break;
      case "rule":
        paragraph("", { border: "bottom" });
        break;
      case "schedule":
        breakBefore = false;
        parts.push(
          paragraphXml(
            marked(
              `${runXml(`Schedule ${block.number}`, {})}${block.title.length > 0 ? `<w:r><w:br/></w:r>${runsXml(block.title, {}, bookmarks)}` : ""}`,
            ),
            { style: "ScheduleHeading", pageBreakBefore: true, ...outlineLevel },
          ),
        );
        break;
      case "execution": {
        paragraph(runsXml(block.leadIn, {}, bookmarks), {
          style: "ExecutionLeadIn",
          ...(executionSpacing === "usual" ? {} : { spacing: { before: spacing.leadInBefore, after: 0 } }),
        });
        const signatories = block.block.signatories;
        const rows: { cells: string[] }[] = [];
        for (let index = 0; index < signatories.length; index += 2) {
          const cells = [signatories[index], signatories[index + 1]];
          rows.push({ cells: cells.map((signatory) => signatoryCell(signatory, spacing.signatureBefore)) });
        }
        const after =
          spacing.after === undefined
            ? EMPTY_PARAGRAPH
            : paragraphXml("", { spacing: { after: 0, line: spacing.after } });
        parts.push(tableXml([textWidth / 2, textWidth / 2], rows, "none"), after);
        break;
      }
    }
  });
  return parts;
}
