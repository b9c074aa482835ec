import { beforeAll, describe, expect, it } from "vitest";
import type { AnswerObject } from "./answers.ts";
import { type AssembledDocument, assemble, buildDocument, checkTemplate } from "./assemble.ts";
import { AnswersError, TemplateError } from "./errors.ts";
import { PAGE_SIZE } from "./renderers/pdf.ts";
import { signers } from "./signers.ts";
import { loadFixture } from "./testing/fixtures.ts";
import { readPdf } from "./testing/pdf.ts";
import { assertWellFormedXml, unzip, unzipText, wordText } from "./testing/unzip.ts";

const { template, answers } = loadFixture("nda");

const company = (more: AnswerObject): AnswerObject => ({
  party_type: "company",
  name: "Harbour Analytics",
  legal_element: "PTY LTD",
  acn: "004085616",
  street: "1 George Street",
  suburb: "Sydney",
  state: "NSW",
  postcode: "2000",
  ...more,
});

describe("assemble: the sample agreement", () => {
  let document: AssembledDocument;
  beforeAll(async () => {
    document = await assemble(template, answers);
  });

  it("gives a PDF that parses, on A4, with the fonts of the package embedded", () => {
    const pdf = readPdf(document.pdf);
    expect(pdf.pageCount).toBe(document.pageCount);
    expect(pdf.pageCount).toBeGreaterThanOrEqual(2);
    expect(pdf.fonts).toEqual(["LiberationSerif", "LiberationSerif-Bold", "LiberationSerif-Italic"]);
    expect(new TextDecoder("latin1").decode(document.pdf)).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });

  it("prints the answered parties and the key clauses in the PDF", () => {
    const text = readPdf(document.pdf).pages.join("\n");
    expect(text).toContain("MUTUAL NON-DISCLOSURE AGREEMENT");
    expect(text).toContain("This agreement is made on 1 July 2025.");
    expect(text).toContain("Harbour Analytics Pty Ltd ACN 004 085 616 of 1 George Street, Sydney NSW 2000");
    expect(text).toContain("Jane Mary Citizen of 22 Collins Street, Melbourne VIC 3000");
    expect(text).toContain("1.1 In this agreement:");
    expect(text).toMatch(/other than information\s+described in clause 2\.2;/);
    expect(text).toContain(
      "3.1 The obligations in this agreement end 3 years after the date of this agreement.",
    );
    expect(text).toContain("$1,500.00");
    expect(text).toContain("This agreement is governed by the laws of New South Wales");
  });

  it("puts the title and 'Page x of y' in the footer of every page", () => {
    const pages = readPdf(document.pdf).pages;
    pages.forEach((page, index) => {
      expect(page).toContain(`Mutual Non-Disclosure Agreement Page ${index + 1} of ${pages.length}`);
    });
  });

  it("prints each execution block: names, offices, witness", () => {
    const text = readPdf(document.pdf).pages.join("\n");
    expect(text).toMatch(
      /Executed by Harbour Analytics Pty Ltd ACN 004 085 616 in accordance with section 127 of the\s+Corporations Act 2001 \(Cth\) by:/,
    );
    expect(text).toContain("Name: Olivia Chen");
    expect(text).toContain("Name: Marcus Webb");
    expect(text).not.toContain("Sam Patel");
    expect(text).toContain("Signed by Jane Mary Citizen in the presence of:");
    expect(text).toContain("Signature of witness");
    expect(text).toContain("Name: Peter Brown");
  });

  it("returns a signature and date box for every signer and witness, inside the page, by meta_key and date_key", () => {
    const expected = signers(template.definition, answers).flatMap((signer) => [
      signer.metaKey,
      ...signer.witnesses.map((witness) => witness.metaKey),
    ]);
    expect(document.signatureFields.map((field) => field.metaKey)).toEqual(expected);
    for (const field of document.signatureFields) {
      for (const box of [field.signature, field.date]) {
        expect(box.page).toBeGreaterThanOrEqual(1);
        expect(box.page).toBeLessThanOrEqual(document.pageCount);
        expect(box.x).toBeGreaterThanOrEqual(72 - 0.01);
        expect(box.x + box.width).toBeLessThanOrEqual(PAGE_SIZE.width - 72 + 0.01);
        expect(box.y).toBeGreaterThanOrEqual(72);
        expect(box.y + box.height).toBeLessThanOrEqual(PAGE_SIZE.height - 72);
      }
      expect(field.date.y).toBeGreaterThan(field.signature.y + field.signature.height);
      expect(field.dateKey).toBe(field.metaKey.replace(/_signature$/, "_date"));
    }
    const witness = document.signatureFields.find((field) => field.role === "witness");
    expect(witness).toMatchObject({ fullName: "Peter Brown", witnessOf: "second_party_signature" });
  });

  it("gives a Word document holding the answered names, with real styles and clause numbering", () => {
    const files = unzip(document.docx);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([
        "[Content_Types].xml",
        "word/document.xml",
        "word/styles.xml",
        "word/numbering.xml",
      ]),
    );
    const body = wordText(unzipText(document.docx, "word/document.xml"));
    expect(body).toContain("Harbour Analytics Pty Ltd ACN 004 085 616 of 1 George Street, Sydney NSW 2000");
    expect(body).toContain("Jane Mary Citizen");
    expect(body).toContain("Name: Olivia Chen");
    const xml = unzipText(document.docx, "word/document.xml");
    expect(xml).toMatch(/<w:pStyle w:val="Title"\/>/);
    expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>/);
    expect(xml).toMatch(/<w:pStyle w:val="ClauseHeading"\/><w:numPr><w:ilvl w:val="0"\/>/);
    expect(xml).toMatch(/<w:pStyle w:val="Clause3"\/><w:numPr><w:ilvl w:val="2"\/>/);
    // Clause numbers come from Word's numbering, not from the text.
    expect(body).not.toMatch(/^1\.1 /m);
    const numbering = unzipText(document.docx, "word/numbering.xml");
    for (const [format, text] of [
      ["decimal", "%1."],
      ["decimal", "%1.%2"],
      ["lowerLetter", "(%3)"],
      ["lowerRoman", "(%4)"],
    ]) {
      expect(numbering).toContain(`<w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/>`);
    }
    const styles = unzipText(document.docx, "word/styles.xml");
    expect(styles).toContain('w:styleId="Normal"');
    expect(styles).toContain('w:styleId="Heading1"');
    expect(styles).toContain('w:styleId="ClauseHeading"');
    expect(styles).toContain('w:ascii="Times New Roman"');
  });

  it("writes well-formed XML in every part of the Word file", () => {
    for (const [name, content] of unzip(document.docx)) {
      if (/\.(xml|rels)$/.test(name)) {
        expect(() => assertWellFormedXml(new TextDecoder().decode(content)), name).not.toThrow();
      }
    }
  });

  it("puts the title and PAGE of NUMPAGES fields in the Word footer", () => {
    const footer = unzipText(document.docx, "word/footer1.xml");
    expect(footer).toContain("Mutual Non-Disclosure Agreement");
    expect(footer).toMatch(/PAGE/);
    expect(footer).toMatch(/NUMPAGES/);
  });

  it("gives an HTML preview with the same text, no scripts, and a policy forbidding them", () => {
    expect(document.html).toContain("Content-Security-Policy");
    expect(document.html).toContain("default-src 'none'");
    expect(document.html).not.toMatch(/<script/i);
    expect(document.html).toContain('<span class="number">1.1</span>');
    expect(document.html).toContain('data-meta-key="second_party_witness_signature"');
  });
});

