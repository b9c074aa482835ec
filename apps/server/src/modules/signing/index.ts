// The signing module's one public entry: other modules and the app import only this file.

// The signer's side (the signing pages) and the seal live in nested folders; they are reached
// through this entry like the rest of the module (the boundary rule refuses a nested import).
export { createSigningCeremony, type SigningCeremony, signingPageRoutes } from "./ceremony/index.ts";
export { signingDocumentColumns } from "./document-columns.ts";
export { checkElectronicExecution, EXECUTION_RULES, governingLawOf } from "./execution-rules.ts";
export { createFuseSignAdapter } from "./fusesign/adapter.ts";
export { createSigningLifecycle, type SigningLifecycle } from "./lifecycle.ts";
export { canSendForSigning, needsOwnerConfirmation, reminderRefusal, sendRefusal } from "./policy.ts";
export { registerSigningReactions } from "./reactions.ts";
export { fuseSignWebhookRoutes, signingRoutes } from "./routes.ts";
// Tables read outside this module (demo data, tests, the signer's pages and the seal).
export { signingEnvelopes, signingEvents, signingRecipients } from "./schema.ts";
export { createPdfSealer, loadOrCreateSealingCertificate, type PdfSealer } from "./seal/index.ts";
export { SEAL_TASKS, type SealOutcome, sealedOrThrow } from "./seal/seal-task.ts";
export { createSigningService, type SigningService } from "./service.ts";
export { createSigningLinkBox, hashSigningToken, newSigningToken } from "./tokens.ts";
