import { DocumentDetailResponse, DocumentListResponse } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { products } from "../catalogue/index.ts";
import { fileNameOf } from "./file-names.ts";
import { documentFileDownloads, documentFiles } from "./schema.ts";

let t: TestApp;
let teamId: number;
let ids: FirmWithPeople["ids"];
let as: FirmWithPeople["as"];
let outsider: FirmClient;
let lite: FirmClient;
let otherTeamId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ teamId, otherTeamId, ids, as, outsider, lite } = await buildFirmWithPeople(t));
});
afterAll(() => t.close());

const MEDIA = { pdf: "application/pdf", word: "application/vnd.openxmlformats" } as const;

/** A document with the files an assembly leaves: a PDF and a Word file (a zip, as .docx is). */
async function assembledDocument(
  input: Parameters<TestApp["buildDocument"]>[0],
  kinds: ("pdf" | "word")[] = ["pdf", "word"],
) {
  const doc = await t.buildDocument(input);
  for (const kind of kinds) {
    const bytes =
      kind === "pdf"
        ? strToU8(`%PDF-1.7 ${doc.name}`)
        : zipSync({ "word/document.xml": strToU8(`<w:document>${doc.name}</w:document>`) });
    const stored = await t.services.fileStore.put(bytes, { mediaType: MEDIA[kind] });
    await t.db.insert(documentFiles).values({
      docId: doc.id,
      teamId: input.teamId,
      kind,
      name: fileNameOf(doc.name, kind),
      sha256: stored.sha256,
      size: stored.size,
      createdBy: input.createdBy,
      createdAt: new Date(),
    });
  }
  return doc;
}

const zipOf = (client: FirmClient, listDoc: number[]) =>
  client.post("/api/doc/download-zip", { list_doc: listDoc });

describe("abilities: Download PDF and Download Word", () => {
  it("are offered on a completed document with files, not on one never assembled or a draft", async () => {
    const done = await assembledDocument({ teamId, createdBy: ids.alice, status: 5 });
    const neverAssembled = await t.buildDocument({ teamId, createdBy: ids.alice, status: 5 });
    const draftWithOldFiles = await assembledDocument({ teamId, createdBy: ids.alice, status: 2 });
    const noWord = await assembledDocument({
      teamId,
      createdBy: ids.alice,
      status: 4,
      allowDownloadWord: false,
    });
    const abilitiesOf = async (id: number) => {
      const res = await as.alice.get(`/api/doc/${id}`);
      const { abilities } = DocumentDetailResponse.parse(res.json()).data;
      return [abilities.download_pdf, abilities.download_word];
    };
    expect(await abilitiesOf(done.id)).toEqual([true, true]);
    expect(await abilitiesOf(neverAssembled.id)).toEqual([false, false]);
    expect(await abilitiesOf(draftWithOldFiles.id)).toEqual([false, false]);
    expect(await abilitiesOf(noWord.id)).toEqual([true, false]);
    // The list carries the same abilities.
    const list = DocumentListResponse.parse(
      (await as.alice.get("/api/doc", { type: 1, length: 100 })).json(),
    );
    const listed = list.data.rows.find((row) => row.id === done.id);
    expect([listed?.abilities.download_pdf, listed?.abilities.download_word]).toEqual([true, true]);
  });
});

