// The users module's one public entry: other modules and the app import only this file.

export { userRoutes } from "./routes.ts";
// Tables read outside this module (queries of other modules, demo data, tests): a later step
// replaces the other modules' queries with calls or query fragments of this one.
export { users } from "./schema.ts";
export { createUsersService, profileOf, type UsersService } from "./service.ts";
