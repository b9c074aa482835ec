/**
 * LibreOffice opens each template's Word file (assembled from its sample answers) at the same page
 * count as our PDF, exactly: the Word file's list spacing and bottom margin follow the PDF's, so a
 * page break in one is a page break in the other. It runs only when asked (`LIBREOFFICE=1`), and only where
 * LibreOffice and poppler's pdfinfo are installed: converting 30 files takes LibreOffice about a minute on a loaded machine.
 *
 *   LIBREOFFICE=1 npx vitest run templates/libreoffice-pages.test.ts
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AnswerObject, assemble } from "@precedent/docgen";
import { loadTemplateFolder, templateFolders } from "@precedent/docgen/library";
import { describe, expect, it } from "vitest";

const ROOT = import.meta.dirname;

const installed = (command: string, flag: string): boolean => {
  try {
    execFileSync(command, [flag], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};
const run =
  process.env.LIBREOFFICE === "1" && installed("soffice", "--version") && installed("pdfinfo", "-v");

describe.skipIf(!run)("LibreOffice page counts", () => {
  it("opens every template's Word file at our PDF's page count", {
    timeout: 300_000,
  }, async () => {
    const folder = mkdtempSync(join(tmpdir(), "libreoffice-pages-"));
    try {
      const ours = new Map<string, number>();
      for (const slug of templateFolders(ROOT)) {
        const template = loadTemplateFolder(ROOT, slug);
        const document = await assemble(
          { definition: template.definition, body: template.body },
          template.sampleAnswers as AnswerObject,
        );
        writeFileSync(join(folder, `${slug}.docx`), document.docx);
        ours.set(slug, document.pageCount);
      }
      execFileSync(
        "soffice",
        [
          "--headless",
          "--convert-to",
          "pdf",
          "--outdir",
          folder,
          ...[...ours.keys()].map((slug) => join(folder, `${slug}.docx`)),
        ],
        { stdio: "ignore" },
      );
      const table = [...ours].map(([slug, pages]) => {
        const info = execFileSync("pdfinfo", [join(folder, `${slug}.pdf`)], { encoding: "utf8" });
        return { slug, pdf: pages, libreOffice: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]) };
      });
      console.table(table);
      for (const row of table) expect(row.libreOffice, row.slug).toBe(row.pdf);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
