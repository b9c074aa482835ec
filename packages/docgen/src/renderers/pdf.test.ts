import { describe, expect, it } from "vitest";
import type { Block, DocumentModel, Run } from "../model.ts";
import type { ExecutionBlock } from "../signers.ts";
import { WITNESSED_WILL as witnessed } from "../testing/execution-blocks.ts";
import { readObjects, readPdf } from "../testing/pdf.ts";
import { forgetDeflatedStreams, forgetSharedLines, PAGE_SIZE, renderPdf } from "./pdf.ts";

const text = (value: string): Run[] => [{ text: value }];
const paragraph = (value: string): Block => ({ type: "paragraph", runs: text(value), indent: 0 });
const model = (blocks: Block[]): DocumentModel => ({ title: "Test Document", blocks });
const filler = (count: number): Block[] =>
  Array.from({ length: count }, (_, index) =>
    paragraph(
      `Paragraph ${index + 1}. The parties agree to act reasonably and in good faith in all dealings under this document.`,
    ),
  );

const twoDirectors: ExecutionBlock = {
  partyId: "buyer",
  partyPath: "buyer",
  kind: "company",
  method: "two-directors",
  partyName: "Acme PTY LTD ACN 004 085 616",
  signatories: ["Olivia Chen", "Marcus Webb"].map((fullName, index) => ({
    role: "signer" as const,
    fullName,
    email: null,
    capacity: "Director",
    metaKey: `buyer_directors_${index + 1}_signature`,
    dateKey: `buyer_directors_${index + 1}_date`,
  })),
};

