/**
 * The FuseSign adapter against a local HTTP fake of exactly the endpoints it calls (Document/Upload,
 * Bundle/Create, Bundle/Get, Bundle/Retract), which keeps its bundles' state and signs its webhooks
 * as FuseSign would; every other path answers 404 and fails the test.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createFuseSignAdapter,
  FUSESIGN_SIGNATURE_HEADER,
  type FuseSignBundle,
  fuseSignMoves,
  parseFuseSignWebhook,
  verifyFuseSignWebhook,
} from "./adapter.ts";
import { FAKE_FUSESIGN, type FakeFuseSign, startFakeFuseSign } from "./fake-server.ts";

const { token: TOKEN, tenantId: TENANT, webhookSecret: WEBHOOK_SECRET } = FAKE_FUSESIGN;
let fake: FakeFuseSign;
let base: string;
beforeAll(async () => {
  fake = await startFakeFuseSign();
  base = fake.base;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.calls.length = 0;
});
const uploads = { get: (id: string) => fake.uploads.get(id) };
const bundles = { get: (id: string) => fake.bundles.get(id), keys: () => fake.bundles.keys() };
const calls = {
  get value() {
    return fake.calls;
  },
};
const customerActs = (...args: Parameters<FakeFuseSign["customerActs"]>) => fake.customerActs(...args);

const adapter = () => createFuseSignAdapter({ apiToken: TOKEN, tenantId: TENANT, apiBase: base });
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF");
const customers = [
  {
    name: "Daniel Kwan",
    email: "daniel@example.com",
    phone: "+61-412345678",
    signingGroup: 0,
    lastSigner: false,
    meta: "sig_a",
  },
  {
    name: "Priya Raman",
    email: "priya@example.com",
    phone: "+61-498765432",
    signingGroup: 1,
    lastSigner: true,
    meta: "sig_b",
  },
];

async function sentBundle() {
  const fusesign = adapter();
  const documentId = await fusesign.uploadDocument("Mutual NDA.pdf", PDF);
  const bundleId = await fusesign.createBundle({
    subject: "Please sign",
    body: "Thank you.",
    documentIds: [documentId],
    customers,
    smsToSign: true,
    webhookUrl: "https://precedent.example/api/fusesign/webhook",
  });
  return { fusesign, documentId, bundleId };
}

describe("the FuseSign adapter", () => {
  it("uploads the PDF, creates a bundle with signing groups and SMS to sign, and reads it back", async () => {
    const { fusesign, documentId, bundleId } = await sentBundle();
    expect(uploads.get(documentId)?.equals(PDF)).toBe(true);
    const created = bundles.get(bundleId)?.body;
    expect(created).toMatchObject({
      SmsToSign: true,
      SigningMode: "SignWhole",
      WebhookUrl: "https://precedent.example/api/fusesign/webhook",
      Documents: [{ DocumentId: documentId, DocumentOrder: 1 }],
    });
    expect(created?.Customers).toEqual([
      {
        Customer: {
          Name: "Daniel Kwan",
          Email: "daniel@example.com",
          PhoneNumber: "+61412345678",
          NoMobile: false,
          Meta: "sig_a",
        },
        SigningGroup: 0,
        LastSigner: false,
        LockLastSigningGroup: false,
      },
      {
        Customer: {
          Name: "Priya Raman",
          Email: "priya@example.com",
          PhoneNumber: "+61498765432",
          NoMobile: false,
          Meta: "sig_b",
        },
        SigningGroup: 1,
        LastSigner: true,
        LockLastSigningGroup: true,
      },
    ]);
    const bundle = await fusesign.getBundle(bundleId);
    expect(bundle.customers.map((c) => [c.meta, c.status, c.signingGroup])).toEqual([
      ["sig_a", "NoActions", 0],
      ["sig_b", "NoActions", 1],
    ]);
    expect(calls.value).toEqual([
      "POST /api/Document/Upload",
      "POST /api/Bundle/Create",
      "GET /api/Bundle/Get",
    ]);
    expect(fake.unknown).toEqual([]);
  });

  it("checks each webhook's signature and drives the shared state machine: signed, then finalised once", async () => {
    const { fusesign, bundleId } = await sentBundle();
    let recipients = customers.map((c) => ({ metaKey: c.meta, status: "pending" as "pending" | "signed" }));
    const receive = async (webhook: { payload: string; signature: string }) => {
      expect(verifyFuseSignWebhook(WEBHOOK_SECRET, webhook.payload, webhook.signature)).toBe(true);
      const parsed = parseFuseSignWebhook(JSON.parse(webhook.payload));
      if (!parsed) throw new Error("not an event we act on");
      const bundle: FuseSignBundle = await fusesign.getBundle(parsed.bundleId);
      return {
        parsed,
        moves: fuseSignMoves({ envelopeStatus: "pending", recipients, event: parsed.event, bundle }),
      };
    };

    const first = await receive(customerActs(bundleId, "sig_a", "ActionsCompleted"));
    expect(first.parsed.event).toBe("CustomerDocumentSigned");
    expect(first.moves).toEqual({ signed: ["sig_a"], declined: [], envelope: null });
    recipients = recipients.map((r) =>
      first.moves.signed.includes(r.metaKey) ? { ...r, status: "signed" } : r,
    );

    const last = await receive(customerActs(bundleId, "sig_b", "ActionsCompleted"));
    expect(last.parsed.event).toBe("BundleFinalised");
    expect(last.moves).toEqual({ signed: ["sig_b"], declined: [], envelope: "completed" });
    // A repeated delivery finds the envelope completed: nothing moves twice.
    const bundle = await fusesign.getBundle(bundleId);
    expect(
      fuseSignMoves({ envelopeStatus: "completed", recipients, event: "BundleFinalised", bundle }),
    ).toEqual({
      signed: [],
      declined: [],
      envelope: null,
    });
    const signedPdf = await fusesign.downloadSignedPdf(bundle.documents[0]?.signedPdfUrl ?? "");
    expect(new TextDecoder().decode(signedPdf)).toMatch(/^%PDF-[\s\S]*signed by FuseSign/);
    await expect(fusesign.downloadSignedPdf("https://elsewhere.example/x.pdf")).rejects.toThrow(
      /not on FuseSign/,
    );
  });

  it("refuses a webhook whose body or signature was changed, and ignores events it does not act on", () => {
    const webhook = customerActs([...bundles.keys()][0] ?? "", "sig_a", "ActionsCompleted");
    // Changes the id's first character to another one (a fixed "0" left one id in 16 unchanged).
    const tampered = webhook.payload.replace(
      /"BundleId":"(.)/,
      (_, first: string) => `"BundleId":"${first === "0" ? "1" : "0"}`,
    );
    expect(tampered).not.toBe(webhook.payload);
    expect(verifyFuseSignWebhook(WEBHOOK_SECRET, tampered, webhook.signature)).toBe(false);
    expect(verifyFuseSignWebhook("another-secret", webhook.payload, webhook.signature)).toBe(false);
    expect(verifyFuseSignWebhook(WEBHOOK_SECRET, webhook.payload, undefined)).toBe(false);
    expect(verifyFuseSignWebhook(WEBHOOK_SECRET, webhook.payload, "not-hex")).toBe(false);
    expect(parseFuseSignWebhook({ BundleId: "b", EventType: "CustomerEmailDelivered" })).toBeNull();
    expect(parseFuseSignWebhook({ EventType: "BundleFinalised" })).toBeNull();
    expect(FUSESIGN_SIGNATURE_HEADER).toBe("x-fusesign-signature");
  });

  it("a rejection, or an error FuseSign reports, rejects the envelope", async () => {
    const { fusesign, bundleId } = await sentBundle();
    customerActs(bundleId, "sig_a", "Rejected");
    const bundle = await fusesign.getBundle(bundleId);
    const recipients = customers.map((c) => ({ metaKey: c.meta, status: "pending" as const }));
    expect(
      fuseSignMoves({ envelopeStatus: "pending", recipients, event: "CustomerDocumentSigned", bundle }),
    ).toEqual({
      signed: [],
      declined: ["sig_a"],
      envelope: "rejected",
    });
    expect(
      fuseSignMoves({ envelopeStatus: "pending", recipients, event: "BundleError", bundle }).envelope,
    ).toBe("rejected");
  });

  it("retracts a live bundle once, and fails loudly on a refused token or a second retraction", async () => {
    const { fusesign, bundleId } = await sentBundle();
    await fusesign.retract(bundleId, "Document relaunched");
    expect(bundles.get(bundleId)?.status).toBe("Retracted");
    await expect(fusesign.retract(bundleId, "again")).rejects.toThrow(/not live/);
    const wrong = createFuseSignAdapter({ apiToken: "wrong", tenantId: TENANT, apiBase: base });
    await expect(wrong.getBundle(bundleId)).rejects.toThrow(/401/);
    expect(fake.unknown).toEqual([]);
  });
});
