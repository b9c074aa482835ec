import { describe, expect, it } from "vitest";
import { assemble } from "./assemble.ts";
import type { DocumentModel, Run } from "./model.ts";
import { parseInterview } from "./schema.ts";
import { readPdf } from "./testing/pdf.ts";
import { unzipText, wordText } from "./testing/unzip.ts";
import { italicActNames, typographicDocument, typographicRuns, typographicText } from "./typography.ts";

describe("typographicText", () => {
  it.each([
    ["O'Brien", "O\u2019Brien"],
    [
      "the Company's shares and the Directors' consent",
      "the Company\u2019s shares and the Directors\u2019 consent",
    ],
    ["don't", "don\u2019t"],
    ['the "Term" means', "the \u201CTerm\u201D means"],
    ["'single' quotes", "\u2018single\u2019 quotes"],
    ['("Trustee")', "(\u201CTrustee\u201D)"],
    ["\"the 'Fund' as defined\"", "\u201Cthe \u2018Fund\u2019 as defined\u201D"],
    ["in the '90s", "in the \u201990s"],
    ['"Yes."', "\u201CYes.\u201D"],
    ["14 days' notice", "14 days\u2019 notice"],
  ])("%s", (straight, curly) => {
    expect(typographicText(straight)).toBe(curly);
  });

  it("leaves e-mail addresses and web addresses as written, and curls the quotes around them", () => {
    expect(typographicText("email o'brien@example.com.au, Liam's")).toBe(
      "email o'brien@example.com.au, Liam\u2019s",
    );
    expect(typographicText("'jane@example.com'")).toBe("\u2018jane@example.com\u2019");
    expect(typographicText('see "https://example.com/o\'brien?q=1".')).toBe(
      "see \u201Chttps://example.com/o'brien?q=1\u201D.",
    );
    expect(typographicText("at www.example.com/it's. That's all")).toBe(
      "at www.example.com/it's. That\u2019s all",
    );
  });

  it("changes nothing else", () => {
    const text = "1.1(a) Smith & Co <b> \u2014 $1,500.00";
    expect(typographicText(text)).toBe(text);
  });
});

describe("typographicRuns", () => {
  it("reads runs as one text, so a quote opened before a bold run closes after it", () => {
    const runs: Run[] = [
      { text: '"' },
      { text: "Confidential Information", bold: true },
      { text: '" means' },
      { lineBreak: true },
      { text: '"Purpose"' },
    ];
    expect(typographicRuns(runs)).toEqual([
      { text: "\u201C" },
      { text: "Confidential Information", bold: true },
      { text: "\u201D means" },
      { lineBreak: true },
      { text: "\u201CPurpose\u201D" },
    ]);
  });

  it("keeps each run's look and cross-reference", () => {
    const run: Run = { text: "2.1 isn't", italic: true, crossReference: { anchor: "x", number: "2.1" } };
    expect(typographicRuns([run])).toEqual([{ ...run, text: "2.1 isn\u2019t" }]);
  });
});

describe("typographicDocument", () => {
  it("curls the title and the text of every kind of block", () => {
    const runs = (text: string): Run[] => [{ text }];
    const model: DocumentModel = {
      title: "Owner's Deed",
      blocks: [
        { type: "title", runs: runs("Owner's Deed") },
        { type: "heading", level: 1, runs: runs("'A'") },
        { type: "paragraph", indent: 0, runs: runs("'B'") },
        {
          type: "clause",
          level: 1,
          heading: false,
          label: "1.",
          reference: "1",
          numbering: 0,
          runs: runs("'C'"),
        },
        { type: "list", ordered: false, items: [{ depth: 0, label: "\u2022", runs: runs("'D'") }] },
        { type: "table", header: [runs("'E'")], rows: [[runs("'F'")]] },
        { type: "schedule", number: 1, title: runs("'G'") },
        {
          type: "execution",
          leadIn: runs("Signed by 'H':"),
          block: { partyId: "p", partyPath: "p", kind: "individual", partyName: "H", signatories: [] },
        },
        { type: "pageBreak" },
      ],
    };
    const printed = JSON.stringify(typographicDocument(model));
    expect(printed).not.toContain("'");
    expect(printed).toContain("Owner\u2019s Deed");
    for (const letter of "ABCDEFG") expect(printed).toContain(`\u2018${letter}\u2019`);
    expect(printed).toContain("Signed by \u2018H\u2019:");
  });
});

