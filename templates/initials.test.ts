/**
 * Initial boxes where a document asks for every page to be initialled (the will: "having initialled
 * each earlier page"): at the foot of every page but the one signed on, a box for the will-maker and
 * for each witness, named under it; in Word, a footer table of the same boxes. And the page signed on
 * carries text of the will, not the signatures alone.
 */
import { type AnswerObject, type AssembledDocument, assemble } from "@precedent/docgen";
import { loadTemplateFolder } from "@precedent/docgen/library";
import { readPdf, unzip, unzipText } from "@precedent/docgen/testing";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = import.meta.dirname;

async function assembled(slug: string, change?: (answers: AnswerObject) => AnswerObject) {
  const folder = loadTemplateFolder(ROOT, slug);
  const answers = folder.sampleAnswers as AnswerObject;
  return assemble({ definition: folder.definition, body: folder.body }, change ? change(answers) : answers);
}

describe("initial boxes on the will", () => {
  let document: AssembledDocument;
  let pages: readonly string[];
  let signingPages: Set<number>;

  beforeAll(async () => {
    document = await assembled("simple-will");
    pages = readPdf(document.pdf).pages;
    signingPages = new Set(document.signatureFields.map((field) => field.signature.page));
  });

  it("puts boxes for the will-maker and both witnesses at the foot of every page but the one signed on", () => {
    expect(document.pageCount).toBeGreaterThan(1);
    expect(signingPages.size).toBe(1);
    const names = document.signatureFields.map((field) =>
      field.role === "witness" ? `Witness: ${field.fullName}` : field.fullName,
    );
    expect(names).toEqual(["Eleanor Grace Whitfield", "Witness: Gregory Tan", "Witness: Sophie Marchetti"]);
    pages.forEach((text, index) => {
      const page = index + 1;
      if (signingPages.has(page)) {
        expect(text, `page ${page}`).not.toContain("Initials:");
        return;
      }
      // The boxes' row sits just above the footer: "Initials:" and the three names under the boxes.
      const foot = text.split("\n").slice(-3).join("\n");
      expect(foot, `page ${page}`).toContain("Initials:");
      expect(foot.replace(/\s+/g, " "), `page ${page}`).toContain(names.join(" "));
    });
  });

  it("keeps text of the will on the page signed on", () => {
    const [page] = [...signingPages];
    const text = pages[(page ?? 1) - 1] ?? "";
    const beforeAttestation = text.slice(0, text.indexOf("I, Eleanor Grace Whitfield, sign this will"));
    // A numbered clause of the will, not only the attestation and the signatures.
    expect(beforeAttestation).toMatch(/^\d+\.\d+ /m);
  });

  it("gives the Word file a footer table with the same boxes and names", () => {
    const footers = [...unzip(document.docx).keys()].filter((name) => /^word\/footer\d*\.xml$/.test(name));
    const footer = footers.map((name) => unzipText(document.docx, name)).join("");
    expect(footer).toContain("<w:tbl>");
    expect(footer).toContain("Initials:");
    for (const name of ["Eleanor Grace Whitfield", "Witness: Gregory Tan", "Witness: Sophie Marchetti"]) {
      expect(footer).toContain(name);
    }
  });

  it("leaves documents that do not ask for initials without boxes", async () => {
    const nda = await assembled("mutual-nda");
    expect(readPdf(nda.pdf).pages.join("\n")).not.toContain("Initials:");
    expect(unzipText(nda.docx, "word/footer1.xml")).not.toContain("Initials:");
  });
});
