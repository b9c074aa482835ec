import {
  INVOICE_NOT_READY,
  MembershipProductsResponse,
  OrderListResponse,
  OrderResponse,
  type Product,
  ProductListResponse,
} from "@precedent/contracts";
import { readPdf } from "@precedent/docgen/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/index.ts";

/** The text of a PDF reply, read by the engine's test reader, spaces tidied. */
const pdfText = (bytes: Buffer) => readPdf(new Uint8Array(bytes)).pages.join("\n").replace(/\s+/g, " ");

// Issue 11, item 3: a paid order must not be stranded. The catalogue learns which templates the
// caller has a paid, unused order for; My Orders lists the orders with their invoices.

let t: TestApp;
let people: FirmWithPeople;
let will: Product;

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
  const list = ProductListResponse.parse((await people.lite.get("/api/products")).json());
  const found = list.data.rows.find((p) => p.template_identifier === "simple-will");
  if (!found) throw new Error("simple-will missing");
  will = found;
}, 240_000);
afterAll(async () => t?.close());

const billing = { first_name: "Lena", last_name: "Lite", email: "lena@lite.test", company: "Lite & Co" };

async function order(client: FirmClient) {
  const reply = await client.post("/api/orders", {
    line_items: [{ product_id: will.id, quantity: 1 }],
    coupon_lines: [],
    billing,
  });
  expect(reply.statusCode).toBe(200);
  return OrderResponse.parse(reply.json()).data;
}

async function pay(client: FirmClient, orderId: number) {
  const checkout = await client.post("/api/stripe/checkout", { order_id: orderId });
  expect(checkout.statusCode).toBe(200);
  const paid = await t.app.inject({
    method: "POST",
    url: checkout.json().data.url as string,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      card_number: "4242 4242 4242 4242",
      expiry: "12/30",
      cvc: "123",
    }).toString(),
  });
  expect(paid.statusCode).toBeLessThan(400);
}

const paidOrders = async (client: FirmClient) =>
  MembershipProductsResponse.parse((await client.get("/api/membership/products")).json()).data.body
    .paid_orders;

describe("My Orders", () => {
  it("tells the catalogue about a paid, unused order until a document uses it", async () => {
    const unpaid = await order(people.lite);
    expect(await paidOrders(people.lite)).toEqual([]);
    await pay(people.lite, unpaid.id);
    expect(await paidOrders(people.lite)).toEqual([{ order_id: unpaid.id, product_id: will.id }]);
    // Nobody else's catalogue shows it: another firm's member, or our firm id from outside.
    expect(await paidOrders(people.as.alice)).toEqual([]);

    const folder = await t.buildFolder({ teamId: people.otherTeamId, createdBy: people.ids.otherOwner });
    const started = await people.lite.post("/api/doc/start", {
      order_id: unpaid.id,
      name: "Will of Lena",
      folder_id: folder.id,
    });
    expect(started.statusCode).toBe(200);
    expect(await paidOrders(people.lite)).toEqual([]);
  });

  it("lists the caller's orders paged, with status and invoice; another firm's id is 404", async () => {
    const pending = await order(people.lite);
    const paid = await order(people.lite);
    await pay(people.lite, paid.id);
    const page = OrderListResponse.parse((await people.lite.get("/api/orders", { length: 2 })).json()).data;
    expect(page).toMatchObject({ page: 1, total_page: 2, total_record: 3 });
    expect(page.rows.map((o) => [o.id, o.payment_status, o.has_invoice])).toEqual([
      [paid.id, "paid", true],
      [pending.id, "unpaid", false],
    ]);
    expect(page.rows[0]?.line_items[0]?.name).toBe(will.name);

    // Another firm's id: 404, and nothing of ours shows.
    const outsider = await people.outsider.get("/api/orders");
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).not.toContain(will.name);
  });

  it("downloads the tax invoice of a paid order only, and only for its buyer", async () => {
    const paid = await order(people.lite);
    await pay(people.lite, paid.id);
    const invoice = await people.lite.get(`/api/orders/${paid.id}/invoice`);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers["content-type"]).toBe("application/pdf");
    expect(invoice.headers["content-disposition"]).toMatch(/^attachment; filename="?INV-\d{6}\.pdf"?$/);
    const text = pdfText(invoice.rawPayload);
    const number = `INV-${String(paid.id).padStart(6, "0")}`;
    // What s 29-70(1) of the GST Act asks a tax invoice to show (decisions.md).
    expect(text).toContain("Tax invoice");
    expect(text).toContain("Precedent Legal Documents Pty Ltd");
    expect(text).toContain("ABN 53 004 085 616");
    expect(text).toContain(`Invoice number: ${number}`);
    expect(text).toMatch(/Date of issue: \d{2}\/\d{2}\/\d{4}/);
    expect(text).toContain("Elsewhere Pty Ltd");
    expect(text).toContain(will.name);
    expect(text).toContain(`Total (inc. GST) $${(paid.total / 100).toFixed(2)}`);
    expect(text).toContain(`GST included in the total $${(paid.total_tax / 100).toFixed(2)}`);
    expect(text).toContain("Total price includes GST");
    expect(text).not.toContain("Adjustment note");

    const unpaid = await order(people.lite);
    const early = await people.lite.get(`/api/orders/${unpaid.id}/invoice`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(INVOICE_NOT_READY);

    // Another firm, or our order asked for under another firm's id: 404 and no invoice.
    const elsewhere = await people.as.alice.get(`/api/orders/${paid.id}/invoice`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.headers["content-type"]).not.toBe("application/pdf");
    expect((await people.outsider.get(`/api/orders/${paid.id}/invoice`)).statusCode).toBe(404);
  });

  it("describes the list and the invoice in the OpenAPI document, with their error replies", async () => {
    const spec = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(Object.keys(spec.paths["/api/orders"].get.responses)).toEqual(
      expect.arrayContaining(["200", "404"]),
    );
    const invoice = spec.paths["/api/orders/{id}/invoice"].get;
    expect(Object.keys(invoice.responses)).toEqual(expect.arrayContaining(["404", "409"]));
    expect(invoice.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["id", "id_team"]),
    );
  });
});
