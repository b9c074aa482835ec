import {
  CreateDraftResponse,
  DocumentResponse,
  DRAFT_HAS_TEMPLATE,
  DRAFT_KEEPS_FOLDER,
  OrderResponse,
  type Product,
  ProductListResponse,
  RELAUNCH_NO_TEMPLATE,
  StartDocumentResponse,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/index.ts";
import { documents } from "../documents/index.ts";
import { teams } from "../teams/index.ts";
import { documentStarts, orders } from "./schema.ts";

/**
 * A new firm's first hour (issue 11): documents filed at the top level of My Documents, a blank
 * draft given its template, and relaunch refused on a document without one.
 */
let t: TestApp;
let people: FirmWithPeople;
let byIdentifier: Map<string, Product>;

const product = (identifier: string) => {
  const p = byIdentifier.get(identifier);
  if (!p) throw new Error(`no product ${identifier}`);
  return p;
};
const row = async (id: number) => {
  const [found] = await t.db.select().from(documents).where(eq(documents.id, id));
  if (!found) throw new Error(`document ${id} missing`);
  return found;
};
const usesLeft = async (teamId: number) =>
  (await t.db.select().from(teams).where(eq(teams.id, teamId)))[0]?.creditLimit;
const setUses = (teamId: number, n: number) =>
  t.db.update(teams).set({ creditLimit: n }).where(eq(teams.id, teamId));
/** Create New > New Document: a draft with no template. */
const blankDraft = async (client: FirmClient, name = "Untitled document") => {
  const res = await client.post("/api/doc/draft", { name, is_asic_document: 0 });
  expect(res.statusCode, res.body).toBe(200);
  return CreateDraftResponse.parse(res.json()).data.document;
};

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
  const list = ProductListResponse.parse((await people.as.alice.get("/api/products")).json());
  byIdentifier = new Map(list.data.rows.map((p) => [p.template_identifier, p]));
}, 240_000);
afterAll(async () => t?.close());

