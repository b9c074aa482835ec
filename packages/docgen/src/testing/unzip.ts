/**
 * A small zip reader for tests (a DOCX is a zip): lists entries and inflates them with node:zlib.
 * Not for production input: it trusts the archive.
 */
import { inflateRawSync } from "node:zlib";

/** The entries of a zip archive, by name, decompressed. */
export function unzip(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.byteLength - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("not a zip archive");
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const entries = new Map<string, Uint8Array>();
  const decoder = new TextDecoder();
  for (let index = 0; index < count; index++) {
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const local = view.getUint32(offset + 42, true);
    const name = decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    entries.set(name, method === 0 ? data : new Uint8Array(inflateRawSync(data)));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
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
