import { readFileSync } from "node:fs";
import path from "node:path";
import { CONSOLE_TEMPLATE_MESSAGES as MESSAGES, type StaffRole } from "@precedent/contracts";
import { readPdf } from "@precedent/docgen/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { documents } from "../documents/index.ts";
import { templateVersions } from "../templates/index.ts";
import { staffAuditLog } from "./schema.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "./testing.ts";

const CONSENT = "director-consent";
const FOLDER = path.resolve(import.meta.dirname, "../../../../../templates", CONSENT);
const read = (file: string) => readFileSync(path.join(FOLDER, file), "utf8");
const OLD_CLAUSE = "This consent is kept by the Company with its records.";
const NEW_CLAUSE = "This consent is kept by the Company with its register of members.";

let t: TestApp;
let firm: FirmWithPeople;
const as = {} as Record<StaffRole, ConsoleClient>;
const staffIds = {} as Record<StaffRole, number>;
const emails = {} as Record<StaffRole, string>;

const files = (over: Partial<Record<"interview" | "body" | "sample_answers", string>> = {}) => ({
  note: "The keeping clause names the register of members",
  interview: read("interview.yaml"),
  body: read("template.md").replace(OLD_CLAUSE, NEW_CLAUSE),
  sample_answers: read("sample-answers.json"),
  preconditions: read("PRECONDITIONS.md"),
  ...over,
});
const base = `/api/console/templates/${CONSENT}`;
const rowsOf = () =>
  t.db
    .select()
    .from(templateVersions)
    .where(eq(templateVersions.identifier, CONSENT))
    .orderBy(templateVersions.version);
const auditOf = () =>
  t.db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.target, `template:${CONSENT}`))
    .orderBy(staffAuditLog.id);
const sample = () => JSON.parse(read("sample-answers.json")) as Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  firm = await buildFirmWithPeople(t);
  for (const role of ["administrator", "content_editor", "support"] as const) {
    const row = await buildStaff(t, role);
    staffIds[role] = row.id;
    emails[role] = row.email;
    as[role] = await signInStaff(t, row.email);
  }
}, 240_000);
afterAll(async () => t?.close());

/** A firm's document on the template, made now (the database records the current version). */
const startDocument = async () => {
  const doc = await t.buildDocument({
    teamId: firm.teamId,
    createdBy: firm.ids.alice,
    status: 1,
    template: { identifier: CONSENT, name: "Consent to Act as Director or Secretary", xml: sample() },
  });
  const [row] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
  return { id: doc.id, version: row?.templateVersion };
};
const previewText = async (docId: number) => {
  const res = await firm.as.alice.post(`/api/xpressdox/preview/${docId}`, { xml: sample() });
  expect(res.statusCode, res.body).toBe(200);
  return readPdf(new Uint8Array(res.rawPayload)).pages.join("\n").replace(/\s+/g, " ");
};

