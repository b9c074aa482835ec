/**
 * Sending with FuseSign through the API, against the local fake of FuseSign's endpoints: the wizard's
 * confirm uploads the PDF and creates the bundle, signed webhooks move the same state machine as the
 * built-in signing, a finalised bundle stores FuseSign's signed PDF for the sender's download, and a
 * voided request is retracted there.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmWithPeople,
  type TestApp,
} from "../../../test/harness.ts";
import { documents } from "../../documents/index.ts";
import { mailOutbox } from "../../mail/index.ts";
import { signingEnvelopes, signingRecipients } from "../schema.ts";
import { FUSESIGN_SIGNATURE_HEADER } from "./adapter.ts";
import { FAKE_FUSESIGN, type FakeFuseSign, startFakeFuseSign } from "./fake-server.ts";

let t: TestApp;
let fake: FakeFuseSign;
let firm: FirmWithPeople;
const NDA = { identifier: "mutual-nda", name: "Mutual Non-Disclosure Agreement" };

beforeAll(async () => {
  fake = await startFakeFuseSign();
  t = await createTestApp({
    env: {
      FUSESIGN_API_TOKEN: FAKE_FUSESIGN.token,
      FUSESIGN_TENANT_ID: FAKE_FUSESIGN.tenantId,
      FUSESIGN_WEBHOOK_SECRET: FAKE_FUSESIGN.webhookSecret,
      FUSESIGN_API_BASE: fake.base,
    },
  });
  firm = await buildFirmWithPeople(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function assembledNda() {
  const sample = t.services.templates.starter(NDA.identifier)?.sampleAnswers as Record<string, unknown>;
  const doc = await t.buildDocument({
    teamId: firm.teamId,
    createdBy: firm.ids.alice,
    status: 2,
    template: { ...NDA, xml: sample },
  });
  const actionToken = (await firm.as.alice.get(`/api/get-action-token/${doc.id}`)).json().data.action_token;
  expect(
    (await firm.as.alice.post(`/api/xpressdox/assemble/${doc.id}`, { action_token: actionToken })).statusCode,
  ).toBe(200);
  return doc;
}

/** An assembled NDA sent for signing with FuseSign; or `again`, sent anew. */
async function sentWithFuseSign(again?: { id: number }) {
  const doc = again ?? (await assembledNda());
  const listed = (await firm.as.alice.get("/api/signing/list-signer", { doc_id: doc.id })).json().data;
  expect(listed.providers).toEqual(["builtin", "fusesign"]);
  type Person = { full_name: string; email: string; meta_key: string; date_key: string };
  const signer = (listed.list as (Omit<Person, "email"> & { Email: string; witness: Person[] })[]).flatMap(
    (s) => [
      { full_name: s.full_name, email: s.Email, meta_key: s.meta_key, date_key: s.date_key },
      ...s.witness,
    ],
  );
  const sent = await firm.as.alice.post("/api/signing/confirm", {
    doc_id: doc.id,
    provider: "fusesign",
    sms_notify: 1,
    due_date: "2026-11-30",
    email_subject: "Please sign the NDA",
    email_body: "Thank you.",
    is_group: 0,
    witnesses_adult: true,
    signer: signer.map((s, i) => ({
      ...s,
      phone_number: `+61-41234567${i}`,
      signing_group: 0,
      signing_group_name: "Signers",
    })),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const [envelope] = await t.db
    .select()
    .from(signingEnvelopes)
    .where(eq(signingEnvelopes.documentId, doc.id))
    .orderBy(desc(signingEnvelopes.id))
    .limit(1);
  if (!envelope?.providerBundleId) throw new Error("no FuseSign bundle");
  const recipients = await t.db
    .select()
    .from(signingRecipients)
    .where(eq(signingRecipients.envelopeId, envelope.id));
  return { doc, envelope, bundleId: envelope.providerBundleId, recipients };
}

const deliver = (webhook: { payload: string; signature: string }) =>
  t.app.inject({
    method: "POST",
    url: "/api/fusesign/webhook",
    payload: webhook.payload,
    headers: { "content-type": "application/json", [FUSESIGN_SIGNATURE_HEADER]: webhook.signature },
  });

describe("signing with FuseSign", () => {
  it("sends the bundle, follows signed webhooks to Signed once, and serves FuseSign's signed PDF", async () => {
    const { doc, envelope, bundleId, recipients } = await sentWithFuseSign();
    const bundle = fake.bundles.get(bundleId);
    expect(bundle?.body).toMatchObject({
      SmsToSign: true,
      // On the configured public origin, not the request's Host.
      WebhookUrl: `${t.config.PUBLIC_URL}/api/fusesign/webhook`,
    });
    // A witness signs in the FuseSign group after their signer's.
    const witness = recipients.find((r) => r.role === "witness");
    const witnessGroup = bundle?.Customers.find((c) => c.Customer.Meta === witness?.metaKey)?.SigningGroup;
    expect(witnessGroup).toBe(1);
    expect(bundle?.Customers.filter((c) => c.SigningGroup === 0)).toHaveLength(recipients.length - 1);
    expect(fake.unknown).toEqual([]);
    // FuseSign emails the links: we send none.
    const ours = (await t.db.select().from(mailOutbox)).filter((m) =>
      m.key.startsWith(`signing:${envelope.id}:`),
    );
    expect(ours).toEqual([]);

    // A forged or altered delivery is refused and changes nothing.
    const first = fake.customerActs(bundleId, recipients[0]?.metaKey ?? "", "ActionsCompleted");
    const forged = await deliver({ payload: first.payload, signature: "0".repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(
      (
        await t.db.select().from(signingRecipients).where(eq(signingRecipients.envelopeId, envelope.id))
      ).every((r) => r.status === "pending"),
    ).toBe(true);

    const accepted = await deliver(first);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toEqual({ applied: true });
    for (const r of recipients.slice(1, -1)) {
      expect((await deliver(fake.customerActs(bundleId, r.metaKey, "ActionsCompleted"))).statusCode).toBe(
        200,
      );
    }
    const [stillPending] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(stillPending?.status).toBe(4);

    const finalised = fake.customerActs(bundleId, recipients.at(-1)?.metaKey ?? "", "ActionsCompleted");
    // The same delivery twice at once (FuseSign retries): it completes once.
    const twice = await Promise.all([deliver(finalised), deliver(finalised)]);
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(twice.map((r) => r.json().data.applied).sort()).toEqual([false, true]);
    const [done] = await t.db.select().from(signingEnvelopes).where(eq(signingEnvelopes.id, envelope.id));
    expect(done?.status).toBe("completed");
    expect(done?.signedSha256).toMatch(/^[0-9a-f]{64}$/);
    const [signedDoc] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(signedDoc?.status).toBe(3);
    const status = (await firm.as.alice.get("/api/signing/bundle/get", { doc_id: doc.id })).json().data;
    expect(status).toMatchObject({ bundle_status: "completed", total_signed: recipients.length });

    const download = await firm.as.alice.get("/api/signing/document/download", { doc_id: doc.id });
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain("signed by FuseSign (fake)");
    expect((await firm.outsider.get("/api/signing/document/download", { doc_id: doc.id })).statusCode).toBe(
      404,
    );
  });

  it("a rejection in FuseSign rejects the request; events we do not act on change nothing", async () => {
    const { envelope, bundleId, recipients } = await sentWithFuseSign();
    const ignored = await deliver(fake.signedWebhook(bundleId, "CustomerEmailDelivered"));
    expect(ignored.json().data).toEqual({ applied: false });
    const rejected = await deliver(fake.customerActs(bundleId, recipients[0]?.metaKey ?? "", "Rejected"));
    expect(rejected.statusCode).toBe(200);
    // The fake's rejection event is not one we act on; FuseSign's CustomerDocumentSigned after it is.
    const next = await deliver(fake.signedWebhook(bundleId, "CustomerDocumentSigned"));
    expect(next.json().data).toEqual({ applied: true });
    const [row] = await t.db.select().from(signingEnvelopes).where(eq(signingEnvelopes.id, envelope.id));
    expect(row?.status).toBe("rejected");
    // The document is Completed again, as after a decline on our own page, so it can be resent.
    const [rejectedDoc] = await t.db.select().from(documents).where(eq(documents.id, envelope.documentId));
    expect(rejectedDoc?.status).toBe(5);
    // A request rejected in FuseSign is sent anew (resending reuses our own signing page's links).
    const again = await sentWithFuseSign({ id: envelope.documentId });
    expect(again.envelope.id).not.toBe(envelope.id);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "completes while a cancel holds the document, then its envelope, without a deadlock",
    async () => {
      const { doc, envelope, bundleId, recipients } = await sentWithFuseSign();
      for (const r of recipients.slice(0, -1)) {
        expect((await deliver(fake.customerActs(bundleId, r.metaKey, "ActionsCompleted"))).statusCode).toBe(
          200,
        );
      }
      const finalised = fake.customerActs(bundleId, recipients.at(-1)?.metaKey ?? "", "ActionsCompleted");
      let delivered: ReturnType<typeof deliver> | undefined;
      await t.db.transaction(async (cancel) => {
        // Cancel's order: the document's row, then its envelope's.
        await cancel
          .select({ id: documents.id })
          .from(documents)
          .where(eq(documents.id, doc.id))
          .for("update");
        // Sent now (an injected request waits to be awaited).
        delivered = Promise.resolve(deliver(finalised));
        // The delivery is under way once a second connection waits for a lock.
        await expect.poll(() => t.connectionsWaitingForLocks(), { timeout: 5000 }).toBe(1);
        await cancel
          .select({ id: signingEnvelopes.id })
          .from(signingEnvelopes)
          .where(eq(signingEnvelopes.id, envelope.id))
          .for("update");
      });
      const res = await delivered;
      expect(res?.statusCode, res?.body).toBe(200);
      expect(res?.json().data).toEqual({ applied: true });
      const [done] = await t.db.select().from(signingEnvelopes).where(eq(signingEnvelopes.id, envelope.id));
      expect(done?.status).toBe("completed");
      const [signedDoc] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
      expect(signedDoc?.status).toBe(3);
    },
  );

  it("retracts the FuseSign bundle when our request is voided", async () => {
    const { doc, bundleId } = await sentWithFuseSign();
    await t.db.transaction((tx) =>
      t.services.signing.voidPending(tx, firm.teamId, doc.id, "Document relaunched"),
    );
    await t.services.jobs.runDue();
    expect(fake.bundles.get(bundleId)?.status).toBe("Retracted");
  });
});
