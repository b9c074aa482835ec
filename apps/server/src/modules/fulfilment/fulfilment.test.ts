import {
  DocumentFulfilmentResponse,
  DocumentListResponse,
  FULFILMENT_MESSAGES,
  FulfilmentRequestResponse,
  LITE_PLAN_NOTICE,
  OrderResponse,
} from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { mailOutbox } from "../mail/index.ts";
import { fulfilmentRequests } from "./schema.ts";

let t: TestApp;
let people: FirmWithPeople;

const billing = {
  first_name: "Alice",
  last_name: "Adviser",
  email: "alice@firm.test",
  company: "Harbour Legal",
};
const address = {
  recipient: "Alice Adviser",
  address_1: "1 George Street",
  suburb: "Sydney",
  state: "NSW",
  postcode: "2000",
};
const trustDeed = { identifier: "discretionary-trust-deed", name: "Discretionary Trust Deed" };
const nda = { identifier: "mutual-nda", name: "Mutual NDA" };

beforeAll(async () => {
  t = await createTestApp();
  people = await buildFirmWithPeople(t);
}, 240_000);
afterAll(async () => t?.close());

const completedDoc = (template = trustDeed, createdBy = people.ids.alice, status: 1 | 3 | 5 = 5) =>
  t.buildDocument({
    teamId: people.teamId,
    createdBy,
    status,
    template,
    name: `${template.name} ${createdBy}`,
  });

const review = (client: FirmClient, docId: number, extra: object = {}) =>
  client.post(`/api/doc/${docId}/legal-review`, {
    note: "Please check the vesting clause.",
    billing,
    ...extra,
  });
const hardCopy = (client: FirmClient, docId: number, extra: object = {}) =>
  client.post(`/api/doc/${docId}/hard-copy`, { copies: 2, shipping: "express", address, billing, ...extra });

/** Pays an order through the sandbox checkout with a card; returns the checkout page's reply. */
async function pay(client: FirmClient, orderId: number, card = "4242 4242 4242 4242") {
  const checkout = await client.post("/api/stripe/checkout", { order_id: orderId });
  if (checkout.statusCode !== 200) return checkout;
  return t.app.inject({
    method: "POST",
    url: checkout.json().data.url as string,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ card_number: card, expiry: "12/30", cvc: "123" }).toString(),
  });
}

const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe("GET /api/doc/{id}/fulfilment", () => {
  it("prices a trust deed's review at $220 and the hard copy from the settings", async () => {
    const doc = await completedDoc();
    const reply = DocumentFulfilmentResponse.parse(
      (await people.as.alice.get(`/api/doc/${doc.id}/fulfilment`)).json(),
    );
    expect(reply.data.legal_review).toEqual({ price: 22_000, refusal: null });
    expect(reply.data.hard_copy.price_per_copy).toBe(5500);
    expect(reply.data.hard_copy.shipping.map((o) => [o.id, o.price])).toEqual([
      ["standard", 1250],
      ["express", 1995],
    ]);
    expect(reply.data.requests).toEqual([]);
  });

  it("says a review of another kind of document is quoted, with the sales contact", async () => {
    const doc = await completedDoc(nda);
    const reply = DocumentFulfilmentResponse.parse(
      (await people.as.alice.get(`/api/doc/${doc.id}/fulfilment`)).json(),
    );
    expect(reply.data.legal_review.price).toBeNull();
    expect(reply.data.legal_review.refusal).toBe(
      FULFILMENT_MESSAGES.reviewQuoted(t.config.SALES_PHONE, t.config.SALES_EMAIL),
    );
    expect((await review(people.as.alice, doc.id)).json().message).toBe(
      FULFILMENT_MESSAGES.reviewQuoted(t.config.SALES_PHONE, t.config.SALES_EMAIL),
    );
  });
});

