import { readFileSync } from "node:fs";
import path from "node:path";
import {
  INTERVIEW_INVALID_DOCUMENT,
  MOVE_VERSION_NOT_ALLOWED,
  moveVersionRefused,
  RELAUNCH_NOT_ALLOWED,
  relaunchVersionRefused,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildStaff, type ConsoleClient, signInStaff } from "../modules/console/testing.ts";
import { documents } from "../modules/documents/index.ts";
import { documentLogs } from "../modules/logs/index.ts";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "./harness.ts";

/**
 * Relaunch and template versions (issue 37 item 2): a completed document whose template has a
 * newer published version is offered it, with what changed; relaunching on it carries the answers
 * over where the questions remain and drops (and logs) the rest; relaunching on the version it
 * was made from keeps everything; any other version is refused. The newer version is uploaded and
 * published through the console, as an editor would.
 */
const CONSENT = { identifier: "director-consent", name: "Consent to Act as Director or Secretary" };
const FOLDER = path.resolve(import.meta.dirname, "../../../../templates", CONSENT.identifier);
const read = (file: string) => readFileSync(path.join(FOLDER, file), "utf8");
const sample = () => JSON.parse(read("sample-answers.json")) as Record<string, unknown>;

/** Version 2: the governing-law question asked anew as "state_of_office" (jurisdiction removed). */
const renamedQuestion = () => ({
  note: "The governing law follows the registered office's state, asked in its own words",
  interview: read("interview.yaml").replace(
    "  - id: jurisdiction\n    type: select\n    label: State or territory of the company's registered office",
    "  - id: state_of_office\n    type: select\n    label: State or territory where the registered office is",
  ),
  body: read("template.md").replace(
    "{{ jurisdiction | jurisdiction }}",
    "{{ state_of_office | jurisdiction }}",
  ),
  sample_answers: read("sample-answers.json").replace('"jurisdiction"', '"state_of_office"'),
  preconditions: read("PRECONDITIONS.md"),
});

let t: TestApp;
let firm: FirmWithPeople;
let editor: ConsoleClient;
let version: number;

const row = async (id: number) => {
  const [found] = await t.db.select().from(documents).where(eq(documents.id, id));
  if (!found) throw new Error(`document ${id} missing`);
  return found;
};
const offerOf = (client: FirmClient, docId: number) => client.get(`/api/doc/relaunch/${docId}`);
const relaunch = (client: FirmClient, docId: number, templateVersion?: number) =>
  client.put(
    `/api/doc/relaunch/${docId}${templateVersion === undefined ? "" : `?template_version=${templateVersion}`}`,
    {},
  );

/** A completed document on the consent, made while version 1 was current, assembled through the API. */
async function completedOnVersionOne() {
  const doc = await t.buildDocument({
    teamId: firm.teamId,
    createdBy: firm.ids.alice,
    status: 1,
    template: { ...CONSENT, xml: sample() },
  });
  const token = (await firm.as.alice.get(`/api/get-action-token/${doc.id}`)).json().data.action_token;
  const assembled = await firm.as.alice.post(`/api/xpressdox/assemble/${doc.id}`, { action_token: token });
  expect(assembled.statusCode, assembled.body).toBe(200);
  return doc;
}

let first: { id: number };
let second: { id: number };
let third: { id: number };
/** Drafts (status 1) made while version 1 was current: the interview offers them the newer one. */
let drafts: { id: number }[];

beforeAll(async () => {
  t = await createTestApp();
  firm = await buildFirmWithPeople(t);
  editor = await signInStaff(t, (await buildStaff(t, "content_editor")).email);
  // Made while version 1 is current.
  first = await completedOnVersionOne();
  second = await completedOnVersionOne();
  third = await completedOnVersionOne();
  drafts = [];
  for (let i = 0; i < 3; i++)
    drafts.push(
      await t.buildDocument({
        teamId: firm.teamId,
        createdBy: firm.ids.alice,
        status: 1,
        template: { ...CONSENT, xml: sample() },
      }),
    );
  const uploaded = await editor.post(
    `/api/console/templates/${CONSENT.identifier}/versions`,
    renamedQuestion(),
  );
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  expect(uploaded.json().data.checks_passed, uploaded.body).toBe(true);
  version = uploaded.json().data.version;
}, 240_000);
afterAll(async () => t?.close());

