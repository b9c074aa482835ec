/**
 * The finish of every document, whichever template: text ranged left (no rivers), recitals with their
 * letters hanging, Word's execution blocks with a line to date as the PDF's, and companies named in the
 * case the adviser typed.
 */
import { describe, expect, it } from "vitest";
import type { Block, DocumentModel } from "../model.ts";
import { partyName } from "../naming.ts";
import type { ExecutionBlock } from "../signers.ts";
import { buildBlocks } from "../template/markdown.ts";
import { WITNESSED_WILL } from "../testing/execution-blocks.ts";
import { readPdf } from "../testing/pdf.ts";
import { unzipText, wordText } from "../testing/unzip.ts";
import { typographicDocument } from "../typography.ts";
import { renderDocx } from "./docx.ts";
import { renderPdf } from "./pdf.ts";
import { layoutDocument, MARGIN, type Typesetter } from "./pdf-layout.ts";

/** Every character half an em wide: enough to break lines as a real face would. */
const typesetter: Typesetter = {
  measure: (text, _face, size) => text.length * size * 0.5,
  useFace: () => {},
};

const LONG =
  "The parties agree to keep the information confidential and to use it only for the purpose. ".repeat(4);
const SOURCE = `# Deed

## Background

A. ${LONG}

B. The second recital is short.

## Agreed terms

#. Terms
#.# ${LONG}

A. paragraph starting with a letter, not after a heading, stays as written.

::signatures
`;

const model = (): DocumentModel => ({
  title: "Deed",
  blocks: buildBlocks(SOURCE, { executionBlocks: [WITNESSED_WILL] }),
});

