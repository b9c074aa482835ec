// The two-factor module's one public entry: other modules and the app import only this file.

export { twoFactorRoutes, twoFactorSignInRoutes } from "./routes.ts";
export { createTwoFactorService, type TwoFactorService } from "./service.ts";
// The operator console's view and reset of a person's two-factor sign-in.
export { resetTwoFactorOf, twoFactorOnAmong } from "./staff-reset.ts";
// The code itself, for the operator console's staff accounts (their secrets are kept there).
export { newTotpSecret, normalisedTotpSecret, TOTP_PERIOD_MS, totpSetupOf, totpStepOf } from "./totp.ts";
