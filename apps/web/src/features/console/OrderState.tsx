import type { MoneyOrderSummary } from "@precedent/contracts";
import { StateTag } from "./StateTag";

const LABELS = { unpaid: "Unpaid", paid: "Paid", used: "Used" } as const;

/** An order's state as support reads it: refunds first, since they are what was asked about. */
export function OrderState({ order }: { order: Pick<MoneyOrderSummary, "status" | "total" | "refunded"> }) {
  if (order.refunded > 0 && order.refunded >= order.total) return <StateTag good={false}>Refunded</StateTag>;
  if (order.refunded > 0) return <StateTag good={false}>Part refunded</StateTag>;
  return <StateTag good={order.status !== "unpaid"}>{LABELS[order.status]}</StateTag>;
}
