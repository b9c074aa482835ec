// The two-factor module's one public entry: other modules and the app import only this file.

export { twoFactorRoutes, twoFactorSignInRoutes } from "./routes.ts";
export { createTwoFactorService, type TwoFactorService } from "./service.ts";
