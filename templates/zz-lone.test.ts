import { type AnswerObject, assemble } from "@precedent/docgen";
import { loadTemplateFolder, templateFolders } from "@precedent/docgen/library";
import { readPdf } from "@precedent/docgen/testing";
import { it } from "vitest";
it("scan", async () => {
  for (const slug of templateFolders(import.meta.dirname)) {
    const folder = loadTemplateFolder(import.meta.dirname, slug);
    const sample = folder.sampleAnswers as Record<string, unknown>;
    const q = folder.definition.questions.find((x) => x.type === "text" && (x.maxLength ?? 0) >= 200 && typeof sample[x.id] === "string");
    if (!q || q.type !== "text") { console.log("SKIP", slug); continue; }
    const found: string[] = [];
    for (let length = 20; length <= (q.maxLength ?? 200); length += 15) {
      const answers = { ...sample, [q.id]: "word ".repeat(length / 5).trim() };
      const doc = await assemble({ definition: folder.definition, body: folder.body }, answers as AnswerObject);
      const pages = readPdf(doc.pdf).pages;
      const signedPages = [...new Set(doc.signatureFields.map((f) => f.signature.page))];
      for (const page of signedPages) {
        const lines = (pages[page - 1] ?? "").split("\n");
        const leads = lines.filter((l) => /^(Signed|Executed (as a deed )?by|I, )/.test(l)).length;
        const first = lines.findIndex((l) => /^(Signed|Executed (as a deed )?by|I, )/.test(l));
        if (leads === 1 && first <= 1) found.push(`${length}:p${page}/${pages.length}:${JSON.stringify(lines.slice(0, 2).join(" | ").slice(0, 80))}`);
      }
    }
    console.log("RESULT", slug, q.id, found.slice(0, 4).join(" ; "));
  }
}, 900000);
