// The users module's one public entry: other modules and the app import only this file.

export { createUser } from "./create-user.ts";
export { userIdsWithEmailLike } from "./email-lookup.ts";
export { userRoutes } from "./routes.ts";
// Tables for tests and demo data to write rows with; another module's code may not import them
// (biome.json names them): it calls this entry's functions.
export { users } from "./schema.ts";
export { createUsersService, profileOf, type UsersService } from "./service.ts";