describe("assemble: same input, same bytes", () => {
  it("gives identical Word, PDF and HTML bytes each time, whatever was assembled in between", async () => {
    const first = await assemble(template, answers);
    const other = await assemble(template, { ...answers, purpose: "something else entirely, with Ünïcödé" });
    const second = await assemble(template, answers);
    expect(Buffer.from(second.docx).equals(Buffer.from(first.docx))).toBe(true);
    expect(Buffer.from(second.pdf).equals(Buffer.from(first.pdf))).toBe(true);
    expect(second.html).toBe(first.html);
    expect(Buffer.from(other.pdf).equals(Buffer.from(first.pdf))).toBe(false);
  });

  it("writes fixed dates in the metadata and the zip entries", async () => {
    const { docx, pdf } = await assemble(template, answers);
    expect(unzipText(docx, "docProps/core.xml")).toContain(
      '<dcterms:created xsi:type="dcterms:W3CDTF">2000-01-01T00:00:00Z</dcterms:created>',
    );
    expect(new TextDecoder("latin1").decode(pdf)).toContain("(D:20000101000000Z)");
  });
});

describe("assemble: refusals", () => {
  it("stops on missing or invalid answers, listing each", async () => {
    const incomplete = { ...answers, agreement_date: "31/02/2025", first_party: { party_type: "company" } };
    const error = await assemble(template, incomplete).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AnswersError);
    const issues = (error as AnswersError).issues;
    expect(issues).toContainEqual({
      path: "agreement_date",
      message: "This date does not exist: please check the day and month.",
    });
    expect(issues).toContainEqual({ path: "first_party.name", message: "This field cannot be blank." });
  });

  it("stops when the template prints an answer that is not there, naming the line", () => {
    const broken = { ...template, body: `${template.body}\n{{ first_party.middle_name }}\n` };
    expect(() => buildDocument(broken, answers)).toThrow(TemplateError);
    expect(() => buildDocument(broken, answers)).toThrow(/first_party\.middle_name.*template line \d+/);
  });
});

