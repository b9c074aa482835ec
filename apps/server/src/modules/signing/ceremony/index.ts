// The signing pages' public entry (the signer's side of the signing module).

export { signingPageRoutes } from "./routes.ts";
export { createCopyingSealerForTests, type PdfSealer, type SealInput } from "./sealer.ts";
export { createSigningCeremony, type SigningCeremony } from "./service.ts";
