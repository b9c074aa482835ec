import { beforeAll, describe, expect, it } from "vitest";
import type { AnswerObject } from "./answers.ts";
import { type AssembledDocument, assemble, buildDocument } from "./assemble.ts";
import { missingAnswers } from "./draft.ts";
import { AnswersError } from "./errors.ts";
import type { Block, Run } from "./model.ts";
import { renderPdf } from "./renderers/pdf.ts";
import { loadFixture } from "./testing/fixtures.ts";
import { readPdf } from "./testing/pdf.ts";
import { unzipText } from "./testing/unzip.ts";

const { template, answers } = loadFixture("nda");

/** The sample answers with the date and purpose left out, the second party's first name blank and a bad ACN. */
function incomplete(): AnswerObject {
  const partial = structuredClone(answers) as Record<string, AnswerObject | AnswerObject[] | string | number>;
  delete partial.agreement_date;
  delete partial.purpose;
  const first = partial.first_party as Record<string, unknown>;
  first.acn = "123";
  const second = partial.second_party as Record<string, unknown>;
  second.first_name = "";
  return partial as AnswerObject;
}

const runsOf = (blocks: readonly Block[]): Run[] =>
  blocks.flatMap((block) => {
    switch (block.type) {
      case "title":
      case "heading":
      case "paragraph":
      case "clause":
        return [...block.runs];
      case "list":
        return block.items.flatMap((item) => item.runs);
      case "table":
        return [...(block.header ?? []), ...block.rows.flat()].flat();
      default:
        return [];
    }
  });

describe("draft: a document before every answer is in", () => {
  let draft: AssembledDocument;
  beforeAll(async () => {
    draft = await assemble(template, incomplete(), { draft: true });
  });

  it("is refused without the draft option, as before", async () => {
    await expect(assemble(template, incomplete())).rejects.toBeInstanceOf(AnswersError);
  });

  it("prints DRAFT on every page of the PDF", () => {
    const pdf = readPdf(draft.pdf);
    expect(pdf.pageCount).toBeGreaterThan(1);
    for (const page of pdf.pages) expect(page).toContain("DRAFT");
  });

  it("prints each missing or malformed answer as a placeholder naming its question", () => {
    const text = readPdf(draft.pdf).pages.join("\n").replace(/\s+/g, " ");
    expect(text).toContain("This agreement is made on [missing: Date of the agreement].");
    expect(text).toContain("Purpose means [missing: The purpose for which information is shared]");
    expect(text).toContain("[missing: Second party › First name] Mary Citizen");
    expect(text).toContain("ACN [missing: First party › ACN]");
    // What was answered is printed as usual.
    expect(text).toContain("Harbour Analytics Pty Ltd");
  });

  it("marks the placeholders as highlighted runs, in the Word file and HTML too", () => {
    const model = buildDocument(template, incomplete(), { draft: true });
    expect(model.draft).toBe(true);
    const highlighted = runsOf(model.blocks)
      .filter((run) => "text" in run && run.highlight)
      .map((run) => ("text" in run ? run.text : ""));
    expect(highlighted).toContain("[missing: Date of the agreement]");
    expect(highlighted.every((text) => text.startsWith("[missing"))).toBe(true);
    expect(draft.html).toContain("<mark>[missing: Date of the agreement]</mark>");
    expect(unzipText(draft.docx, "word/document.xml")).toContain('<w:highlight w:val="yellow"/>');
  });

  it("gives the same bytes for the same answers", async () => {
    const again = await renderPdf(buildDocument(template, incomplete(), { draft: true }));
    expect(Buffer.from(again.pdf).equals(Buffer.from(draft.pdf))).toBe(true);
  });

  it("prints a party whose type is not chosen yet, and empty answers, without failing", async () => {
    const empty = await assemble(template, {}, { draft: true });
    const text = readPdf(empty.pdf).pages.join("\n").replace(/\s+/g, " ");
    expect(text).toContain("[missing: First party] of [missing: First party] (First Party)");
    expect(text).toContain("DRAFT");
  });

  it("has no placeholder when every answer is in (still a DRAFT); a final document has no watermark", async () => {
    const complete = await assemble(template, answers, { draft: true });
    const text = readPdf(complete.pdf).pages.join("\n");
    expect(text).not.toContain("[missing");
    expect(text).toContain("DRAFT");
    const final = readPdf((await assemble(template, answers)).pdf).pages.join("\n");
    expect(final).not.toContain("DRAFT");
  });

  it("lists what is missing by question label, in interview order", () => {
    expect(missingAnswers(template.definition, incomplete())).toEqual([
      {
        path: "agreement_date",
        label: "Date of the agreement",
        message: "This field cannot be blank.",
      },
      { path: "first_party.acn", label: "First party › ACN", message: "An ACN has 9 digits." },
      {
        path: "second_party.first_name",
        label: "Second party › First name",
        message: "This field cannot be blank.",
      },
      {
        path: "purpose",
        label: "The purpose for which information is shared",
        message: "This field cannot be blank.",
      },
    ]);
  });
});
