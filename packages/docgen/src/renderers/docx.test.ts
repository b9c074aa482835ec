import { describe, expect, it } from "vitest";
import type { Block, DocumentModel, Run } from "../model.ts";
import { WITNESSED_WILL } from "../testing/execution-blocks.ts";
import { assertWellFormedXml, unzip, unzipText, wordText } from "../testing/unzip.ts";
import { renderDocx } from "./docx.ts";

const text = (value: string): Run[] => [{ text: value }];
const clause = (level: 1 | 2 | 3 | 4, label: string, numbering: number, heading = false): Block => ({
  type: "clause",
  level,
  heading,
  label,
  reference: label,
  numbering,
  runs: text(`Clause ${label}`),
});
const model = (blocks: Block[]): DocumentModel => ({ title: "Deed & <Test>", blocks });

describe("renderDocx", () => {
  it("sets the PDF's exact line heights, and table text at the PDF's 10 pt with its 4 pt cell padding", async () => {
    const docx = await renderDocx(
      model([{ type: "table", header: [text("Item")], rows: [[text("Particulars")]] }]),
    );
    const styles = unzipText(docx, "word/styles.xml");
    // Body text 11 pt in 12.65 pt lines (1.149 of the size, as the PDF lays it out).
    expect(styles).toMatch(/<w:docDefaults>.*<w:spacing w:after="120" w:line="253" w:lineRule="exact"\/>/s);
    const xml = unzipText(docx, "word/document.xml");
    expect(xml).toContain('<w:spacing w:after="0" w:line="230" w:lineRule="exact"/>');
    expect(xml).toContain('<w:sz w:val="20"/>');
    expect(xml).toContain('<w:top w:w="80" w:type="dxa"/>');
  });

  it("spaces a list's items as the PDF does (3 pt between, 6 pt after), and keeps the bottom margin within half a point of the PDF's", async () => {
    const docx = await renderDocx(
      model([
        {
          type: "list",
          ordered: true,
          items: ["One", "Two", "Three"].map((item, index) => ({
            depth: 0,
            label: `${index + 1}.`,
            runs: text(item),
          })),
        },
      ]),
    );
    const xml = unzipText(docx, "word/document.xml");
    const items = [...xml.matchAll(/<w:p><w:pPr>(.*?)<\/w:pPr>.*?<\/w:p>/g)]
      .filter((match) => match[0].includes("<w:tab/>"))
      .map((match) => /<w:spacing w:after="(\d+)"\/>/.exec(match[1] ?? "")?.[1]);
    expect(items).toEqual(["60", "60", "120"]);
    // 1440 twips is the PDF's 72 pt; 10 twips lower lets LibreOffice's rounding keep a last line that
    // the PDF fits to within a tenth of a point.
    expect(xml).toMatch(/<w:pgMar w:top="1440" w:right="1440" w:bottom="1430" w:left="1440"/);
  });

  it("gives headings outline levels nested as the PDF's bookmarks, for Word's navigation pane", async () => {
    const docx = await renderDocx(
      model([
        { type: "title", runs: text("Deed") },
        { type: "heading", level: 1, runs: text("Part 1") },
        clause(1, "1.", 0, true),
        clause(2, "1.1", 0),
        { type: "heading", level: 2, runs: text("Division") },
        clause(1, "2.", 0, true),
        clause(2, "2.1", 0),
        { type: "schedule", number: 1, title: text("Particulars") },
        clause(1, "1.", 1, true),
        clause(2, "1.1", 1),
      ]),
    );
    const xml = unzipText(docx, "word/document.xml");
    const levels = [...xml.matchAll(/<w:p>(.*?)<\/w:p>/g)]
      .map((match) => match[1] ?? "")
      .filter((paragraph) => paragraph.includes("<w:outlineLvl"))
      .map((paragraph) => [
        /w:pStyle w:val="(\w+)"/.exec(paragraph)?.[1],
        Number(/<w:outlineLvl w:val="(\d)"\/>/.exec(paragraph)?.[1]),
      ]);
    expect(levels).toEqual([
      ["Heading1", 0],
      ["ClauseHeading", 1],
      ["Heading2", 1],
      ["ClauseHeading", 2],
      ["ScheduleHeading", 0],
      ["ClauseHeading", 1],
    ]);
    assertWellFormedXml(xml);
  });

  it("prints each witness's address, or lines to write it on, between the name and the date", async () => {
    const witness = (fullName: string, address: string, index: number) => ({
      role: "witness" as const,
      fullName,
      email: null,
      capacity: "Witness",
      address,
      metaKey: `w_witness_${index}_signature`,
      dateKey: `w_witness_${index}_date`,
      witnessOf: "w_signature",
    });
    const docx = await renderDocx(
      model([
        {
          type: "execution",
          leadIn: text("Signed by the will-maker:"),
          block: {
            partyId: "w",
            partyPath: "w",
            kind: "individual",
            partyName: "Eleanor Whitfield",
            signatories: [
              {
                role: "signer",
                fullName: "Eleanor Whitfield",
                email: null,
                capacity: "",
                metaKey: "w_signature",
                dateKey: "w_date",
              },
              witness("Gregory Tan", "9 Sample Lane, Paddington QLD 4064", 1),
              witness("Sophie Marchetti", "", 2),
            ],
          },
        },
      ]),
    );
    const body = wordText(unzipText(docx, "word/document.xml")).replace(/\s+/g, " ");
    expect(body).toContain("Name: Gregory Tan Address: 9 Sample Lane, Paddington QLD 4064 Date:");
    expect(body).toMatch(/Name: Sophie Marchetti Address: _{30} _{40} Date:/);
    expect(body).toMatch(/Name: Eleanor Whitfield Date:/);
  });

  it("spaces the execution blocks as closely as the PDF did, keeping the room to sign", async () => {
    const blocks: Block[] = [
      { type: "execution", leadIn: text("Signed by the will-maker:"), block: WITNESSED_WILL },
    ];
    const spacing = async (executionSpacing: "usual" | "compact") => {
      const xml = unzipText(await renderDocx(model(blocks), { executionSpacing }), "word/document.xml");
      return {
        leadIn: /<w:pStyle w:val="ExecutionLeadIn"\/>(<w:spacing [^>]*\/>)?/.exec(xml)?.[1],
        signature: [
          ...xml.slice(xml.indexOf("<w:tbl>")).matchAll(/<w:spacing w:before="(\d+)" w:after="0"\/>/g),
        ].map((match) => match[1]),
        after: /<\/w:tbl><w:p><w:pPr>(<w:spacing [^>]*\/>)/.exec(xml)?.[1],
      };
    };
    // The usual: the lead-in style's 12 pt above, 36 pt above each signature line, a line after the row.
    expect(await spacing("usual")).toEqual({
      leadIn: undefined,
      signature: ["720", "720", "720"],
      after: '<w:spacing w:after="0"/>',
    });
    // Compact: 6 pt above the lead-in, and 5 pt less above each signature line and after the row.
    expect(await spacing("compact")).toEqual({
      leadIn: '<w:spacing w:before="120" w:after="0"/>',
      signature: ["620", "620", "620"],
      after: '<w:spacing w:after="0" w:line="138" w:lineRule="exact"/>',
    });
  });

  it("numbers clauses with Word's numbering, restarting in each schedule", async () => {
    const docx = await renderDocx(
      model([
        clause(1, "1.", 0, true),
        clause(2, "1.1", 0),
        { type: "schedule", number: 1, title: text("Particulars") },
        clause(1, "1.", 1),
        { type: "schedule", number: 2, title: [] },
        clause(1, "1.", 2),
      ]),
    );
    const xml = unzipText(docx, "word/document.xml");
    const numIds = [...xml.matchAll(/<w:numId w:val="(\d+)"\/>/g)].map((match) => match[1]);
    expect(numIds).toHaveLength(4);
    expect(new Set(numIds).size).toBe(3);
    expect(numIds[0]).toBe(numIds[1]);
    const numbering = unzipText(docx, "word/numbering.xml");
    for (const id of new Set(numIds)) expect(numbering).toContain(`<w:num w:numId="${id}">`);
  });

  it("writes a schedule heading on a new page, and a page break as 'page break before' the next paragraph", async () => {
    const docx = await renderDocx(
      model([
        { type: "paragraph", runs: text("One"), indent: 0 },
        { type: "pageBreak" },
        { type: "paragraph", runs: text("Two"), indent: 0 },
        { type: "schedule", number: 1, title: text("Particulars") },
      ]),
    );
    const xml = unzipText(docx, "word/document.xml");
    expect(xml.match(/<w:pageBreakBefore\/>/g)).toHaveLength(2);
    expect(wordText(xml)).toContain("Schedule 1Particulars");
  });

  it("escapes text for XML and keeps the title in the metadata", async () => {
    const docx = await renderDocx(model([{ type: "paragraph", runs: text("A < B & C > D"), indent: 0 }]));
    expect(unzipText(docx, "word/document.xml")).toContain("A &lt; B &amp; C &gt; D");
    expect(unzipText(docx, "docProps/core.xml")).toContain("<dc:title>Deed &amp; &lt;Test&gt;</dc:title>");
  });

  it("drops characters XML cannot hold, so the file always opens", async () => {
    const docx = await renderDocx(
      model([{ type: "paragraph", runs: text("a\u0001b\u000Bc\uD800d\uFFFEe"), indent: 0 }]),
    );
    const xml = unzipText(docx, "word/document.xml");
    assertWellFormedXml(xml);
    expect(wordText(xml)).toContain("abcde");
  });

  it("stamps every zip entry with the same fixed date", async () => {
    const docx = await renderDocx(model([{ type: "paragraph", runs: text("x"), indent: 0 }]));
    const view = new DataView(docx.buffer, docx.byteOffset, docx.byteLength);
    const stamps = new Set<string>();
    for (let offset = 0; offset < docx.byteLength - 4; offset++) {
      if (view.getUint32(offset, true) === 0x02014b50) {
        stamps.add(`${view.getUint16(offset + 12, true)}/${view.getUint16(offset + 14, true)}`);
      }
    }
    expect([...stamps]).toEqual([`0/${(20 << 9) | (1 << 5) | 1}`]);
    expect(unzip(docx).size).toBeGreaterThan(5);
  });
});
