import zlib from "node:zlib";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCatalogue, products } from "../../modules/catalogue/index.ts";
import { teamMembers, teams } from "../../modules/teams/index.ts";
import { users } from "../../modules/users/index.ts";
import { bearer, createTestApp, signIn, type TestApp } from "../../test/harness.ts";

// GET /users/me and the catalogue, kept in memory with the change feed on (as `npm start` runs).
// Rows are changed behind the app, as another server would change them, and each read waits
// until the feed has heard every earlier commit (`changes.sync()`), as it would a moment later.

let t: TestApp;
let firm: Awaited<ReturnType<TestApp["buildTeam"]>>;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ changes: true });
  await ensureCatalogue(t.db, t.services.templates.starters());
  firm = await t.buildTeam({ name: "Kept Legal Pty Ltd" });
  token = await signIn(t, firm.owner.email);
});
afterAll(() => t.close());

const stats = () => ({ ...t.services.keptReplies.stats });

async function get(url: string, headers: Record<string, string> = {}) {
  await t.changes?.sync();
  return t.app.inject({ method: "GET", url, headers: { ...bearer(token), ...headers } });
}

const me = async () => (await get("/api/users/me")).json().data;

describe("GET /users/me kept in memory", () => {
  it("is read once, then answered from memory while nothing of the person's changes", async () => {
    const first = await me();
    const before = stats();
    expect(await me()).toEqual(first);
    expect(await me()).toEqual(first);
    expect(stats().hits - before.hits).toBe(2);
    expect(stats().builds).toBe(before.builds);
  });

  it("shows the person's own row changed behind the app", async () => {
    await me();
    await t.db.update(users).set({ phone: "0412 345 678" }).where(eq(users.id, firm.owner.id));
    expect((await me()).phone).toBe("0412 345 678");
  });

  it("shows a firm the person joined, a role changed and a firm left", async () => {
    await me();
    const other = await t.buildTeam({ name: "Joined Accounting" });
    await t.addMember(other.team.id, "member", firm.owner);
    expect((await me()).teams).toContainEqual(
      expect.objectContaining({
        id: other.team.id,
        name: "Joined Accounting",
        role: "member",
      }),
    );
    await t.db
      .update(teamMembers)
      .set({ role: "manager" })
      .where(and(eq(teamMembers.userId, firm.owner.id), eq(teamMembers.teamId, other.team.id)));
    expect((await me()).teams).toContainEqual(
      expect.objectContaining({
        id: other.team.id,
        name: "Joined Accounting",
        role: "manager",
      }),
    );
    await t.db.delete(teamMembers).where(eq(teamMembers.teamId, other.team.id));
    expect((await me()).teams.map((firm: { id: number }) => firm.id)).not.toContain(other.team.id);
  });

  it("shows a firm renamed behind the app", async () => {
    await me();
    await t.db.update(teams).set({ name: "Kept Legal (Renamed) Pty Ltd" }).where(eq(teams.id, firm.team.id));
    expect((await me()).teams).toContainEqual(
      expect.objectContaining({
        id: firm.team.id,
        name: "Kept Legal (Renamed) Pty Ltd",
        role: "owner",
      }),
    );
  });

  it("shows the person's own save at once, before the database's notification", async () => {
    await me();
    t.stallChanges();
    try {
      const saved = await t.app.inject({
        method: "POST",
        url: `/api/users/${firm.owner.id}`,
        headers: bearer(token),
        payload: { first_name: "Saved" },
      });
      expect(saved.statusCode).toBe(200);
      // No sync: the notification is held back; the server's own write must count on its own.
      const res = await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(token) });
      expect(res.json().data.first_name).toBe("Saved");
    } finally {
      t.resumeChanges();
    }
  });

  it("keeps one person's reply from another", async () => {
    const colleague = await t.addMember(firm.team.id, "member");
    const theirs = await signIn(t, colleague.email);
    await me();
    const res = await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(theirs) });
    expect(res.json().data.email).toBe(colleague.email);
  });
});

describe("the catalogue kept in memory", () => {
  const list = "/api/products?per_page=100";

  it("answers from memory, compressed for a client that accepts it, with an ETag", async () => {
    const first = await get(list);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const before = stats();
    const compressed = await get(list, { "accept-encoding": "gzip, deflate, br" });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers.etag).toBe(etag);
    expect(JSON.parse(zlib.brotliDecompressSync(compressed.rawPayload).toString())).toEqual(first.json());
    expect(stats().hits - before.hits).toBe(1);
  });

  it("answers 304 with no body to a client that has the reply", async () => {
    const first = await get(list);
    const before = stats();
    const again = await get(list, { "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const stale = await get(list, { "if-none-match": 'W/"not-this-one"' });
    expect(stale.statusCode).toBe(200);
    expect(stats().notModified - before.notModified).toBe(1);
  });

  it("shows a product changed behind the app, under a new ETag", async () => {
    const first = await get(list);
    const firstName = first.json().data.rows[0].name as string;
    await t.db
      .update(products)
      .set({ name: sql`'A ' || ${products.name}` })
      .where(eq(products.id, first.json().data.rows[0].id));
    const after = await get(list, { "if-none-match": String(first.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.json().data.rows[0].name).toBe(`A ${firstName}`);
  });

  it("is still refused to a request without a session", async () => {
    await get(list);
    const res = await t.app.inject({ method: "GET", url: list });
    expect(res.statusCode).toBe(401);
  });

  it("keeps nothing while the feed's heartbeats do not come back", async () => {
    await get(list);
    t.stallChanges();
    try {
      // Past the feed's staleness limit (3 s), memory is not trusted.
      await new Promise((resolve) => setTimeout(resolve, 3_300));
      const before = stats();
      await t.app.inject({ method: "GET", url: list, headers: bearer(token) });
      expect(stats().hits).toBe(before.hits);
      expect(stats().builds - before.builds).toBe(1);
    } finally {
      t.resumeChanges();
    }
  });
});

describe("without the change feed", () => {
  it("reads the database for every request", async () => {
    const plain = await createTestApp({ changes: false });
    try {
      const owner = await plain.buildTeam();
      const theirs = await signIn(plain, owner.owner.email);
      for (let i = 0; i < 3; i++) {
        await plain.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(theirs) });
      }
      await plain.db.update(users).set({ phone: "0499 999 999" }).where(eq(users.id, owner.owner.id));
      const res = await plain.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(theirs) });
      expect(res.json().data.phone).toBe("0499 999 999");
      expect(plain.services.keptReplies.stats.hits).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
