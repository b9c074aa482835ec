import type { DeliveryAddress } from "@precedent/contracts";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { documents } from "../documents/schema.ts";
import { orders } from "../orders/schema.ts";
import { teams } from "../teams/schema.ts";
import { users } from "../users/schema.ts";

export const fulfilmentKind = pgEnum("fulfilment_kind", ["legal_review", "hard_copy"]);
export const fulfilmentStatus = pgEnum("fulfilment_status", [
  "requested",
  "paid",
  "in_progress",
  "completed",
  "cancelled",
]);

/**
 * A legal review or a hard copy asked for on a document, and the order that pays for it (one
 * order per request). The figures are the ones the order was priced at, kept so that a later
 * change of the settings does not rewrite what was sold.
 */
export const fulfilmentRequests = pgTable(
  "fulfilment_requests",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    docId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    kind: fulfilmentKind().notNull(),
    status: fulfilmentStatus().notNull().default("requested"),
    orderId: integer()
      .notNull()
      .unique()
      .references(() => orders.id),
    requestedBy: integer()
      .notNull()
      .references(() => users.id),
    note: text().notNull().default(""),
    /** Hard copy only: how many, at what price each, which shipping and where to. */
    copies: integer(),
    unitCents: integer(),
    shippingId: text(),
    shippingLabel: text(),
    shippingCents: integer(),
    address: jsonb().$type<DeliveryAddress>(),
    totalCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("fulfilment_requests_doc_idx").on(t.teamId, t.docId, t.createdAt),
    // One unpaid request of each kind per document: a double submit finds the first one.
    uniqueIndex("fulfilment_requests_one_unpaid_idx").on(t.docId, t.kind).where(sql`status = 'requested'`),
  ],
);

export type FulfilmentRequestRow = typeof fulfilmentRequests.$inferSelect;
