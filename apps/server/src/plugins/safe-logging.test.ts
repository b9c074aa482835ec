import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../modules/users/index.ts";
import { bearer, createTestApp, signIn, type TestApp } from "../test/harness.ts";

/** A whole SQL statement, as Drizzle and the drivers quote one. */
const STATEMENT = /\b(select|insert into|update|delete from)\b[\s\S]{0,400}\b(from|values|set|where)\b/i;

let t: TestApp;
const lines: string[] = [];
let token: string;
let teamId: number;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: "info" },
    logTo: { write: (line) => void lines.push(line) },
  });
  const { team, owner } = await t.buildTeam();
  teamId = team.id;
  token = await signIn(t, owner.email);
}, 300_000);
afterAll(() => t?.close());

/** The error a failed query raises, as every caller of the database sees it. */
async function failedQuery(): Promise<unknown> {
  try {
    await t.db.select().from(users).where(sql`${users.email} = ${"private.person@client.test"} and nonsense`);
  } catch (error) {
    return error;
  }
  throw new Error("the query did not fail");
}

describe("the log at info level", () => {
  it("keeps the database's code and message of a failed query, never its statement or parameters", async () => {
    const error = await failedQuery();
    // What main.ts does with a failed purge, mail run or change feed, and a route with its error.
    t.app.log.error({ err: error }, "session purge failed");
    t.app.log.warn(error as Error, "zip download failed");
    t.app.log.error({ err: new Error("could not finish", { cause: error }) }, "mail delivery failed");

    const logged = lines.slice(-3).map((line) => JSON.parse(line));
    expect(logged.map((entry) => entry.msg)).toEqual([
      "session purge failed",
      "zip download failed",
      "mail delivery failed",
    ]);
    const text = lines.slice(-3).join("\n");
    expect(text).not.toMatch(STATEMENT);
    expect(text).not.toContain("private.person@client.test");
    // Still useful: the database's code and its own message.
    expect(logged[0].err).toMatchObject({ type: "DatabaseError", code: "42703" });
    expect(logged[0].err.message).toMatch(/nonsense/);
    expect(logged[2].err.cause).toMatchObject({ type: "DatabaseError", code: "42703" });
  });

  it("has no statement in a request whose query fails (a 500), nor in the request lines", async () => {
    const before = lines.length;
    await t.db.execute(sql`alter table documents rename to documents_away`);
    try {
      const reply = await t.app.inject({
        method: "GET",
        url: `/api/doc?id_team=${teamId}&type=1&search=private.person`,
        headers: bearer(token),
      });
      expect(reply.statusCode).toBe(500);
      expect(reply.json()).toEqual({
        message: "Something went wrong on our side. Please try again.",
        data: null,
      });
    } finally {
      await t.db.execute(sql`alter table documents_away rename to documents`);
    }
    const logged = lines.slice(before);
    expect(logged.some((line) => JSON.parse(line).msg === "request failed")).toBe(true);
    expect(logged.join("\n")).not.toMatch(STATEMENT);
  });
});
