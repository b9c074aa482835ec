import { readFileSync } from "node:fs";
import path from "node:path";
import {
  CONSOLE_CATALOGUE_MESSAGES,
  CONSOLE_MESSAGES,
  CONSOLE_TEMPLATE_MESSAGES as MESSAGES,
  type StaffRole,
} from "@precedent/contracts";
import { readPdf } from "@precedent/docgen/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChangeFeed } from "../../platform/freshness/index.ts";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { createCatalogueEntries } from "../assistant/index.ts";
import { ensureCatalogue, products } from "../catalogue/index.ts";
import { documents } from "../documents/index.ts";
import { teams } from "../teams/index.ts";
import { createTemplateLibrary, templateVersions } from "../templates/index.ts";
import { staffAuditLog } from "./schema.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "./testing.ts";

/**
 * A brand-new template uploaded from the console (issue 37 item 2): version 1 is a row, checked as
 * any upload, invisible to firms until published; then a product assembles it and a firm's
 * document on it is assembled by the worker threads from the row's files.
 */
const NEW = "consent-short-form";
const FOLDER = path.resolve(import.meta.dirname, "../../../../../templates", "director-consent");
const read = (file: string) => readFileSync(path.join(FOLDER, file), "utf8");
// Text only the new template has, so a PDF that shows it was made from the row, not a folder.
const MARKER = "Kept with the short-form consents register.";
const body = () =>
  read("template.md").replace(
    "This consent is kept by the Company with its records.",
    `This consent is kept by the Company with its records. ${MARKER}`,
  );
const newTemplate = (over: Record<string, unknown> = {}) => ({
  identifier: NEW,
  note: "A short-form consent for the small-company pack",
  interview: read("interview.yaml"),
  body: body(),
  sample_answers: read("sample-answers.json"),
  preconditions: read("PRECONDITIONS.md"),
  catalogue: {
    name: "Short-Form Consent to Act",
    short_description: "A director's or secretary's consent, short form.",
    description: "<p>The consent a company keeps before someone becomes its officer.</p>",
  },
  ...over,
});
const sample = () => JSON.parse(read("sample-answers.json")) as Record<string, unknown>;

let t: TestApp;
let firm: FirmWithPeople;
const as = {} as Record<StaffRole, ConsoleClient>;

const rowsOf = (identifier: string) =>
  t.db.select().from(templateVersions).where(eq(templateVersions.identifier, identifier));
const auditOf = (identifier: string) =>
  t.db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.target, `template:${identifier}`));
const productsOf = (identifier: string) =>
  t.db.select().from(products).where(eq(products.assembles, identifier));

beforeAll(async () => {
  // With the change feed, as servers run: the library keeps which new templates exist in memory.
  t = await createTestApp({ changes: true });
  await ensureCatalogue(t.db, t.services.templates.starters());
  firm = await buildFirmWithPeople(t);
  for (const role of ["administrator", "content_editor", "support"] as const)
    as[role] = await signInStaff(t, (await buildStaff(t, role)).email);
  categoryId = (await as.administrator.get("/api/console/catalogue/categories")).json().data.rows[0].id;
}, 240_000);
afterAll(async () => t?.close());

describe("POST /api/console/templates: refusals change nothing", () => {
  it("refuses an identifier that is not a lowercase slug, or is a starter's, with its message", async () => {
    for (const identifier of [
      "Consent-Short",
      "consent_short",
      "-consent",
      "consent--short",
      "ab",
      "x".repeat(81),
    ]) {
      const res = await as.content_editor.post("/api/console/templates", newTemplate({ identifier }));
      expect(res.statusCode, identifier).toBe(400);
      expect(res.json().data.errors[0].field, identifier).toBe("identifier");
    }
    const starter = await as.content_editor.post(
      "/api/console/templates",
      newTemplate({ identifier: "mutual-nda" }),
    );
    expect(starter.statusCode).toBe(409);
    expect(starter.json().message).toBe(MESSAGES.identifierTaken("mutual-nda"));
    const broken = await as.content_editor.post(
      "/api/console/templates",
      newTemplate({ interview: "title: Broken\nquestions: 3\n" }),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The template could not be read: /);
    const nameless = await as.content_editor.post(
      "/api/console/templates",
      newTemplate({ catalogue: { name: " " } }),
    );
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().data.errors[0]).toMatchObject({ field: "catalogue.name" });
    expect(await rowsOf(NEW)).toEqual([]);
    expect(await rowsOf("mutual-nda")).toEqual([]);
    expect(await auditOf(NEW)).toEqual([]);
    expect(await auditOf("mutual-nda")).toEqual([]);
  });

  it("is refused to support staff and to a firm's people, writing nothing", async () => {
    const support = await as.support.post("/api/console/templates", newTemplate());
    expect(support.statusCode).toBe(403);
    expect(support.json().message).toBe(CONSOLE_MESSAGES.refused);
    const firmUser = await firm.as.alice.post("/api/console/templates", newTemplate());
    expect(firmUser.statusCode).toBe(401);
    expect(await rowsOf(NEW)).toEqual([]);
  });
});

