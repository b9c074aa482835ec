// The signing module's one public entry: other modules and the app import only this file.

export { signingDocumentColumns } from "./document-columns.ts";
export { checkElectronicExecution, EXECUTION_RULES, governingLawOf } from "./execution-rules.ts";
export { createFuseSignAdapter } from "./fusesign/adapter.ts";
export { createSigningLifecycle, type SigningLifecycle } from "./lifecycle.ts";
export { canSendForSigning, needsOwnerConfirmation, reminderRefusal, sendRefusal } from "./policy.ts";
export { fuseSignWebhookRoutes, signingRoutes } from "./routes.ts";
// Tables read outside this module (demo data, tests, the signer's pages and the seal).
export { signingEnvelopes, signingEvents, signingRecipients } from "./schema.ts";
export { createSigningService, type SigningService } from "./service.ts";
export { createSigningLinkBox, hashSigningToken, newSigningToken } from "./tokens.ts";