describe("GET /api/doc/relaunch/{docId}", () => {
  it("offers nothing newer while the document's version is current", async () => {
    const res = await offerOf(firm.as.alice, first.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      doc_id: first.id,
      template_version: 1,
      current_version: 1,
      newer: null,
    });
  });

  it("offers the newer published version with its note, the questions it added and removed by label, and the answers it would drop", async () => {
    // The list, read (and kept) before the publish, must show the newer version after it.
    const rowIn = async () =>
      (
        (await firm.as.alice.get("/api/doc", { type: 1, length: 100 })).json().data.rows as { id: number }[]
      ).find((r) => r.id === first.id);
    expect(await rowIn()).not.toHaveProperty("newer_template_version");
    const published = await editor.post(
      `/api/console/templates/${CONSENT.identifier}/versions/${version}/publish`,
    );
    expect(published.statusCode, published.body).toBe(200);
    const res = await offerOf(firm.as.alice, first.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      doc_id: first.id,
      template_version: 1,
      current_version: version,
      newer: {
        version,
        note: renamedQuestion().note,
        questions_added: [
          { id: "state_of_office", label: "State or territory where the registered office is" },
        ],
        questions_removed: [
          { id: "jurisdiction", label: "State or territory of the company's registered office" },
        ],
        answers_dropped: ["State or territory of the company's registered office"],
      },
    });
    expect(await rowIn()).toMatchObject({ newer_template_version: version });
    const detailRow = await firm.as.alice.get(`/api/doc/${first.id}`);
    expect(detailRow.json().data).toMatchObject({ newer_template_version: version });
    // The console's version detail names the same questions, from the same code.
    const detail = await editor.get(`/api/console/templates/${CONSENT.identifier}/versions/${version}`);
    expect(detail.json().data.questions_added).toEqual(["state_of_office"]);
    expect(detail.json().data.questions_removed).toEqual(["jurisdiction"]);
  });

  it("is another firm's document: 404, as for a document that does not exist", async () => {
    for (const client of [firm.lite, firm.outsider]) {
      const res = await offerOf(client, first.id);
      expect(res.statusCode).toBe(404);
      // Another firm's member: no such document; our firm's id without being a member: no such firm.
      expect(res.json().message).toBe(client === firm.lite ? INTERVIEW_INVALID_DOCUMENT : "Team not found.");
    }
  });
});

describe("PUT /api/doc/relaunch/{docId}?template_version=", () => {
  it("moves the document to the current version: answers carried over, the removed question's answer dropped and logged", async () => {
    const before = await row(first.id);
    const res = await relaunch(firm.as.alice, first.id, version);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      doc_id: first.id,
      status: 2,
      template_version: version,
      answers_dropped: ["State or territory of the company's registered office"],
    });
    const after = await row(first.id);
    expect(after).toMatchObject({ status: 2, isRelaunch: true, templateVersion: version });
    const { jurisdiction, ...kept } = before.xml as Record<string, unknown>;
    expect(jurisdiction).toBe("NSW");
    expect(after.xml).toEqual(kept);
    const [log] = await t.db
      .select()
      .from(documentLogs)
      .where(eq(documentLogs.docId, first.id))
      .orderBy(documentLogs.id)
      .then((rows) => rows.slice(-1));
    expect(log?.logData).toEqual({
      status: { from: "Completed", to: "In Progress" },
      template_version: {
        from: 1,
        to: version,
        answers: [
          {
            path: "jurisdiction",
            question: "State or territory of the company's registered office",
            from: "New South Wales",
            to: null,
          },
        ],
      },
    });
    // The interview now asks the new version's questions, with the answers carried over.
    const interview = await firm.as.alice.get(`/api/doc/${first.id}/interview`);
    const ids = (interview.json().data.definition.questions as { id: string }[]).map((q) => q.id);
    expect(ids).toContain("state_of_office");
    expect(ids).not.toContain("jurisdiction");
    expect(interview.json().data.xml.company_name).toBe("Coastline Joinery");
    expect((await offerOf(firm.as.alice, first.id)).json().data.newer).toBeNull();
  });

  it("keeps the version it was made from when asked (or when no version is named), answers untouched", async () => {
    const before = await row(second.id);
    const res = await relaunch(firm.as.alice, second.id, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      doc_id: second.id,
      status: 2,
      template_version: 1,
      answers_dropped: [],
    });
    const after = await row(second.id);
    expect(after).toMatchObject({ status: 2, templateVersion: 1 });
    expect(after.xml).toEqual(before.xml);
    const interview = await firm.as.alice.get(`/api/doc/${second.id}/interview`);
    expect((interview.json().data.definition.questions as { id: string }[]).map((q) => q.id)).toContain(
      "jurisdiction",
    );
  });

  it("refuses a version that is neither the document's nor the current one, and a bad number, changing nothing", async () => {
    const before = await row(third.id);
    // A draft upload: not published.
    const draft = await editor.post(`/api/console/templates/${CONSENT.identifier}/versions`, {
      ...renamedQuestion(),
      note: "A draft nobody published",
    });
    const draftVersion = draft.json().data.version as number;
    for (const chosen of [draftVersion, 999]) {
      const res = await relaunch(firm.as.alice, third.id, chosen);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(relaunchVersionRefused(chosen, 1, version));
    }
    for (const bad of ["two", "0", "1.5"]) {
      const res = await firm.as.alice.put(`/api/doc/relaunch/${third.id}?template_version=${bad}`, {});
      expect(res.statusCode, bad).toBe(400);
    }
    expect(await row(third.id)).toEqual(before);
  });

  it("refuses another firm's document (404), changing nothing", async () => {
    const before = await row(third.id);
    for (const client of [firm.lite, firm.outsider]) {
      const res = await relaunch(client, third.id, version);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(client === firm.lite ? INTERVIEW_INVALID_DOCUMENT : "Team not found.");
    }
    expect(await row(third.id)).toEqual(before);
  });

  it("refuses a document that is not completed, whatever the version", async () => {
    const res = await relaunch(firm.as.alice, first.id, version);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RELAUNCH_NOT_ALLOWED);
  });

  it("offers the current version after a roll back, and refuses the rolled-back one", async () => {
    expect((await editor.post(`/api/console/templates/${CONSENT.identifier}/rollback`)).statusCode).toBe(200);
    // third was made from version 1, which is current again: nothing newer to offer.
    expect((await offerOf(firm.as.alice, third.id)).json().data).toMatchObject({
      template_version: 1,
      current_version: 1,
      newer: null,
    });
    const refused = await relaunch(firm.as.alice, third.id, version);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(relaunchVersionRefused(version, 1, 1));
  });
});