describe("a brand-new template, from upload to a firm's PDF", () => {
  it("keeps it as a checked version 1 that firms do not see, and no product may assemble it yet", async () => {
    // The list read first: the library now keeps which new templates exist (none) in memory.
    const before = await as.content_editor.get("/api/console/templates");
    expect(before.json().data.rows.map((r: { identifier: string }) => r.identifier)).not.toContain(NEW);
    const res = await as.content_editor.post("/api/console/templates", newTemplate());
    expect(res.statusCode, res.body).toBe(200);
    const version = res.json().data;
    expect(version).toMatchObject({ identifier: NEW, version: 1, status: "draft", checks_passed: true });
    expect(version.page_count).toBeGreaterThan(0);
    expect(version.preview_html).toContain(MARKER);
    // Nothing before it: every line is new.
    expect(version.body_diff).toMatchObject({ compared_with: 0, removed: 0 });
    expect(version.body_diff.added).toBeGreaterThan(10);
    expect(version.questions_added).toContain("company_name");
    expect(version.questions_removed).toEqual([]);
    const [row] = await rowsOf(NEW);
    expect(JSON.parse(row?.catalogue ?? "{}")).toMatchObject({ name: "Short-Form Consent to Act" });
    const audit = await auditOf(NEW);
    expect(audit.map((a) => a.action)).toEqual(["template.created"]);

    const list = await as.content_editor.get("/api/console/templates");
    expect(list.json().data.rows.find((r: { identifier: string }) => r.identifier === NEW)).toEqual({
      identifier: NEW,
      name: "Short-Form Consent to Act",
      starter: false,
      current_version: null,
      latest_version: 1,
    });
    const detail = (await as.content_editor.get(`/api/console/templates/${NEW}`)).json().data;
    expect(detail).toMatchObject({ current_version: null, starter: false });
    expect(detail.abilities).toEqual({ upload: true, roll_back: false, delete: true });

    // The same identifier again: refused, nothing added.
    const again = await as.content_editor.post("/api/console/templates", newTemplate());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.identifierTaken(NEW));
    expect(await rowsOf(NEW)).toHaveLength(1);

    // Invisible to firms: not a template the catalogue knows, and not one a product may assemble.
    expect(await t.services.templates.get(NEW)).toBeUndefined();
    const questions = await firm.as.alice.get("/api/question/get_by_template", { id_template: NEW });
    expect(questions.statusCode).toBe(404);
    const product = await as.administrator.post("/api/console/catalogue/products", productBody(false));
    expect(product.statusCode).toBe(400);
    expect(product.json().message).toBe(CONSOLE_CATALOGUE_MESSAGES.templateNotFound);
    expect(await productsOf(NEW)).toEqual([]);
  });

  it("once published: a product assembles it, a firm starts a document and gets its PDF", async () => {
    const publish = await as.content_editor.post(`/api/console/templates/${NEW}/versions/1/publish`);
    expect(publish.statusCode, publish.body).toBe(200);
    expect(publish.json().data.status).toBe("published");
    const detail = (await as.content_editor.get(`/api/console/templates/${NEW}`)).json().data;
    expect(detail.current_version).toBe(1);
    // Its first published version has nothing under it: a roll back would hide it from firms.
    expect(detail.abilities.roll_back).toBe(false);
    const rollBack = await as.content_editor.post(`/api/console/templates/${NEW}/rollback`);
    expect(rollBack.statusCode).toBe(409);
    expect(rollBack.json().message).toBe(MESSAGES.nothingBeforeFirstPublished);

    const created = await as.administrator.post("/api/console/catalogue/products", productBody(true));
    expect(created.statusCode, created.body).toBe(200);
    const productId = created.json().data.id as number;

    const listed = await firm.as.alice.get("/api/products", { per_page: 100, search: "Short-Form" });
    expect(listed.json().data.rows.map((p: { id: number }) => p.id)).toContain(productId);
    // The assistant finds it too, as the template it assembles (the product's key is its SKU's).
    const finder = await createCatalogueEntries({
      catalogue: t.services.catalogue,
      templates: t.services.templates,
      clock: () => new Date(),
    }).finder();
    expect(finder.search("short-form consent to act", 3).map((match) => match.entry)).toContainEqual(
      expect.objectContaining({ id: productId, templateIdentifier: NEW }),
    );
    const preview = await firm.as.alice.get(`/api/products/${productId}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(pdfText(preview.rawPayload)).toContain(MARKER);

    await t.db.update(teams).set({ creditLimit: 5 }).where(eq(teams.id, firm.teamId));
    const started = await firm.as.alice.post("/api/doc/start", {
      product_id: productId,
      name: "Consent of Ada Lovelace",
    });
    expect(started.statusCode, started.body).toBe(200);
    const docId = started.json().data.id as number;
    const [doc] = await t.db.select().from(documents).where(eq(documents.id, docId));
    expect(doc).toMatchObject({
      xTemplateId: NEW,
      templateVersion: 1,
      templateName: "Short-Form Consent to Act",
    });

    const token = (await firm.as.alice.get(`/api/get-action-token/${docId}`)).json().data.action_token;
    const saved = await firm.as.alice.put(`/api/xpressdox/update-xml/${docId}`, {
      xml: sample(),
      action_token: token,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const assembled = await firm.as.alice.post(`/api/xpressdox/assemble/${docId}`, { action_token: token });
    expect(assembled.statusCode, assembled.body).toBe(200);
    const pdf = await firm.as.alice.get(`/api/doc/download/${docId}`, { type: "pdf" });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain(MARKER);
  });

  it("takes later versions with version 1's catalogue entry, and rolls back to its first published one", async () => {
    const upload = await as.content_editor.post(`/api/console/templates/${NEW}/versions`, {
      ...newTemplate(),
      identifier: undefined,
      catalogue: undefined,
      note: "The register's name in full",
      body: body().replace(MARKER, "Kept with the register of officers' consents."),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().data).toMatchObject({ version: 2, checks_passed: true });
    expect((await rowsOf(NEW)).find((r) => r.version === 2)?.catalogue).toBeNull();
    const publish = await as.content_editor.post(`/api/console/templates/${NEW}/versions/2/publish`);
    expect(publish.statusCode, publish.body).toBe(200);
    const current = await t.services.templates.get(NEW);
    expect(current?.version).toBe(2);
    expect(current?.catalogue.name).toBe("Short-Form Consent to Act");
    const rollBack = await as.content_editor.post(`/api/console/templates/${NEW}/rollback`);
    expect(rollBack.statusCode, rollBack.body).toBe(200);
    expect(rollBack.json().data.current_version).toBe(1);
    expect((await t.services.templates.get(NEW))?.version).toBe(1);
  });
});

describe("DELETE /api/console/templates/:identifier", () => {
  const draftOf = async (identifier: string, over: Record<string, unknown> = {}) => {
    const res = await as.content_editor.post("/api/console/templates", newTemplate({ identifier, ...over }));
    expect(res.statusCode, res.body).toBe(200);
  };

  it("deletes a new template never published with its versions, audited; the identifier is free for another", async () => {
    const identifier = "consent-typo";
    await draftOf(identifier);
    const second = await as.content_editor.post(`/api/console/templates/${identifier}/versions`, {
      note: "A second try",
      interview: read("interview.yaml"),
      body: body(),
      sample_answers: read("sample-answers.json"),
    });
    expect(second.statusCode, second.body).toBe(200);
    const detail = (await as.content_editor.get(`/api/console/templates/${identifier}`)).json().data;
    expect(detail.abilities.delete).toBe(true);

    const res = await as.content_editor.delete(`/api/console/templates/${identifier}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: MESSAGES.deleted(identifier),
      data: { identifier, deleted: true },
    });
    expect(await rowsOf(identifier)).toEqual([]);
    const [entry] = (await auditOf(identifier)).filter((a) => a.action === "template.deleted");
    expect(entry?.before).toMatchObject({
      versions: [
        { version: 2, status: "draft", note: "A second try" },
        { version: 1, status: "draft" },
      ],
      catalogue: { name: "Short-Form Consent to Act" },
    });
    expect((await as.content_editor.get(`/api/console/templates/${identifier}`)).statusCode).toBe(404);
    const list = (await as.content_editor.get("/api/console/templates")).json().data.rows;
    expect(list.map((r: { identifier: string }) => r.identifier)).not.toContain(identifier);
    expect((await as.content_editor.delete(`/api/console/templates/${identifier}`)).statusCode).toBe(404);

    // Uploaded again under the same identifier: another template, read from its own files (the
    // library keeps parsed versions by the template's generation, not its identifier alone).
    await draftOf(identifier, { body: body().replace(MARKER, "Kept in the second register.") });
    const again = await t.services.templates.get(identifier, { unpublished: true });
    expect(again?.body).toContain("Kept in the second register.");
    expect(again?.body).not.toContain(MARKER);
  });

  it("refuses a starter, a template once published or scheduled, or one a product assembles, changing nothing", async () => {
    const starter = await as.content_editor.delete("/api/console/templates/mutual-nda");
    expect(starter.statusCode).toBe(409);
    expect(starter.json().message).toBe(MESSAGES.deleteStarter);

    // NEW was published above and a product assembles it.
    const published = await as.content_editor.delete(`/api/console/templates/${NEW}`);
    expect(published.statusCode).toBe(409);
    expect(published.json().message).toBe(MESSAGES.deletePublished);
    expect((await as.content_editor.get(`/api/console/templates/${NEW}`)).json().data.abilities.delete).toBe(
      false,
    );

    const scheduledId = "consent-scheduled";
    await draftOf(scheduledId);
    const schedule = await as.content_editor.post(
      `/api/console/templates/${scheduledId}/versions/1/schedule`,
      {
        publish_at: "2099-01-01T09:00:00+11:00",
      },
    );
    expect(schedule.statusCode, schedule.body).toBe(200);
    const scheduled = await as.content_editor.delete(`/api/console/templates/${scheduledId}`);
    expect(scheduled.statusCode).toBe(409);
    expect(scheduled.json().message).toBe(MESSAGES.deleteScheduled);
    expect(await rowsOf(scheduledId)).toHaveLength(1);

    // A product row naming a draft (the console would refuse to make one; the rule holds anyway).
    const productId = "consent-with-product";
    await draftOf(productId);
    await t.db.insert(products).values({
      templateIdentifier: `console-${productId}`,
      sku: `DRAFT-${productId}`,
      name: "A product on a draft",
      priceCents: 100,
      assembles: productId,
    });
    const withProduct = await as.content_editor.delete(`/api/console/templates/${productId}`);
    expect(withProduct.statusCode).toBe(409);
    expect(withProduct.json().message).toBe(MESSAGES.deleteWithProduct(["A product on a draft"]));
    expect(await rowsOf(productId)).toHaveLength(1);
    expect((await auditOf(productId)).map((a) => a.action)).toEqual(["template.created"]);

    // Support staff may not delete; a firm's people are not staff.
    await draftOf("consent-support");
    expect((await as.support.delete("/api/console/templates/consent-support")).statusCode).toBe(403);
    expect((await firm.as.alice.del("/api/console/templates/consent-support")).statusCode).toBe(401);
    expect(await rowsOf("consent-support")).toHaveLength(1);
  });
});

