import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANGE_FEED_APPLICATION } from "../../db/client.ts";
import { sessions } from "../../modules/auth/index.ts";
import { productCategories, products } from "../../modules/catalogue/index.ts";
import { documents } from "../../modules/documents/index.ts";
import { firmVersions, teams } from "../../modules/teams/index.ts";
import { users } from "../../modules/users/index.ts";
import { createTestApp, signIn, stallable, type TestApp } from "../../test/harness.ts";
import { type ChangeFeed, createChangeFeed, type NotificationSource } from "./change-feed.ts";

// The feed on the test database (PGlite, or PostgreSQL with DATABASE_URL): real triggers, real
// notifications. The harness's app has no feed of its own here; each test starts one.

let t: TestApp;
let firm: Awaited<ReturnType<TestApp["buildTeam"]>>;
let other: Awaited<ReturnType<TestApp["buildTeam"]>>;
const feeds: ChangeFeed[] = [];

beforeAll(async () => {
  t = await createTestApp();
  firm = await t.buildTeam({ name: "Heard Legal" });
  other = await t.buildTeam({ name: "Quiet Accounting" });
});
afterAll(async () => {
  for (const feed of feeds) await feed.close();
  await t.close();
});

/** A feed on the test database whose connection a test can cut. */
async function startFeed() {
  let cut: ((error: unknown) => void) | undefined;
  const real = t.notifications();
  const source: NotificationSource = {
    ...real,
    listen: (channel, onMessage, onLost) => {
      cut = onLost;
      return real.listen(channel, onMessage, onLost);
    },
  };
  const feed = createChangeFeed(source, { retryMs: 20 });
  feeds.push(feed);
  await feed.start();
  return { feed, cut: () => cut?.(new Error("connection cut by the test")) };
}

const addDocument = (teamId: number, ownerId: number) =>
  t.buildDocument({ teamId, createdBy: ownerId, name: "Heard" });

