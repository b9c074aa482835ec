// The auth module's one public entry: other modules and the app import only this file.

export { hashPassword, verifyPassword } from "./password.ts";
export { authRoutes, setSessionCookie } from "./routes.ts";
export { type AuthService, createAuthService, type SignInSecondStep } from "./service.ts";
