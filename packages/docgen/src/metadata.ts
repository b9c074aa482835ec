/**
 * What a document's metadata says about its making: when it was assembled and by whom. The engine has
 * no clock, so the caller gives the date; without one the fixed date stays, and the same template and
 * answers give the same bytes (tests and the library's goldens rely on that).
 */
import { FIXED_METADATA_DATE } from "./constants.ts";

/** Options of assemble, renderDocx and renderPdf for the files' metadata. */
export type MetadataOptions = {
  /**
   * When the document was assembled: the PDF's CreationDate and ModDate and the Word file's
   * dcterms:created and dcterms:modified, to the second. Default: FIXED_METADATA_DATE (2000-01-01).
   */
  readonly assembledAt?: Date;
  /** The firm's or the preparer's name: the PDF's Author and the Word file's creator. Default "Precedent". */
  readonly author?: string;
};

/** The metadata written into the files. */
export type DocumentMetadata = { readonly date: Date; readonly author: string };

export const DEFAULT_AUTHOR = "Precedent";

// Control characters have no place in a name shown in a file's properties.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u001F\u007F]+/g;

/** The metadata for these options; throws a TypeError for a date that is no date. */
export function documentMetadata(options: MetadataOptions = {}): DocumentMetadata {
  const { assembledAt, author } = options;
  if (assembledAt !== undefined && !(assembledAt instanceof Date && Number.isFinite(assembledAt.getTime()))) {
    throw new TypeError("assembledAt must be a valid Date");
  }
  const name = author?.replace(CONTROL, " ").replace(/\s+/g, " ").trim() ?? "";
  return {
    // Both formats stop at seconds; dropping the milliseconds here keeps the two files alike.
    date: assembledAt ? new Date(Math.floor(assembledAt.getTime() / 1000) * 1000) : FIXED_METADATA_DATE,
    author: name === "" ? DEFAULT_AUTHOR : name,
  };
}
