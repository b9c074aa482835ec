// The operator console's one public entry: the app imports only this file.

export { consoleAbilities, mayUse } from "./policy.ts";
export { CONSOLE_COOKIE, consoleRoutes } from "./routes.ts";
// Tables for tests and demo data to write rows with; another module's code may not import them.
export { queueAssignments, staffAccounts, staffAuditLog, staffSessions } from "./schema.ts";
export { type ConsoleService, createConsoleService } from "./service.ts";
export { insertStaff } from "./staff-admin.ts";
