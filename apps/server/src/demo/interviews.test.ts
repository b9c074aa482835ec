import { formatIssues, validate } from "@precedent/docgen";
import { isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentFiles, documents } from "../modules/documents/index.ts";
import { createTestApp, firmClient, signIn, type TestApp } from "../test/harness.ts";
import { DEMO_PASSWORD, loadDemoData } from "./seed.ts";

let t: TestApp;
let seedMs = 0;
beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  await loadDemoData(t.db);
  seedMs = performance.now() - started;
  // Seeding assembles every demo document (deeds at market length among them): see signing.test.ts.
}, 180_000);
afterAll(() => t.close());

describe("demo interviews", () => {
  it("links documents to starter templates with answers for their stage", async () => {
    const linked = await t.db.select().from(documents).where(isNotNull(documents.xTemplateId));
    expect(linked.length).toBeGreaterThanOrEqual(8);
    const answered = (xml: object) => Object.keys(xml).length;
    for (const doc of linked) {
      const template = t.services.templates.starter(doc.xTemplateId ?? "");
      if (!template) throw new Error(`${doc.name}: unknown template ${doc.xTemplateId}`);
      expect(doc.templateName).toBe(template.catalogue.name);
      // Never a malformed answer; completed ones have every answer.
      expect(formatIssues(template.definition, doc.xml as never), doc.name).toEqual([]);
      if (doc.status >= 3) expect(validate(template.definition, doc.xml as never), doc.name).toEqual([]);
      if (doc.status === 2)
        expect(validate(template.definition, doc.xml as never).length, doc.name).toBeGreaterThan(0);
    }
    const drafts = linked.filter((d) => d.status === 1);
    expect(drafts.some((d) => answered(d.xml) === 0)).toBe(true);
    expect(drafts.some((d) => answered(d.xml) > 0)).toBe(true);
    expect(linked.some((d) => d.status === 2 && answered(d.xml) > 0)).toBe(true);
    const files = await t.db.select().from(documentFiles);
    const completed = linked.filter((d) => d.status >= 3);
    expect(completed.length).toBeGreaterThan(0);
    for (const doc of completed) {
      expect(
        files
          .filter((f) => f.docId === doc.id)
          .map((f) => f.kind)
          .sort(),
        doc.name,
      ).toEqual(["pdf", "word"]);
    }
    // Seconds, most of them the engine's first run of each template: worth watching as the library grows.
    console.info(`demo data with ${completed.length} assembled documents: ${Math.round(seedMs)} ms`);
  });

  it("serves the demo files and interviews through the API", async () => {
    const token = await signIn(t, "owner@demo.test", DEMO_PASSWORD);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/users/me",
      headers: { authorization: `Bearer ${token}` },
    });
    const owner = firmClient(t, token, me.json().data.teams[0].id);
    const linked = await t.db.select().from(documents).where(isNotNull(documents.xTemplateId));
    const done = linked.find((d) => d.status === 5 && d.createdBy === me.json().data.id);
    const open = linked.find((d) => d.status <= 2 && d.createdBy === me.json().data.id);
    if (!done || !open) throw new Error("the owner has no linked documents");
    const pdf = await owner.get(`/api/doc/download/${done.id}`, { type: "pdf" });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await owner.get(`/api/doc/${done.id}`)).json().data.files).toHaveLength(2);
    const interview = await owner.get(`/api/doc/${open.id}/interview`);
    expect(interview.statusCode, interview.body).toBe(200);
    expect(interview.json().data.template_identifier).toBe(open.xTemplateId);
  });
});
