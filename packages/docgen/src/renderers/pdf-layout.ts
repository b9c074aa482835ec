/**
 * Where the PDF puts things, as plain data: the page's geometry, and for each execution block the
 * page and position of every signatory's rules, text, and signature and date boxes. The renderer
 * (pdf.ts) draws exactly what this lays out and returns the same boxes for e-signing, so the boxes
 * returned and the rules drawn come from one value.
 *
 * Positions are in PDF points (1/72 inch) from the top-left corner of the page; pages are numbered
 * from 1. Measuring text needs the fonts, so the layout asks a `Typesetter` for widths and line breaks.
 */
import { signatureAddress, signatureCaption, signatureName } from "../model.ts";
import type { ExecutionBlock, Signatory } from "../signers.ts";
import type { FontFace } from "./fonts.ts";

/** A4 in points. */
export const PAGE_SIZE = { width: 595.28, height: 841.89 } as const;
export const MARGIN = { top: 72, bottom: 72, left: 72, right: 72 } as const;
export const TEXT_WIDTH = PAGE_SIZE.width - MARGIN.left - MARGIN.right;
/** The lowest point text may reach on a page. */
export const BOTTOM = PAGE_SIZE.height - MARGIN.bottom;
/** The size of the text under a signature line. */
export const SMALL_SIZE = 9.5;
/** The space above a signature line, for the signature. */
export const SIGNATURE_HEIGHT = 40;
/** Between the two columns of signatures. */
const COLUMN_GAP = 24;
/** Above and below each row of signatures. */
const ROW_PADDING = 10;
/** The longest a date line is. */
const DATE_RULE_LONGEST = 110;
/** A date line sits this far above the foot of its line of text, as a line to write on. */
const RULE_ABOVE_FOOT = 1.5;
const SIGNATURE_RULE_WIDTH = 0.75;
const THIN_RULE_WIDTH = 0.5;

/** Height of a line of text at a size. */
export function lineHeight(size: number): number {
  // Liberation Serif: ascent 0.891, descent 0.216, gap 0.042 of the em, as Word's single spacing.
  return size * 1.149;
}

/** A rectangle on a page, in points from the page's top-left corner. */
export type PageBox = {
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
};

/** Where one signatory signs and dates the PDF, with the keys the signing module matches them by. */
export type SignatureField = {
  /** The spec's meta_key: the signature field. */
  readonly metaKey: string;
  /** The spec's date_key: the date field. */
  readonly dateKey: string;
  readonly role: "signer" | "witness";
  readonly fullName: string;
  readonly email: string | null;
  /** The party (reference question id) whose execution block holds the box. */
  readonly partyId: string;
  readonly partyPath: string;
  /** For a witness, the metaKey of the signature witnessed. */
  readonly witnessOf?: string;
  readonly signature: PageBox;
  readonly date: PageBox;
};

/** A piece of a word in one face. */
export type Piece = {
  readonly text: string;
  readonly face: FontFace;
  readonly underline: boolean;
  /** A draft's placeholder for a missing answer, drawn on a highlight. */
  readonly highlight: boolean;
  readonly width: number;
};
/** A word: pieces with no space between; `space` is the width of the space after it (0 at a line break). */
export type Word = { readonly pieces: readonly Piece[]; readonly width: number; readonly space: number };
/** A laid-out line; `last` lines of a paragraph are not justified. */
export type Line = { readonly words: readonly Word[]; readonly width: number; readonly last: boolean };

/** What layout asks of the fonts: widths, and text broken into lines as the renderer breaks them. */
export type Typesetter = {
  measure(text: string, face: FontFace, size: number): number;
  /** Plain text in the regular face broken into lines of at most `width`. */
  wrap(text: string, width: number, size: number): Line[];
  /** One line of small text, shortened with an ellipsis to fit `width`. */
  fit(text: string, width: number): string;
};

/** A horizontal line to stroke, from x1 to x2 at y. */
export type Rule = {
  readonly x1: number;
  readonly x2: number;
  readonly y: number;
  readonly lineWidth: number;
};
/** A line of small regular text whose top is at y. */
export type TextAt = { readonly text: string; readonly x: number; readonly y: number };

/** A witness's address under the name: ruled lines to write it on, or the answer in two lines. */
export type AddressLayout =
  | { readonly kind: "blank"; readonly label: TextAt; readonly rules: readonly Rule[] }
  | {
      readonly kind: "answered";
      readonly first?: {
        readonly line: Line;
        readonly x: number;
        readonly y: number;
        readonly width: number;
      };
      /** What follows the first line, shortened to one line. */
      readonly rest?: TextAt;
    };

/** One signatory's part of an execution block, top to bottom. */
export type SignatoryLayout = {
  readonly signatory: Signatory;
  /** The line signed on, along the signature box's bottom edge. */
  readonly signatureRule: Rule;
  /** The caption ("Signature of director") and name under it. */
  readonly lines: readonly TextAt[];
  readonly address?: AddressLayout;
  readonly dateLabel: TextAt;
  /** The line the date is written on, inside the date box. */
  readonly dateRule: Rule;
  readonly signature: PageBox;
  readonly date: PageBox;
};

/** A row of up to two signatories side by side. */
export type SignatureRowLayout = {
  readonly page: number;
  readonly signatories: readonly SignatoryLayout[];
  /** Where the next thing on the page starts. */
  readonly end: number;
};

/** Where layout is on the page: the page, the y, and whether anything is on the page yet. */
export type Cursor = { readonly page: number; readonly y: number; readonly fresh: boolean };

const round = (value: number): number => Math.round(value * 100) / 100;