describe("assemble: answers cannot become markup", () => {
  it("prints hostile text literally in every format", async () => {
    const hostile = "**not bold** ::pagebreak #. [#definitions] <b>&amp;</b>";
    const document = await assemble(template, { ...answers, purpose: hostile });
    const pdfText = readPdf(document.pdf).pages.join(" ").replace(/\s+/g, " ");
    expect(pdfText).toContain(hostile);
    expect(wordText(unzipText(document.docx, "word/document.xml"))).toContain(hostile);
    expect(document.html).toContain(
      "**not bold** ::pagebreak #. [#definitions] &lt;b&gt;&amp;amp;&lt;/b&gt;",
    );
  });
});

describe("assemble: s127 execution blocks, chosen from the answers", () => {
  const assembleWith = async (firstParty: AnswerObject) => {
    const document = await assemble(template, { ...answers, first_party: firstParty });
    return {
      // Lines joined: what matters here is the words, not where the lines break.
      pdf: readPdf(document.pdf).pages.join("\n").replace(/\s+/g, " "),
      word: wordText(unzipText(document.docx, "word/document.xml")),
      fields: document.signatureFields.filter((field) => field.partyId === "first_party"),
    };
  };

  it("two directors", async () => {
    const { pdf, word, fields } = await assembleWith(
      company({
        director_type: "multiple",
        directors: [
          { name: "Olivia Chen", signs: "Yes" },
          { name: "Marcus Webb", signs: "Yes" },
        ],
      }),
    );
    expect(pdf.match(/Signature of director/g)).toHaveLength(2);
    expect(word.match(/Signature of director/g)).toHaveLength(2);
    expect(fields.map((field) => field.metaKey)).toEqual([
      "first_party_directors_1_signature",
      "first_party_directors_2_signature",
    ]);
    // Side by side on one page.
    expect(fields[0]?.signature.page).toBe(fields[1]?.signature.page);
    expect(fields[0]?.signature.y).toBe(fields[1]?.signature.y);
  });

  it("a director and the company secretary", async () => {
    const { pdf, fields } = await assembleWith(
      company({
        director_type: "multiple",
        directors: [
          { name: "Olivia Chen", signs: "Yes" },
          { name: "Marcus Webb", signs: "No" },
        ],
        secretary_name: "Sam Patel",
      }),
    );
    expect(pdf).toContain("Signature of director");
    expect(pdf).toContain("Signature of company secretary");
    expect(pdf).toContain("Name: Sam Patel");
    expect(fields.map((field) => field.metaKey)).toEqual([
      "first_party_directors_1_signature",
      "first_party_secretary_signature",
    ]);
  });

  it("the sole director who is also the sole company secretary", async () => {
    const { pdf, word, fields } = await assembleWith(
      company({
        director_type: "sole",
        sole_director_name: "Olivia Chen",
        sole_director_is_secretary: "Yes",
      }),
    );
    expect(pdf).toContain("Signature of sole director and sole company secretary");
    expect(word).toContain("Signature of sole director and sole company secretary");
    expect(fields.map((field) => field.metaKey)).toEqual(["first_party_sole_director_signature"]);
  });

  it("a trust, through an individual trustee (witnessed) and a company trustee", async () => {
    const { pdf, fields } = await assembleWith({
      party_type: "trust",
      name: "Smith Family Trust",
      trustees: [
        {
          party_type: "individual",
          first_name: "John",
          last_name: "Smith",
          email: "john@example.com",
          street: "5 Hay Street",
          suburb: "Perth",
          state: "WA",
          postcode: "6000",
        },
        company({
          director_type: "sole",
          sole_director_name: "Olivia Chen",
          sole_director_is_secretary: "Yes",
        }),
      ],
      witness_name: "Peter Brown",
    });
    expect(pdf).toContain(
      "John Smith and Harbour Analytics Pty Ltd ACN 004 085 616 as trustees for the Smith Family Trust",
    );
    expect(pdf).toContain("Signed by John Smith as trustee for the Smith Family Trust in the presence of:");
    expect(pdf).toContain(
      "Executed by Harbour Analytics Pty Ltd ACN 004 085 616 as trustee for the Smith Family Trust",
    );
    expect(fields.map((field) => field.metaKey)).toEqual([
      "first_party_trustees_1_signature",
      "first_party_trustees_1_witness_signature",
      "first_party_trustees_2_sole_director_signature",
    ]);
  });
});

