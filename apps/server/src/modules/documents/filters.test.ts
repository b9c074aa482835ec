import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";

/**
 * The list's template and client filters (the client: the first party's name in the answers,
 * stored on save), on every tab and on both count paths: the kept counters (unfiltered lists) and
 * counting rows (filtered ones). Runs on PGlite, or on PostgreSQL with DATABASE_URL set.
 */
let t: TestApp;
let teamId: number;
let ids: FirmWithPeople["ids"];
let as: FirmWithPeople["as"];
let lite: FirmClient;
let sample: Record<string, unknown>;
const made: Record<string, number> = {};

const NDA = { identifier: "mutual-nda", name: "Mutual Non-Disclosure Agreement" };
const CONSENT = { identifier: "director-consent", name: "Director Consent" };

const individual = (first: string, last: string) => ({
  ...(sample.second_party as object),
  party_type: "individual",
  first_name: first,
  middle_name: "",
  last_name: last,
});

async function saved(
  name: string,
  template: typeof NDA,
  xml: object,
  over: { by?: number; status?: 1 | 2 | 5 } = {},
) {
  const client = over.by === ids.bob ? as.bob : as.alice;
  const doc = await t.buildDocument({
    teamId,
    createdBy: over.by ?? ids.alice,
    name,
    template: { ...template },
  });
  const token = (await client.get(`/api/get-action-token/${doc.id}`)).json().data.action_token;
  const res = await client.put(`/api/xpressdox/update-xml/${doc.id}`, { xml, action_token: token });
  expect(res.json().data, res.body).toEqual({ status: true });
  made[name] = doc.id;
  return doc;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ teamId, ids, as, lite } = await buildFirmWithPeople(t));
  sample = t.services.templates.starter(NDA.identifier)?.sampleAnswers as Record<string, unknown>;
  await saved("NDA Riverbend", NDA, sample);
  await saved("NDA Okafor", NDA, { ...sample, first_party: individual("Harriet", "Okafor") });
  await saved("NDA 100% Pty", NDA, {
    ...sample,
    first_party: { ...(sample.first_party as object), name: "100% Holdings" },
  });
  await saved(
    "NDA Bob Okafor",
    NDA,
    { ...sample, first_party: individual("Jane", "Okafor") },
    { by: ids.bob },
  );
  await saved("Consent", CONSENT, {});
  await t.buildDocument({ teamId, createdBy: ids.alice, name: "No template" });
});
afterAll(() => t.close());

type Row = { id: number; name: string };
const names = async (client: FirmClient, query: Record<string, string | number>) => {
  const res = await client.get("/api/doc", { length: 100, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.rows as Row[]).map((r) => r.name).sort();
};
const counts = async (client: FirmClient, query: Record<string, string | number>) => {
  const res = await client.get("/api/doc/get-status", query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { rows: { status: number; total: number }[]; total_record: number };
};

describe("document list filters", () => {
  it("filters My Documents by template, with status counts to match", async () => {
    expect(await names(as.alice, { type: 1 })).toHaveLength(5);
    expect(await names(as.alice, { type: 1, template: "mutual-nda" })).toEqual([
      "NDA 100% Pty",
      "NDA Okafor",
      "NDA Riverbend",
    ]);
    expect(await names(as.alice, { type: 1, template: "director-consent" })).toEqual(["Consent"]);
    expect(await names(as.alice, { type: 1, template: "no-such-template" })).toEqual([]);
    const nda = await counts(as.alice, { type: 1, template: "mutual-nda" });
    expect(nda.total_record).toBe(3);
    expect(nda.rows.find((r) => r.status === 2)?.total).toBe(3);
    // Unfiltered counts still come from the kept counters and still count everything.
    expect((await counts(as.alice, { type: 1 })).total_record).toBe(5);
    const listed = await as.alice.get("/api/doc", { type: 1, template: "mutual-nda", length: 2 });
    expect(listed.json().data).toMatchObject({ total_record: 3, total_page: 2 });
  });

  it("filters by client: any part of the first party's name, any case, % taken literally", async () => {
    expect(await names(as.alice, { type: 1, client: "riverbend" })).toEqual(["NDA Riverbend"]);
    expect(await names(as.alice, { type: 1, client: "  OKAF " })).toEqual(["NDA Okafor"]);
    expect(await names(as.alice, { type: 1, client: "harriet okafor" })).toEqual(["NDA Okafor"]);
    expect(await names(as.alice, { type: 1, client: "100%" })).toEqual(["NDA 100% Pty"]);
    expect(await names(as.alice, { type: 1, client: "%" })).toEqual(["NDA 100% Pty"]);
    expect(await names(as.alice, { type: 1, client: "" })).toHaveLength(5);
    expect((await counts(as.alice, { type: 1, client: "okafor" })).total_record).toBe(1);
    // With status and template together.
    expect(await names(as.alice, { type: 1, client: "okafor", template: "mutual-nda", status: 2 })).toEqual([
      "NDA Okafor",
    ]);
    expect(await names(as.alice, { type: 1, client: "okafor", status: 5 })).toEqual([]);
  });

  it("filters Organisation Documents and Shared Folders the same way, within the firm only", async () => {
    expect(await names(as.owner, { type: 3, client: "okafor" })).toEqual(["NDA Bob Okafor", "NDA Okafor"]);
    expect((await counts(as.owner, { type: 3, client: "okafor" })).total_record).toBe(2);
    expect(await names(as.owner, { type: 3, template: "mutual-nda", user_ids: ids.bob })).toEqual([
      "NDA Bob Okafor",
    ]);
    expect(await names(as.owner, { type: 2, client: "okafor" })).toEqual([]);
    // A member sees only their own documents under the filter.
    expect(await names(as.bob, { type: 1, client: "okafor" })).toEqual(["NDA Bob Okafor"]);
    // Another firm's list never shows ours, filtered or not.
    expect(await names(lite, { type: 1, client: "okafor" })).toEqual([]);
  });

  it("keeps the client up to date on save, and refuses over-long filters", async () => {
    const id = made["NDA Riverbend"] as number;
    const token = (await as.alice.get(`/api/get-action-token/${id}`)).json().data.action_token;
    await as.alice.put(`/api/xpressdox/update-xml/${id}`, {
      xml: { ...sample, first_party: individual("Ada", "Lovelace") },
      action_token: token,
    });
    expect(await names(as.alice, { type: 1, client: "riverbend" })).toEqual([]);
    expect(await names(as.alice, { type: 1, client: "lovelace" })).toEqual(["NDA Riverbend"]);
    const long = await as.alice.get("/api/doc", { type: 1, client: "x".repeat(201) });
    expect(long.statusCode).toBe(400);
  });
});
