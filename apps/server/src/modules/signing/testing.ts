// The signing module's test helpers, for tests outside the module (the boundary rule lets a test
// reach another module's testing.ts, never its other files).
export { buildSigningEnvelope, type FixtureRecipient } from "./ceremony/testing.ts";
