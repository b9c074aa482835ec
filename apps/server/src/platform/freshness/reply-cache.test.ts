import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import type { preHandlerAsyncHookHandler } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../../modules/documents/index.ts";
import { folders } from "../../modules/folders/index.ts";
import { users } from "../../modules/users/index.ts";
import {
  bearer,
  buildFirmWithPeople,
  createTestApp,
  type FirmWithPeople,
  firmClient,
  signIn,
  type TestApp,
} from "../../test/harness.ts";

// Replies of the document list, status counts and folder tree are kept per firm version. These
// tests read the version from the database on every request (the harness default), so any change
// a trigger misses would show here as a stale reply.

let t: TestApp;
let people: FirmWithPeople;
let tokenOf: (client: "owner" | "alice") => Promise<string>;

beforeAll(async () => {
  t = await createTestApp();
  people = await buildFirmWithPeople(t);
  // The clients hold their tokens inside; sign in again for raw requests with chosen headers.
  tokenOf = async (client) => {
    const [user] = await t.db.select().from(users).where(eq(users.id, people.ids[client]));
    return signIn(t, user?.email ?? "");
  };
});
afterAll(() => t.close());

const listOf = (client: FirmWithPeople["as"]["owner"]) =>
  client.get("/api/doc", { type: 1, sort: "name", order: "asc" });

