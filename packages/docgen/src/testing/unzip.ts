/** Reading Word documents in tests: their parts, and the text of their paragraphs. */
import { readZip } from "../renderers/zip.ts";

/** The entries of a zip archive, by name, decompressed. */
export function unzip(bytes: Uint8Array): Map<string, Uint8Array> {
  return readZip(bytes);
}

/** The text of one entry of a zip archive (such as word/document.xml). */
export function unzipText(bytes: Uint8Array, name: string): string {
  const entry = unzip(bytes).get(name);
  if (!entry) throw new Error(`no ${name} in the archive`);
  return new TextDecoder().decode(entry);
}

/** The visible text of a WordprocessingML part: the w:t runs, paragraphs on their own lines. */
export function wordText(xml: string): string {
  return xml
    .split(/<\/w:p>/)
    .map((paragraph) =>
      [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>/g)]
        .map((match) => (match[0] === "<w:tab/>" ? "\t" : (match[1] ?? "")))
        .join("")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, "&"),
    )
    .filter((line) => line !== "")
    .join("\n");
}