describe("POST /api/doc/{id}/legal-review", () => {
  it("makes one unpaid order at the settings' price; paying it emails the review team once", async () => {
    const doc = await completedDoc();
    const made = await review(people.as.alice, doc.id);
    expect(made.statusCode).toBe(200);
    const request = FulfilmentRequestResponse.parse(made.json()).data;
    expect(request).toMatchObject({
      kind: "legal_review",
      status: "requested",
      total: 22_000,
      doc_id: doc.id,
    });
    const order = OrderResponse.parse(
      (await people.as.alice.get(`/api/orders/${request.order_id}`)).json(),
    ).data;
    expect(order.total).toBe(22_000);
    expect(order.total_tax).toBe(2000);
    expect(order.line_items[0]?.name).toBe("Legal review");
    expect(order.status).toBe("unpaid");
    expect(await mailsTo(t.config.LEGAL_REVIEW_EMAIL)).toHaveLength(0);

    expect((await pay(people.as.alice, request.order_id)).statusCode).toBe(303);
    const after = DocumentFulfilmentResponse.parse(
      (await people.as.alice.get(`/api/doc/${doc.id}/fulfilment`)).json(),
    );
    expect(after.data.requests.map((r) => r.status)).toEqual(["paid"]);
    expect(after.data.legal_review.refusal).toBe(FULFILMENT_MESSAGES.reviewOpen);
    const mails = (await mailsTo(t.config.LEGAL_REVIEW_EMAIL)).filter(
      (m) => m.key === `fulfilment:${request.id}`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Please check the vesting clause.");
    expect(mails[0]?.text).toContain(`Doc ID ${doc.id}`);

    // Its order is used by the request (My Orders links the document, offers no template start).
    const used = OrderResponse.parse(
      (await people.as.alice.get(`/api/orders/${request.order_id}`)).json(),
    ).data;
    expect(used).toMatchObject({ status: "used", document_id: doc.id, has_invoice: true });

    // Paid: a second payment is refused, and no second review is sold beside it.
    expect((await pay(people.as.alice, request.order_id)).statusCode).toBe(409);
    const again = await review(people.as.alice, doc.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FULFILMENT_MESSAGES.reviewOpen);

    // The list shows it on the document's row.
    const list = DocumentListResponse.parse(
      (await people.as.alice.get("/api/doc", { type: 1, length: 100 })).json(),
    );
    expect(list.data.rows.find((r) => r.id === doc.id)?.legal_review_status).toBe("paid");
  });

  it("moves on only forward at the team's step; a completed review leaves room for a new one", async () => {
    const doc = await completedDoc();
    const request = FulfilmentRequestResponse.parse((await review(people.as.alice, doc.id)).json()).data;
    // Not paid yet: the team cannot take it up.
    expect(await t.services.fulfilment.advance(request.id, "in_progress")).toBeUndefined();
    expect((await pay(people.as.alice, request.order_id)).statusCode).toBe(303);
    expect((await t.services.fulfilment.advance(request.id, "in_progress"))?.status).toBe("in_progress");
    expect(await t.services.fulfilment.advance(request.id, "in_progress")).toBeUndefined();
    const reading = DocumentFulfilmentResponse.parse(
      (await people.as.manager.get(`/api/doc/${doc.id}/fulfilment`)).json(),
    );
    expect(reading.data.requests.map((r) => r.status)).toEqual(["in_progress"]);
    expect((await review(people.as.alice, doc.id)).statusCode).toBe(409);
    expect((await t.services.fulfilment.advance(request.id, "completed"))?.status).toBe("completed");
    expect(await t.services.fulfilment.advance(request.id, "cancelled")).toBeUndefined();
    expect((await review(people.as.alice, doc.id)).statusCode).toBe(200);
  });

  it("refuses the Lite plan with the upgrade notice", async () => {
    const lite = people.lite;
    const liteDoc = await t.buildDocument({
      teamId: people.otherTeamId,
      createdBy: people.ids.otherOwner,
      status: 5,
      template: trustDeed,
    });
    const refused = await review(lite, liteDoc.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(LITE_PLAN_NOTICE);
    // Hard copy is not withheld from the Lite plan.
    expect((await hardCopy(lite, liteDoc.id)).statusCode).toBe(200);
  });

  it("asks for a completed document, and for someone who may order for it", async () => {
    const draft = await completedDoc(trustDeed, people.ids.alice, 1);
    const notDone = await review(people.as.alice, draft.id);
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json().message).toBe(FULFILMENT_MESSAGES.legalReviewNotCompleted);

    const folder = await t.buildFolder({ teamId: people.teamId, createdBy: people.ids.alice, shared: true });
    const shared = await t.buildDocument({
      teamId: people.teamId,
      createdBy: people.ids.alice,
      status: 5,
      template: trustDeed,
      folderId: folder.id,
    });
    const bob = await review(people.as.bob, shared.id);
    expect(bob.statusCode).toBe(403);
    expect(bob.json().message).toBe(FULFILMENT_MESSAGES.refused);
  });

  it("needs the owner's confirmation for a member's document ordered from Organisation Documents", async () => {
    const doc = await completedDoc();
    const unconfirmed = await review(people.as.manager, doc.id, { type: 3 });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toBe(FULFILMENT_MESSAGES.ownerConfirmation);
    // Without a tab named: the manager reaches it only through Organisation Documents.
    expect((await review(people.as.owner, doc.id)).statusCode).toBe(409);
    expect((await review(people.as.manager, doc.id, { type: 3, owner_confirmed: true })).statusCode).toBe(
      200,
    );
  });

  it("makes one request of many submitted at once", async () => {
    const doc = await completedDoc();
    const replies = await Promise.all(Array.from({ length: 6 }, () => review(people.as.alice, doc.id)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const rows = await t.db.select().from(fulfilmentRequests).where(eq(fulfilmentRequests.docId, doc.id));
    expect(rows).toHaveLength(1);
  });

  it("cancels an unpaid request; its order can then no longer be paid", async () => {
    const doc = await completedDoc();
    const request = FulfilmentRequestResponse.parse((await review(people.as.alice, doc.id)).json()).data;
    const checkout = await people.as.alice.post("/api/stripe/checkout", { order_id: request.order_id });
    const cancelled = await people.as.alice.post(`/api/doc/${doc.id}/fulfilment/${request.id}/cancel`, {});
    expect(FulfilmentRequestResponse.parse(cancelled.json()).data.status).toBe("cancelled");
    const page = await t.app.inject({
      method: "POST",
      url: checkout.json().data.url as string,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        card_number: "4242424242424242",
        expiry: "12/30",
        cvc: "123",
      }).toString(),
    });
    expect(page.body).toContain("This request was cancelled before it was paid");
    const order = OrderResponse.parse(
      (await people.as.alice.get(`/api/orders/${request.order_id}`)).json(),
    ).data;
    expect(order.status).toBe("unpaid");
    const [row] = await t.db.select().from(fulfilmentRequests).where(eq(fulfilmentRequests.id, request.id));
    expect(row?.status).toBe("cancelled");
    // And no new payment of it is opened.
    const refused = await people.as.alice.post("/api/stripe/checkout", { order_id: request.order_id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("This request was cancelled before it was paid");
    // A new request may be made after a cancelled one.
    expect((await review(people.as.alice, doc.id)).statusCode).toBe(200);
  });
});

describe("POST /api/doc/{id}/hard-copy", () => {
  it("prices copies and shipping from the settings and emails the fulfilment team the address once paid", async () => {
    const doc = await completedDoc(nda, people.ids.alice, 3);
    const made = await hardCopy(people.as.alice, doc.id, { copies: 3 });
    expect(made.statusCode).toBe(200);
    const request = FulfilmentRequestResponse.parse(made.json()).data;
    expect(request.total).toBe(3 * 5500 + 1995);
    expect(request.shipping_label).toContain("Express");
    expect((await pay(people.as.alice, request.order_id)).statusCode).toBe(303);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, t.config.HARD_COPY_EMAIL), eq(mailOutbox.key, `fulfilment:${request.id}`)),
      );
    expect(mail?.text).toContain("1 George Street, Sydney NSW 2000");
    expect(mail?.text).toContain("3 at $55.00 each");
    const list = DocumentListResponse.parse(
      (await people.as.alice.get("/api/doc", { type: 1, length: 100 })).json(),
    );
    expect(list.data.rows.find((r) => r.id === doc.id)?.hard_copy_status).toBe("paid");
  });

  it("checks the address, the copies and the shipping option, and changes nothing when one is wrong", async () => {
    const doc = await completedDoc(nda);
    const wrongState = await hardCopy(people.as.alice, doc.id, { address: { ...address, postcode: "6000" } });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().data.errors).toEqual([
      { field: "address.postcode", message: FULFILMENT_MESSAGES.postcodeState("6000", "NSW") },
    ]);
    const tooMany = await hardCopy(people.as.alice, doc.id, { copies: 11 });
    expect(tooMany.json().data.errors[0].field).toBe("copies");
    expect(
      (await hardCopy(people.as.alice, doc.id, { shipping: "pigeon" })).json().data.errors[0].message,
    ).toBe(FULFILMENT_MESSAGES.shippingUnknown);
    const badPostcode = await hardCopy(people.as.alice, doc.id, {
      address: { ...address, postcode: "20000" },
    });
    expect(badPostcode.statusCode).toBe(400);
    const rows = await t.db.select().from(fulfilmentRequests).where(eq(fulfilmentRequests.docId, doc.id));
    expect(rows).toHaveLength(0);
    // A border town: Paringi NSW is served from Victoria's 3500.
    expect(
      (await hardCopy(people.as.alice, doc.id, { address: { ...address, postcode: "3500" } })).statusCode,
    ).toBe(200);
  });

  it("is refused for a draft", async () => {
    const draft = await completedDoc(nda, people.ids.alice, 1);
    const reply = await hardCopy(people.as.alice, draft.id);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(FULFILMENT_MESSAGES.hardCopyNotReady);
  });
});