describe("cached list replies", () => {
  it("are reused while nothing changes, and rebuilt after a change", async () => {
    const doc = await t.buildDocument({
      teamId: people.teamId,
      createdBy: people.ids.alice,
      name: "Kept reply",
    });
    const { stats } = t.services.replyCache;
    const first = await listOf(people.as.alice);
    const hits = stats.hits;
    const again = await listOf(people.as.alice);
    expect(stats.hits).toBe(hits + 1);
    expect(again.body).toBe(first.body);
    expect(again.headers["content-type"]).toBe("application/json; charset=utf-8");

    // A change made outside the app (a script, another server) still shows at once.
    await t.db.update(documents).set({ name: "Changed behind the app" }).where(eq(documents.id, doc.id));
    const after = await listOf(people.as.alice);
    expect(after.json().data.rows.map((r: { name: string }) => r.name)).toContain("Changed behind the app");
    expect(stats.hits).toBe(hits + 1);
  });

  it("keep the folder tree while only documents change, and rebuild it when a folder changes", async () => {
    const doc = await t.buildDocument({
      teamId: people.teamId,
      createdBy: people.ids.alice,
      name: "Autosaved",
    });
    const folder = await t.buildFolder({
      teamId: people.teamId,
      createdBy: people.ids.alice,
      name: "Clients",
    });
    const treeOf = () => people.as.alice.get("/api/folder/get-all", { type: 1 });
    const { stats } = t.services.replyCache;
    const tree = await treeOf();
    await listOf(people.as.alice);

    // An interview autosave, a rename: the list is built again, the tree is not.
    await t.db.update(documents).set({ name: "Autosaved again" }).where(eq(documents.id, doc.id));
    const builds = stats.builds;
    const hits = stats.hits;
    const list = await listOf(people.as.alice);
    expect(list.json().data.rows.map((r: { name: string }) => r.name)).toContain("Autosaved again");
    expect(stats.builds).toBe(builds + 1);
    expect((await treeOf()).body).toBe(tree.body);
    expect(stats).toMatchObject({ builds: builds + 1, hits: hits + 1 });

    // A folder renamed behind the app's back shows in the tree at once.
    await t.db.update(folders).set({ name: "Clients 2026" }).where(eq(folders.id, folder.id));
    const renamed = await treeOf();
    expect(renamed.json().data.rows.map((r: { name: string }) => r.name)).toContain("Clients 2026");
    expect(stats.builds).toBe(builds + 2);
  });

  it("are kept apart per person, role and firm", async () => {
    await t.buildDocument({ teamId: people.teamId, createdBy: people.ids.bob, name: "Bob's own" });
    const bobs = (await people.as.bob.get("/api/doc", { type: 1 })).json().data.rows;
    const alices = (await people.as.alice.get("/api/doc", { type: 1 })).json().data.rows;
    expect(bobs.map((r: { name: string }) => r.name)).toContain("Bob's own");
    expect(alices.map((r: { name: string }) => r.name)).not.toContain("Bob's own");
    // The same address for the owner (Organisation) and a member (refused), asked twice each.
    for (let i = 0; i < 2; i++) {
      expect((await people.as.owner.get("/api/doc", { type: 3 })).statusCode).toBe(200);
      expect((await people.as.alice.get("/api/doc", { type: 3 })).statusCode).toBe(403);
      expect((await people.outsider.get("/api/doc", { type: 1 })).statusCode).toBe(404);
    }
  });

  it("build once for requests that arrive together", async () => {
    await t.buildDocument({ teamId: people.teamId, createdBy: people.ids.owner, name: "Together" });
    const { stats } = t.services.replyCache;
    const builds = stats.builds;
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => people.as.owner.get("/api/folder/get-all", { type: 1 })),
    );
    expect(replies.every((r) => r.statusCode === 200 && r.body === replies[0]?.body)).toBe(true);
    expect(stats.builds).toBe(builds + 1);
  });

  it("go compressed to clients that accept it, and plain to the rest", async () => {
    for (let i = 0; i < 12; i++) {
      await t.buildDocument({
        teamId: people.teamId,
        createdBy: people.ids.owner,
        name: `Compressible ${i}`,
      });
    }
    const token = await tokenOf("owner");
    const ask = (acceptEncoding?: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/doc?id_team=${people.teamId}&type=1&length=20`,
        headers: { ...bearer(token), ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
      });
    const plain = await ask();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await ask("gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await ask("gzip;q=1.0, br;q=0");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    expect((await ask("identity")).headers["content-encoding"]).toBeUndefined();
  });

  it("are not kept when the cache is given no memory", async () => {
    const uncached = await createTestApp({ env: { REPLY_CACHE_MB: "0" } });
    try {
      const firm = await uncached.buildTeam();
      const owner = firmClient(uncached, await signIn(uncached, firm.owner.email), firm.team.id);
      for (let i = 0; i < 3; i++) expect((await owner.get("/api/doc", { type: 1 })).statusCode).toBe(200);
      expect(uncached.services.replyCache.stats).toMatchObject({ hits: 0 });
    } finally {
      await uncached.close();
    }
  });
});

describe("a gate added after the cache", () => {
  // A later feature (a two-factor step-up, a plan-expiry check) adds its gate as a hook. A kept
  // reply must never answer a request such a gate refuses, whichever stage the gate uses.
  const refused = (request: { headers: Record<string, unknown> }) => request.headers["x-gate"] === "refuse";
  const gate = (async (request, reply) => {
    if (refused(request)) await reply.code(403).send({ message: "Refused by the gate", data: null });
  }) satisfies preHandlerAsyncHookHandler;

  for (const stage of ["preValidation", "preHandler"] as const) {
    it(`in ${stage} refuses before a kept reply can answer`, async () => {
      const gated = await createTestApp({
        onRoute: (route) => {
          if (!route.url.startsWith("/api/doc") && !route.url.startsWith("/api/folder/get-all")) return;
          route[stage] = [gate, ...[route[stage] ?? []].flat()] as typeof route.preHandler;
        },
      });
      try {
        const firm = await gated.buildTeam();
        await gated.buildDocument({ teamId: firm.team.id, createdBy: firm.owner.id, name: "Behind a gate" });
        const token = await signIn(gated, firm.owner.email);
        for (const url of [
          `/api/doc?id_team=${firm.team.id}&type=1`,
          `/api/folder/get-all?id_team=${firm.team.id}&type=1`,
        ]) {
          const ask = (gate?: string) =>
            gated.app.inject({
              method: "GET",
              url,
              headers: { ...bearer(token), ...(gate ? { "x-gate": gate } : {}) },
            });
          expect((await ask()).statusCode).toBe(200);
          const { stats } = gated.services.replyCache;
          const hits = stats.hits;
          expect((await ask()).statusCode).toBe(200);
          expect(stats.hits).toBe(hits + 1);
          const refusedReply = await ask("refuse");
          expect(refusedReply.statusCode).toBe(403);
          expect(refusedReply.json().message).toBe("Refused by the gate");
          expect(stats.hits).toBe(hits + 1);
        }
      } finally {
        await gated.close();
      }
    });
  }
});
