import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { products } from "../modules/catalogue/index.ts";
import { priceWith } from "../modules/coupons/index.ts";
import { orders } from "../modules/orders/index.ts";
import { checkoutSessions } from "../modules/payments/index.ts";
import { teams } from "../modules/teams/index.ts";
import { users } from "../modules/users/index.ts";

/**
 * Orders paid through the sandbox provider for the operator console's money area to refund in the
 * demo: each with its paid checkout session, as a card payment on the sandbox page leaves it
 * (the demo's other paid order was written without one, so no provider took its money). One per
 * width the browser test refunds at, found by its billing e-mail. They belong to Wattle Grove's
 * owner, whom no browser test signs in to the product as: a paid order is the buyer's to start a
 * document with, so on a firm the other tests use it would be spent (and shown) by them.
 */
export const DEMO_REFUNDABLE_EMAILS = ["refunds.1366@wattlegrove.test", "refunds.375@wattlegrove.test"];

/** Runs once, just after the demo data was loaded; orders already there are left as they are. */
export async function loadDemoPaidOrders(services: { db: Database; clock: () => Date }) {
  const { db, clock } = services;
  const [owner] = await db.select().from(users).where(eq(users.email, "owner@wattlegrove.test"));
  const [firm] = owner ? await db.select().from(teams).where(eq(teams.ownerId, owner.id)) : [];
  const [nda] = await db.select().from(products).where(eq(products.templateIdentifier, "mutual-nda"));
  if (!owner || !firm || !nda) return;
  for (const [index, email] of DEMO_REFUNDABLE_EMAILS.entries()) {
    const [existing] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.teamId, firm.id), sql`${orders.billing}->>'email' = ${email}`));
    if (existing) continue;
    const price = priceWith(nda.priceCents, []);
    const paidAt = new Date(clock().getTime() - (index + 1) * 60_000);
    await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          teamId: firm.id,
          userId: owner.id,
          productId: nda.id,
          status: "paid",
          subtotalCents: price.regular_price,
          discountCents: price.discount_total,
          totalCents: price.total,
          taxCents: price.total_tax,
          billing: {
            first_name: "Wendy",
            last_name: "Wattle",
            company: firm.name,
            email,
            phone: "",
            address_1: "",
            address_2: "",
            city: "",
            state: "",
            postcode: "",
            country: "AU",
          },
          paymentMethodTitle: "Credit card (sandbox)",
          createdAt: paidAt,
          paidAt,
        })
        .returning({ id: orders.id });
      if (!order) return;
      await tx.insert(checkoutSessions).values({
        id: `demo-paid-${order.id}-${index}`,
        orderId: order.id,
        provider: "sandbox",
        status: "paid",
        amountCents: price.total,
        successUrl: "/my-account/my-orders",
        cancelUrl: "/my-account/my-orders",
        errorUrl: "/my-account/my-orders",
        createdAt: paidAt,
        completedAt: paidAt,
      });
    });
  }
}
