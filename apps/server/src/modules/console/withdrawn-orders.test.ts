import {
  ORDER_ALREADY_USED,
  ORDER_NOT_PAID,
  ORDER_PRODUCT_WITHDRAWN,
  ORDERED_TEMPLATE_GONE,
  OrderResponse,
  ProductResponse,
  StartDocumentResponse,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { ensureCatalogue, products } from "../catalogue/index.ts";
import { orders } from "../orders/index.ts";
import {
  buildStaff,
  type ConsoleClient,
  signInStaff,
  productOnSale as staffProductOnSale,
} from "./testing.ts";

// Issue 37, loose end 2: a product withdrawn in the console (kept because orders point at it)
// stays startable from an order paid before; a new purchase of it stays refused.

let t: TestApp;
let people: FirmWithPeople;
let admin: ConsoleClient;
let template: string;

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
  admin = await signInStaff(t, (await buildStaff(t, "administrator")).email);
  const first = t.services.templates.starters()[0];
  if (!first) throw new Error("no templates in the library");
  template = first.identifier;
}, 240_000);
afterAll(async () => t?.close());

const billing = { first_name: "Alice", last_name: "Adviser", email: "alice@firm.test" };

/** A published product of a library template, as staff make one. */
const productOnSale = (sku: string) =>
  staffProductOnSale(admin, { name: `Withdrawn later ${sku}`, sku, priceCents: 7_000, template });

async function order(productId: number) {
  const res = await people.as.alice.post("/api/orders", {
    line_items: [{ product_id: productId, quantity: 1 }],
    billing,
  });
  expect(res.statusCode, res.body).toBe(200);
  return OrderResponse.parse(res.json()).data;
}

/** Paid as the provider's confirmation pays it (coupons counted, invoice queued). */
const pay = (orderId: number) => t.db.transaction((tx) => t.services.orders.markPaid(tx, orderId));

async function withdraw(productId: number) {
  const res = await admin.delete(`/api/console/catalogue/products/${productId}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.outcome).toBe("withdrawn");
}

const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

describe("POST /api/doc/start with a paid order of a product withdrawn since", () => {
  it("starts what was paid for; the order is used once; firms still cannot see or buy it", async () => {
    const made = await productOnSale("WD-PAID");
    const paid = await order(made.id);
    await pay(paid.id);
    const unpaid = await order(made.id);
    await withdraw(made.id);

    // Gone from the catalogue...
    expect((await people.as.alice.get(`/api/products/${made.id}`)).statusCode).toBe(404);
    // ...but the order still shows what it bought (what My Orders' Start reads).
    const viaOrder = await people.as.alice.get(`/api/orders/${paid.id}/product`);
    expect(viaOrder.statusCode, viaOrder.body).toBe(200);
    expect(ProductResponse.parse(viaOrder.json()).data).toMatchObject({
      id: made.id,
      name: "Withdrawn later WD-PAID",
      regular_price: 7_000,
    });

    const started = await people.as.alice.post("/api/doc/start", { order_id: paid.id, name: "Paid before" });
    expect(started.statusCode, started.body).toBe(200);
    const result = StartDocumentResponse.parse(started.json()).data;
    expect(result).toMatchObject({ consumed: "order", template_identifier: template });
    expect(await orderRow(paid.id)).toMatchObject({ status: "used", documentId: result.id });
    const detail = (await people.as.alice.get(`/api/doc/${result.id}`)).json().data;
    expect(detail.template?.name).toBe("Withdrawn later WD-PAID");

    const again = await people.as.alice.post("/api/doc/start", { order_id: paid.id, name: "Twice" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ORDER_ALREADY_USED);

    // New purchases stay refused: no new order, no payment of an order made before, no start of
    // an unpaid one, no start by product.
    const fresh = await people.as.alice.post("/api/orders", {
      line_items: [{ product_id: made.id, quantity: 1 }],
      billing,
    });
    expect(fresh.statusCode).toBe(404);
    const checkout = await people.as.alice.post("/api/stripe/checkout", { order_id: unpaid.id });
    expect(checkout.statusCode, checkout.body).toBe(409);
    expect(checkout.json().message).toBe(ORDER_PRODUCT_WITHDRAWN);
    const unpaidStart = await people.as.alice.post("/api/doc/start", { order_id: unpaid.id, name: "Unpaid" });
    expect(unpaidStart.statusCode).toBe(409);
    expect(unpaidStart.json().message).toBe(ORDER_NOT_PAID);
    expect(await orderRow(unpaid.id)).toMatchObject({ status: "unpaid", documentId: null });
    const byProduct = await people.as.alice.post("/api/doc/start", { product_id: made.id, name: "Direct" });
    expect(byProduct.statusCode).toBe(404);
  });

  it("refuses (409, nothing used) once the template itself has left the library", async () => {
    const made = await productOnSale("WD-GONE");
    const paid = await order(made.id);
    await pay(paid.id);
    await withdraw(made.id);
    await t.db.update(products).set({ assembles: "no-such-template" }).where(eq(products.id, made.id));

    const view = await people.as.alice.get(`/api/orders/${paid.id}/product`);
    expect(view.statusCode).toBe(409);
    expect(view.json().message).toBe(ORDERED_TEMPLATE_GONE);
    const res = await people.as.alice.post("/api/doc/start", { order_id: paid.id, name: "Nothing" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ORDERED_TEMPLATE_GONE);
    expect(await orderRow(paid.id)).toMatchObject({ status: "paid", documentId: null });
  });
});

describe("GET /api/orders/:id/product", () => {
  it("is 404 to anyone but the order's buyer: another member, another firm, a stranger's id", async () => {
    const made = await productOnSale("WD-OWN");
    const paid = await order(made.id);
    await pay(paid.id);
    expect((await people.as.alice.get(`/api/orders/${paid.id}/product`)).statusCode).toBe(200);
    expect((await people.as.bob.get(`/api/orders/${paid.id}/product`)).statusCode).toBe(404);
    expect((await people.lite.get(`/api/orders/${paid.id}/product`)).statusCode).toBe(404);
    expect((await people.outsider.get(`/api/orders/${paid.id}/product`)).statusCode).toBe(404);
    expect((await people.as.alice.get("/api/orders/999999/product")).statusCode).toBe(404);
  });
});
