// The orders module's one public entry: other modules and the app import only this file.

export { orderRoutes } from "./routes.ts";
// Tables read outside this module (queries of other modules, demo data, tests): a later step
// replaces the other modules' queries with calls or query fragments of this one.
export { orders } from "./schema.ts";
export { createOrdersService, type OrdersService } from "./service.ts";
export { createDocumentStart } from "./start.ts";
