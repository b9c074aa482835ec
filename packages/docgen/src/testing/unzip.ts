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

/**
 * Checks that XML is well formed (every element closed, in order; attributes quoted; no stray "<" or
 * "&"); throws naming the first fault. A check of shape, not of the WordprocessingML schema.
 */
export function assertWellFormedXml(xml: string): void {
  const stack: string[] = [];
  const text = xml.replace(/^<\?xml[^?]*\?>/, "");
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
  let position = 0;
  while (position < text.length) {
    const next = text.indexOf("<", position);
    const between = text.slice(position, next < 0 ? text.length : next);
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(between)) {
      throw new Error(`unescaped "&" near ${JSON.stringify(between.slice(0, 40))}`);
    }
    if (next < 0) break;
    tag.lastIndex = next;
    const match = tag.exec(text);
    if (!match) throw new Error(`malformed tag at ${next}: ${JSON.stringify(text.slice(next, next + 60))}`);
    const [, closing, name = "", , selfClosing] = match;
    if (closing) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}> at ${next}`);
    } else if (!selfClosing) {
      stack.push(name);
    }
    position = tag.lastIndex;
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join("> <")}>`);
}
