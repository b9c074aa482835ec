import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { signingEnvelopes, signingRecipients } from "../signing/index.ts";

let t: TestApp;
let firm: FirmWithPeople;
beforeAll(async () => {
  t = await createTestApp();
  firm = await buildFirmWithPeople(t);
});
afterAll(() => t.close());

/** A pending signing request with two signers, written as another server or a script would. */
async function pendingRequest(docId: number, teamId: number) {
  const now = new Date();
  const [envelope] = await t.db
    .insert(signingEnvelopes)
    .values({
      teamId,
      documentId: docId,
      senderUserId: firm.ids.owner,
      provider: "builtin",
      status: "pending",
      smsNotify: false,
      isGroup: false,
      dueDate: "2030-01-01",
      emailSubject: "Please sign",
      emailBody: "",
      originalSha256: "0".repeat(64),
      fields: [],
      sentAt: now,
      updatedAt: now,
    })
    .returning({ id: signingEnvelopes.id });
  if (!envelope) throw new Error("envelope not created");
  for (const [index, name] of ["Ada Signer", "Ben Signer"].entries()) {
    await t.db.insert(signingRecipients).values({
      envelopeId: envelope.id,
      teamId,
      role: "signer",
      fullName: name,
      email: `signer${index}@example.com`,
      metaKey: `signer${index}`,
      dateKey: `date${index}`,
      groupIndex: 0,
      groupName: "Group 1",
      isLastSigner: index === 1,
      tokenHash: `${docId}-${index}`,
      tokenExpiresAt: new Date(now.getTime() + 86_400_000),
      status: "pending",
      createdAt: now,
    });
  }
  return envelope.id;
}

const rowOf = async (docId: number) => {
  const res = await firm.as.owner.get("/api/doc", { type: 1, page: 1, length: 50 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.rows.find((row: { id: number }) => row.id === docId);
};

describe("GET /api/doc with columns another module registers", () => {
  it("shows signing's columns, and a change to its tables alone refreshes a kept list", async () => {
    const doc = await t.buildDocument({ teamId: firm.teamId, createdBy: firm.ids.owner, status: 4 });
    const envelopeId = await pendingRequest(doc.id, firm.teamId);
    expect(await rowOf(doc.id)).toMatchObject({ total_signer: 2, total_signed: 0, bundle_status: "pending" });
    const hits = t.services.replyCache.stats.hits;
    await rowOf(doc.id);
    expect(t.services.replyCache.stats.hits).toBe(hits + 1);

    // Only the recipient changes: no document row moves, the registered table's trigger must.
    await t.db
      .update(signingRecipients)
      .set({ status: "signed", signedAt: new Date() })
      .where(and(eq(signingRecipients.envelopeId, envelopeId), eq(signingRecipients.fullName, "Ada Signer")));
    expect(await rowOf(doc.id)).toMatchObject({ total_signer: 2, total_signed: 1, bundle_status: "pending" });

    await t.db
      .update(signingEnvelopes)
      .set({ status: "rejected" })
      .where(eq(signingEnvelopes.id, envelopeId));
    expect((await rowOf(doc.id)).bundle_status).toBe("rejected");
  });

  it("reads 0/0 and no request for a document never sent", async () => {
    const doc = await t.buildDocument({ teamId: firm.teamId, createdBy: firm.ids.owner, status: 5 });
    expect(await rowOf(doc.id)).toMatchObject({ total_signer: 0, total_signed: 0, bundle_status: null });
  });

  it("reads only the firm's own requests: another firm's row naming this document is not counted", async () => {
    const doc = await t.buildDocument({ teamId: firm.teamId, createdBy: firm.ids.owner, status: 4 });
    await pendingRequest(doc.id, firm.otherTeamId);
    expect(await rowOf(doc.id)).toMatchObject({ total_signer: 0, total_signed: 0, bundle_status: null });
  });
});
