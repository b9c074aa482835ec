// The teams module's one public entry: other modules and the app import only this file.

export { createFirmContexts } from "./firm-context.ts";
export { teamRoutes } from "./routes.ts";
// Tables read outside this module (queries of other modules, demo data, tests): a later step
// replaces the other modules' queries with calls or query fragments of this one.
export { firmVersions, plans, teamMembers, teams } from "./schema.ts";
export {
  createTeamsService,
  documentAllowance,
  memberContextColumns,
  memberContextOf,
  planInForce,
  type TeamsService,
} from "./service.ts";
