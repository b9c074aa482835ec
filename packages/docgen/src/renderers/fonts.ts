/**
 * The fonts the PDF embeds, shipped in the package (`fonts/`, Liberation Serif; see fonts/LICENSE.txt).
 * They are read once, on first use, from the package itself, never from the system, so every machine
 * produces the same bytes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The four faces of the document font. */
export type FontFace = "regular" | "bold" | "italic" | "boldItalic";

const FILES: Record<FontFace, string> = {
  regular: "LiberationSerif-Regular.ttf",
  bold: "LiberationSerif-Bold.ttf",
  italic: "LiberationSerif-Italic.ttf",
  boldItalic: "LiberationSerif-BoldItalic.ttf",
};

/** The directory of the package's fonts. */
export const FONT_DIRECTORY = join(import.meta.dirname, "..", "..", "fonts");

let loaded: Record<FontFace, Uint8Array> | undefined;

/** The font files' bytes, read from the package on first use. */
export function fontFiles(): Record<FontFace, Uint8Array> {
  loaded ??= {
    regular: readFileSync(join(FONT_DIRECTORY, FILES.regular)),
    bold: readFileSync(join(FONT_DIRECTORY, FILES.bold)),
    italic: readFileSync(join(FONT_DIRECTORY, FILES.italic)),
    boldItalic: readFileSync(join(FONT_DIRECTORY, FILES.boldItalic)),
  };
  return loaded;
}

/** The face for a combination of bold and italic. */
export function faceOf(bold: boolean, italic: boolean): FontFace {
  return bold ? (italic ? "boldItalic" : "bold") : italic ? "italic" : "regular";
}
