import { createHash } from "node:crypto";
import type { DocumentStatus } from "@precedent/contracts";
import {
  DOCUMENT_NOT_ASSEMBLED,
  DOWNLOAD_NOT_ALLOWED,
  INTERVIEW_COMPLETED_DOCUMENT,
  INTERVIEW_INCOMPLETE,
  INTERVIEW_INVALID_DOCUMENT,
  INTERVIEW_OPENED_IN_ANOTHER_TAB,
  NO_TEMPLATE,
  RELAUNCH_NOT_ALLOWED,
} from "@precedent/contracts";
import { type Answers, MESSAGES, missingAnswers } from "@precedent/docgen";
import { readPdf } from "@precedent/docgen/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RENDERS_MAX_PER_MINUTE } from "../../constants.ts";
import {
  bearer,
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  firmClient,
  signIn,
  type TestApp,
} from "../../test/harness.ts";
import {
  createDocumentsService,
  documentFileDownloads,
  documentFiles,
  documents,
} from "../documents/index.ts";
import { fileBlobs } from "../files/index.ts";
import { documentLogs } from "../logs/index.ts";
import { users } from "../users/index.ts";

let t: TestApp;
let teamId: number;
let ids: FirmWithPeople["ids"];
let as: FirmWithPeople["as"];
let outsider: FirmClient;
let lite: FirmClient;
let sample: Record<string, unknown>;

const NDA = { identifier: "mutual-nda", name: "Mutual Non-Disclosure Agreement" };

beforeAll(async () => {
  t = await createTestApp();
  ({ teamId, ids, as, outsider, lite } = await buildFirmWithPeople(t));
  const template = t.services.templates.starter(NDA.identifier);
  if (!template?.sampleAnswers) throw new Error("the NDA's sample answers are missing");
  sample = template.sampleAnswers as Record<string, unknown>;
});
afterAll(() => t.close());

const draft = (
  over: {
    by?: number;
    status?: DocumentStatus;
    xml?: Record<string, unknown>;
    template?: typeof NDA | null;
    allowDownloadPdf?: boolean;
    allowDownloadWord?: boolean;
    sharedIn?: { folderId: number }[];
    name?: string;
  } = {},
) =>
  t.buildDocument({
    teamId,
    createdBy: over.by ?? ids.alice,
    status: over.status ?? 1,
    name: over.name,
    sharedIn: over.sharedIn,
    allowDownloadPdf: over.allowDownloadPdf,
    allowDownloadWord: over.allowDownloadWord,
    template: over.template === null ? undefined : { ...(over.template ?? NDA), xml: over.xml },
  });
const row = async (id: number) => {
  const [found] = await t.db.select().from(documents).where(eq(documents.id, id));
  if (!found) throw new Error(`document ${id} missing`);
  return found;
};
const logsOf = (docId: number) =>
  t.db.select().from(documentLogs).where(eq(documentLogs.docId, docId)).orderBy(documentLogs.id);
const filesOf = (docId: number) =>
  t.db.select().from(documentFiles).where(eq(documentFiles.docId, docId)).orderBy(documentFiles.kind);
