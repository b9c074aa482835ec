/**
 * The PDF is tagged and bookmarked: a structure tree (headings H1…, paragraphs, lists, tables,
 * execution blocks) whose elements own the page content, marked as read in the catalogue, with the
 * language and the title shown; and an outline of the headings, nested as the document nests them,
 * each opening at the page where its heading is printed. Read from the PDF's own objects.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assemble } from "../assemble.ts";
import { loadFixture } from "../testing/fixtures.ts";
import { pdfTextString, readObjects, readPdf } from "../testing/pdf.ts";

type Objects = ReturnType<typeof readObjects>;
type Bookmark = { readonly title: string; readonly page: number; readonly children: Bookmark[] };

const latin1 = new TextDecoder("latin1");
const ref = (dictionary: string, key: string): number | undefined => {
  const match = new RegExp(`/${key} (\\d+) 0 R`).exec(dictionary);
  return match ? Number(match[1]) : undefined;
};

function catalogue(bytes: Uint8Array, objects: Objects): string {
  const trailer = latin1.decode(bytes.subarray(Math.max(0, bytes.byteLength - 400)));
  return objects.get(ref(trailer, "Root") ?? -1)?.dictionary ?? "";
}

/** The page objects' numbers, in page order. */
function pageNumbers(root: string, objects: Objects): number[] {
  const pages = objects.get(ref(root, "Pages") ?? -1)?.dictionary ?? "";
  return [...(/\/Kids \[([^\]]*)\]/.exec(pages)?.[1] ?? "").matchAll(/(\d+) 0 R/g)].map((match) =>
    Number(match[1]),
  );
}

/** The outline items under an outline dictionary, following First and Next. */
function bookmarks(first: number | undefined, objects: Objects, pages: number[]): Bookmark[] {
  const items: Bookmark[] = [];
  let next = first;
  while (next !== undefined) {
    const dictionary = objects.get(next)?.dictionary ?? "";
    const title = /\/Title \(((?:[^\\)]|\\[\s\S])*)\)/.exec(dictionary)?.[1] ?? "";
    const destination = Number(/\/Dest \[(\d+) 0 R/.exec(dictionary)?.[1]);
    items.push({
      title: pdfTextString(title),
      page: pages.indexOf(destination) + 1,
      children: bookmarks(ref(dictionary, "First"), objects, pages),
    });
    next = ref(dictionary, "Next");
  }
  return items;
}

/** How many structure elements of each type the PDF has. */
function structureTypes(objects: Objects): Map<string, number> {
  const types = new Map<string, number>();
  for (const object of objects.values()) {
    // A structure element has a type (/S) and a parent (/P); the tree root has neither.
    const type = /\/S \/(\w+)/.exec(object.dictionary)?.[1];
    if (type && /\/P \d+ 0 R/.test(object.dictionary)) types.set(type, (types.get(type) ?? 0) + 1);
  }
  return types;
}

const hasPdfinfo = (() => {
  try {
    execFileSync("pdfinfo", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe("tagged PDF with bookmarks", async () => {
  const { template, answers } = loadFixture("services");
  const document = await assemble(template, answers);
  const objects = readObjects(document.pdf);
  const root = catalogue(document.pdf, objects);
  const pages = pageNumbers(root, objects);

  it("is marked as tagged, with a structure tree, its language and its title shown", () => {
    expect(root).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(objects.get(ref(root, "MarkInfo") ?? -1)?.dictionary).toMatch(/\/Marked true/);
    expect(root).toContain("/Lang (en-AU)");
    expect(objects.get(ref(root, "ViewerPreferences") ?? -1)?.dictionary).toMatch(/\/DisplayDocTitle true/);
    const treeRoot = objects.get(ref(root, "StructTreeRoot") ?? -1)?.dictionary ?? "";
    expect(treeRoot).toMatch(/\/Type \/StructTreeRoot/);
    expect(treeRoot).toMatch(/\/ParentTree/);
  });

  it.skipIf(!hasPdfinfo)("is read as tagged by poppler's pdfinfo", () => {
    const folder = mkdtempSync(join(tmpdir(), "tagged-"));
    try {
      const file = join(folder, "document.pdf");
      writeFileSync(file, document.pdf);
      expect(execFileSync("pdfinfo", [file], { encoding: "utf8" })).toMatch(/^Tagged:\s+yes$/m);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("tags the title H1, the headings H2 and H3, paragraphs, lists, tables and execution blocks", () => {
    const types = structureTypes(objects);
    expect(types.get("Document")).toBe(1);
    expect(types.get("H1")).toBe(1);
    // Parties, Background, Agreed terms, Execution and three schedules; the 20 clause headings under them.
    expect(types.get("H2")).toBe(7);
    expect(types.get("H3")).toBe(20);
    for (const type of ["P", "L", "LI", "Lbl", "LBody", "Table", "TR", "TH", "TD", "Div"]) {
      expect(types.get(type), type).toBeGreaterThan(0);
    }
    expect(types.get("LI")).toBe(types.get("LBody"));
    // One Div per execution block.
    expect(types.get("Div")).toBe(3);
  });

  it("marks every page's content as structure or artifact, each sequence closed on its page", () => {
    pages.forEach((number) => {
      const page = objects.get(number)?.dictionary ?? "";
      expect(page).toMatch(/\/StructParents \d+/);
      const content = latin1.decode(objects.get(ref(page, "Contents") ?? -1)?.stream ?? new Uint8Array());
      const opened = (content.match(/ BDC| BMC/g) ?? []).length;
      expect(opened).toBeGreaterThan(0);
      expect((content.match(/\bEMC\b/g) ?? []).length).toBe(opened);
      // The footer is a pagination artifact.
      expect(content).toContain("/Artifact <<\n/Type /Pagination\n>> BDC");
      expect(content).toMatch(/\/(P|H\d|TD) <<\n\/MCID \d+\n>> BDC/);
    });
  });

  it("bookmarks the headings, nested as the document nests them, at the pages they start on", () => {
    const outline = bookmarks(
      ref(objects.get(ref(root, "Outlines") ?? -1)?.dictionary ?? "", "First"),
      objects,
      pages,
    );
    expect(outline.map((item) => item.title)).toEqual([
      "Parties",
      "Background",
      "Agreed terms",
      "Execution",
      "Schedule 1 — Services and Charges",
      "Schedule 2 — Key Personnel",
      "Schedule 3 — Milestones",
    ]);
    const clauses = outline[2]?.children ?? [];
    expect(clauses).toHaveLength(20);
    expect(clauses[0]?.title).toBe("1. Definitions and interpretation");
    expect(clauses[19]?.title).toBe("20. General");
    expect(root).toContain("/PageMode /UseOutlines");
    // Each bookmark opens at the page whose text has its heading.
    const text = readPdf(document.pdf).pages;
    for (const item of [...outline, ...clauses]) {
      const heading = item.title.replace(/ — .*/, "");
      expect(text[item.page - 1], item.title).toContain(heading);
    }
  });

  it("ends a line broken at a space with that space, so text read from the PDF keeps its words apart", () => {
    const [first = ""] = readPdf(document.pdf, { spaces: "as written" }).pages;
    // The first page's justified paragraphs break at spaces: those lines end with one.
    const lines = first.split("\n");
    expect(lines.filter((line) => line.endsWith(" ")).length).toBeGreaterThan(5);
    expect(first).toMatch(/^1\.1 +In this agreement/m);
  });
});