describe("the finish of every document", () => {
  it("ranges body text and clauses left in the PDF and in Word, never justified", async () => {
    const layout = layoutDocument(model(), typesetter);
    const lines = layout.pages.flat().filter((item) => item.kind === "line");
    expect(lines.length).toBeGreaterThan(8);
    expect(lines.filter((item) => item.kind === "line" && item.align === "justify")).toEqual([]);
    const xml = unzipText(await renderDocx(model()), "word/document.xml");
    expect(xml).not.toContain('<w:jc w:val="both"/>');
  });

  it("hangs each recital's letter in the margin, in the model, the PDF and Word", async () => {
    const paragraphs = model().blocks.filter((block) => block.type === "paragraph");
    expect(paragraphs.map((block) => (block.type === "paragraph" ? block.label : undefined))).toEqual([
      "A.",
      "B.",
      undefined,
    ]);
    const items = layoutDocument(model(), typesetter).pages.flat();
    const label = items.find((item) => item.kind === "text" && item.text === "A.");
    expect(label).toMatchObject({ x: MARGIN.left });
    const recitalLines = items.filter(
      (item) => item.kind === "line" && item.y >= (label?.kind === "text" ? label.y : 0) && item.y < 200,
    );
    // The first line and the lines wrapped under it start at the same indent, right of the letter.
    expect(new Set(recitalLines.map((item) => (item.kind === "line" ? item.x : 0)))).toEqual(
      new Set([MARGIN.left + 36]),
    );
    const xml = unzipText(await renderDocx(model()), "word/document.xml");
    expect(xml).toMatch(
      /<w:ind w:left="720" w:hanging="720"\/><\/w:pPr><w:r>(<w:rPr>.*?<\/w:rPr>)?<w:t[^>]*>A\.<\/w:t><\/w:r><w:r><w:tab\/><\/w:r>/,
    );
  });

  it("gives each Word signatory a line to write the date on, as the PDF's date rule", async () => {
    const text = wordText(unzipText(await renderDocx(model()), "word/document.xml"));
    expect(text.match(/Date: _{22}/g)).toHaveLength(WITNESSED_WILL.signatories.length);
  });

  it("names a company in the case its name was typed in", () => {
    const company = (name: string, element: string) =>
      partyName({ party_type: "company", name, legal_element: element, acn: "004085616" });
    expect(company("Acme Holdings", "PTY LTD")).toBe("Acme Holdings Pty Ltd ACN 004 085 616");
    expect(company("Acme Holdings", "PROPRIETARY LIMITED")).toBe(
      "Acme Holdings Proprietary Limited ACN 004 085 616",
    );
    expect(company("Acme Holdings", "PTY. LTD.")).toBe("Acme Holdings Pty. Ltd. ACN 004 085 616");
    expect(company("ACME HOLDINGS", "PTY LTD")).toBe("ACME HOLDINGS PTY LTD ACN 004 085 616");
    expect(company("004 085 616", "PTY LTD")).toBe("004 085 616 PTY LTD ACN 004 085 616");
  });

  it("prints a legal element a template writes beside a name in the name's case", () => {
    const finished = (text: string) =>
      typographicDocument({ title: "T", blocks: [{ type: "paragraph", runs: [{ text }], indent: 0 }] })
        .blocks.map((block) =>
          block.type === "paragraph" ? block.runs.map((run) => ("text" in run ? run.text : "")).join("") : "",
        )
        .join("");
    expect(finished("Proposed name: Harbourline Analytics PTY LTD (proposed)")).toBe(
      "Proposed name: Harbourline Analytics Pty Ltd (proposed)",
    );
    expect(finished("Harbourline Analytics LIMITED, a public company")).toBe(
      "Harbourline Analytics Limited, a public company",
    );
    expect(finished("HARBOURLINE ANALYTICS PTY LTD and 123 456 789 PTY LTD")).toBe(
      "HARBOURLINE ANALYTICS PTY LTD and 123 456 789 PTY LTD",
    );
    expect(finished("THE LIABILITY OF MEMBERS IS LIMITED")).toBe("THE LIABILITY OF MEMBERS IS LIMITED");
  });

  it("never leaves one execution block alone on a page when a section runs over a page", async () => {
    // Five parties, each signing before a witness: the section needs more than a page.
    const party = (number: number): ExecutionBlock => ({
      ...WITNESSED_WILL,
      partyId: `party_${number}`,
      partyPath: `party_${number}`,
      signatories: WITNESSED_WILL.signatories.slice(0, 2).map((signatory) => ({
        ...signatory,
        metaKey: `${signatory.metaKey}_${number}`,
        dateKey: `${signatory.dateKey}_${number}`,
      })),
    });
    const blocks: Block[] = [
      { type: "title", runs: [{ text: "Deed" }] },
      { type: "paragraph", runs: [{ text: LONG }], indent: 0 },
      { type: "heading", level: 1, runs: [{ text: "Execution" }] },
      { type: "paragraph", runs: [{ text: "Executed as a deed." }], indent: 0 },
      ...[0, 1, 2, 3, 4].map(
        (number): Block => ({
          type: "execution",
          leadIn: [{ text: `Signed by party ${number}` }],
          block: party(number),
        }),
      ),
    ];
    const rendered = await renderPdf({ title: "Deed", blocks });
    const parties = new Map<number, Set<string>>();
    for (const field of rendered.signatureFields) {
      parties.set(field.signature.page, (parties.get(field.signature.page) ?? new Set()).add(field.partyId));
    }
    const pages = readPdf(rendered.pdf).pages;
    for (const [page, signing] of parties) {
      const text = (pages[page - 1] ?? "").includes("The parties agree");
      expect(signing.size > 1 || text, `page ${page}: ${[...signing].join(", ")}`).toBe(true);
    }
    // Word breaks the page before the same block.
    const moved = [...rendered.breakBefore];
    expect(moved.length).toBeGreaterThan(0);
    const xml = unzipText(
      await renderDocx({ title: "Deed", blocks }, { breakBefore: rendered.breakBefore }),
      "word/document.xml",
    );
    for (const index of moved) {
      const block = blocks[index];
      const lead =
        block?.type === "execution" && "text" in (block.leadIn[0] ?? {})
          ? (block.leadIn[0] as { text: string }).text
          : "";
      expect(xml).toMatch(new RegExp(`<w:pageBreakBefore/>.{0,200}${lead}`));
    }
  });
});
