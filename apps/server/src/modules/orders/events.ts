import type { OrderRow } from "./schema.ts";

declare module "../../platform/events/index.ts" {
  interface DomainEvents {
    /**
     * An order became paid, whichever provider confirmed it: raised in the payment's own
     * transaction, so what a handler does (credits added for a package) commits with it or not
     * at all.
     */
    "order.paid": OrderRow;
  }
}