describe("PUT /api/doc/template-version/{docId}: a draft moved to the current version", () => {
  const move = (client: FirmClient, docId: number, templateVersion: number | string) =>
    client.put(`/api/doc/template-version/${docId}?template_version=${templateVersion}`, {});
  const logsOf = (docId: number) =>
    t.db.select().from(documentLogs).where(eq(documentLogs.docId, docId)).orderBy(documentLogs.id);

  it("is offered the newer version with what changed, as a relaunch is", async () => {
    // The roll back above made version 1 current: publish the newer version again.
    const published = await editor.post(
      `/api/console/templates/${CONSENT.identifier}/versions/${version}/publish`,
    );
    expect(published.statusCode, published.body).toBe(200);
    const [draft] = drafts;
    const res = await offerOf(firm.as.alice, draft?.id ?? 0);
    expect(res.json().data).toMatchObject({
      template_version: 1,
      current_version: version,
      newer: { version, answers_dropped: ["State or territory of the company's registered office"] },
    });
  });

  it("refuses another firm, a person who may not interview it, a version not current, and bad numbers, changing nothing", async () => {
    const draft = drafts[1] as { id: number };
    const before = await row(draft.id);
    const logs = (await logsOf(draft.id)).length;
    for (const client of [firm.lite, firm.outsider]) {
      const res = await move(client, draft.id, version);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(client === firm.lite ? INTERVIEW_INVALID_DOCUMENT : "Team not found.");
    }
    // Bob is a member of the firm but not the document's creator: it is not his to change.
    expect([403, 404]).toContain((await move(firm.as.bob, draft.id, version)).statusCode);
    // Its own version, the draft nobody published, one that does not exist.
    for (const chosen of [1, version + 1, 999]) {
      const res = await move(firm.as.alice, draft.id, chosen);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(moveVersionRefused(chosen, 1, version));
    }
    for (const bad of ["two", "0", "1.5", ""]) {
      expect((await move(firm.as.alice, draft.id, bad)).statusCode, bad).toBe(400);
    }
    expect(await row(draft.id)).toEqual(before);
    expect(await logsOf(draft.id)).toHaveLength(logs);
  });

  it("moves a draft: answers cleaned as the relaunch cleans them, the change logged, the status kept", async () => {
    const draft = drafts[0] as { id: number };
    const before = await row(draft.id);
    const res = await move(firm.as.alice, draft.id, version);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      doc_id: draft.id,
      status: 1,
      template_version: version,
      answers_dropped: ["State or territory of the company's registered office"],
    });
    const after = await row(draft.id);
    expect(after).toMatchObject({ status: 1, isRelaunch: before.isRelaunch, templateVersion: version });
    const { jurisdiction, ...kept } = before.xml as Record<string, unknown>;
    expect(jurisdiction).toBe("NSW");
    expect(after.xml).toEqual(kept);
    const log = (await logsOf(draft.id)).at(-1);
    expect(log?.logData).toEqual({
      template_version: {
        from: 1,
        to: version,
        answers: [
          {
            path: "jurisdiction",
            question: "State or territory of the company's registered office",
            from: "New South Wales",
            to: null,
          },
        ],
      },
    });
    const interview = await firm.as.alice.get(`/api/doc/${draft.id}/interview`);
    const ids = (interview.json().data.definition.questions as { id: string }[]).map((q) => q.id);
    expect(ids).toContain("state_of_office");
    expect(ids).not.toContain("jurisdiction");
    // On the current version now: nothing newer, and moving again is refused.
    expect((await offerOf(firm.as.alice, draft.id)).json().data.newer).toBeNull();
    const again = await move(firm.as.alice, draft.id, version);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(moveVersionRefused(version, version, version));
  });

  it("leaves a declined draft on its version, and refuses a completed document (relaunch chooses for it)", async () => {
    const declined = drafts[2] as { id: number };
    expect(await row(declined.id)).toMatchObject({ templateVersion: 1 });
    const interview = await firm.as.alice.get(`/api/doc/${declined.id}/interview`);
    expect((interview.json().data.definition.questions as { id: string }[]).map((q) => q.id)).toContain(
      "jurisdiction",
    );
    const before = await row(third.id);
    expect(before.status).toBe(5);
    const res = await move(firm.as.alice, third.id, version);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MOVE_VERSION_NOT_ALLOWED);
    expect(await row(third.id)).toEqual(before);
  });
});