describe("POST /api/doc/download-zip", () => {
  it("sends one zip of the selected documents' files, Word only where allowed", async () => {
    const lease = await assembledDocument({ teamId, createdBy: ids.alice, status: 5, name: "Lease" });
    const will = await assembledDocument({
      teamId,
      createdBy: ids.alice,
      status: 3,
      name: "Will",
      allowDownloadWord: false,
    });
    const res = await zipOf(as.alice, [lease.id, will.id]);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toContain("Documents.zip");
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toEqual(["Lease.pdf", "Lease.docx", "Will.pdf"]);
    expect(
      Buffer.from(files["Lease.pdf"] ?? [])
        .subarray(0, 4)
        .toString(),
    ).toBe("%PDF");
    expect(
      Buffer.from(files["Lease.docx"] ?? [])
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
    // Recorded as downloads, as the single downloads are.
    const recorded = await t.db
      .select()
      .from(documentFileDownloads)
      .where(eq(documentFileDownloads.userId, ids.alice));
    expect(recorded.length).toBeGreaterThanOrEqual(3);
  });

  it("gives two files of the same name distinct names", async () => {
    const a = await assembledDocument({ teamId, createdBy: ids.alice, status: 5, name: "Trust deed" }, [
      "pdf",
    ]);
    const b = await assembledDocument({ teamId, createdBy: ids.alice, status: 5, name: "Trust deed" }, [
      "pdf",
    ]);
    const res = await zipOf(as.alice, [a.id, b.id]);
    expect(Object.keys(unzipSync(new Uint8Array(res.rawPayload)))).toEqual([
      "Trust deed.pdf",
      `Trust deed (Doc ID ${b.id}).pdf`,
    ]);
  });

  it("lets a member download another member's document in a shared folder, as the single download does", async () => {
    const shared = await t.buildFolder({ teamId, createdBy: ids.bob, type: 2 });
    const bobs = await assembledDocument({
      teamId,
      createdBy: ids.bob,
      status: 5,
      name: "Bob's deed",
      folderId: shared.id,
    });
    const res = await zipOf(as.alice, [bobs.id]);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(res.rawPayload)))).toEqual([
      "Bob's deed.pdf",
      "Bob's deed.docx",
    ]);
  });

  it("refuses the whole selection, naming each document without a file to download", async () => {
    const done = await assembledDocument({ teamId, createdBy: ids.alice, status: 5, name: "Done" });
    const draft = await t.buildDocument({ teamId, createdBy: ids.alice, status: 1, name: "Half done" });
    const res = await zipOf(as.alice, [done.id, draft.id]);
    expect(res.statusCode).toBe(409);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json().message).toBe(
      `Nothing was downloaded: Doc ID ${draft.id} - Half done (Draft) has no file to download. Only completed, signed or pending-signature documents with an assembled PDF or Word file can be downloaded.`,
    );
  });

  it("answers 404 for a document the caller cannot see: another member's private one", async () => {
    const bobsPrivate = await assembledDocument({ teamId, createdBy: ids.bob, status: 5 });
    const mine = await assembledDocument({ teamId, createdBy: ids.alice, status: 5 });
    const res = await zipOf(as.alice, [mine.id, bobsPrivate.id]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`Doc ID ${bobsPrivate.id} was not found.`);
  });

  it("cross-firm: another firm's documents answer 404 and nothing is sent or recorded", async () => {
    const ours = await assembledDocument({ teamId, createdBy: ids.owner, status: 5 });
    const before = await t.db
      .select()
      .from(documentFileDownloads)
      .where(eq(documentFileDownloads.userId, ids.otherOwner));
    // With their own firm's id: our document is not theirs.
    const own = await zipOf(lite, [ours.id]);
    expect(own.statusCode).toBe(404);
    expect(own.json().message).toBe(`Doc ID ${ours.id} was not found.`);
    // With our firm's id: they are not in it.
    const spoofed = await zipOf(outsider, [ours.id]);
    expect(spoofed.statusCode).toBe(404);
    expect(spoofed.headers["content-type"]).toContain("application/json");
    // Their own document beside ours changes nothing.
    const theirs = await assembledDocument({ teamId: otherTeamId, createdBy: ids.otherOwner, status: 5 });
    expect((await zipOf(lite, [theirs.id, ours.id])).statusCode).toBe(404);
    const after = await t.db
      .select()
      .from(documentFileDownloads)
      .where(eq(documentFileDownloads.userId, ids.otherOwner));
    expect(after).toEqual(before);
  });

  it("is described in the OpenAPI document with its request and error replies", async () => {
    const spec = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const operation = spec.paths["/api/doc/download-zip"].post;
    expect(operation.requestBody.content["application/json"].schema.required).toEqual(["list_doc"]);
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(["200", "400", "404", "409", "413"]),
    );
  });

  it("refuses an empty selection and more than 50 documents", async () => {
    expect((await zipOf(as.alice, [])).json().message).toBe("Please select at least one document.");
    const many = Array.from({ length: 51 }, (_, i) => i + 1);
    const res = await zipOf(as.alice, many);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please select at most 50 documents to download at once.");
  });
});

describe("GET /api/doc/{id}: what the detail panel states", () => {
  it("names the template of a document linked to it by identifier only", async () => {
    const [product] = await t.db
      .insert(products)
      .values({
        templateIdentifier: "zip-test-lease",
        sku: "zip-test-lease",
        name: "Commercial lease",
        priceCents: 0,
      })
      .returning();
    const doc = await t.buildDocument({
      teamId,
      createdBy: ids.alice,
      template: { identifier: "zip-test-lease", name: "Commercial lease" },
    });
    const detail = DocumentDetailResponse.parse((await as.alice.get(`/api/doc/${doc.id}`)).json()).data;
    expect(detail.template).toEqual({ id: product?.id, name: "Commercial lease" });
  });

  it("lists the shared folder a document sits in among its shared folders", async () => {
    const shared = await t.buildFolder({ teamId, createdBy: ids.alice, type: 2, name: "Client files" });
    const doc = await t.buildDocument({ teamId, createdBy: ids.alice, folderId: shared.id });
    const detail = DocumentDetailResponse.parse((await as.alice.get(`/api/doc/${doc.id}`)).json()).data;
    expect(detail.shared_folders).toEqual([
      { id: shared.id, name: "Client files", can_remove: false, sits_in: true },
    ]);
    // A folder of My Documents that was shared holds its documents in Shared Folders too.
    const mine = await t.buildFolder({ teamId, createdBy: ids.alice, name: "Smith matter", shared: true });
    const inMine = await t.buildDocument({ teamId, createdBy: ids.alice, folderId: mine.id });
    const mineDetail = DocumentDetailResponse.parse(
      (await as.alice.get(`/api/doc/${inMine.id}`)).json(),
    ).data;
    expect(mineDetail.shared_folders.map((f) => f.name)).toEqual(["Smith matter"]);
  });
});