describe("assemble: a long document", () => {
  it("lays out the 10+ page services agreement with its schedules and every execution block", async () => {
    const fixture = loadFixture("services");
    const document = await assemble(fixture.template, fixture.answers);
    const pdf = readPdf(document.pdf);
    expect(pdf.pageCount).toBeGreaterThanOrEqual(10);
    const text = pdf.pages.join("\n").replace(/\s+/g, " ");
    expect(text).toContain("20.8 This agreement may be executed in any number of counterparts");
    expect(text).toContain("Schedule 3 Milestones");
    expect(text).toContain("Transition closed 31/07/2026 $20,000.00");
    const tables = buildDocument(fixture.template, fixture.answers).blocks.filter(
      (block) => block.type === "table",
    );
    expect(tables.map((table) => table.rows.length)).toEqual([20, 8, 15]);
    expect(text).toContain("Signature of sole director and sole company secretary");
    expect(document.signatureFields.map((field) => field.metaKey)).toEqual([
      "customer_directors_1_signature",
      "customer_secretary_signature",
      "supplier_sole_director_signature",
      "guarantor_signature",
      "guarantor_witness_signature",
    ]);
    const xml = unzipText(document.docx, "word/document.xml");
    assertWellFormedXml(xml);
    expect(wordText(xml)).toContain("Southern Cross Logistics Pty Ltd ACN 010 499 966");
  });
});

describe("checkTemplate", () => {
  it("passes the sample templates and names a variable that is no question of the interview", () => {
    expect(checkTemplate(template)).toEqual([]);
    expect(checkTemplate({ ...template, body: `${template.body}\n{{ frist_party | party_name }}` })).toEqual([
      'The template uses "frist_party", which is not a question of the interview',
    ]);
  });

  it("does not count loop variables and assignments as answers", () => {
    const body = "{% assign n = 1 %}{{ n }}{% for person in representatives %}{{ person.name }}{% endfor %}";
    expect(checkTemplate({ ...template, body })).toEqual([]);
  });

  it("throws on a syntax error or a refused tag", () => {
    expect(() => checkTemplate({ ...template, body: "{% if %}" })).toThrow(TemplateError);
    expect(() => checkTemplate({ ...template, body: "{% include 'x' %}" })).toThrow(
      /cannot use \{% include %\}/,
    );
  });
});
