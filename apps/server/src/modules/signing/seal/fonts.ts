import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

/**
 * The sealer writes with the documents' own font, Liberation Serif, shipped in docgen's `fonts/`
 * (see its LICENSE.txt): names such as "Nguyễn" need more than the standard PDF fonts' Latin-1. A
 * typed signature is written in the hand its signer chose (signature-fonts.ts).
 */
export type SealFonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont };

const FONT_DIRECTORY = fileURLToPath(new URL("../fonts/", import.meta.resolve("@precedent/docgen")));
let files: Record<keyof SealFonts, Uint8Array> | undefined;

function fontFiles() {
  files ??= {
    regular: readFileSync(`${FONT_DIRECTORY}LiberationSerif-Regular.ttf`),
    bold: readFileSync(`${FONT_DIRECTORY}LiberationSerif-Bold.ttf`),
    italic: readFileSync(documentItalicFile()),
  };
  return files;
}

/** The documents' italic's file: a typed signature's hand when the chosen one lacks a letter. */
export const documentItalicFile = () => `${FONT_DIRECTORY}LiberationSerif-Italic.ttf`;

/** Embeds the three faces, subset to the glyphs used. */
export async function embedSealFonts(document: PDFDocument): Promise<SealFonts> {
  document.registerFontkit(fontkit);
  const { regular, bold, italic } = fontFiles();
  const [regularFont, boldFont, italicFont] = await Promise.all([
    document.embedFont(regular, { subset: true }),
    document.embedFont(bold, { subset: true }),
    document.embedFont(italic, { subset: true }),
  ]);
  return { regular: regularFont, bold: boldFont, italic: italicFont };
}

/** Lines of `text` no wider than `width`; a word wider than a line (a user agent) is broken by letters. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [""];
}