describe("another firm", () => {
  it("sees nothing of a firm's requests and can make none on its documents", async () => {
    const doc = await completedDoc();
    const request = FulfilmentRequestResponse.parse((await hardCopy(people.as.alice, doc.id)).json()).data;
    for (const client of [people.outsider, people.lite]) {
      expect((await client.get(`/api/doc/${doc.id}/fulfilment`)).statusCode).toBe(404);
      expect((await review(client, doc.id)).statusCode).toBe(404);
      expect((await hardCopy(client, doc.id)).statusCode).toBe(404);
      expect((await client.post(`/api/doc/${doc.id}/fulfilment/${request.id}/cancel`, {})).statusCode).toBe(
        404,
      );
    }
    const [row] = await t.db.select().from(fulfilmentRequests).where(eq(fulfilmentRequests.id, request.id));
    expect(row?.status).toBe("requested");
  });
});

describe("prices from the settings", () => {
  let free: TestApp;
  beforeAll(async () => {
    free = await createTestApp({ env: { LEGAL_REVIEW_FEES: "*=0", HARD_COPY_PRICE: "40" } });
  }, 240_000);
  afterAll(async () => free?.close());

  it("a $0 review is paid at once, without a card, and the team is emailed", async () => {
    const firm = await buildFirmWithPeople(free);
    const doc = await free.buildDocument({
      teamId: firm.teamId,
      createdBy: firm.ids.alice,
      status: 5,
      template: nda,
    });
    const info = DocumentFulfilmentResponse.parse(
      (await firm.as.alice.get(`/api/doc/${doc.id}/fulfilment`)).json(),
    );
    expect(info.data.legal_review.price).toBe(0);
    expect(info.data.hard_copy.price_per_copy).toBe(4000);
    const request = FulfilmentRequestResponse.parse(
      (await firm.as.alice.post(`/api/doc/${doc.id}/legal-review`, { billing })).json(),
    ).data;
    expect(request.status).toBe("paid");
    const mails = await free.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `fulfilment:${request.id}`));
    expect(mails.map((m) => m.to)).toEqual([free.config.LEGAL_REVIEW_EMAIL]);
  });
});
