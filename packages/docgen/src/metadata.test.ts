import { describe, expect, it } from "vitest";
import { assemble } from "./assemble.ts";
import { documentMetadata } from "./metadata.ts";
import { loadFixture } from "./testing/fixtures.ts";
import { readObjects } from "./testing/pdf.ts";
import { unzip, unzipText } from "./testing/unzip.ts";

const { template, answers } = loadFixture("nda");

/** The PDF's document information (the trailer's /Info), each entry's literal string by key. */
function pdfInfo(pdf: Uint8Array): Record<string, string> {
  const objects = readObjects(pdf);
  const trailer = new TextDecoder("latin1").decode(pdf.subarray(Math.max(0, pdf.byteLength - 400)));
  const info = objects.get(Number(/\/Info (\d+) 0 R/.exec(trailer)?.[1]))?.dictionary;
  if (!info) throw new Error("no /Info in the trailer");
  // pdfkit writes each value as an object of its own: /Title 22 0 R.
  return Object.fromEntries(
    [...info.matchAll(/\/(\w+) (\d+) 0 R/g)].map((match) => [
      match[1] ?? "",
      /^\((.*)\)$/s.exec(objects.get(Number(match[2]))?.dictionary ?? "")?.[1] ?? "",
    ]),
  );
}

/** One element of docProps/core.xml. */
const core = (xml: string, tag: string) => new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`).exec(xml)?.[1];

describe("metadata: the assembly date and the author", () => {
  it("writes the date and author the caller gives into the PDF's info and the Word file's core properties", async () => {
    const assembledAt = new Date("2026-03-15T09:30:42.789Z");
    const { pdf, docx } = await assemble(template, answers, { assembledAt, author: "Harbour & Co Lawyers" });

    expect(pdfInfo(pdf)).toMatchObject({
      CreationDate: "D:20260315093042Z",
      ModDate: "D:20260315093042Z",
      Author: "Harbour & Co Lawyers",
      Title: "Mutual Non-Disclosure Agreement",
    });

    const properties = unzipText(docx, "docProps/core.xml");
    expect(core(properties, "dcterms:created")).toBe("2026-03-15T09:30:42Z");
    expect(core(properties, "dcterms:modified")).toBe("2026-03-15T09:30:42Z");
    expect(core(properties, "dc:creator")).toBe("Harbour &amp; Co Lawyers");
    expect(core(properties, "dc:title")).toBe("Mutual Non-Disclosure Agreement");
  });

  it("keeps the fixed date and \u201CPrecedent\u201D without them, so the same answers give the same bytes", async () => {
    const [first, second] = [await assemble(template, answers), await assemble(template, answers)];
    expect(first.pdf).toEqual(second.pdf);
    expect(first.docx).toEqual(second.docx);
    expect(pdfInfo(first.pdf)).toMatchObject({
      CreationDate: "D:20000101000000Z",
      ModDate: "D:20000101000000Z",
      Author: "Precedent",
    });
    const properties = unzipText(first.docx, "docProps/core.xml");
    expect(core(properties, "dcterms:created")).toBe("2000-01-01T00:00:00Z");
    expect(core(properties, "dc:creator")).toBe("Precedent");
  });

  it("gives the same bytes for the same date, and changes only the metadata for another", async () => {
    const at = (iso: string) => assemble(template, answers, { assembledAt: new Date(iso) });
    const [one, again, later] = [
      await at("2026-11-25T07:00:00Z"),
      await at("2026-11-25T07:00:00Z"),
      await at("2026-11-26T07:00:00Z"),
    ];
    expect(again.pdf).toEqual(one.pdf);
    expect(again.docx).toEqual(one.docx);
    expect(later.pdf).not.toEqual(one.pdf);
    // Only docProps/core.xml differs inside the Word file; its zip entries keep their fixed times.
    const [parts, laterParts] = [unzip(one.docx), unzip(later.docx)];
    const changed = [...parts.keys()].filter(
      (name) =>
        Buffer.compare(parts.get(name) ?? new Uint8Array(), laterParts.get(name) ?? new Uint8Array()) !== 0,
    );
    expect(changed).toEqual(["docProps/core.xml"]);
  });

  it("refuses a date that is no date, and tidies the author's name", () => {
    expect(() => documentMetadata({ assembledAt: new Date("not a date") })).toThrow(TypeError);
    expect(documentMetadata({ author: "  Jane\n  Citizen\u0007 " }).author).toBe("Jane Citizen");
    expect(documentMetadata({ author: " \t " }).author).toBe("Precedent");
  });
});