describe("POST /api/doc/start without a folder", () => {
  it("files the document at the top level of the caller's My Documents", async () => {
    await setUses(people.teamId, 5);
    for (const folder_id of [undefined, null]) {
      const res = await people.as.alice.post("/api/doc/start", {
        product_id: product("mutual-nda").id,
        name: `Top level NDA ${folder_id}`,
        ...(folder_id === null ? { folder_id } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      const started = StartDocumentResponse.parse(res.json()).data;
      const detail = DocumentResponse.parse(
        (await people.as.alice.get(`/api/doc/${started.id}`)).json(),
      ).data;
      expect(detail).toMatchObject({ folder: null, created_by: people.ids.alice, status: 1 });
      expect(detail.template?.name).toBe(product("mutual-nda").name);
    }
    expect(await usesLeft(people.teamId)).toBe(3);
    // It is listed at the top of My Documents.
    const list = await people.as.alice.get("/api/doc", { type: 1, length: 50 });
    expect(list.json().data.rows.map((d: { name: string }) => d.name)).toContain("Top level NDA undefined");
  });

  it("also creates a blank draft at the top level (POST /api/doc/draft)", async () => {
    const draft = await blankDraft(people.as.alice, "Top level blank");
    expect(draft.folder).toBeNull();
    expect(draft.template).toBeNull();
  });
});

describe("POST /api/doc/start with doc_id (a blank draft gets its template)", () => {
  it("attaches the template to that draft, takes exactly one plan use, and the interview opens", async () => {
    await setUses(people.teamId, 5);
    const draft = await blankDraft(people.as.alice);
    const res = await people.as.alice.post("/api/doc/start", {
      product_id: product("mutual-nda").id,
      doc_id: draft.id,
      name: "NDA with Acme",
    });
    expect(res.statusCode, res.body).toBe(200);
    const started = StartDocumentResponse.parse(res.json()).data;
    expect(started).toMatchObject({ id: draft.id, consumed: "plan_use", template_identifier: "mutual-nda" });
    expect(await usesLeft(people.teamId)).toBe(4);
    expect(await row(draft.id)).toMatchObject({
      name: "NDA with Acme",
      xTemplateId: "mutual-nda",
      templateId: product("mutual-nda").id,
      folderId: null,
      status: 1,
    });
    // No second document was made.
    const made = await t.db.select().from(documents).where(eq(documents.name, "NDA with Acme"));
    expect(made).toHaveLength(1);
    const interview = await people.as.alice.get(`/api/doc/${draft.id}/interview`);
    expect(interview.statusCode, interview.body).toBe(200);

    // The draft now has a template: another start on it is refused and takes nothing.
    const again = await people.as.alice.post("/api/doc/start", {
      product_id: product("mutual-nda").id,
      doc_id: draft.id,
      name: "Again",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DRAFT_HAS_TEMPLATE);
    expect(await usesLeft(people.teamId)).toBe(4);
    expect((await row(draft.id)).name).toBe("NDA with Acme");
  });

  it("takes one use for 10 parallel starts on one draft", async () => {
    await setUses(people.teamId, 5);
    const draft = await blankDraft(people.as.alice);
    const starts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        people.as.alice.post("/api/doc/start", {
          product_id: product("mutual-nda").id,
          doc_id: draft.id,
          name: `Parallel ${i}`,
        }),
      ),
    );
    expect(starts.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(starts.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await usesLeft(people.teamId)).toBe(4);
    const records = await t.db.select().from(documentStarts).where(eq(documentStarts.documentId, draft.id));
    expect(records).toHaveLength(1);
  }, 60_000);

  it("uses a paid order for the draft, marking it used", async () => {
    const draft = await blankDraft(people.as.alice);
    const created = await people.as.alice.post("/api/orders", {
      line_items: [{ product_id: product("simple-will").id, quantity: 1 }],
      billing: { first_name: "Alice", last_name: "Adviser", email: "alice@firm.test" },
    });
    const order = OrderResponse.parse(created.json()).data;
    // Paid by the provider (the sandbox checkout is covered in purchase.test.ts).
    await t.db.update(orders).set({ status: "paid" }).where(eq(orders.id, order.id));
    const res = await people.as.alice.post("/api/doc/start", {
      order_id: order.id,
      doc_id: draft.id,
      name: "Alice's will",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: draft.id, consumed: "order" });
    const [used] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(used).toMatchObject({ status: "used", documentId: draft.id });
    expect((await row(draft.id)).xTemplateId).toBe("simple-will");
  });

  it("refuses a draft of another firm (404) or another member (404), and a folder with doc_id, taking nothing", async () => {
    await setUses(people.teamId, 5);
    const alices = await blankDraft(people.as.alice);
    const otherFirmDraft = await blankDraft(people.lite);
    const usesBefore = await usesLeft(people.teamId);
    const foreign = await people.as.alice.post("/api/doc/start", {
      product_id: product("mutual-nda").id,
      doc_id: otherFirmDraft.id,
      name: "Not mine",
    });
    expect(foreign.statusCode).toBe(404);
    const bobs = await people.as.bob.post("/api/doc/start", {
      product_id: product("mutual-nda").id,
      doc_id: alices.id,
      name: "Not Bob's",
    });
    expect(bobs.statusCode).toBe(404);
    const withFolder = await people.as.alice.post("/api/doc/start", {
      product_id: product("mutual-nda").id,
      doc_id: alices.id,
      folder_id: 1,
      name: "Moved",
    });
    expect(withFolder.statusCode).toBe(400);
    expect(withFolder.json().message).toBe(DRAFT_KEEPS_FOLDER);
    expect(await usesLeft(people.teamId)).toBe(usesBefore);
    expect(await row(otherFirmDraft.id)).toMatchObject({ xTemplateId: null, name: "Untitled document" });
    expect(await row(alices.id)).toMatchObject({ xTemplateId: null, name: "Untitled document" });
  });
});

describe("PUT /api/doc/relaunch/{docId} without a template", () => {
  it("is refused with nothing changed, and the document's abilities do not offer it", async () => {
    const blank = await t.buildDocument({ teamId: people.teamId, createdBy: people.ids.alice, status: 5 });
    const before = await row(blank.id);
    const detail = DocumentResponse.parse((await people.as.alice.get(`/api/doc/${blank.id}`)).json()).data;
    expect(detail.abilities.relaunch).toBe(false);

    const res = await people.as.alice.put(`/api/doc/relaunch/${blank.id}`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RELAUNCH_NO_TEMPLATE);
    expect(await row(blank.id)).toMatchObject({ status: 5, isRelaunch: false, updatedAt: before.updatedAt });

    // With a template, relaunch stays offered (and works).
    const withTemplate = await t.buildDocument({
      teamId: people.teamId,
      createdBy: people.ids.alice,
      status: 5,
      template: { identifier: "mutual-nda", name: "Mutual NDA" },
    });
    const offered = DocumentResponse.parse(
      (await people.as.alice.get(`/api/doc/${withTemplate.id}`)).json(),
    ).data;
    expect(offered.abilities.relaunch).toBe(true);
    expect((await people.as.alice.put(`/api/doc/relaunch/${withTemplate.id}`, {})).statusCode).toBe(200);
    // Another firm's document: 404, nothing changed.
    const foreign = await people.outsider.put(`/api/doc/relaunch/${withTemplate.id}`, {});
    expect(foreign.statusCode).toBe(404);
  });
});