const tokenFor = async (client: FirmClient, docId: number) => {
  const res = await client.get(`/api/get-action-token/${docId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.action_token as string;
};
const save = (client: FirmClient, docId: number, xml: object, token: string) =>
  client.put(`/api/xpressdox/update-xml/${docId}`, { xml, action_token: token });
const assemble = (client: FirmClient, docId: number, token: string) =>
  client.post(`/api/xpressdox/assemble/${docId}`, { action_token: token });
const download = (client: FirmClient, docId: number, type: "pdf" | "word") =>
  client.get(`/api/doc/download/${docId}`, { type });

/** A document assembled from the sample answers through the API, as its creator alice. */
async function completedDocument(over: Parameters<typeof draft>[0] = {}) {
  const doc = await draft({ xml: sample, ...over });
  const token = await tokenFor(as.alice, doc.id);
  const res = await assemble(as.alice, doc.id, token);
  expect(res.statusCode, res.body).toBe(200);
  return doc;
}

describe("action tokens", () => {
  it("gives a fresh token per call; a save with the older one answers status false and saves nothing", async () => {
    const doc = await draft();
    const first = await tokenFor(as.alice, doc.id);
    const second = await tokenFor(as.alice, doc.id);
    expect(second).not.toBe(first);

    const stale = await save(as.alice, doc.id, { purpose: "first tab" }, first);
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data).toEqual({ status: false });
    expect((await row(doc.id)).xml).toEqual({});
    expect((await row(doc.id)).status).toBe(1);

    const current = await save(as.alice, doc.id, { purpose: "second tab" }, second);
    expect(current.json().data).toEqual({ status: true });
    expect((await row(doc.id)).xml).toEqual({ purpose: "second tab" });
  });

  it("is the newest across users: the owner opening the document stops the creator's tab", async () => {
    const doc = await draft();
    const alices = await tokenFor(as.alice, doc.id);
    await tokenFor(as.owner, doc.id);
    expect((await save(as.alice, doc.id, { purpose: "x" }, alices)).json().data.status).toBe(false);
  });
});

describe("PUT /api/xpressdox/update-xml/{docId}", () => {
  it("stores cleaned answers, and the first save makes a draft In Progress with a log entry", async () => {
    const doc = await draft();
    const token = await tokenFor(as.alice, doc.id);
    const answers = {
      agreement_date: "1/7/2025",
      first_party: { party_type: "company", name: "  Riverbend Software ", acn: "612345678" },
      not_a_question: "dropped",
    };
    const res = await save(as.alice, doc.id, answers, token);
    expect(res.statusCode, res.body).toBe(200);
    const saved = await row(doc.id);
    expect(saved.status).toBe(2);
    expect(saved.xml).toEqual({
      agreement_date: "01/07/2025",
      first_party: { party_type: "company", name: "Riverbend Software", acn: "612 345 678" },
    });
    await save(as.alice, doc.id, { ...answers, purpose: "more" }, token);
    const logs = await logsOf(doc.id);
    // Each save logs the answers it changed; the first also the status.
    expect(logs.map((l) => l.logData.status)).toEqual([{ from: "Draft", to: "In Progress" }, undefined]);
    expect(logs[0]?.logData.answers?.answers?.map((a) => a.path)).toEqual([
      "agreement_date",
      "first_party.party_type",
      "first_party.name",
      "first_party.acn",
    ]);
    expect(logs[1]?.logData.answers?.answers).toEqual([
      {
        path: "purpose",
        question: "The purpose for which the parties will share information",
        from: null,
        to: "more",
      },
    ]);
  });

  it("refuses malformed answers, each named, and saves nothing", async () => {
    const doc = await draft({ xml: { purpose: "kept" } });
    const token = await tokenFor(as.alice, doc.id);
    const res = await save(
      as.alice,
      doc.id,
      {
        agreement_date: "31/02/2025",
        first_party: { party_type: "company", acn: "612345679" },
        second_party: { party_type: "individual", email: "harriet@", postcode: "30650" },
      },
      token,
    );
    expect(res.statusCode).toBe(400);
    const errors = res.json().data.errors as { field: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: "agreement_date", message: MESSAGES.dateReal },
        { field: "first_party.acn", message: MESSAGES.acnCheck },
        { field: "second_party.email", message: MESSAGES.email },
        { field: "second_party.postcode", message: MESSAGES.postcode },
      ]),
    );
    expect(errors).toHaveLength(4);
    expect(res.json().message).toBe(errors[0]?.message);
    const after = await row(doc.id);
    expect(after.xml).toEqual({ purpose: "kept" });
    expect(after.status).toBe(1);
    expect(await logsOf(doc.id)).toEqual([]);
  });

  it("refuses a completed document, whatever the token", async () => {
    const doc = await draft({ status: 5, xml: sample });
    const res = await save(as.alice, doc.id, { purpose: "changed" }, "any");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(INTERVIEW_COMPLETED_DOCUMENT);
    expect((await row(doc.id)).xml).toEqual(sample);
    expect((await as.alice.get(`/api/get-action-token/${doc.id}`)).statusCode).toBe(409);
  });
});

describe("GET /api/doc/{docId}/interview", () => {
  it("answers the definition with the saved answers", async () => {
    const doc = await draft({ xml: { purpose: "a deal" }, name: "NDA for Acme" });
    const res = await as.alice.get(`/api/doc/${doc.id}/interview`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      doc_id: doc.id,
      name: "NDA for Acme",
      status: 1,
      template_identifier: "mutual-nda",
      template_name: NDA.name,
      is_relaunch: false,
      is_asic_document: false,
      xml: { purpose: "a deal" },
    });
    expect(data.definition.title).toBe("Mutual Non-Disclosure Agreement");
    expect((data.definition.questions as { id: string }[]).map((q) => q.id)).toContain("purpose");
  });

  it("says 'Invalid document.' for an unknown id, the spec's message for a completed one, and names a missing template", async () => {
    const unknown = await as.alice.get("/api/doc/999999/interview");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(INTERVIEW_INVALID_DOCUMENT);
    for (const bad of ["abc", "0", "1.5", "99999999999"]) {
      const res = await as.alice.get(`/api/doc/${bad}/interview`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBe(INTERVIEW_INVALID_DOCUMENT);
    }
    const done = await draft({ status: 5 });
    const completed = await as.alice.get(`/api/doc/${done.id}/interview`);
    expect(completed.statusCode).toBe(409);
    expect(completed.json().message).toBe(INTERVIEW_COMPLETED_DOCUMENT);
    const bare = await draft({ template: null });
    const none = await as.alice.get(`/api/doc/${bare.id}/interview`);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(NO_TEMPLATE);
  });
});

describe("POST /api/xpressdox/assemble/{docId}", () => {
  it("lists every missing or wrong answer and changes nothing while the interview is incomplete", async () => {
    const doc = await draft({ xml: { purpose: "a deal" } });
    const token = await tokenFor(as.alice, doc.id);
    const res = await assemble(as.alice, doc.id, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INTERVIEW_INCOMPLETE);
    const fields = (res.json().data.errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        "agreement_date",
        "first_party.party_type",
        "second_party.party_type",
        "jurisdiction",
        "return_days",
      ]),
    );
    expect(fields).not.toContain("purpose");
    expect((await row(doc.id)).status).toBe(1);
    expect(await filesOf(doc.id)).toEqual([]);
  });

  it("refuses a stale token", async () => {
    const doc = await draft({ xml: sample });
    const first = await tokenFor(as.alice, doc.id);
    await tokenFor(as.alice, doc.id);
    const res = await assemble(as.alice, doc.id, first);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(INTERVIEW_OPENED_IN_ANOTHER_TAB);
    expect((await row(doc.id)).status).toBe(1);
  });

  it("stores the PDF and Word file, completes the document and logs it", async () => {
    const doc = await draft({ xml: sample, status: 2, name: "NDA / Riverbend" });
    const token = await tokenFor(as.alice, doc.id);
    const res = await assemble(as.alice, doc.id, token);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await filesOf(doc.id);
    expect(stored.map((f) => [f.kind, f.name])).toEqual([
      ["pdf", "NDA Riverbend.pdf"],
      ["word", "NDA Riverbend.docx"],
    ]);
    expect(res.json().data).toEqual({
      doc_id: doc.id,
      status: 5,
      files: stored.map((f) => ({ id: f.id, kind: f.kind, name: f.name, size: f.size, downloaded: false })),
    });
    expect((await row(doc.id)).status).toBe(5);
    const logs = await logsOf(doc.id);
    expect(logs.at(-1)?.logData).toEqual({
      status: { from: "In Progress", to: "Completed" },
      version: { from: null, to: 1, answers: [] },
    });
    // The documents payloads list the files (documents spec §3 `files`).
    const detail = await as.alice.get(`/api/doc/${doc.id}`);
    expect(detail.json().data.files).toEqual(stored.map((f) => ({ id: f.id, name: f.name })));
    const list = await as.alice.get("/api/doc", { type: 1, name: String(doc.id) });
    const listed = (list.json().data.rows as { id: number; files: unknown }[]).find((r) => r.id === doc.id);
    expect(listed?.files).toEqual(stored.map((f) => ({ id: f.id, name: f.name })));
  });
});

describe("downloads", () => {
  it("sends the file it read when a re-assembly replaces it meanwhile, and records nothing of it", async () => {
    const doc = await completedDocument({ name: "Raced NDA" });
    const [pdfFile] = await filesOf(doc.id);
    const store = t.services.fileStore;
    // The store opens the file just after a re-assembly removed the document's file rows.
    // The downloads are the documents module's (its downloads.ts), made here with that store.
    const racing = createDocumentsService({
      db: t.db,
      clock: t.clock.now,
      folders: t.services.folders,
      teams: t.services.teams,
      users: t.services.users,
      logs: t.services.logs,
      events: { on: () => {}, onCommitted: () => {} },
      files: {
        ...store,
        async stream(sha256) {
          const blob = await store.stream(sha256);
          await t.db.delete(documentFiles).where(eq(documentFiles.docId, doc.id));
          return blob;
        },
      },
    });
    const ctx = await t.services.firmContext({ userId: ids.alice, sessionId: 0 }, teamId);
    const sent = await racing.download(ctx, doc.id, "pdf");
    const sentBytes = Buffer.concat(await sent.body.toArray());
    expect(createHash("sha256").update(sentBytes).digest("hex")).toBe(pdfFile?.sha256);
    expect(
      await t.db
        .select()
        .from(documentFileDownloads)
        .where(eq(documentFileDownloads.fileId, pdfFile?.id ?? 0)),
    ).toEqual([]);
  });

  it("gives both files as attachments with their bytes, and records who downloaded which", async () => {
    const doc = await completedDocument({ name: "Café NDA" });
    const [pdfFile, wordFile] = await filesOf(doc.id);
    const pdf = await download(as.alice, doc.id, "pdf");
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(
      `attachment; filename="Caf? NDA.pdf"; filename*=UTF-8''Caf%C3%A9%20NDA.pdf`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(createHash("sha256").update(pdf.rawPayload).digest("hex")).toBe(pdfFile?.sha256);
    expect(Number(pdf.headers["content-length"])).toBe(pdfFile?.size);

    const word = await download(as.alice, doc.id, "word");
    expect(word.statusCode).toBe(200);
    expect(word.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(word.headers["content-disposition"]).toContain("filename*=UTF-8''Caf%C3%A9%20NDA.docx");
    expect(word.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(createHash("sha256").update(word.rawPayload).digest("hex")).toBe(wordFile?.sha256);

    await download(as.alice, doc.id, "pdf");
    const [record] = await t.db
      .select()
      .from(documentFileDownloads)
      .where(eq(documentFileDownloads.fileId, pdfFile?.id ?? 0));
    expect(record).toMatchObject({ userId: ids.alice, count: 2 });

    const mine = await as.alice.get(`/api/xpressdox/get-download-ids/${doc.id}`);
    expect((mine.json().data.files as { downloaded: boolean }[]).map((f) => f.downloaded)).toEqual([
      true,
      true,
    ]);
    // Owners see the document; their own 'downloaded' is theirs.
    const owners = await as.owner.get(`/api/xpressdox/get-download-ids/${doc.id}`);
    expect((owners.json().data.files as { downloaded: boolean }[]).map((f) => f.downloaded)).toEqual([
      false,
      false,
    ]);
  });

  it("refuses what the document does not allow, what is not assembled, and drafts", async () => {
    const noWord = await completedDocument({ allowDownloadWord: false });
    const word = await download(as.alice, noWord.id, "word");
    expect(word.statusCode).toBe(403);
    expect(word.json().message).toBe(DOWNLOAD_NOT_ALLOWED);
    expect((await download(as.alice, noWord.id, "pdf")).statusCode).toBe(200);
    const listed = await as.alice.get(`/api/xpressdox/get-download-ids/${noWord.id}`);
    expect((listed.json().data.files as { kind: string }[]).map((f) => f.kind)).toEqual(["pdf"]);
    expect((await as.alice.get(`/api/doc/${noWord.id}`)).json().data.files).toHaveLength(1);

    const inProgress = await draft({ status: 2, xml: sample });
    const early = await download(as.alice, inProgress.id, "pdf");
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(DOCUMENT_NOT_ASSEMBLED);

    // Completed without files (say, made before assembly was stored): nothing to give.
    const fileless = await draft({ status: 5, xml: sample });
    const missing = await download(as.alice, fileless.id, "pdf");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(DOCUMENT_NOT_ASSEMBLED);
    // Only the PDF download was recorded: refusals record nothing.
    const recorded = await t.db
      .select({ fileId: documentFileDownloads.fileId })
      .from(documentFileDownloads)
      .innerJoin(documentFiles, eq(documentFiles.id, documentFileDownloads.fileId))
      .where(eq(documentFiles.docId, noWord.id));
    expect(recorded.map((r) => r.fileId)).toEqual(
      (await filesOf(noWord.id)).filter((f) => f.kind === "pdf").map((f) => f.id),
    );
  });

  it("serves signed (3) and pending (4) documents' files too (§6)", async () => {
    const doc = await completedDocument();
    for (const status of [3, 4] as const) {
      await t.db.update(documents).set({ status }).where(eq(documents.id, doc.id));
      expect((await download(as.alice, doc.id, "word")).statusCode).toBe(200);
    }
  });
});

describe("PUT /api/doc/relaunch/{docId}", () => {
  it("reopens a completed document with its answers, and a new assembly replaces the files, stored once", async () => {
    const doc = await completedDocument();
    const before = await filesOf(doc.id);
    const res = await as.alice.put(`/api/doc/relaunch/${doc.id}`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ doc_id: doc.id, status: 2, template_version: 1, answers_dropped: [] });
    const reopened = await row(doc.id);
    expect(reopened).toMatchObject({ status: 2, isRelaunch: true });
    expect(reopened.xml).toEqual((await row(doc.id)).xml);
    expect(Object.keys(reopened.xml)).toEqual(expect.arrayContaining(["purpose", "first_party"]));
    expect((await logsOf(doc.id)).at(-1)?.logData).toEqual({
      status: { from: "Completed", to: "In Progress" },
    });
    expect((await download(as.alice, doc.id, "pdf")).statusCode).toBe(409);
    expect((await as.alice.get(`/api/doc/${doc.id}/interview`)).json().data.is_relaunch).toBe(true);

    const [{ n: blobsBefore } = { n: 0 }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(fileBlobs);
    const token = await tokenFor(as.alice, doc.id);
    expect((await assemble(as.alice, doc.id, token)).statusCode).toBe(200);
    const after = await filesOf(doc.id);
    expect(after).toHaveLength(2);
    expect(after.map((f) => f.id)).not.toEqual(before.map((f) => f.id));
    expect(after.map((f) => f.sha256)).toEqual(before.map((f) => f.sha256));
    const [{ n: blobsAfter } = { n: 0 }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(fileBlobs);
    expect(blobsAfter).toBe(blobsBefore);
  });

  it("refuses documents that are not completed, and members who did not create it", async () => {
    const doc = await draft({ status: 2 });
    const res = await as.alice.put(`/api/doc/relaunch/${doc.id}`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RELAUNCH_NOT_ALLOWED);

    const folder = await t.buildFolder({ teamId, createdBy: ids.owner, type: 2, shared: true });
    const shared = await completedDocument({ sharedIn: [{ folderId: folder.id }] });
    expect((await as.bob.put(`/api/doc/relaunch/${shared.id}`, {})).statusCode).toBe(403);
    expect((await row(shared.id)).status).toBe(5);
    expect((await as.manager.put(`/api/doc/relaunch/${shared.id}`, {})).statusCode).toBe(200);
  });
});

describe("PUT /api/doc/reset-xml/{docId}", () => {
  it("empties the answers and logs it", async () => {
    const doc = await draft({ status: 2, xml: { purpose: "a deal" } });
    const res = await as.alice.put(`/api/doc/reset-xml/${doc.id}`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(doc.id)).xml).toEqual({});
    expect((await logsOf(doc.id)).map((l) => l.logData)).toEqual([
      {
        answers: {
          from: "Saved",
          to: "Cleared",
          answers: [
            {
              path: "purpose",
              question: "The purpose for which the parties will share information",
              from: "a deal",
              to: null,
            },
          ],
        },
      },
    ]);
  });
});

describe("POST /api/xpressdox/preview/{docId}", () => {
  let aliceToken: string;
  beforeAll(async () => {
    const [alice] = await t.db.select().from(users).where(eq(users.id, ids.alice));
    aliceToken = await signIn(t, alice?.email ?? "");
  });
  const formPost = (docId: number, xml: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/xpressdox/preview/${docId}?id_team=${teamId}`,
      headers: { ...bearer(aliceToken), "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ xml }).toString(),
    });

  it("answers the PDF of the posted answers inline, from a form post or JSON, saving nothing", async () => {
    const doc = await draft();
    const res = await formPost(doc.id, JSON.stringify(sample));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(/^inline; filename=/);
    expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const json = await as.alice.post(`/api/xpressdox/preview/${doc.id}`, { xml: sample });
    expect(json.statusCode).toBe(200);
    expect(json.rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await row(doc.id)).xml).toEqual({});
    expect(await filesOf(doc.id)).toEqual([]);
  });

  it("answers a DRAFT-watermarked PDF with each missing answer highlighted, from a form post or JSON, saving nothing", async () => {
    const doc = await draft();
    const partial = { purpose: "a deal", second_party: { party_type: "individual", first_name: "Harriet" } };
    const res = await formPost(doc.id, JSON.stringify(partial));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(/^inline; filename=.*draft preview/);
    const template = t.services.templates.starter(NDA.identifier);
    if (!template) throw new Error("the NDA is not in the library");
    const expected = missingAnswers(template.definition, partial as Answers).length;
    expect(Number(res.headers["x-missing-answers"])).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    const text = readPdf(new Uint8Array(res.rawPayload)).pages.join("\n").replace(/\s+/g, " ");
    const dateLabel = template.definition.questions.find((q) => q.id === "agreement_date")?.label ?? "?";
    expect(text).toContain("DRAFT");
    expect(text).toContain(`[missing: ${dateLabel}]`);
    expect(text).toContain("[missing: Second party › Last name]");
    expect(text).toContain("Purpose means a deal");

    // The same answers as JSON give the same bytes; nothing is stored as the document's files.
    const json = await as.alice.post(`/api/xpressdox/preview/${doc.id}`, { xml: partial });
    expect(json.statusCode).toBe(200);
    expect(json.rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await row(doc.id)).xml).toEqual({});
    expect(await filesOf(doc.id)).toEqual([]);
    expect((await formPost(doc.id, "{not json")).statusCode).toBe(400);
  });

  it("says no answer is missing for complete answers, with no watermark", async () => {
    const doc = await draft();
    const res = await formPost(doc.id, JSON.stringify(sample));
    expect(res.headers["x-missing-answers"]).toBe("0");
    const text = readPdf(new Uint8Array(res.rawPayload)).pages.join("\n");
    expect(text).not.toContain("DRAFT");
    expect(text).not.toContain("[missing");
  });
});