describe("renderPdf", () => {
  it("gives the same bytes whether a paragraph's lines were kept from another document or made afresh", async () => {
    // The kept paragraph is the first to use italic and bold (a bold run of spaces only): its
    // document must still name its fonts in the order it first uses them.
    const kept: Block = {
      type: "paragraph",
      indent: 0,
      runs: [
        { text: "The trustee" },
        { text: "  ", bold: true },
        { text: "may act", italic: true },
        ...text(" alone."),
      ],
    };
    const other = model([paragraph("A first paragraph in the regular face."), kept, ...filler(3)]);
    const bytes = async (document: DocumentModel) =>
      Buffer.from((await renderPdf(document)).pdf).toString("hex");
    forgetSharedLines();
    const cold = await bytes(other);
    // Another document lays the paragraph out (and writes its lines) first, at the same width, with
    // the faces first used in another order: its fonts named as this document names them (bold
    // first), or otherwise (italic first: F2 is italic there, bold here). Twice, as lines are kept
    // from a paragraph's second sighting.
    for (const first of [{ bold: true }, { italic: true }]) {
      forgetSharedLines();
      const warming = model([{ type: "paragraph", indent: 0, runs: [{ text: "Face", ...first }] }, kept]);
      await renderPdf(warming);
      await renderPdf(warming);
      const warm = await bytes(other);
      expect(warm).toBe(cold);
      expect(readPdf(Buffer.from(warm, "hex")).pages[0]).toContain("may act alone.");
    }
  });

  it("gives the same bytes whether a page's deflated contents were kept from other documents or made afresh", async () => {
    // Two clients' documents: the first page names the client, the pages after it are the same.
    const of = (client: string) => model([paragraph(`Made for ${client}.`), ...filler(60)]);
    const hex = async (document: DocumentModel) =>
      Buffer.from((await renderPdf(document)).pdf).toString("hex");
    forgetDeflatedStreams();
    const cold = await hex(of("Harriet Okafor"));
    forgetDeflatedStreams();
    // Two other clients' documents meet the shared pages twice, so those pages' streams are kept.
    await renderPdf(of("Daniel Kwan"));
    await renderPdf(of("Olivia Chen"));
    const warm = await hex(of("Harriet Okafor"));
    expect(forgetDeflatedStreams()).toBeGreaterThan(0);
    expect(warm).toBe(cold);
    const pages = readPdf(Buffer.from(warm, "hex")).pages;
    expect(pages[0]).toContain("Made for Harriet Okafor.");
    expect(pages.at(-1)).toContain("Paragraph 60.");
  });

  it("never leaves one line of a paragraph alone at a page's foot or top; a three-line paragraph moves whole", async () => {
    const long = paragraph(Array.from({ length: 130 }, () => "zeta").join(" "));
    const three = paragraph(Array.from({ length: 40 }, () => "omega").join(" "));
    const linesOn = (page: string, word: string) =>
      page.split("\n").filter((line) => line.includes(word)).length;
    let splits = 0;
    for (let count = 36; count <= 46; count++) {
      const pages = readPdf((await renderPdf(model([...filler(count), long, three]))).pdf).pages;
      const zeta = pages.map((page) => linesOn(page, "zeta")).filter((lines) => lines > 0);
      if (zeta.length > 1) splits += 1;
      for (const lines of zeta) expect(lines, `${count} fillers`).toBeGreaterThanOrEqual(2);
      const omega = pages.map((page) => linesOn(page, "omega")).filter((lines) => lines > 0);
      expect(omega, `${count} fillers`).toEqual([3]);
    }
    // Some of these split the long paragraph across pages (else the test shows nothing).
    expect(splits).toBeGreaterThan(0);
  });

  it("prints each witness's name and address, or an address line to fill in, above the date", async () => {
    const execution: Block = {
      type: "execution",
      leadIn: text("Signed by the will-maker:"),
      block: witnessed,
    };
    const { pdf, signatureFields } = await renderPdf(model([execution]));
    const page = (readPdf(pdf).pages[0] ?? "").replace(/\s+/g, " ");
    expect(page).toContain(
      "Signature of witness Name: Gregory Tan Address: 9 Sample Lane, Paddington QLD 4064 Date:",
    );
    expect(page).toContain("Signature of witness Name: Sophie Marchetti Address: Date:");
    // The signer's box has no address: its date sits two lines higher than its witness's beside it.
    const [signer, first, second] = signatureFields;
    expect((first?.date.y ?? 0) - (signer?.date.y ?? 0)).toBeCloseTo(2 * 9.5 * 1.149, 1);
    expect(second?.date.y).toBeGreaterThan(first?.date.y ?? 0);
  });

  it("turns pages landscape after ::pagebreak{landscape} and back after {portrait}, each with its footer", async () => {
    const { pdf } = await renderPdf(
      model([
        paragraph("Upright"),
        { type: "pageBreak", orientation: "landscape" },
        paragraph("On its side"),
        { type: "pageBreak", orientation: "landscape" },
        paragraph("On its side again"),
        { type: "pageBreak", orientation: "portrait" },
        paragraph("Upright again"),
      ]),
    );
    const boxes = [...readObjects(pdf).values()].flatMap(
      (object) =>
        /\/Type \/Page\b[\s\S]*\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(object.dictionary)?.slice(1) ?? [],
    );
    expect(boxes).toEqual(["595.28", "841.89", "841.89", "595.28", "841.89", "595.28", "595.28", "841.89"]);
    const pages = readPdf(pdf).pages;
    expect(pages.map((page) => /Page (\d) of 4/.exec(page)?.[1])).toEqual(["1", "2", "3", "4"]);
    await expect(
      renderPdf(model([{ type: "pageBreak", orientation: "landscape" }, paragraph("x")])),
    ).rejects.toThrow("A document starts upright");
  });

  it("flows long text over pages, numbering each 'Page x of y'", async () => {
    const { pdf, pageCount } = await renderPdf(model(filler(120)));
    const parsed = readPdf(pdf);
    expect(parsed.pageCount).toBe(pageCount);
    expect(pageCount).toBeGreaterThan(3);
    expect(parsed.pages.at(-1)).toContain(`Test Document Page ${pageCount} of ${pageCount}`);
    expect(parsed.pages.join("\n")).toContain("Paragraph 120.");
  });

  it("never leaves a heading alone at the foot of a page: it moves with what follows it", async () => {
    const heading = (value: string, level: 1 | 2 = 1): Block => ({
      type: "heading",
      level,
      runs: text(value),
    });
    const clause = (label: string, value: string, heading = false): Block => ({
      type: "clause",
      level: label.endsWith(".") ? 1 : 2,
      heading,
      label,
      reference: label,
      numbering: 0,
      runs: text(value),
    });
    const long =
      "The Directors may call a meeting of Members at any time, and must call one when the Act requires it, by notice to every Member.";
    const followers: [string, Block[], string][] = [
      [
        "an execution block",
        [{ type: "execution", leadIn: text("Executed by Acme:"), block: twoDirectors }],
        "Executed by Acme",
      ],
      ["a clause heading and its clause", [clause("7.", "Meetings", true), clause("7.1", long)], "7.1"],
      [
        "a level 2 heading, then a table",
        [
          heading("Particulars", 2),
          { type: "table", header: [text("Item"), text("Detail")], rows: [[text("Fund"), text("Banksia")]] },
        ],
        "Detail",
      ],
    ];
    for (const [name, after, marker] of followers) {
      let moved = 0;
      // Every position down the first page, and onto the second: the heading and what follows share a page.
      for (let count = 14; count <= 30; count++) {
        const { pdf } = await renderPdf(model([...filler(count), heading("Part heading"), ...after]));
        const pages = readPdf(pdf).pages;
        const pageOf = (needle: string) => pages.findIndex((page) => page.includes(needle));
        expect(pageOf(marker), `${name} after ${count} paragraphs`).toBe(pageOf("Part heading"));
        if (name === "an execution block") {
          // The last paragraph goes with the section's heading, so the page signed on has text of the document.
          expect(pageOf(`Paragraph ${count}.`), `${name} after ${count} paragraphs`).toBe(pageOf(marker));
          const alone = readPdf((await renderPdf(model(filler(count)))).pdf).pages;
          if (pageOf(`Paragraph ${count}.`) > alone.findIndex((page) => page.includes(`Paragraph ${count}.`)))
            moved += 1;
        } else if (pageOf("Part heading") > pageOf(`Paragraph ${count}.`)) moved += 1;
      }
      // Some positions did need the heading moved, so the check above has something to hold.
      expect(moved, name).toBeGreaterThan(0);
    }
  });

  it("starts a new page at a page break, but never leaves a blank page", async () => {
    const { pageCount } = await renderPdf(
      model([paragraph("One"), { type: "pageBreak" }, { type: "pageBreak" }, paragraph("Two")]),
    );
    expect(pageCount).toBe(2);
  });

  it("keeps an execution block on one page, moving it whole with the text before it when it would not fit", async () => {
    const execution: Block = { type: "execution", leadIn: text("Executed by Acme:"), block: twoDirectors };
    // Find the most text that fits on one page with room for only part of the block after it.
    let count = 1;
    while ((await renderPdf(model([...filler(count + 1), execution]))).pageCount === 1) count += 1;
    const { signatureFields, pageCount, pdf } = await renderPdf(model([...filler(count + 1), execution]));
    expect((await renderPdf(model(filler(count + 1)))).pageCount).toBe(1);
    expect(pageCount).toBe(2);
    expect(signatureFields.map((field) => [field.signature.page, field.date.page])).toEqual([
      [2, 2],
      [2, 2],
    ]);
    // The paragraph before it goes with it, so the page signed on carries text of the document.
    expect(readPdf(pdf).pages[1]).toMatch(new RegExp(`^Paragraph ${count + 1}\\. [^]*\nExecuted by Acme:`));
  });

  const executionSection = (parties: number): Block[] => [
    { type: "heading", level: 2, runs: text("Execution") },
    paragraph("Executed as a deed."),
    ...Array.from(
      { length: parties },
      (): Block => ({
        type: "execution",
        leadIn: text("Executed by Acme:"),
        block: twoDirectors,
      }),
    ),
  ];

  it("moves the last operative text with an execution section, not only its heading and 'Executed as a deed'", async () => {
    let moved = 0;
    // Every position down the page: wherever the section lands, the page signed on carries a paragraph.
    for (let count = 18; count <= 30; count++) {
      const { pdf, signatureFields } = await renderPdf(model([...filler(count), ...executionSection(1)]));
      const pages = readPdf(pdf).pages;
      const signedOn = signatureFields[0]?.signature.page ?? 0;
      expect(pages[signedOn - 1], `after ${count} paragraphs`).toMatch(/^Paragraph \d+\. The parties/);
      if (signedOn > 1) moved += 1;
    }
    // Some positions did carry the section over, so the check above has something to hold.
    expect(moved).toBeGreaterThan(0);
  });

  it("spaces an execution section that nearly fills a page closer, so the last paragraph shares its page", async () => {
    // Three companies and a witnessed will-maker fit a page with their heading, but not with a paragraph
    // too at the usual spacing.
    const section: Block[] = [
      ...executionSection(3),
      { type: "execution", leadIn: text("Signed by the will-maker in the presence of:"), block: witnessed },
    ];
    let compact = 0;
    for (let count = 2; count <= 8; count++) {
      const rendered = await renderPdf(model([...filler(count), ...section]));
      const pages = readPdf(rendered.pdf).pages;
      const signedOn = new Set(rendered.signatureFields.map((field) => field.signature.page));
      expect([...signedOn], `after ${count} paragraphs`).toEqual([2]);
      expect(pages[1], `after ${count} paragraphs`).toMatch(new RegExp(`^Paragraph ${count}\\. The parties`));
      expect(rendered.pageCount, `after ${count} paragraphs`).toBe(2);
      if (rendered.executionSpacing === "compact") compact += 1;
    }
    expect(compact).toBe(7);
    // A section with room to spare keeps the usual spacing.
    expect((await renderPdf(model([...filler(3), ...executionSection(3)]))).executionSpacing).toBe("usual");
  });

  it("keeps only the lead-in with an execution section longer than a page, rather than add a page", async () => {
    // Nine companies' blocks fill more than a page: taking the last paragraph with them would cost one.
    for (let count = 2; count <= 8; count++) {
      const { pageCount, breakBefore } = await renderPdf(model([...filler(count), ...executionSection(9)]));
      expect(pageCount, `after ${count} paragraphs`).toBe(3);
      // Any break is within the section (its heading is at index `count`), never before a paragraph.
      for (const index of breakBefore)
        expect(index, `after ${count} paragraphs`).toBeGreaterThanOrEqual(count);
    }
  });

  it("breaks an execution block taller than a page between rows, never through a box", async () => {
    const many: ExecutionBlock = {
      ...twoDirectors,
      signatories: Array.from({ length: 24 }, (_, index) => ({
        role: "signer" as const,
        fullName: `Director ${index + 1}`,
        email: null,
        capacity: "Director",
        metaKey: `buyer_directors_${index + 1}_signature`,
        dateKey: `buyer_directors_${index + 1}_date`,
      })),
    };
    const { signatureFields, pageCount } = await renderPdf(
      model([{ type: "execution", leadIn: text("Executed by Acme:"), block: many }]),
    );
    expect(pageCount).toBeGreaterThan(1);
    for (const field of signatureFields) {
      expect(field.date.y + field.date.height).toBeLessThanOrEqual(PAGE_SIZE.height - 72);
      expect(field.date.page).toBe(field.signature.page);
    }
  });

  it("returns each box in points from the top-left of the page, side by side for two signatories", async () => {
    const { signatureFields } = await renderPdf(
      model([{ type: "execution", leadIn: text("Executed by Acme:"), block: twoDirectors }]),
    );
    const [left, right] = signatureFields;
    expect(left?.signature).toMatchObject({ page: 1, x: 72, height: 40 });
    expect(right?.signature.x).toBeGreaterThan((left?.signature.x ?? 0) + (left?.signature.width ?? 0));
    expect((right?.signature.x ?? 0) + (right?.signature.width ?? 0)).toBeLessThanOrEqual(
      PAGE_SIZE.width - 72 + 0.01,
    );
    expect(left?.signature.y).toBe(right?.signature.y);
  });

  it("repeats a table's header row on each page it runs onto", async () => {
    const rows = Array.from({ length: 90 }, (_, index) => [
      text(`Item ${index + 1}`),
      text("Particulars of the item"),
    ]);
    const { pdf, pageCount } = await renderPdf(
      model([{ type: "table", header: [text("Item"), text("Particulars")], rows }]),
    );
    const pages = readPdf(pdf).pages;
    expect(pageCount).toBeGreaterThan(1);
    for (const page of pages) expect(page.startsWith("Item Particulars")).toBe(true);
    expect(pages.join("\n")).toContain("Item 90 Particulars of the item");
  });

  it("breaks a word longer than the line instead of running off the page", async () => {
    const long = "x".repeat(400);
    const { pdf } = await renderPdf(model([paragraph(long)]));
    const page = readPdf(pdf).pages[0] ?? "";
    expect(page.replace(/\s/g, "")).toContain(long);
    expect(page.split("\n").filter((line) => /^x+$/.test(line)).length).toBeGreaterThan(1);
  });

  it("keeps every character's text, even for glyphs another document used as parts of others", async () => {
    // Accented capitals are built from their base letters; subsetting them (which asks for the base
    // glyphs without their characters) must not cost a later document the text of those letters.
    await renderPdf(model([paragraph("Û Ŷ Ĵ Ĝ Ĥ Ŕ Ķ Ĺ")]));
    const { pdf } = await renderPdf(model([paragraph("U Y J G H R K L")]));
    expect(readPdf(pdf).pages[0]).toContain("U Y J G H R K L");
  });

  it("writes the same words whether it places glyphs itself or through pdfkit's text()", async () => {
    const blocks: Block[] = [
      { type: "title", runs: text("Deed of Guarantee") },
      {
        type: "paragraph",
        runs: [
          { text: "The " },
          { text: "Guarantor", bold: true },
          { text: " guarantees, " },
          { text: "jointly", italic: true },
          { text: " and severally, the obligations." },
        ],
        indent: 0,
      },
      {
        type: "clause",
        level: 1,
        heading: false,
        label: "1.",
        reference: "1",
        numbering: 0,
        runs: text("Café, naïve, Zoë (combining: Zoe\u0308)."),
      },
      ...filler(8),
    ];
    const words = async (glyphWriter: boolean) =>
      readPdf((await renderPdf(model(blocks), { glyphWriter })).pdf)
        .pages.join("\n")
        .replace(/\s+/g, " ");
    const direct = await words(true);
    expect(direct).toContain("The Guarantor guarantees, jointly and severally, the obligations.");
    expect(direct).toContain("Café, naïve, Zoë (combining:");
    expect(await words(false)).toBe(direct);
  });

  it("writes any Unicode the font has, and the PDF stays well formed", async () => {
    const { pdf } = await renderPdf(model([paragraph("Zoë Škoda — “quoted” café ½ €5")]));
    expect(readPdf(pdf).pages[0]).toContain("Zoë Škoda — “quoted” café ½ €5");
  });

  it("names its fonts in the order the document uses them, whatever earlier documents measured", async () => {
    // pdfkit names a font (F1, F2…) when it is first selected. Words another document measured are not
    // measured again, so a face's first use must not depend on them: bold comes before italic here
    // whether the bold word or the italic one was measured before.
    const faceNames = (pdf: Uint8Array) => {
      const objects = readObjects(pdf);
      const fonts = [...objects.values()].find((object) => /\/Font <</.test(object.dictionary));
      const entries = /\/Font <<([^>]*)>>/.exec(fonts?.dictionary ?? "")?.[1] ?? "";
      return Object.fromEntries(
        [...entries.matchAll(/\/(F\d+) (\d+) 0 R/g)].map((match) => [
          match[1],
          /\/BaseFont \/[A-Z]+\+(\S+)/.exec(objects.get(Number(match[2]))?.dictionary ?? "")?.[1],
        ]),
      );
    };
    const document = (bold: string, italic: string) =>
      model([
        { type: "paragraph", indent: 0, runs: [{ text: bold, bold: true }] },
        { type: "paragraph", indent: 0, runs: [{ text: italic, italic: true }] },
      ]);
    const names: Record<string, string | undefined>[] = [];
    for (const [earlier, bold, italic] of [
      ["italic", "Quokkabold1", "Numbatitalic1"],
      ["bold", "Quokkabold2", "Numbatitalic2"],
    ] as const) {
      await renderPdf(
        model([
          {
            type: "paragraph",
            indent: 0,
            runs: [earlier === "bold" ? { text: bold, bold: true } : { text: italic, italic: true }],
          },
        ]),
      );
      names.push(faceNames((await renderPdf(document(bold, italic))).pdf));
    }
    expect(names[0]).toEqual(names[1]);
    expect(names[0]).toEqual({
      F1: "LiberationSerif",
      F2: "LiberationSerif-Bold",
      F3: "LiberationSerif-Italic",
    });
  });
});