/** The heights of an execution block's rows of signatures, two to a row. */
export function signatureRowHeights(block: ExecutionBlock): number[] {
  const small = lineHeight(SMALL_SIZE);
  const rows = Math.ceil(block.signatories.length / 2);
  // Caption, name and date under each line; a row with a witness also has two lines of address.
  return Array.from({ length: rows }, (_, row) => {
    const witnessed = block.signatories
      .slice(row * 2, row * 2 + 2)
      .some((signatory) => signatureAddress(signatory) !== undefined);
    return ROW_PADDING + SIGNATURE_HEIGHT + 3 + (witnessed ? 5 : 3) * small + ROW_PADDING;
  });
}

/**
 * Lays out an execution block's signatures from `start` (after its lead-in), two to a row. A row
 * that does not fit goes to the next page (only a block taller than a page, which many signing
 * directors make, breaks, and then between rows: its start was moved whole before the lead-in).
 */
export function layoutSignatureRows(
  block: ExecutionBlock,
  start: Cursor,
  typesetter: Typesetter,
): SignatureRowLayout[] {
  const columnWidth = (TEXT_WIDTH - COLUMN_GAP) / 2;
  let { page, y, fresh } = start;
  return signatureRowHeights(block).map((rowHeight, row) => {
    if (y + rowHeight > BOTTOM && !fresh) {
      page += 1;
      y = MARGIN.top;
    }
    const top = y + ROW_PADDING;
    const signatories: SignatoryLayout[] = [];
    for (let column = 0; column < 2; column++) {
      const signatory = block.signatories[row * 2 + column];
      if (!signatory) continue;
      const x = MARGIN.left + column * (columnWidth + COLUMN_GAP);
      signatories.push(layoutSignatory(signatory, page, x, top, columnWidth, typesetter));
    }
    y = top + rowHeight - ROW_PADDING;
    fresh = false;
    return { page, signatories, end: y };
  });
}

/** One signatory's line, caption, name, address and date, in a column `width` wide from (x, top). */
function layoutSignatory(
  signatory: Signatory,
  page: number,
  x: number,
  top: number,
  width: number,
  typesetter: Typesetter,
): SignatoryLayout {
  const small = lineHeight(SMALL_SIZE);
  const lineY = top + SIGNATURE_HEIGHT;
  const lines: TextAt[] = [];
  let textY = lineY + 3;
  for (const text of [signatureCaption(signatory), signatureName(signatory)]) {
    lines.push({ text: typesetter.fit(text, width), x, y: textY });
    textY += small;
  }
  const addressText = signatureAddress(signatory);
  let address: AddressLayout | undefined;
  if (addressText !== undefined) {
    address = layoutAddress(addressText, !signatory.address, x, textY, width, typesetter);
    textY += 2 * small;
  }
  const dateLabel = "Date:";
  const dateX = x + typesetter.measure(`${dateLabel} `, "regular", SMALL_SIZE);
  const dateWidth = Math.min(DATE_RULE_LONGEST, x + width - dateX);
  return {
    signatory,
    signatureRule: { x1: x, x2: x + width, y: lineY, lineWidth: SIGNATURE_RULE_WIDTH },
    lines,
    ...(address ? { address } : {}),
    dateLabel: { text: dateLabel, x, y: textY },
    dateRule: {
      x1: dateX,
      x2: dateX + dateWidth,
      y: textY + small - RULE_ABOVE_FOOT,
      lineWidth: THIN_RULE_WIDTH,
    },
    signature: { page, x: round(x), y: round(top), width: round(width), height: SIGNATURE_HEIGHT },
    // The line of text the date is written on, from a point above it to its foot.
    date: { page, x: round(dateX), y: round(textY - 1), width: round(dateWidth), height: round(small + 1) },
  };
}

/**
 * A witness's address in two lines under the name: the answered address, wrapped (and shortened if
 * it needs more), or "Address:" and rules to write it on by hand.
 */
function layoutAddress(
  address: string,
  blank: boolean,
  x: number,
  top: number,
  width: number,
  typesetter: Typesetter,
): AddressLayout {
  const small = lineHeight(SMALL_SIZE);
  if (blank) {
    const start = x + typesetter.measure(`${address} `, "regular", SMALL_SIZE);
    return {
      kind: "blank",
      label: { text: address, x, y: top },
      rules: [
        { x1: start, x2: x + width, y: top + small - RULE_ABOVE_FOOT, lineWidth: THIN_RULE_WIDTH },
        { x1: x, x2: x + width, y: top + 2 * small - RULE_ABOVE_FOOT, lineWidth: THIN_RULE_WIDTH },
      ],
    };
  }
  const [first, second, ...rest] = typesetter.wrap(address, width, SMALL_SIZE);
  // What does not fit in two lines is shortened with an ellipsis (the answer is in the Word file whole).
  const tail = second
    ? [second, ...rest]
        .flatMap((line) => line.words.map((word) => word.pieces.map((piece) => piece.text).join("")))
        .join(" ")
    : undefined;
  return {
    kind: "answered",
    ...(first ? { first: { line: first, x, y: top, width } } : {}),
    ...(tail !== undefined ? { rest: { text: typesetter.fit(tail, width), x, y: top + small } } : {}),
  };
}

/** The field e-signing is given for a signatory: its keys, and the boxes as laid out. */
export function signatureField(layout: SignatoryLayout, block: ExecutionBlock): SignatureField {
  const { signatory } = layout;
  return {
    metaKey: signatory.metaKey,
    dateKey: signatory.dateKey,
    role: signatory.role,
    fullName: signatory.fullName,
    email: signatory.email,
    partyId: block.partyId,
    partyPath: block.partyPath,
    ...(signatory.witnessOf ? { witnessOf: signatory.witnessOf } : {}),
    signature: layout.signature,
    date: layout.date,
  };
}
