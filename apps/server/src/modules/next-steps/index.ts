// The next steps after completion (protector, trust deed stamping, PPSR, ABN/TFN, the 360 apps):
// the flags and links on each document row. The app imports only this file.

export { nextStepsDocumentColumns } from "./document-columns.ts";
export { nextStepsOf } from "./rules.ts";
export { type NextStepLinks, type NextStepsConfig, nextStepLinksOf, parseLink } from "./settings.ts";
