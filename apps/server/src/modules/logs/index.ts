// The logs module's one public entry: other modules and the app import only this file.
import { registerFirmAbility } from "../../platform/kernel/index.ts";
import { firmLogScope } from "./policy.ts";

export { type ActionTotals, type ActionTotalsQuery, actionTotals } from "./action-totals.ts";
export { firmLogScope, type LogScope } from "./policy.ts";
export { logRoutes } from "./routes.ts";
// Tables read outside this module (queries of other modules, demo data, tests): a later step
// replaces the other modules' queries with calls or query fragments of this one.
export { documentLogs, integrationLogs } from "./schema.ts";
export {
  type ActionLogInput,
  type ChangeLogInput,
  createLogsService,
  type DocumentLogAccess,
  type DocumentNames,
  type LogsService,
} from "./service.ts";

// The firm-wide activity ability on GET /users/me: the scope this module's routes read by.
registerFirmAbility("read_firm_activity", (role) => firmLogScope(role) === "firm");
