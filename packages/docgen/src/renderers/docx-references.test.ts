import { describe, expect, it } from "vitest";
import { assemble } from "../assemble.ts";
import type { Block, DocumentModel } from "../model.ts";
import { parseInterview } from "../schema.ts";
import { loadFixture } from "../testing/fixtures.ts";
import { assertWellFormedXml, unzipText, wordText } from "../testing/unzip.ts";
import { renderDocx } from "./docx.ts";
import { clauseBookmarks } from "./docx-body.ts";

/** The paragraphs of word/document.xml. */
const paragraphs = (xml: string): string[] => xml.split("</w:p>");

/** The REF fields of a document: the bookmark each names and the result it caches. */
function refFields(xml: string): { instruction: string; result: string }[] {
  const pattern =
    /<w:fldChar w:fldCharType="begin"\/><\/w:r><w:r><w:instrText xml:space="preserve">([^<]*)<\/w:instrText><\/w:r><w:r><w:fldChar w:fldCharType="separate"\/><\/w:r>(.*?)<w:r><w:fldChar w:fldCharType="end"\/>/g;
  return [...xml.matchAll(pattern)].map((match) => ({
    instruction: match[1] ?? "",
    result: wordText(match[2] ?? ""),
  }));
}

describe("Word cross-references", () => {
  it("bookmarks each named clause's numbered paragraph and cites it with a REF field caching its number", async () => {
    const { template, answers } = loadFixture("nda");
    const { docx } = await assemble(template, answers);
    const xml = unzipText(docx, "word/document.xml");
    assertWellFormedXml(xml);

    // {#exclusions} names clause 2.2, a numbered paragraph at level 2 of the body's list.
    const named = paragraphs(xml).filter((paragraph) => paragraph.includes('w:name="_Refexclusions"'));
    expect(named).toHaveLength(1);
    const [exclusions = ""] = named;
    expect(exclusions).toMatch(/<w:numPr><w:ilvl w:val="1"\/><w:numId w:val="\d+"\/><\/w:numPr>/);
    expect(exclusions).toMatch(
      /<\/w:pPr><w:bookmarkStart w:id="(\d+)" w:name="_Refexclusions"\/>.*<w:bookmarkEnd w:id="\1"\/>$/,
    );
    expect(wordText(exclusions)).toContain("do not apply to information that:");

    // [#exclusions] in 1.1(a) and [#definitions] in 2.2: fields with the engine's numbers as results.
    expect(refFields(xml)).toEqual([
      { instruction: " REF _Refexclusions \\w \\h ", result: "2.2" },
      { instruction: " REF _Refdefinitions \\w \\h ", result: "1" },
    ]);
    // The text reads as before: the cached result is the number.
    const text = wordText(xml).replace(/\s+/g, " ");
    expect(text).toContain("other than information described in clause 2.2;");
    expect(text).toContain("The obligations in clause 1 and this clause do not apply");
  });

  it("keeps \u201Cof Schedule n\u201D as text after the field, which gives the clause's own number", async () => {
    const definition = parseInterview(
      "title: Schedules\nquestions:\n  - { id: name, type: text, label: Name }\n",
    );
    const body = [
      "#. Services",
      "#.# The Supplier provides the services in clause [#fees] and item [#first].",
      "",
      "::schedule[Fees]",
      "",
      "#. Fees {#fees}",
      "#.# {{ name }} pays monthly. {#first}",
      "",
    ].join("\n");
    const { docx } = await assemble({ definition, body }, { name: "Acme" });
    const xml = unzipText(docx, "word/document.xml");
    assertWellFormedXml(xml);
    expect(refFields(xml)).toEqual([
      { instruction: " REF _Reffees \\w \\h ", result: "1" },
      { instruction: " REF _Reffirst \\w \\h ", result: "1.1" },
    ]);
    expect(wordText(xml)).toContain("in clause 1 of Schedule 1 and item 1.1 of Schedule 1.");
  });

  it("names bookmarks as Word allows: letters, digits and underscores, at most 40 characters, unique", () => {
    const clause = (anchor: string): Block => ({
      type: "clause",
      level: 1,
      heading: false,
      label: "1.",
      reference: "1",
      numbering: 0,
      anchor,
      runs: [{ text: anchor }],
    });
    const bookmarks = clauseBookmarks([
      clause("exclusions-from-cap"),
      clause("exclusions_from_cap"),
      clause(`a${"b".repeat(40)}`),
      { type: "rule" },
    ]);
    expect([...bookmarks.values()]).toEqual([
      { id: 1, name: "_Refexclusions_from_cap" },
      { id: 2, name: "_Ref2" },
      { id: 3, name: "_Ref3" },
    ]);
  });

  it("prints a reference whose clause has no bookmark as plain text", async () => {
    const model: DocumentModel = {
      title: "Loose",
      blocks: [
        {
          type: "paragraph",
          indent: 0,
          runs: [{ text: "see 4.2", crossReference: { anchor: "gone", number: "4.2" } }],
        },
      ],
    };
    const xml = unzipText(await renderDocx(model), "word/document.xml");
    expect(xml).not.toContain("fldChar");
    expect(wordText(xml)).toContain("see 4.2");
  });
});
