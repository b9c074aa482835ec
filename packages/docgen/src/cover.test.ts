/**
 * A deed's cover page: asked for by the interview (`cover: true`), it comes first and alone on its
 * page in the PDF and in Word, names the document and its parties (a trust's trustees together),
 * and is neither a bookmark nor a contents entry.
 */
import { describe, expect, it } from "vitest";
import { assemble } from "./assemble.ts";
import { coverParties } from "./cover.ts";
import { parseInterview } from "./schema.ts";
import type { ExecutionBlock } from "./signers.ts";
import { readPdf } from "./testing/pdf.ts";
import { unzipText, wordText } from "./testing/unzip.ts";

const definition = (cover: boolean) =>
  parseInterview(`title: Deed of Settlement
${cover ? "cover: true\n" : ""}questions:
  - id: settlor
    type: reference
    label: Settlor
    partyTypes: [individual]
    signs: true
    witnesses: 1
  - id: trustee
    type: reference
    label: Trustee
    partyTypes: [company]
    signs: true
`);

const answers = {
  settlor: {
    party_type: "individual",
    first_name: "Jane",
    last_name: "Citizen",
    email: "jane@example.com",
    street: "1 George Street",
    suburb: "Sydney",
    state: "NSW",
    postcode: "2000",
    witness_name: "Sam Lee",
  },
  trustee: {
    party_type: "company",
    name: "Acme Holdings",
    legal_element: "PTY LTD",
    acn: "004085616",
    street: "1 George Street",
    suburb: "Sydney",
    state: "NSW",
    postcode: "2000",
    director_type: "sole",
    sole_director_name: "Jane Citizen",
    sole_director_is_secretary: "Yes",
  },
};

const BODY = `# {{ document.title }}

#. Settlement
#.# The Settlor pays the Trustee $10.

Executed as a deed.

::signatures
`;

describe("a cover page", () => {
  it("names the deed and its parties on a first page of its own, in the PDF and in Word", async () => {
    const document = await assemble({ definition: definition(true), body: BODY }, answers);
    const pages = readPdf(document.pdf).pages;
    const [cover = "", first = ""] = pages;
    expect(cover).toMatch(/^DEED OF SETTLEMENT\nJane Citizen\nand\nAcme Holdings Pty Ltd ACN 004 085 616\n/);
    expect(cover).not.toContain("The Settlor pays");
    expect(first).toContain("The Settlor pays the Trustee $10.");
    const plain = await assemble({ definition: definition(false), body: BODY }, answers);
    expect(document.pageCount).toBe(plain.pageCount + 1);
    const xml = unzipText(document.docx, "word/document.xml");
    expect(wordText(xml)).toMatch(
      /^DEED OF SETTLEMENT\s*Jane Citizen\s*and\s*Acme Holdings Pty Ltd ACN 004 085 616/,
    );
    // The first paragraph after the cover starts a new page.
    expect(xml).toMatch(
      /Acme Holdings Pty Ltd ACN 004 085 616<\/w:t><\/w:r><\/w:p><w:p><w:pPr><w:pStyle w:val="Title"\/><w:pageBreakBefore\/>/,
    );
  });

  it("shows a draft's missing party name as its placeholder", async () => {
    const { last_name: _left, ...settlor } = answers.settlor;
    const document = await assemble(
      { definition: definition(true), body: BODY },
      { ...answers, settlor },
      { draft: true },
    );
    const [cover = ""] = readPdf(document.pdf).pages;
    expect(cover).toMatch(/^DEED OF SETTLEMENT\nJane \[missing: [^\]]+\]\nand\n/);
    expect(cover).toContain("Acme Holdings Pty Ltd ACN 004 085 616");
  });

  it("is left out unless the interview asks for it", async () => {
    const document = await assemble({ definition: definition(false), body: BODY }, answers);
    expect(readPdf(document.pdf).pages[0]).toMatch(
      /^DEED OF SETTLEMENT\nThe Settlor pays|^DEED OF SETTLEMENT\n1\./,
    );
  });

  it("names a trust's trustees together, and each party once", () => {
    const block = (partyId: string, partyName: string, trusteeFor?: string): ExecutionBlock => ({
      partyId,
      partyPath: partyId,
      kind: "individual",
      partyName,
      ...(trusteeFor ? { trusteeFor } : {}),
      signatories: [],
    });
    expect(
      coverParties([
        block("settlor", "Jane Citizen"),
        block("trustee", "Ann Lee", "the Lee Family Trust"),
        block("trustee", "Bo Lee", "the Lee Family Trust"),
        block("appointor", "Jane Citizen"),
      ]),
    ).toEqual(["Jane Citizen", "Ann Lee and Bo Lee as trustees for the Lee Family Trust"]);
  });
});