describe("the change feed", () => {
  it("trusts nothing until it listens", async () => {
    const feed = createChangeFeed(t.notifications());
    feeds.push(feed);
    const mark = feed.mark();
    expect(feed.firmUnchangedSince(mark, firm.team.id)).toBe(false);
    await feed.start();
    expect(feed.listening).toBe(true);
    expect(feed.firmUnchangedSince(mark, firm.team.id)).toBe(false);
    expect(feed.firmUnchangedSince(feed.mark(), firm.team.id)).toBe(true);
  });

  it("hears a firm's committed change, and only that firm's", async () => {
    const { feed } = await startFeed();
    const mark = feed.mark();
    await addDocument(firm.team.id, firm.owner.id);
    await feed.sync();
    expect(feed.firmUnchangedSince(mark, firm.team.id)).toBe(false);
    expect(feed.firmUnchangedSince(mark, other.team.id)).toBe(true);
    expect(feed.sessionsUnchangedSince(mark)).toBe(true);
  });

  it("hears nothing of a transaction that rolls back", async () => {
    const { feed } = await startFeed();
    const mark = feed.mark();
    await t.db
      .transaction(async (tx) => {
        await tx.update(documents).set({ name: "Never" }).where(eq(documents.teamId, firm.team.id));
        tx.rollback();
      })
      .catch(() => {});
    await feed.sync();
    expect(feed.firmUnchangedSince(mark, firm.team.id)).toBe(true);
    expect(feed.sessionsUnchangedSince(mark)).toBe(true);
    feed.sessionsEnded();
    expect(feed.sessionsUnchangedSince(mark)).toBe(false);
    expect(feed.sessionsUnchangedSince(feed.mark())).toBe(true);
  });

  it("hears sessions ending", async () => {
    const { feed } = await startFeed();
    await signIn(t, other.owner.email);
    const mark = feed.mark();
    await t.db.delete(sessions).where(eq(sessions.userId, other.owner.id));
    await feed.sync();
    expect(feed.sessionsUnchangedSince(mark)).toBe(false);
    expect(feed.firmUnchangedSince(mark, firm.team.id)).toBe(true);
  });

  it("hears nothing of a purge that ends no session", async () => {
    const { feed } = await startFeed();
    await signIn(t, firm.owner.email);
    // The sign-in's own notification is heard before the mark: otherwise, on a slow machine, it
    // arrived after the mark and was taken for the purge's.
    await feed.sync();
    const mark = feed.mark();
    await t.services.auth.purgeExpiredSessions();
    await feed.sync();
    expect(feed.sessionsUnchangedSince(mark)).toBe(true);
  });

  it("hears a person's own changes: their row and their memberships", async () => {
    const { feed } = await startFeed();
    const person = await t.buildUser();
    const bystander = await t.buildUser();
    let mark = feed.mark();
    await t.db.update(users).set({ phone: "0400 000 000" }).where(eq(users.id, person.id));
    await feed.sync();
    expect(feed.personUnchangedSince(mark, person.id)).toBe(false);
    expect(feed.personUnchangedSince(mark, bystander.id)).toBe(true);

    mark = feed.mark();
    await t.addMember(other.team.id, "member", person);
    await feed.sync();
    expect(feed.personUnchangedSince(mark, person.id)).toBe(false);
    expect(feed.personUnchangedSince(mark, bystander.id)).toBe(true);

    mark = feed.mark();
    await t.db.update(users).set({ phone: "0400 000 000" }).where(eq(users.id, person.id));
    await feed.sync();
    expect(feed.personUnchangedSince(mark, person.id), "an update that changes nothing").toBe(true);

    feed.personChanged(bystander.id);
    expect(feed.personUnchangedSince(mark, bystander.id), "this server's own write").toBe(false);
  });

  it("hears a firm's company details without moving its versions", async () => {
    const { feed } = await startFeed();
    const versionOf = async () =>
      (await t.db.select().from(firmVersions).where(eq(firmVersions.teamId, other.team.id)))[0]?.version ?? 0;
    const before = await versionOf();
    const mark = feed.mark();
    await t.db.update(teams).set({ name: "Quiet Accounting Pty Ltd" }).where(eq(teams.id, other.team.id));
    await feed.sync();
    expect(feed.firmUnchangedSince(mark, other.team.id)).toBe(false);
    expect(feed.firmUnchangedSince(mark, firm.team.id)).toBe(true);
    expect(await versionOf()).toBe(before);
  });

  it("hears the catalogue change, and nothing else does", async () => {
    const { feed } = await startFeed();
    let mark = feed.mark();
    await addDocument(firm.team.id, firm.owner.id);
    await t.db.update(users).set({ phone: "0411 111 111" }).where(eq(users.id, firm.owner.id));
    await feed.sync();
    expect(feed.catalogueUnchangedSince(mark)).toBe(true);
    expect(feed.firmUnchangedSince(mark, other.team.id)).toBe(true);
    await t.db
      .update(products)
      .set({ name: sql`${products.name}` })
      .where(sql`false`);
    await feed.sync();
    expect(feed.catalogueUnchangedSince(mark), "a statement on products, even one that changes no row").toBe(
      false,
    );
    expect(feed.firmUnchangedSince(mark, other.team.id), "products move no firm").toBe(true);
    mark = feed.mark();
    await t.db.insert(productCategories).values({ name: "Heard Category", slug: `heard-${Date.now()}` });
    await feed.sync();
    expect(feed.catalogueUnchangedSince(mark)).toBe(false);
  });

  it("takes this server's own changes at once", async () => {
    const { feed } = await startFeed();
    const mark = feed.mark();
    feed.firmChanged(other.team.id);
    expect(feed.firmUnchangedSince(mark, other.team.id)).toBe(false);
    expect(feed.firmUnchangedSince(mark, firm.team.id)).toBe(true);
  });

  it("trusts nothing read before a lost connection, and listens again", async () => {
    const { feed, cut } = await startFeed();
    const mark = feed.mark();
    cut();
    expect(feed.listening).toBe(false);
    expect(feed.firmUnchangedSince(mark, firm.team.id)).toBe(false);
    await expect.poll(() => feed.listening, { timeout: 5_000 }).toBe(true);
    expect(feed.firmUnchangedSince(mark, firm.team.id)).toBe(false);
    const fresh = feed.mark();
    await addDocument(other.team.id, other.owner.id);
    await feed.sync();
    expect(feed.firmUnchangedSince(fresh, other.team.id)).toBe(false);
    expect(feed.firmUnchangedSince(fresh, firm.team.id)).toBe(true);
  });

  it("stops trusting memory while its heartbeats do not come back, and trusts again once they do", async () => {
    const stall = stallable(t.notifications());
    const stalls: boolean[] = [];
    const feed = createChangeFeed(stall.source, {
      retryMs: 20,
      heartbeatMs: 50,
      staleAfterMs: 250,
      onStalled: (stalled) => stalls.push(stalled),
    });
    feeds.push(feed);
    await feed.start();
    await feed.sync();
    const before = feed.mark();
    expect(feed.firmUnchangedSince(before, firm.team.id)).toBe(true);

    // The connection stays open but nothing comes through it: no error, no lost connection.
    stall.hold();
    await addDocument(firm.team.id, firm.owner.id);
    await expect.poll(() => feed.stalled, { timeout: 5_000 }).toBe(true);
    expect(feed.listening).toBe(true);
    expect(feed.firmUnchangedSince(before, firm.team.id)).toBe(false);
    expect(feed.firmUnchangedSince(feed.mark(), other.team.id)).toBe(false);
    expect(feed.sessionsUnchangedSince(feed.mark())).toBe(false);
    expect(stalls).toEqual([true]);

    stall.release();
    await expect.poll(() => feed.stalled, { timeout: 5_000 }).toBe(false);
    expect(stalls).toEqual([true, false]);
    // Nothing kept from before the stall is trusted; what is read afterwards is.
    expect(feed.firmUnchangedSince(before, other.team.id)).toBe(false);
    expect(feed.firmUnchangedSince(feed.mark(), other.team.id)).toBe(true);
  });

  // PostgreSQL only: PGlite runs in this process and its connection cannot be cut from outside.
  if (process.env.DATABASE_URL) {
    it("recovers when the server ends its listening connection", async () => {
      let interruptions = 0;
      const feed = createChangeFeed(t.notifications(), { retryMs: 20, onError: () => interruptions++ });
      feeds.push(feed);
      await feed.start();
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${CHANGE_FEED_APPLICATION}`,
      );
      await expect.poll(() => interruptions, { timeout: 5_000 }).toBeGreaterThan(0);
      await expect.poll(() => feed.listening, { timeout: 5_000 }).toBe(true);
      const mark = feed.mark();
      await addDocument(firm.team.id, firm.owner.id);
      await feed.sync();
      expect(feed.firmUnchangedSince(mark, firm.team.id)).toBe(false);
    });
  }
});
