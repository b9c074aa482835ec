import { type PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { formatLongDay } from "../../../platform/kernel/calendar.ts";
import type { StoredSignature, StoredSignatureField } from "../schema.ts";
import type { SealFonts } from "./fonts.ts";
import { typedSignatures } from "./signature-fonts.ts";

export type SignatureToStamp = {
  metaKey: string;
  dateKey: string;
  signature: StoredSignature;
  fullName: string;
  signedAt: Date;
  /** A witness's address as they gave it: it follows their name in the caption. */
  address?: string | null;
};

type Box = StoredSignatureField["signature"];

export class SealInputError extends Error {}

const INK = rgb(0.05, 0.12, 0.36);
/** The caption naming the signer, along the top of the signature box. */
const CAPTION_SIZE = 6.5;
/** The box's bottom edge is the signature rule: ink stays this far above it. */
const ABOVE_RULE = 2;
const MAX_TYPED_SIZE = 24;
const DATE_SIZE = 9;
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * Stamps each signature into its signature box (the drawn PNG or the typed text, fitted and kept in
 * proportion), a caption with the signer's full name above it, and the signing day in the date box.
 * The engine's boxes are in points from the page's top-left; PDF draws from the bottom-left.
 */
export async function stampSignatures(
  document: PDFDocument,
  fields: readonly StoredSignatureField[],
  signatures: readonly SignatureToStamp[],
  fonts: SealFonts,
): Promise<void> {
  const byMetaKey = new Map(fields.map((field) => [field.metaKey, field]));
  const typed = typedSignatures(document);
  const pages = document.getPages();
  const pageOf = (box: Box, key: string): PDFPage => {
    const page = pages[box.page - 1];
    if (!page)
      throw new SealInputError(`The box ${key} is on page ${box.page}; the PDF has ${pages.length}.`);
    return page;
  };
  for (const signed of signatures) {
    const field = byMetaKey.get(signed.metaKey);
    if (!field) throw new SealInputError(`No signature box has the key ${signed.metaKey}.`);
    if (field.dateKey !== signed.dateKey) {
      throw new SealInputError(
        `The signature ${signed.metaKey} has date key ${signed.dateKey}, not ${field.dateKey}.`,
      );
    }
    const signaturePage = pageOf(field.signature, field.metaKey);
    const box = toPdfBox(signaturePage, field.signature);
    const address = signed.address?.replace(/\s+/g, " ").trim();
    const caption = `Signed electronically by ${signed.fullName}${address ? `, of ${address}` : ""}`;
    const captionSize = fittedSize(fonts.regular, caption, CAPTION_SIZE, box.width);
    signaturePage.drawText(caption, {
      x: box.x,
      y: box.top - captionSize,
      size: captionSize,
      font: fonts.regular,
      color: INK,
    });
    // The signature goes in what is left between the caption (clear of its descenders) and the rule.
    const captionDescent =
      fonts.regular.heightAtSize(captionSize) - fonts.regular.heightAtSize(captionSize, { descender: false });
    const ink = {
      x: box.x,
      y: box.y + ABOVE_RULE,
      width: box.width,
      height: box.height - ABOVE_RULE - captionSize - captionDescent - 1.5,
    };
    if (signed.signature.kind === "drawn") {
      const match = PNG_DATA_URL.exec(signed.signature.pngDataUrl);
      if (!match?.[1])
        throw new SealInputError(`The drawn signature ${signed.metaKey} is not a PNG data URL.`);
      const image = await document.embedPng(Buffer.from(match[1], "base64"));
      const scale = Math.min(ink.width / image.width, ink.height / image.height);
      signaturePage.drawImage(image, {
        x: ink.x,
        y: ink.y,
        width: image.width * scale,
        height: image.height * scale,
      });
    } else {
      // In the hand the signer chose on the signing page, fitted by its ink (swashes included).
      const { runs, ink: outline } = await typed(signed.signature.font, signed.signature.text.trim());
      // (A name of marks with no outline has no ink to fit: kept from dividing by zero.)
      const inkWidth = Math.max(outline.maxX - outline.minX, 0.01);
      const inkHeight = Math.max(outline.maxY - outline.minY, 0.01);
      const size = Math.min(MAX_TYPED_SIZE, ink.width / inkWidth, ink.height / inkHeight);
      // The ink's left edge on the box's, its lowest point (descenders) on the space's floor.
      let x = ink.x - outline.minX * size;
      const y = ink.y - outline.minY * size;
      for (const run of runs) {
        signaturePage.drawText(run.text, { x, y, size, font: run.font, color: INK });
        x += run.advance * size;
      }
    }
    const datePage = pageOf(field.date, field.dateKey);
    const dateBox = toPdfBox(datePage, field.date);
    const day = formatLongDay(signed.signedAt);
    // The date rule is 1.5 pt above the box's bottom edge: the text sits on it.
    datePage.drawText(day, {
      x: dateBox.x + 2,
      y: dateBox.y + 3,
      size: fittedSize(fonts.regular, day, DATE_SIZE, dateBox.width - 2),
      font: fonts.regular,
      color: INK,
    });
  }
}

/** A box from the page's top-left in points to PDF space: its bottom-left corner and size. */
function toPdfBox(page: PDFPage, box: Box) {
  const { x: originX, y: originY, height: pageHeight } = page.getMediaBox();
  const bottom = originY + pageHeight - (box.y + box.height);
  return { x: originX + box.x, y: bottom, width: box.width, height: box.height, top: bottom + box.height };
}

function fittedSize(font: SealFonts["regular"], text: string, size: number, width: number): number {
  const natural = font.widthOfTextAtSize(text, size);
  return natural <= width ? size : (size * width) / natural;
}
