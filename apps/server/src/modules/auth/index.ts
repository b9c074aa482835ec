// The auth module's one public entry: other modules and the app import only this file.

export { hashPassword } from "./password.ts";
export { authRoutes } from "./routes.ts";
// Tables read outside this module (queries of other modules, demo data, tests): a later step
// replaces the other modules' queries with calls or query fragments of this one.
export { sessions } from "./schema.ts";
export { type AuthService, createAuthService } from "./service.ts";
