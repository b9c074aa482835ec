import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fontkit, { type Font } from "@pdf-lib/fontkit";
import { SIGNATURE_FONTS } from "@precedent/contracts";
import type { PDFDocument, PDFFont } from "pdf-lib";
import { documentItalicFile } from "./fonts.ts";

type SignatureFont = (typeof SIGNATURE_FONTS)[number];

/**
 * The hands a typed signature may be written in, as the signing page offers and shows them: the
 * same faces from the same Fontsource packages (the web app loads their CSS, the sealer their
 * files), so what the signer chose is what the sealed PDF shows. Each face comes as files by
 * Unicode subset with no letter in two of them: "Nguyễn" takes its "N", "g", "u", "n" from the
 * Latin file and its "ễ" from the Vietnamese one.
 */
const FACES: Record<SignatureFont, { folder: string; subsets: readonly string[] }> = {
  "Dancing Script": { folder: "dancing-script", subsets: ["latin", "latin-ext", "vietnamese"] },
  "Great Vibes": {
    folder: "great-vibes",
    subsets: ["latin", "latin-ext", "vietnamese", "cyrillic", "cyrillic-ext", "greek-ext"],
  },
  "Homemade Apple": { folder: "homemade-apple", subsets: ["latin"] },
};

const isSignatureFont = (name: string): name is SignatureFont =>
  (SIGNATURE_FONTS as readonly string[]).includes(name);

type FaceFile = { path: string; bytes: Uint8Array; parsed: Font };
const parsedFiles = new Map<string, FaceFile>();

function faceFile(path: string): FaceFile {
  let file = parsedFiles.get(path);
  if (!file) {
    const bytes = readFileSync(path);
    file = { path, bytes, parsed: fontkit.create(bytes) };
    parsedFiles.set(path, file);
  }
  return file;
}

const subsetPath = (font: SignatureFont, subset: string) => {
  const { folder } = FACES[font];
  return fileURLToPath(
    import.meta.resolve(`@fontsource/${folder}/files/${folder}-${subset}-400-normal.woff`),
  );
};

/** A stretch of the text written from one file. */
export type TextRun = { text: string; file: FaceFile };

/**
 * `text` cut into runs, each from the file of `font` that holds its letters (spaces stay with the
 * run they are in), or undefined when some letter is in none of its files.
 */
export function runsIn(font: string, text: string): TextRun[] | undefined {
  if (!isSignatureFont(font)) return undefined;
  // A face's files are read and parsed only when a letter needs them (most names need the first).
  const holding = (codePoint: number) => {
    for (const subset of FACES[font].subsets) {
      const candidate = faceFile(subsetPath(font, subset));
      if (candidate.parsed.hasGlyphForCodePoint(codePoint)) return candidate;
    }
    return undefined;
  };
  const runs: TextRun[] = [];
  for (const letter of text) {
    const last = runs.at(-1);
    const file = letter.trim() === "" && last ? last.file : holding(letter.codePointAt(0) ?? 0);
    if (!file) return undefined;
    if (last?.file === file) last.text += letter;
    else runs.push({ text: letter, file });
  }
  return runs;
}

/** A typed signature ready to draw: its runs' PDF fonts, and where its ink falls, in ems. */
export type TypedSignature = {
  runs: { text: string; font: PDFFont; advance: number }[];
  /** The ink's box at 1 pt, from the start of the first run on the baseline (y up). */
  ink: { minX: number; maxX: number; minY: number; maxY: number };
};

/**
 * For one document being sealed: a typed signature in the hand its signer chose, each file
 * embedded once and subset to the letters used. A name the hand cannot write in full (a letter in
 * none of its files) is written in the documents' italic rather than with a letter missing.
 * The ink box is the glyphs' own outlines, not their advance widths: a script's swashes reach past
 * the advance, and a signature must stay inside its box.
 */
export function typedSignatures(document: PDFDocument) {
  document.registerFontkit(fontkit);
  const embedded = new Map<string, Promise<PDFFont>>();
  const embed = (file: FaceFile) => {
    let embedding = embedded.get(file.path);
    if (!embedding) {
      embedding = document.embedFont(file.bytes, { subset: true });
      embedded.set(file.path, embedding);
    }
    return embedding;
  };
  return async (font: string, text: string): Promise<TypedSignature> => {
    const runs = runsIn(font, text) ?? [{ text, file: faceFile(documentItalicFile()) }];
    const ink = { minX: 0, maxX: 0, minY: 0, maxY: 0 };
    let x = 0;
    const drawn: TypedSignature["runs"] = [];
    for (const run of runs) {
      const em = run.file.parsed.unitsPerEm;
      const laidOut = run.file.parsed.layout(run.text);
      const box = laidOut.bbox;
      if (Number.isFinite(box.minX)) {
        ink.minX = Math.min(ink.minX, x + box.minX / em);
        ink.maxX = Math.max(ink.maxX, x + box.maxX / em);
        ink.minY = Math.min(ink.minY, box.minY / em);
        ink.maxY = Math.max(ink.maxY, box.maxY / em);
      }
      const pdfFont = await embed(run.file);
      // The PDF places each glyph by its advance width, as the font's widths say.
      const advance = pdfFont.widthOfTextAtSize(run.text, 1);
      drawn.push({ text: run.text, font: pdfFont, advance });
      x += advance;
    }
    return { runs: drawn, ink };
  };
}
