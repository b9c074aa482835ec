/**
 * Every template's first page of signatures carries text of the document itself, assembled from the
 * sample answers: not only the "Execution" heading, "Executed as a deed." and the parties' labels,
 * which could sit under any document. The change of trustee deed's four witnessed signatories nearly
 * fill a page: its execution blocks are spaced closer so its last clause shares their page.
 */
import { type AnswerObject, assemble } from "@precedent/docgen";
import { loadTemplateFolder, templateFolders } from "@precedent/docgen/library";
import { readPdf } from "@precedent/docgen/testing";
import { describe, expect, it } from "vitest";

const ROOT = import.meta.dirname;

/** What an execution section prints before its first signatory, which says nothing of the document. */
const LEAD_IN = /^(Execution|Executed as (a deed|an agreement)\.|[A-Z][A-Za-z ]{0,40})$/;

describe.each(templateFolders(ROOT))("the page %s is first signed on", (slug) => {
  it("carries text of the document above the first signature", async () => {
    const folder = loadTemplateFolder(ROOT, slug);
    const document = await assemble(
      { definition: folder.definition, body: folder.body },
      folder.sampleAnswers as AnswerObject,
    );
    // Share certificates are sealed or signed on each certificate, with no signing fields to send.
    if (document.signatureFields.length === 0) {
      expect(folder.body, slug).not.toContain("::signature");
      return;
    }
    const first = Math.min(...document.signatureFields.map((field) => field.signature.page));
    const page = readPdf(document.pdf).pages[first - 1] ?? "";
    // The lines above the first signatory's lead-in ("Signed by …", "Executed by …", "Signed, sealed …").
    const lines = page.split("\n");
    const signatory = lines.findIndex((line) => /^(Signed|Executed (as a deed )?by)\b/.test(line));
    const above = lines.slice(0, signatory === -1 ? lines.length : signatory);
    const ownText = above.filter((line) => !LEAD_IN.test(line.trim())).join(" ");
    expect(ownText.length, `${slug}, page ${first}:\n${page.slice(0, 300)}`).toBeGreaterThan(60);
    // Nor is the section's heading, or its "Executed as a deed.", left at the foot of the page before.
    const previous = (readPdf(document.pdf).pages[first - 2] ?? "").split("\n");
    const previousLast = previous.filter((line) => !/ Page \d+ of \d+$/.test(line)).at(-1) ?? "";
    expect(previousLast, slug).not.toMatch(/^(Execution|Executed as (a deed|an agreement)\.)$/);
  });
});
