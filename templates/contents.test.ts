/**
 * The generated contents page of the long documents (`::contents`): every top-level clause, part and
 * schedule, each with the page where it really starts, checked against the text of each PDF page;
 * the Word file's TOC field holds the same entries with the same pages, linked to bookmarks on the
 * headings, so it shows before Word updates fields.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AnswerObject, type AssembledDocument, assemble } from "@precedent/docgen";
import { loadTemplateFolder } from "@precedent/docgen/library";
import { readPdf, unzipText } from "@precedent/docgen/testing";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = import.meta.dirname;
const folderOf = (slug: string) => loadTemplateFolder(ROOT, slug);
/** The templates that run past 10 pages from their sample answers, and so carry a contents page. */
const LONG = ["company-constitution", "discretionary-trust-deed", "smsf-trust-deed", "unit-trust-deed"];

type Entry = { readonly label: string; readonly title: string; readonly page: number };

/** The contents entries as printed: "12. Title . . . . 9", a part or schedule without a number. */
function printedEntries(pages: readonly string[]): { entries: Entry[]; contentsPages: number } {
  const entries: Entry[] = [];
  let contentsPages = 0;
  // A deed's cover page comes before its contents.
  const start = Math.max(
    0,
    pages.findIndex((text) => /^Contents$/m.test(text)),
  );
  for (const [index, text] of pages.entries()) {
    if (index < start) continue;
    if (index > start && !text.includes(" . . . ")) break;
    contentsPages = index + 1;
    for (const line of text.split("\n")) {
      const match = /^(?:(\d+\.) )?(.+?)(?: \.)+ (\d+)$/.exec(line);
      if (match) entries.push({ label: match[1] ?? "", title: match[2] ?? "", page: Number(match[3]) });
    }
  }
  return { entries, contentsPages };
}

const hasPdftotext = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe.each(LONG)("the contents of %s", (slug) => {
  let document: AssembledDocument;
  let pages: readonly string[];
  let entries: Entry[];
  let contentsPages: number;

  beforeAll(async () => {
    const folder = loadTemplateFolder(ROOT, slug);
    document = await assemble(
      { definition: folder.definition, body: folder.body },
      folder.sampleAnswers as AnswerObject,
    );
    pages = readPdf(document.pdf).pages;
    ({ entries, contentsPages } = printedEntries(pages));
  });

  it("runs over 10 pages and opens with the generated contents, not a hand-written table", () => {
    expect(document.pageCount).toBeGreaterThan(10);
    // After the cover page, for a deed (cover: true in its interview).
    const first = folderOf(slug).definition.cover ? 1 : 0;
    expect(pages[first]).toMatch(/^Contents$/m);
    expect(pages[first]).not.toContain("Clause Heading");
    expect(entries.length).toBeGreaterThan(10);
  });

  it("lists every top-level clause in order, with the page where its heading really is", () => {
    const clauses = entries.filter((entry) => entry.label !== "");
    // Numbered 1, 2, 3 … with none missing.
    expect(clauses.map((entry) => entry.label)).toEqual(clauses.map((_, index) => `${index + 1}.`));
    for (const entry of entries) {
      // A schedule's heading is printed on two lines: "Schedule 1", then its title.
      const title = entry.title.startsWith("Schedule ") ? entry.title.replace(/ — /, "\n") : entry.title;
      const heading = entry.label === "" ? title : `${entry.label} ${entry.title}`;
      const startsLine = new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "m");
      expect(pages[entry.page - 1], `${heading} on page ${entry.page}`).toMatch(startsLine);
      // Not on an earlier page after the contents (a heading is printed once).
      for (let page = contentsPages + 1; page < entry.page; page++) {
        if (entry.label !== "")
          expect(pages[page - 1], `${heading} before page ${entry.page}`).not.toMatch(startsLine);
      }
    }
    // Every schedule is listed.
    const schedules = pages.flatMap((text) =>
      [...text.matchAll(/^Schedule (\d+)$/gm)].map((match) => match[1]),
    );
    expect(entries.filter((entry) => entry.title.startsWith("Schedule ")).length).toBe(schedules.length);
  });

  it.skipIf(!hasPdftotext)("agrees with pdftotext: each clause heading on the page the contents say", () => {
    const folder = mkdtempSync(join(tmpdir(), "contents-"));
    try {
      const file = join(folder, "document.pdf");
      writeFileSync(file, document.pdf);
      // One pdftotext run for the whole file (pages end in form feeds), not one per entry: the
      // constitution's 55 entries took a run each, near the test's time limit on a busy machine.
      const pages = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).split("\f");
      for (const entry of entries.filter((item) => item.label !== "")) {
        const text = pages[entry.page - 1] ?? "";
        expect(text.replace(/\s+/g, " "), `${entry.label} ${entry.title}`).toContain(
          `${entry.label} ${entry.title}`,
        );
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("lists the same entries in the HTML preview, without pages", () => {
    const nav = /<nav class="contents">(.*?)<\/nav>/s.exec(document.html)?.[1] ?? "";
    expect(nav).toContain('<h2 class="heading">Contents</h2>');
    expect((nav.match(/class="contents-entry /g) ?? []).length).toBe(entries.length);
  });

  it("gives the Word file a TOC field whose entries are the same, with the same pages, linked to the headings", () => {
    const xml = unzipText(document.docx, "word/document.xml");
    expect(xml).toContain('<w:instrText xml:space="preserve"> TOC \\o "1-2" \\h \\z \\u </w:instrText>');
    const word = [...xml.matchAll(/<w:hyperlink w:anchor="(_Toc\d+)"[^>]*>(.*?)<\/w:hyperlink>/g)].map(
      (match) => {
        const texts = [...(match[2] ?? "").matchAll(/<w:t xml:space="preserve">([^<]*)<\/w:t>/g)].map(
          (text) => text[1] ?? "",
        );
        return { anchor: match[1] ?? "", texts };
      },
    );
    expect(word.length).toBe(entries.length);
    word.forEach((item, index) => {
      const entry = entries[index] as Entry;
      const printed = [...(entry.label ? [entry.label] : []), entry.title, String(entry.page)];
      expect(item.texts.map((text) => text.replace(/&amp;/g, "&"))).toEqual(printed);
      // PAGEREF to the bookmark, which is on the heading's paragraph.
      expect(xml).toContain(`PAGEREF ${item.anchor} \\h`);
      expect(xml).toMatch(new RegExp(`<w:bookmarkStart w:id="\\d+" w:name="${item.anchor}"/>`));
    });
  });
});