describe("another server's library", () => {
  it("keeps which new templates exist while the catalogue is unchanged, and hears an upload and a publish at once", async () => {
    const feed = createChangeFeed(t.notifications());
    await feed.start();
    try {
      const elsewhere = createTemplateLibrary(undefined, { db: t.db, changes: feed });
      const identifier = "consent-elsewhere";
      // Read (and kept) before the upload: only the insert's notification makes it read again.
      expect(await elsewhere.get(identifier, { unpublished: true })).toBeUndefined();
      const res = await as.content_editor.post("/api/console/templates", newTemplate({ identifier }));
      expect(res.statusCode, res.body).toBe(200);
      await feed.sync();
      expect((await elsewhere.get(identifier, { unpublished: true }))?.version).toBe(1);
      expect(await elsewhere.get(identifier)).toBeUndefined();
      expect((await elsewhere.list()).map((x) => x.identifier)).not.toContain(identifier);
      const publish = await as.content_editor.post(`/api/console/templates/${identifier}/versions/1/publish`);
      expect(publish.statusCode, publish.body).toBe(200);
      await feed.sync();
      // Kept in memory from before the publish: only a notification makes it read again.
      expect((await elsewhere.get(identifier))?.catalogue.name).toBe("Short-Form Consent to Act");
      expect((await elsewhere.list()).map((x) => x.identifier)).toContain(identifier);

      // A draft deleted: the other server forgets it at once (the delete's trigger, 0075).
      const deleted = "consent-deleted-elsewhere";
      const draft = await as.content_editor.post(
        "/api/console/templates",
        newTemplate({ identifier: deleted }),
      );
      expect(draft.statusCode, draft.body).toBe(200);
      await feed.sync();
      expect((await elsewhere.get(deleted, { unpublished: true }))?.version).toBe(1);
      expect((await as.content_editor.delete(`/api/console/templates/${deleted}`)).statusCode).toBe(200);
      await feed.sync();
      expect(await elsewhere.get(deleted, { unpublished: true })).toBeUndefined();
    } finally {
      await feed.close();
    }
  });
});

const pdfText = (bytes: Buffer) => readPdf(new Uint8Array(bytes)).pages.join("\n").replace(/\s+/g, " ");

let skus = 0;
let categoryId = 0;
function productBody(published: boolean) {
  return {
    name: "Short-Form Consent to Act",
    sku: `NEW-CONSENT-${++skus}`,
    price_cents: 2200,
    category_ids: [categoryId],
    template: NEW,
    published,
  };
}