describe("uploading a version", () => {
  it("refuses a broken interview with the engine's message, writing nothing", async () => {
    const res = await as.content_editor.post(
      `${base}/versions`,
      files({ interview: "title: Broken\nquestions: 3\n" }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The template could not be read: /);
    const json = await as.content_editor.post(`${base}/versions`, files({ sample_answers: "{ not json" }));
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toContain("sample-answers.json");
    expect(await rowsOf()).toEqual([]);
    expect(await auditOf()).toEqual([]);
  });

  it("keeps a version whose sample answers fail as a draft that cannot be published", async () => {
    const res = await as.content_editor.post(`${base}/versions`, files({ sample_answers: "{}" }));
    expect(res.statusCode, res.body).toBe(200);
    const version = res.json().data;
    expect(version).toMatchObject({ version: 2, status: "draft", checks_passed: false });
    expect(version.abilities).toEqual({ publish: false, schedule: false, cancel_schedule: false });
    const failed = version.checks
      .filter((c: { passed: boolean }) => !c.passed)
      .map((c: { name: string }) => c.name);
    expect(failed).toContain("The sample answers pass the interview's checks");
    const publish = await as.content_editor.post(`${base}/versions/2/publish`);
    expect(publish.statusCode).toBe(409);
    expect(publish.json().message).toBe(MESSAGES.checksFailed);
    expect((await rowsOf()).map((r) => r.status)).toEqual(["draft"]);
  });

  it("checks a good version: pages, checks, the HTML preview with the new text, audited", async () => {
    const res = await as.content_editor.post(`${base}/versions`, files());
    expect(res.statusCode, res.body).toBe(200);
    const version = res.json().data;
    expect(version).toMatchObject({ version: 3, status: "draft", checks_passed: true, questions_added: [] });
    expect(version.checks.every((c: { passed: boolean }) => c.passed)).toBe(true);
    expect(version.page_count).toBeGreaterThan(0);
    expect(version.preview_html).toContain("register of members");
    expect(version.abilities).toEqual({ publish: true, schedule: true, cancel_schedule: false });
    // The body against the current version (the starter): the one line changed, marked so.
    expect(version.body_diff).toMatchObject({ compared_with: 1, too_large: false, added: 1, removed: 1 });
    const changed = version.body_diff.lines.filter(
      (l: { kind: string }) => l.kind !== "same" && l.kind !== "skipped",
    );
    expect(changed).toEqual([
      { kind: "removed", text: expect.stringContaining(OLD_CLAUSE) },
      { kind: "added", text: expect.stringContaining(NEW_CLAUSE) },
    ]);
    expect(version.interview_diff).toMatchObject({ compared_with: 1, added: 0, removed: 0 });
    const [, entry] = await auditOf();
    expect(entry).toMatchObject({ action: "template.version_uploaded", staffId: staffIds.content_editor });
    expect(entry?.after).toMatchObject({ version: 3, checks_passed: true });
  });

  it("says which questions a version added and removed", async () => {
    const interview = read("interview.yaml").replace(
      /^questions:\n/m,
      "questions:\n  - id: board_minute_reference\n    type: text\n    label: Board minute reference\n    required: false\n",
    );
    const res = await as.administrator.post(`${base}/versions`, files({ interview }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.questions_added).toEqual(["board_minute_reference"]);
  });
});

describe("publishing", () => {
  it("refuses support staff, and leaves version 1 current until a version is published", async () => {
    expect((await as.support.post(`${base}/versions/3/publish`)).statusCode).toBe(403);
    const before = await startDocument();
    expect(before.version).toBe(1);
    expect(await previewText(before.id)).toContain("kept by the Company with its records");
  });

  it("publishes one of two versions published at once, exactly one", async () => {
    const [a, b] = await Promise.all([
      as.content_editor.post(`${base}/versions/3/publish`),
      as.administrator.post(`${base}/versions/3/publish`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const published = (await rowsOf()).filter((r) => r.status === "published");
    expect(published.map((r) => r.version)).toEqual([3]);
    const entries = (await auditOf()).filter((e) => e.action === "template.version_published");
    expect(entries).toHaveLength(1);
    expect(entries[0]?.before).toMatchObject({ current_version: 1 });
    expect(entries[0]?.after).toMatchObject({ current_version: 3 });
  });

  it("never leaves two versions published, whichever two are published at once", async () => {
    const results = await Promise.all([
      as.content_editor.post(`${base}/versions/4/publish`),
      as.administrator.post(`${base}/versions/3/publish`),
    ]);
    for (const res of results) expect([200, 409]).toContain(res.statusCode);
    const published = await t.db
      .select()
      .from(templateVersions)
      .where(and(eq(templateVersions.identifier, CONSENT), eq(templateVersions.status, "published")));
    expect(published).toHaveLength(1);
    // Back to version 3 for what follows.
    if (published[0]?.version !== 3)
      expect((await as.content_editor.post(`${base}/rollback`)).statusCode).toBe(200);
  });

  it("compares a version with the published one, and the published one with the version before it", async () => {
    const published = (await as.content_editor.get(`${base}/versions/3`)).json().data;
    expect(published.body_diff).toMatchObject({ compared_with: 2, added: 0, removed: 0 });
    const later = (await as.content_editor.get(`${base}/versions/4`)).json().data;
    expect(later.body_diff).toMatchObject({ compared_with: 3, added: 0, removed: 0 });
    expect(later.interview_diff).toMatchObject({ compared_with: 3, removed: 0 });
    expect(later.interview_diff.lines).toContainEqual({
      kind: "added",
      text: "  - id: board_minute_reference",
    });
  });

  it("makes new documents from the published version, and keeps older ones on theirs", async () => {
    const made = await startDocument();
    expect(made.version).toBe(3);
    const text = await previewText(made.id);
    expect(text).toContain("register of members");
    expect(text).not.toContain("kept by the Company with its records");
    const [older] = await t.db
      .select()
      .from(documents)
      .where(and(eq(documents.teamId, firm.teamId), eq(documents.templateVersion, 1)));
    expect(older && (await previewText(older.id))).toContain("kept by the Company with its records");
  });
});

describe("scheduling and rolling back", () => {
  it("publishes a scheduled version when its time comes, by the job queue", async () => {
    const version = (await as.content_editor.post(`${base}/versions`, files())).json().data.version as number;
    const past = await as.content_editor.post(`${base}/versions/${version}/schedule`, {
      publish_at: new Date(t.clock.now().getTime() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    const at = new Date(t.clock.now().getTime() + 3_600_000);
    const res = await as.content_editor.post(`${base}/versions/${version}/schedule`, {
      publish_at: at.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: "scheduled", publish_at: at.toISOString() });
    await t.services.jobs.runDue();
    expect((await rowsOf()).find((r) => r.version === version)?.status).toBe("scheduled");
    t.clock.advance(3_600_000 + 1000);
    await t.services.jobs.runDue();
    // An hour idle ended the console session: sign in again.
    as.content_editor = await signInStaff(t, emails.content_editor);
    expect((await rowsOf()).find((r) => r.version === version)?.status).toBe("published");
    expect((await startDocument()).version).toBe(version);
  });

  it("cancels a scheduled publication, audited: the job then publishes nothing; cancelling again or after publishing is refused", async () => {
    const version = (await as.content_editor.post(`${base}/versions`, files())).json().data.version as number;
    const at = new Date(t.clock.now().getTime() + 600_000);
    const scheduled = await as.content_editor.post(`${base}/versions/${version}/schedule`, {
      publish_at: at.toISOString(),
    });
    expect(scheduled.json().data.abilities).toMatchObject({ cancel_schedule: true, publish: true });
    // The previous test's hour ended support's console session too.
    as.support = await signInStaff(t, emails.support);
    expect((await as.support.post(`${base}/versions/${version}/cancel-schedule`)).statusCode).toBe(403);
    const other = await firm.as.owner.post(`${base}/versions/${version}/cancel-schedule`, {});
    expect(other.statusCode).toBe(401);

    const res = await as.content_editor.post(`${base}/versions/${version}/cancel-schedule`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: "draft", publish_at: null });
    expect(res.json().data.abilities).toMatchObject({ cancel_schedule: false, schedule: true });
    const cancelled = (await auditOf()).at(-1);
    expect(cancelled).toMatchObject({
      action: "template.schedule_cancelled",
      staffId: staffIds.content_editor,
    });
    expect(cancelled?.before).toEqual({ version, status: "scheduled", publish_at: at.toISOString() });
    expect(cancelled?.after).toEqual({ version, status: "draft", publish_at: null });

    const again = await as.content_editor.post(`${base}/versions/${version}/cancel-schedule`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.cancelNotScheduled);
    const published = (await rowsOf()).find((r) => r.status === "published")?.version;
    t.clock.advance(600_000 + 1000);
    await t.services.jobs.runDue();
    as.content_editor = await signInStaff(t, emails.content_editor);
    expect((await rowsOf()).find((r) => r.version === version)?.status).toBe("draft");
    expect((await rowsOf()).find((r) => r.status === "published")?.version).toBe(published);

    // Scheduled, then published by its job: too late to cancel, and nothing changes.
    const soon = new Date(t.clock.now().getTime() + 60_000);
    expect(
      (
        await as.content_editor.post(`${base}/versions/${version}/schedule`, {
          publish_at: soon.toISOString(),
        })
      ).statusCode,
    ).toBe(200);
    t.clock.advance(61_000);
    await t.services.jobs.runDue();
    const entries = (await auditOf()).length;
    const late = await as.content_editor.post(`${base}/versions/${version}/cancel-schedule`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MESSAGES.cancelPublished);
    expect((await rowsOf()).find((r) => r.version === version)?.status).toBe("published");
    expect(await auditOf()).toHaveLength(entries);
    const missing = await as.content_editor.post(`${base}/versions/999/cancel-schedule`);
    expect(missing.statusCode).toBe(404);
  });

  it("rolls back to the version published before, down to version 1, audited", async () => {
    const latest = (await rowsOf()).find((r) => r.status === "published")?.version as number;
    const everPublished = (await rowsOf())
      .filter((r) => r.publishedAt !== null && r.version < latest)
      .map((r) => r.version)
      .sort((a, b) => b - a);
    let current = latest;
    for (const expected of [...everPublished, 1]) {
      const res = await as.content_editor.post(`${base}/rollback`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.current_version).toBe(expected);
      const rolled = (await auditOf()).filter((e) => e.action === "template.rolled_back").at(-1);
      expect(rolled?.before).toEqual({ current_version: current });
      expect(rolled?.after).toEqual({ current_version: expected });
      current = expected;
    }
    const none = await as.content_editor.post(`${base}/rollback`);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(MESSAGES.nothingToRollBack);
    expect((await startDocument()).version).toBe(1);
  });
});

describe("edge-case answer sets at upload", () => {
  const twoDirectors = () => JSON.stringify({ ...sample(), company_name: "Edge Case Holdings" });

  it("refuses a set that is not a JSON object, or two sets of one name, writing nothing", async () => {
    const rows = (await rowsOf()).length;
    const entries = (await auditOf()).length;
    const broken = await as.content_editor.post(`${base}/versions`, {
      ...files(),
      answer_sets: [{ name: "Broken", answers: "{ nope" }],
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The answer set "Broken" could not be read: /);
    const list = await as.content_editor.post(`${base}/versions`, {
      ...files(),
      answer_sets: [{ name: "A list", answers: "[]" }],
    });
    expect(list.statusCode).toBe(400);
    expect(list.json().message).toBe(
      MESSAGES.answerSetUnreadable("A list", "its answers must be a JSON object"),
    );
    const twice = await as.content_editor.post(`${base}/versions`, {
      ...files(),
      answer_sets: [
        { name: "Same", answers: "{}" },
        { name: "Same", answers: "{}" },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(await rowsOf()).toHaveLength(rows);
    expect(await auditOf()).toHaveLength(entries);
  });

  it("checks each set, shows it per set, and a failing one keeps the version from being published", async () => {
    const res = await as.content_editor.post(`${base}/versions`, {
      ...files(),
      answer_sets: [
        { name: "Another company", answers: twoDirectors() },
        { name: "Nothing answered", answers: "{}" },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const version = res.json().data;
    // The sample answers pass: only the failing set fails the version.
    expect(version.checks.every((c: { passed: boolean }) => c.passed)).toBe(true);
    expect(version.checks_passed).toBe(false);
    expect(version.abilities).toMatchObject({ publish: false, schedule: false });
    const [good, bad] = version.answer_sets;
    expect(good).toMatchObject({ name: "Another company", passed: true, message: null });
    expect(good.page_count).toBeGreaterThan(0);
    expect(bad).toMatchObject({ name: "Nothing answered", passed: false });
    expect(bad.message).toMatch(/^Failed: The answers pass the interview's checks — \w+: /);
    const publish = await as.content_editor.post(`${base}/versions/${version.version}/publish`);
    expect(publish.statusCode).toBe(409);
    expect(publish.json().message).toBe(MESSAGES.answerSetFailed(["Nothing answered"]));
    const schedule = await as.content_editor.post(`${base}/versions/${version.version}/schedule`, {
      publish_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
    });
    expect(schedule.statusCode).toBe(409);
    expect(schedule.json().message).toBe(MESSAGES.answerSetFailed(["Nothing answered"]));
    expect((await rowsOf()).find((r) => r.version === version.version)?.status).toBe("draft");
    const uploaded = (await auditOf()).at(-1);
    expect(uploaded?.after).toMatchObject({
      version: version.version,
      checks_passed: false,
      answer_sets: [
        { name: "Another company", passed: true },
        { name: "Nothing answered", passed: false },
      ],
    });
    // Read again, the version shows the same sets.
    const again = await as.content_editor.get(`${base}/versions/${version.version}`);
    expect(again.json().data.answer_sets).toEqual(version.answer_sets);
  });

  it("publishes a version whose sets all pass", async () => {
    const res = await as.content_editor.post(`${base}/versions`, {
      ...files(),
      answer_sets: [{ name: "Another company", answers: twoDirectors() }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ checks_passed: true, answer_sets: [{ passed: true }] });
    const publish = await as.content_editor.post(`${base}/versions/${res.json().data.version}/publish`);
    expect(publish.statusCode, publish.body).toBe(200);
  });
});
