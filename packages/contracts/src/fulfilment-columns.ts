import { z } from "zod";

// Apart from fulfilment.ts so that the document row (documents.ts) can name them without the
// billing schema (catalogue.ts), which itself imports documents.ts.

/**
 * requested: made, its order not yet paid (the adviser may cancel it); paid: the team has it;
 * in_progress: a lawyer reviews it, or the copies are being printed and sent; completed: the
 * review is returned, or the copies were delivered; cancelled: withdrawn before payment, or by
 * the team (with a refund).
 */
export const FULFILMENT_STATUSES = ["requested", "paid", "in_progress", "completed", "cancelled"] as const;
export const FulfilmentStatus = z.enum(FULFILMENT_STATUSES);
export type FulfilmentStatus = z.infer<typeof FulfilmentStatus>;

/**
 * What the fulfilment module adds to each document row: the newest request of each kind, not
 * cancelled, and what this reader may ask for, by the fulfilment policy the requests are refused by.
 */
export const FulfilmentRowColumns = z.object({
  legal_review_status: FulfilmentStatus.nullable(),
  hard_copy_status: FulfilmentStatus.nullable(),
  /** A legal review request would be taken now (an owner's confirmation aside): "Legal review". */
  may_legal_review: z.boolean(),
  /** A hard copy order would be taken now (an owner's confirmation aside): "Order hard copy". */
  may_order_hard_copy: z.boolean(),
  /** The Lite plan on a document that would otherwise qualify: "Legal review" opens the upgrade notice. */
  legal_review_upgrade: z.boolean(),
});
export type FulfilmentRowColumns = z.infer<typeof FulfilmentRowColumns>;
