/**
 * The template engine: interview definitions, the template language and the HTML, Word and PDF
 * renderers. Pure functions with no I/O (beyond reading the package's own fonts); the server stores
 * what they return.
 */
export { DOCGEN_VERSION } from "./version.ts";
