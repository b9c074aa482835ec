// The orders module's one public entry: other modules and the app import only this file.

export { acknowledgedStarts } from "./acknowledged-starts.ts";
// The operator console's money area: orders across firms, refunds and a day's takings.
export { recordRefund, refundsOf, staffOrder, staffOrderPage, takingsOf } from "./money.ts";
export { paidOrdersOf } from "./paid-orders.ts";
export { orderRoutes } from "./routes.ts";
export type { OrderRow } from "./schema.ts";
// Tables for tests and demo data to write rows with; another module's code may not import them
// (biome.json names them): it calls this entry's functions.
export { documentStarts, orderRefunds, orders } from "./schema.ts";
export { createOrdersService, type OrdersService } from "./service.ts";
export { createDocumentStart } from "./start.ts";
