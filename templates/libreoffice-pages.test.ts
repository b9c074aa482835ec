/**
 * LibreOffice opens each template's Word file (assembled from its sample answers) at the same page
 * count as our PDF, within one page. It runs only when asked (`LIBREOFFICE=1`), and only where
 * LibreOffice and poppler's pdfinfo are installed: converting 16 files takes LibreOffice some seconds.
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
  it("opens every template's Word file at our PDF's page count, within one page", {
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
      for (const row of table) expect(Math.abs(row.pdf - row.libreOffice), row.slug).toBeLessThanOrEqual(1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
