/**
 * The template engine: interview definitions, the template language and the HTML, Word and PDF
 * renderers. Pure functions with no I/O; the server stores what they return.
 * (Filled in by the template-engine issue; the package's build and tests are in place.)
 */

/** The version of the engine, written into generated documents' metadata. */
export const DOCGEN_VERSION = "0.1.0";
