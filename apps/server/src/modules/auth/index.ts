// The auth module's one public entry: other modules and the app import only this file.

export { hashPassword, verifyPassword } from "./password.ts";
export { createPasswordReset, type PasswordResetService } from "./password-reset.ts";
export { passwordResetRoutes } from "./password-reset-routes.ts";
export { authRoutes, setSessionCookie } from "./routes.ts";
// A table for tests to write rows with; another module's code may not import it (biome.json names
// it): it calls this entry's functions.
export { sessions } from "./schema.ts";
export { type AuthService, createAuthService, type SignInSecondStep } from "./service.ts";
