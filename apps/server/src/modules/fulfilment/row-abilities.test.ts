import { DocumentDetailResponse, DocumentListResponse } from "@precedent/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";

// The rows' may_legal_review / may_order_hard_copy / legal_review_upgrade: what the fulfilment
// policy would take from this reader, so the web offers exactly what the server accepts.

let t: TestApp;
let people: FirmWithPeople;
const trustDeed = { identifier: "discretionary-trust-deed", name: "Discretionary Trust Deed" };

beforeAll(async () => {
  t = await createTestApp();
  people = await buildFirmWithPeople(t);
}, 240_000);
afterAll(async () => t?.close());

const detail = async (client: FirmClient, docId: number, query: Record<string, number> = {}) => {
  const reply = await client.get(`/api/doc/${docId}`, query);
  expect(reply.statusCode).toBe(200);
  return DocumentDetailResponse.parse(reply.json()).data;
};
const abilitiesOf = (row: {
  may_legal_review?: boolean;
  may_order_hard_copy?: boolean;
  legal_review_upgrade?: boolean;
}) => [row.may_legal_review, row.may_order_hard_copy, row.legal_review_upgrade];

describe("legal review and hard copy abilities on document rows", () => {
  it("a completed document's creator may ask for both; the server takes both", async () => {
    const doc = await t.buildDocument({
      teamId: people.teamId,
      createdBy: people.ids.alice,
      status: 5,
      template: trustDeed,
    });
    expect(abilitiesOf(await detail(people.as.alice, doc.id))).toEqual([true, true, false]);
    // The list carries the same, as the menu reads it.
    const rows = DocumentListResponse.parse(
      (await people.as.alice.get("/api/doc", { type: 1, length: 100 })).json(),
    ).data.rows;
    expect(abilitiesOf(rows.find((r) => r.id === doc.id) ?? {})).toEqual([true, true, false]);
  });

  it("a draft offers neither (and the server refuses both)", async () => {
    const draft = await t.buildDocument({ teamId: people.teamId, createdBy: people.ids.alice, status: 1 });
    expect(abilitiesOf(await detail(people.as.alice, draft.id))).toEqual([false, false, false]);
    const billing = { first_name: "A", last_name: "B", email: "a@b.test" };
    expect((await people.as.alice.post(`/api/doc/${draft.id}/legal-review`, { billing })).statusCode).toBe(
      409,
    );
  });

  it("a signed document offers a hard copy only", async () => {
    const signed = await t.buildDocument({
      teamId: people.teamId,
      createdBy: people.ids.alice,
      status: 3,
      template: trustDeed,
    });
    expect(abilitiesOf(await detail(people.as.alice, signed.id))).toEqual([false, true, false]);
  });

  it("a member's document: the owner may order for it; another member who sees it shared may not", async () => {
    const folder = await t.buildFolder({ teamId: people.teamId, createdBy: people.ids.alice, shared: true });
    const doc = await t.buildDocument({
      teamId: people.teamId,
      createdBy: people.ids.alice,
      status: 5,
      template: trustDeed,
      sharedIn: [{ folderId: folder.id }],
    });
    expect(abilitiesOf(await detail(people.as.owner, doc.id, { type: 3 }))).toEqual([true, true, false]);
    expect(abilitiesOf(await detail(people.as.bob, doc.id, { type: 2 }))).toEqual([false, false, false]);
  });

  it("the Lite plan: review as the upgrade notice on a completed document, hard copy allowed; nothing on a draft", async () => {
    const done = await t.buildDocument({
      teamId: people.otherTeamId,
      createdBy: people.ids.otherOwner,
      status: 5,
      template: trustDeed,
    });
    expect(abilitiesOf(await detail(people.lite, done.id))).toEqual([false, true, true]);
    const draft = await t.buildDocument({
      teamId: people.otherTeamId,
      createdBy: people.ids.otherOwner,
      status: 1,
    });
    expect(abilitiesOf(await detail(people.lite, draft.id))).toEqual([false, false, false]);
  });
});