describe("assembled documents", () => {
  it("print template text and answers with typographic quotes in the PDF, the Word file and the HTML", async () => {
    const definition = parseInterview(
      [
        'title: "The Owner\'s Notice"',
        "questions:",
        "  - { id: name, type: text, label: Name }",
        "  - { id: email, type: email, label: Email }",
        "",
      ].join("\n"),
    );
    const body = [
      "# {{ document.title }}",
      "",
      "#. \"**Owner**\" means {{ name }}, whose e-mail address is {{ email }}; the Owner's 'notice' is final.",
      "",
    ].join("\n");
    const { pdf, docx, html } = await assemble(
      { definition, body },
      { name: "Siobhan O'Brien", email: "o'brien@example.com" },
    );
    const expected =
      "\u201COwner\u201D means Siobhan O\u2019Brien, whose e-mail address is o'brien@example.com; the Owner\u2019s \u2018notice\u2019 is final.";

    const pdfText = readPdf(pdf).pages.join("\n").replace(/\s+/g, " ");
    expect(pdfText).toContain(expected);
    expect(pdfText).toContain("THE OWNER\u2019S NOTICE");
    const wordXml = unzipText(docx, "word/document.xml");
    expect(wordText(wordXml).replace(/\s+/g, " ")).toContain(expected);
    expect(unzipText(docx, "word/footer1.xml")).toContain("The Owner\u2019s Notice");
    expect(html.replace(/<[^>]+>/g, "")).toContain(expected.replace("o'brien", "o&#39;brien"));
  });
});

describe("italicActNames", () => {
  const italics = (text: string) =>
    italicActNames([{ text }])
      .filter((run) => "text" in run && run.italic)
      .map((run) => ("text" in run ? run.text : ""));

  it.each([
    ["section 127 of the Corporations Act 2001 (Cth)", ["Corporations Act 2001"]],
    ["under Schedule 2F to the Income Tax Assessment Act 1936 (Cth)", ["Income Tax Assessment Act 1936"]],
    ["Division 7A of Part III of the Income Tax Assessment Act 1936", ["Income Tax Assessment Act 1936"]],
    [
      "the Superannuation Industry (Supervision) Act 1993 (Cth)",
      ["Superannuation Industry (Supervision) Act 1993"],
    ],
    [
      "the Conveyancing and Law of Property Act 1884 and the Trustee Act 1925",
      ["Conveyancing and Law of Property Act 1884", "Trustee Act 1925"],
    ],
    ["The Powers of Attorney Act 2014 applies.", ["Powers of Attorney Act 2014"]],
    ["the Tax Act means the Act as amended in 2001", []],
    ["an act 2001 or Act 20011", []],
  ])("%s", (text, expected) => {
    expect(italics(text)).toEqual(expected);
  });

  it("keeps the rest of the run as it was, and leaves italic runs and cross-references alone", () => {
    expect(italicActNames([{ text: "under the Corporations Act 2001 (Cth).", bold: true }])).toEqual([
      { text: "under the ", bold: true },
      { text: "Corporations Act 2001", bold: true, italic: true },
      { text: " (Cth).", bold: true },
    ]);
    const untouched: Run[] = [
      { text: "Corporations Act 2001", italic: true },
      { text: "Trustee Act 1925", crossReference: { anchor: "a", number: "1" } },
    ];
    expect(italicActNames(untouched)).toEqual(untouched);
  });

  it("italicises Acts named in answers in the assembled document", async () => {
    const definition = parseInterview(
      "title: Notice\nquestions:\n  - { id: basis, type: text, label: Basis }\n",
    );
    const { docx, html } = await assemble(
      { definition, body: "Made under {{ basis }}.\n" },
      { basis: "section 100A of the Income Tax Assessment Act 1936 (Cth)" },
    );
    expect(unzipText(docx, "word/document.xml")).toContain(
      '<w:r><w:rPr><w:i/><w:iCs/></w:rPr><w:t xml:space="preserve">Income Tax Assessment Act 1936</w:t></w:r>',
    );
    expect(html).toContain("of the <em>Income Tax Assessment Act 1936</em> (Cth).");
  });
});
