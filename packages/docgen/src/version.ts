/** The version of the engine, written into generated documents' metadata. */
export const DOCGEN_VERSION = "0.1.0";
