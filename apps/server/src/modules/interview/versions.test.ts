import { createHash } from "node:crypto";
import { DOWNLOAD_NOT_ALLOWED, INTERVIEW_INVALID_DOCUMENT, VERSION_NOT_FOUND } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { documentFiles, documents, documentVersions } from "../documents/index.ts";
import { documentLogs } from "../logs/index.ts";

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

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const tokenFor = async (client: FirmClient, docId: number) => {
  const res = await client.get(`/api/get-action-token/${docId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.action_token as string;
};
async function saveAndAssemble(client: FirmClient, docId: number, xml: object) {
  const token = await tokenFor(client, docId);
  const saved = await client.put(`/api/xpressdox/update-xml/${docId}`, { xml, action_token: token });
  expect(saved.json().data, saved.body).toEqual({ status: true });
  const assembled = await client.post(`/api/xpressdox/assemble/${docId}`, { action_token: token });
  expect(assembled.statusCode, assembled.body).toBe(200);
}
const logsOf = (docId: number) =>
  t.db.select().from(documentLogs).where(eq(documentLogs.docId, docId)).orderBy(documentLogs.id);
const versionsOf = (client: FirmClient, docId: number) => client.get(`/api/doc/${docId}/versions`);
const versionFile = (client: FirmClient, docId: number, version: number, type: string) =>
  client.get(`/api/doc/${docId}/versions/${version}/download`, { type });

/** The NDA assembled twice by alice: the second time with a new purpose and first party's name. */
async function twiceAssembled(over: { allowDownloadWord?: boolean } = {}) {
  const doc = await t.buildDocument({
    teamId,
    createdBy: ids.alice,
    name: `Versioned NDA ${Math.random().toString(36).slice(2, 8)}`,
    template: { ...NDA },
    ...over,
  });
  await saveAndAssemble(as.alice, doc.id, sample);
  const relaunch = await as.alice.put(`/api/doc/relaunch/${doc.id}`, {});
  expect(relaunch.statusCode, relaunch.body).toBe(200);
  t.clock.advance(60_000);
  const changed = {
    ...sample,
    purpose: "assessing a merger of the two practices",
    first_party: { ...(sample.first_party as object), name: "Lakeside Software" },
  };
  await saveAndAssemble(as.alice, doc.id, changed);
  return doc;
}

describe("document versions", () => {
  it("keeps each assembly: two assemblies give two versions, newest first, with the answers changed and each one's bytes", async () => {
    const doc = await twiceAssembled();
    const res = await versionsOf(as.alice, doc.id);
    expect(res.statusCode, res.body).toBe(200);
    const versions = res.json().data.versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const [second, first] = versions;
    expect(first.changes).toEqual([]);
    expect(second.assembled_by.user_id).toBe(ids.alice);
    expect(second.assembled_by.display_name).not.toBe("");
    expect(Date.parse(second.assembled_at) - Date.parse(first.assembled_at)).toBe(60_000);
    expect(second.changes).toEqual([
      {
        path: "first_party.name",
        question: "First party › Company name (without the legal element)",
        from: "Riverbend Software",
        to: "Lakeside Software",
      },
      {
        path: "purpose",
        question: "The purpose for which the parties will share information",
        from: sample.purpose,
        to: "assessing a merger of the two practices",
      },
    ]);
    expect(
      second.files.map((f: { kind: string; can_download: boolean }) => [f.kind, f.can_download]),
    ).toEqual([
      ["pdf", true],
      ["word", true],
    ]);

    // Each version's files are its own; the document's current files are the latest assembly's.
    const stored = await t.db.select().from(documentVersions).where(eq(documentVersions.docId, doc.id));
    const byVersion = new Map(stored.map((v) => [v.version, v]));
    const pdf1 = await versionFile(as.alice, doc.id, 1, "pdf");
    const pdf2 = await versionFile(as.alice, doc.id, 2, "pdf");
    expect(pdf1.statusCode, pdf1.body).toBe(200);
    expect(pdf1.headers["content-type"]).toBe("application/pdf");
    expect(pdf1.headers["content-disposition"]).toContain("(version 1).pdf");
    expect(pdf1.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(sha(pdf1.rawPayload)).toBe(byVersion.get(1)?.pdfSha256);
    expect(sha(pdf2.rawPayload)).toBe(byVersion.get(2)?.pdfSha256);
    expect(sha(pdf1.rawPayload)).not.toBe(sha(pdf2.rawPayload));
    const word1 = await versionFile(as.alice, doc.id, 1, "word");
    expect(word1.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(sha(word1.rawPayload)).toBe(byVersion.get(1)?.wordSha256);
    const current = await t.db.select().from(documentFiles).where(eq(documentFiles.docId, doc.id));
    expect(current.find((f) => f.kind === "pdf")?.sha256).toBe(byVersion.get(2)?.pdfSha256);

    // The document's client is the first party as the latest answers name it.
    const [row] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row?.clientName).toBe("Lakeside Software Pty Ltd ACN 612 345 678");
  });

  it("shows versions to whoever can see the document; another firm, or a member who cannot see it, gets 404 and changes nothing", async () => {
    const doc = await twiceAssembled();
    expect((await versionsOf(as.owner, doc.id)).statusCode).toBe(200);
    expect((await versionsOf(as.manager, doc.id)).statusCode).toBe(200);
    for (const client of [as.bob, lite]) {
      const list = await versionsOf(client, doc.id);
      expect(list.statusCode, list.body).toBe(404);
      expect(list.json().message).toBe(INTERVIEW_INVALID_DOCUMENT);
      const file = await versionFile(client, doc.id, 1, "pdf");
      expect(file.statusCode, file.body).toBe(404);
      expect(file.rawPayload.subarray(0, 5).toString("latin1")).not.toBe("%PDF-");
    }
    // Our firm's id, but not a member of it: as if the firm were not there.
    expect((await versionsOf(outsider, doc.id)).statusCode).toBe(404);
    expect((await versionFile(outsider, doc.id, 1, "pdf")).statusCode).toBe(404);
    const missing = await versionFile(as.alice, doc.id, 3, "pdf");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(VERSION_NOT_FOUND);
    expect((await versionFile(as.alice, doc.id, 1, "zip")).statusCode).toBe(400);
    const versions = await t.db.select().from(documentVersions).where(eq(documentVersions.docId, doc.id));
    expect(versions).toHaveLength(2);
  });

  it("refuses a version's Word file when the document does not allow Word downloads", async () => {
    const doc = await twiceAssembled({ allowDownloadWord: false });
    const list = (await versionsOf(as.alice, doc.id)).json().data.versions;
    expect(list[0].files.find((f: { kind: string }) => f.kind === "word").can_download).toBe(false);
    const word = await versionFile(as.alice, doc.id, 1, "word");
    expect(word.statusCode).toBe(403);
    expect(word.json().message).toBe(DOWNLOAD_NOT_ALLOWED);
    expect((await versionFile(as.alice, doc.id, 1, "pdf")).statusCode).toBe(200);
  });

  it("a deleted document's versions go with it", async () => {
    const doc = await twiceAssembled();
    await t.db.delete(documents).where(eq(documents.id, doc.id));
    expect(await t.db.select().from(documentVersions).where(eq(documentVersions.docId, doc.id))).toEqual([]);
  });
});

describe("change log of answers", () => {
  it("logs each save's changed answers (question, before, after) with the save, and each assembly's version with what changed since the last", async () => {
    const doc = await t.buildDocument({ teamId, createdBy: ids.alice, template: { ...NDA } });
    const token = await tokenFor(as.alice, doc.id);
    const save = (xml: object) =>
      as.alice.put(`/api/xpressdox/update-xml/${doc.id}`, { xml, action_token: token });
    await save({ purpose: "first purpose" });
    await save({ purpose: "first purpose" }); // nothing changed: nothing logged
    await save({ purpose: "second purpose", return_days: 10 });
    const logged = await logsOf(doc.id);
    const answerEntries = logged.filter((l) => l.tags.includes("answers"));
    expect(answerEntries).toHaveLength(2);
    expect(answerEntries[0]?.logData.answers).toEqual({
      from: null,
      to: "1 answer changed",
      answers: [
        {
          path: "purpose",
          question: "The purpose for which the parties will share information",
          from: null,
          to: "first purpose",
        },
      ],
    });
    expect(answerEntries[1]?.logData.answers?.answers).toEqual([
      {
        path: "purpose",
        question: "The purpose for which the parties will share information",
        from: "first purpose",
        to: "second purpose",
      },
      {
        path: "return_days",
        question: "Days within which information must be returned or destroyed on request",
        from: null,
        to: "10",
      },
    ]);

    // Through the API, as the change log dialog reads it.
    const api = await as.alice.get("/api/log/log-changes", { doc_id: doc.id, tag_codes: "answers" });
    expect(api.statusCode, api.body).toBe(200);
    expect(api.json().data.rows[0].log_data.answers.answers[0].to).toBe("second purpose");

    // A refused save (a wrong answer) logs nothing.
    const before = (await logsOf(doc.id)).length;
    const refused = await save({ purpose: "third", return_days: "soon" });
    expect(refused.statusCode).toBe(400);
    expect(await logsOf(doc.id)).toHaveLength(before);
  });

  it("logs each assembly as a version, with the answers changed since the version before", async () => {
    const doc = await twiceAssembled();
    const versionEntries = (await logsOf(doc.id)).filter((l) => l.tags.includes("version"));
    expect(versionEntries.map((e) => [e.logData.version?.from, e.logData.version?.to])).toEqual([
      [null, 1],
      [1, 2],
    ]);
    expect(versionEntries[1]?.tags).toEqual(expect.arrayContaining(["version", "status"]));
    expect(versionEntries[1]?.logData.version?.answers?.map((a) => a.question)).toEqual([
      "First party › Company name (without the legal element)",
      "The purpose for which the parties will share information",
    ]);
  });

  it("logs the answers a reset cleared", async () => {
    const doc = await t.buildDocument({
      teamId,
      createdBy: ids.alice,
      template: { ...NDA, xml: { purpose: "to be cleared" } },
    });
    const reset = await as.alice.put(`/api/doc/reset-xml/${doc.id}`, {});
    expect(reset.statusCode, reset.body).toBe(200);
    const [entry] = (await logsOf(doc.id)).filter((l) => l.tags.includes("answers"));
    expect(entry?.logData.answers).toMatchObject({
      from: "Saved",
      to: "Cleared",
      answers: [expect.objectContaining({ from: "to be cleared", to: null })],
    });
  });
});