describe("who may do what", () => {
  it("lets the creator, the owner and a manager interview a member's document, not another member", async () => {
    const doc = await draft();
    for (const client of [as.alice, as.owner, as.manager]) await tokenFor(client, doc.id);
    // Not shared: bob cannot see it at all.
    const hidden = await as.bob.get(`/api/get-action-token/${doc.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(INTERVIEW_INVALID_DOCUMENT);
    // Shared: bob sees it, may download it once completed, but may not interview it.
    const folder = await t.buildFolder({ teamId, createdBy: ids.owner, type: 2, shared: true });
    const shared = await draft({ sharedIn: [{ folderId: folder.id }] });
    expect((await as.bob.get(`/api/get-action-token/${shared.id}`)).statusCode).toBe(403);
    expect((await as.bob.put(`/api/doc/reset-xml/${shared.id}`, {})).statusCode).toBe(403);
    expect(
      (await as.bob.post(`/api/xpressdox/assemble/${shared.id}`, { action_token: "x" })).statusCode,
    ).toBe(403);
    const done = await completedDocument({ sharedIn: [{ folderId: folder.id }] });
    expect((await download(as.bob, done.id, "pdf")).statusCode).toBe(200);
  });

  it("answers 404 to another firm on every call and changes nothing", async () => {
    const doc = await completedDocument();
    const open = await draft({ status: 2, xml: { purpose: "ours" } });
    const token = await tokenFor(as.alice, open.id);
    for (const client of [outsider, lite]) {
      const calls = [
        client.get(`/api/get-action-token/${open.id}`),
        client.get(`/api/doc/${open.id}/interview`),
        client.put(`/api/xpressdox/update-xml/${open.id}`, {
          xml: { purpose: "theirs" },
          action_token: token,
        }),
        client.put(`/api/doc/reset-xml/${open.id}`, {}),
        client.post(`/api/xpressdox/preview/${open.id}`, { xml: sample }),
        client.post(`/api/xpressdox/assemble/${open.id}`, { action_token: token }),
        client.get(`/api/xpressdox/get-download-ids/${doc.id}`),
        client.get(`/api/doc/download/${doc.id}`, { type: "pdf" }),
        client.put(`/api/doc/relaunch/${doc.id}`, {}),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    }
    expect((await row(open.id)).xml).toEqual({ purpose: "ours" });
    expect((await row(doc.id)).status).toBe(5);
    expect(
      await t.db.select().from(documentFileDownloads).where(eq(documentFileDownloads.userId, ids.otherOwner)),
    ).toEqual([]);
    // The first tab's token still works: nobody else took one.
    expect((await save(as.alice, open.id, { purpose: "still ours" }, token)).json().data.status).toBe(true);
  });
});

describe("render limits", () => {
  it("refuses a person's previews past the minute's limit with 429, and not anyone else's", async () => {
    const busy = await t.addMember(teamId, "member");
    const client = firmClient(t, await signIn(t, busy.email), teamId);
    const doc = await draft({ by: busy.id });
    // Missing answers: each preview is a draft, and counts as one asked for.
    const ask = (as: FirmClient) => as.post(`/api/xpressdox/preview/${doc.id}`, { xml: {} });
    for (let i = 0; i < RENDERS_MAX_PER_MINUTE; i++) expect((await ask(client)).statusCode).toBe(200);
    const refused = await ask(client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    // Someone else in the same office (same address) is not held back; the owner can see the draft.
    expect((await ask(as.owner)).statusCode).toBe(200);
  });
});
