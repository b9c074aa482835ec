import {
  CANNOT_UPDATE_CREDIT,
  CANT_CREATE_ORDER,
  CANT_UPDATE_ORDER,
  ORDER_IN_PROGRESS,
  type Order,
} from "@precedent/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NETWORK_ERROR_MESSAGE } from "./client";
import { completeCreditPurchase, startCreditPurchase } from "./credits";

const billing = {
  first_name: "Carla",
  last_name: "Credit",
  company: "",
  email: "carla@example.test",
  phone: "",
  address_1: "",
  address_2: "",
  city: "",
  state: "",
  postcode: "",
  country: "AU",
};

const order: Order = {
  id: 41,
  number: "INV-000041",
  status: "unpaid",
  payment_status: "unpaid",
  declined_reason: null,
  line_items: [
    {
      product_id: 7,
      name: "10 Credits",
      sku: "",
      template_identifier: "",
      quantity: 1,
      subtotal: 1,
      total: 1,
    },
  ],
  coupon_lines: [],
  billing,
  subtotal: 1,
  discount_total: 0,
  total: 1,
  total_tax: 0,
  currency: "AUD",
  payment_method_title: "",
  customer_id: 3,
  created_at: "2026-11-27T00:00:00.000Z",
  paid_at: null,
  used_at: null,
  document_id: null,
  has_invoice: false,
};

type Reply = { status: number; body: unknown } | "offline";

/** The server, one reply per path: each step answers what the case needs. */
function serve(replies: Record<string, Reply>) {
  const called: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    const path = url.split("?")[0] ?? url;
    called.push(path);
    const reply = replies[path];
    if (!reply) throw new Error(`no reply for ${path}`);
    if (reply === "offline") throw new TypeError("fetch failed");
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  return called;
}

const ok = (data: unknown): Reply => ({ status: 200, body: { message: "", data } });
const failed = (status: number, message = "Internal Server Error"): Reply => ({
  status,
  body: { message, data: null },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a credit purchase's steps (account-area §4, §8)", () => {
  it("names the step the server failed with the spec's shop message", async () => {
    serve({ "/api/orders": failed(500) });
    await expect(startCreditPurchase(1, 7, billing)).rejects.toThrow(CANT_CREATE_ORDER);

    const called = serve({ "/api/orders": ok(order), "/api/order/update": failed(503) });
    await expect(startCreditPurchase(1, 7, billing)).rejects.toThrow(CANT_UPDATE_ORDER);
    // The payment page is not asked for once a step has failed.
    expect(called).toEqual(["/api/orders", "/api/order/update"]);

    // Reading the order back for its credits is §8's 'Cannot get order credit data', verbatim.
    serve({ "/api/orders/41": failed(500) });
    await expect(completeCreditPurchase(1, 41)).rejects.toThrow(/^Cannot get order credit data$/);

    serve({ "/api/orders/41": ok(order), "/api/team/update-cap": failed(500) });
    await expect(completeCreditPurchase(1, 41)).rejects.toThrow(CANNOT_UPDATE_CREDIT);
  });

  it("keeps a refusal's own reason and says when the connection is lost", async () => {
    serve({ "/api/orders": failed(403, "Only the company owner or a manager can buy credits.") });
    await expect(startCreditPurchase(1, 7, billing)).rejects.toThrow(
      "Only the company owner or a manager can buy credits.",
    );
    serve({ "/api/orders/41": ok(order), "/api/team/update-cap": failed(409, ORDER_IN_PROGRESS) });
    await expect(completeCreditPurchase(1, 41)).rejects.toMatchObject({
      status: 409,
      message: ORDER_IN_PROGRESS,
    });
    serve({ "/api/orders": "offline" });
    await expect(startCreditPurchase(1, 7, billing)).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });

  it("answers the payment page's address when every step succeeds", async () => {
    serve({
      "/api/orders": ok(order),
      "/api/order/update": ok({ code: 200, order_id: 41 }),
      "/api/stripe/checkout": ok({ url: "/pay/abc" }),
    });
    await expect(startCreditPurchase(1, 7, billing)).resolves.toBe("/pay/abc");
  });
});
