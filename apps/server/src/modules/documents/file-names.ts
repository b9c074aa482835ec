import type { DocumentFile } from "@precedent/contracts";

// A document's files by kind: their media types and the names they are downloaded under. Plain
// values, used by assembly, downloads, versions and the routes.

export type FileKind = DocumentFile["kind"];

export const MEDIA_TYPES: Record<FileKind, string> = {
  pdf: "application/pdf",
  word: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};
const EXTENSIONS: Record<FileKind, string> = { pdf: ".pdf", word: ".docx" };

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const UNSAFE_IN_FILE_NAMES = /[\u0000-\u001f\u007f/\\]+/g;

/** A document name as a file name: no path separators or control characters, never empty. */
export function fileNameOf(documentName: string, kind: FileKind) {
  const base = documentName.replace(UNSAFE_IN_FILE_NAMES, " ").replace(/\s+/g, " ").trim() || "Document";
  return `${base}${EXTENSIONS[kind]}`;
}

/** "Deed.pdf" as version 3: "Deed (version 3).pdf", so several versions can sit in one folder. */
export const versionFileName = (name: string, version: number) =>
  name.replace(/(\.[^.]+)?$/, (extension) => ` (version ${version})${extension}`);
