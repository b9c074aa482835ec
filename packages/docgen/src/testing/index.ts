/**
 * Helpers for tests of documents made by this engine (here and in the template library): read a PDF's
 * pages as text, and a Word file's parts and paragraphs. Not for production input.
 */
export { type ParsedPdf, pdfTextString, readObjects, readPdf } from "./pdf.ts";
export { assertWellFormedXml, unzip, unzipText, wordText } from "./unzip.ts";
