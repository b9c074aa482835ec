import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "./harness.ts";

/**
 * The step past one primary (README "Running several servers"): Citus would distribute the firm
 * tables by `team_id`, and a query reaches one shard only when it names the firm. This test runs a
 * working day's requests (lists, the folder tree, open, save, assemble, download, the log) on
 * embedded PGlite, records every statement the server sends, and checks that each one reading or
 * changing a firm table filters on `team_id`. The few that do not are listed below with why: they
 * are the queries the Citus step would change first. A new query without the firm fails here.
 */
const FIRM_TABLES = [
  "team_members",
  "firm_versions",
  "documents",
  "document_counts",
  "document_shares",
  "document_files",
  "document_versions",
  "document_logs",
  "document_starts",
  "folders",
  "folder_shares",
  "orders",
];

/** Statements known not to name the firm, each with the reason it is left for the Citus step. */
const KNOWN: { why: string; matches: RegExp }[] = [
  {
    why: "the session's person and their firms: crosses firms by design (stays on the coordinator)",
    matches: /^select .* from "users"/,
  },
  {
    why: "the list's downloadable files, by document ids already read in the firm (the files reader takes no firm yet)",
    matches: /from "document_files" where "document_files"\."doc_id" in \(/,
  },
  {
    why: "the shared folders of documents already read in the firm (sharedFolderNames takes no firm yet)",
    matches: /from "document_shares" where "document_shares"\."doc_id" in \(/,
  },
];

/** A statement reads or changes a firm table (inserts carry `team_id` as a value and are routed by it). */
const firmTablesOf = (statement: string) =>
  FIRM_TABLES.filter((table) => new RegExp(`(from|join|update)\\s+"?${table}"?(\\s|$)`, "i").test(statement));
/** A filter on the firm, not just the column in a select list. */
const namesTheFirm = (statement: string) => /team_id"?\s*(=|in\b|= any)/i.test(statement);

let t: TestApp;
let people: FirmWithPeople;
const statements: string[] = [];

type Queryable = { query: (sql: string, ...rest: unknown[]) => Promise<unknown> };
type PgliteClient = Queryable & {
  transaction: (fn: (tx: Queryable) => Promise<unknown>) => Promise<unknown>;
};

/** Records each statement sent through `client` (and through its transactions' own handles). */
function record(client: Queryable) {
  const query = client.query.bind(client);
  client.query = (sql, ...rest) => {
    statements.push(sql.replace(/\s+/g, " ").trim());
    return query(sql, ...rest);
  };
}

beforeAll(async () => {
  t = await createTestApp();
  people = await buildFirmWithPeople(t);
}, 120_000);
afterAll(() => t?.close());

describe("every query of firm data names its team_id", () => {
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    "in a working day's requests, but for those listed with their reason (PGlite, where every statement is seen)",
    async () => {
      const client = (t.db as unknown as { $client: PgliteClient }).$client;
      record(client);
      const transaction = client.transaction.bind(client);
      client.transaction = (fn) =>
        transaction((tx) => {
          record(tx);
          return fn(tx);
        });

      const { as, teamId, ids } = people;
      const nda = t.services.templates.starter("mutual-nda");
      if (!nda?.sampleAnswers) throw new Error("the NDA's sample answers are missing");
      const doc = await t.buildDocument({
        teamId,
        createdBy: ids.alice,
        template: { identifier: "mutual-nda", name: "Mutual Non-Disclosure Agreement", xml: {} },
        name: "Working day NDA",
      });
      statements.length = 0;
      const ok = async (reply: Promise<{ statusCode: number; body: string }>) => {
        const res = await reply;
        expect(res.statusCode, res.body).toBe(200);
      };
      await ok(as.alice.get("/api/users/me"));
      for (const type of [1, 2, 3]) await ok(as.owner.get("/api/doc", { type, length: 10 }));
      for (const type of [1, 2, 3]) await ok(as.owner.get("/api/folder/get-all", { type }));
      const token = (await as.alice.get(`/api/get-action-token/${doc.id}`)).json().data.action_token;
      await ok(
        as.alice.put(`/api/xpressdox/update-xml/${doc.id}`, { xml: nda.sampleAnswers, action_token: token }),
      );
      await ok(as.alice.post(`/api/xpressdox/assemble/${doc.id}`, { action_token: token }));
      await ok(as.alice.get(`/api/doc/download/${doc.id}`, { type: "pdf" }));
      await ok(as.alice.put(`/api/doc/rename/${doc.id}`, { new_name: "Working day NDA (final)" }));
      await ok(as.alice.get(`/api/doc/${doc.id}`));
      await ok(as.alice.get("/api/log", { id: doc.id }));

      const firmStatements = statements.filter((s) => !/^insert/i.test(s) && firmTablesOf(s).length > 0);
      // The flow really read and changed firm data (a recorder that saw nothing would pass).
      expect(firmStatements.length).toBeGreaterThan(20);
      expect(firmStatements.some((s) => /^update "documents"/.test(s))).toBe(true);
      const unnamed = firmStatements.filter((s) => !namesTheFirm(s));
      const unknown = unnamed.filter((s) => !KNOWN.some((k) => k.matches.test(s)));
      expect(unknown.map((s) => s.slice(0, 240))).toEqual([]);
    },
  );
});
