// The secret box moved to the platform so integration tokens use the same sealing; the two-factor
// module keeps its default purpose, so existing secrets still open.
export { createSecretBox, type SecretBox } from "../../platform/secrets/secret-box.ts";
