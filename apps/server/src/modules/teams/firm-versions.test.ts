import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { productCategories } from "../catalogue/index.ts";
import { documentShares, documents } from "../documents/index.ts";
import { folderShares, folders } from "../folders/index.ts";
import { users } from "../users/index.ts";
import { firmVersions, plans, teamMembers, teams } from "./schema.ts";

// The firm's data versions (migrations 0010 and 0011) are what keep cached replies honest: every
// committed change to what a firm's lists show must move `version`, and every change to what its
// folder trees show must move `foldersVersion`, each once per transaction; documents changing
// must leave `foldersVersion` alone, and nothing in another firm may move either.

let t: TestApp;
let firm: Awaited<ReturnType<TestApp["buildTeam"]>>;
let other: Awaited<ReturnType<TestApp["buildTeam"]>>;

beforeAll(async () => {
  t = await createTestApp();
  firm = await t.buildTeam({ name: "Versioned Legal" });
  other = await t.buildTeam({ name: "Untouched Accounting" });
});
afterAll(() => t.close());

async function versionsOf(teamId: number) {
  const [row] = await t.db.select().from(firmVersions).where(eq(firmVersions.teamId, teamId));
  return { lists: row?.version ?? 0, trees: row?.foldersVersion ?? 0 };
}

/** How far `change` moves each version of this firm and of the other firm. */
async function moves(change: () => Promise<unknown>) {
  const [before, otherBefore] = [await versionsOf(firm.team.id), await versionsOf(other.team.id)];
  await change();
  const [after, otherAfter] = [await versionsOf(firm.team.id), await versionsOf(other.team.id)];
  return {
    firm: after.lists - before.lists,
    firmTrees: after.trees - before.trees,
    other: otherAfter.lists - otherBefore.lists,
    otherTrees: otherAfter.trees - otherBefore.trees,
  };
}

/** A change to the firm's documents: its lists move, its folder trees do not. */
const changed = { firm: 1, firmTrees: 0, other: 0, otherTrees: 0 };
/** A change to the firm's folders or people: its lists and its folder trees move. */
const changedWithTrees = { firm: 1, firmTrees: 1, other: 0, otherTrees: 0 };
const unchanged = { firm: 0, firmTrees: 0, other: 0, otherTrees: 0 };

describe("a firm's data version", () => {
  it("moves once for a document added, renamed and deleted", async () => {
    let id = 0;
    expect(
      await moves(async () => {
        id = (await t.buildDocument({ teamId: firm.team.id, createdBy: firm.owner.id })).id;
      }),
    ).toEqual(changed);
    expect(
      await moves(() => t.db.update(documents).set({ name: "Renamed" }).where(eq(documents.id, id))),
    ).toEqual(changed);
    expect(await moves(() => t.db.delete(documents).where(eq(documents.id, id)))).toEqual(changed);
  });

  it("moves once for a transaction of many statements and rows", async () => {
    expect(
      await moves(() =>
        t.db.transaction(async (tx) => {
          await tx.insert(documents).values(
            Array.from({ length: 50 }, (_, i) => ({
              teamId: firm.team.id,
              createdBy: firm.owner.id,
              updatedBy: firm.owner.id,
              name: `Bulk ${i}`,
              createdAt: new Date(),
              updatedAt: new Date(),
            })),
          );
          await tx.update(documents).set({ status: 2 }).where(eq(documents.teamId, firm.team.id));
        }),
      ),
    ).toEqual(changed);
  });

  it("does not move for a transaction that rolls back", async () => {
    expect(
      await moves(() =>
        t.db
          .transaction(async (tx) => {
            await tx.insert(documents).values({
              teamId: firm.team.id,
              createdBy: firm.owner.id,
              updatedBy: firm.owner.id,
              name: "Gone",
              createdAt: new Date(),
              updatedAt: new Date(),
            });
            tx.rollback();
          })
          .catch(() => {}),
      ),
    ).toEqual(unchanged);
  });

  it("moves for folders, shared folders and documents added to them", async () => {
    let folderId = 0;
    expect(
      await moves(async () => {
        folderId = (await t.buildFolder({ teamId: firm.team.id, createdBy: firm.owner.id, type: 2 })).id;
      }),
    ).toEqual(changedWithTrees);
    expect(
      await moves(() => t.db.update(folders).set({ name: "Renamed folder" }).where(eq(folders.id, folderId))),
    ).toEqual(changedWithTrees);
    const doc = await t.buildDocument({ teamId: firm.team.id, createdBy: firm.owner.id });
    expect(
      await moves(() =>
        t.db.insert(documentShares).values({
          docId: doc.id,
          folderId,
          teamId: firm.team.id,
          createdBy: firm.owner.id,
          createdAt: new Date(),
        }),
      ),
    ).toEqual(changed);
    const personal = await t.buildFolder({ teamId: firm.team.id, createdBy: firm.owner.id });
    expect(
      await moves(() =>
        t.db.insert(folderShares).values({
          teamId: firm.team.id,
          folderId: personal.id,
          createdBy: firm.owner.id,
          createdAt: new Date(),
        }),
      ),
    ).toEqual(changedWithTrees);
  });

  it("moves each version once for a transaction changing documents and folders", async () => {
    const doc = await t.buildDocument({ teamId: firm.team.id, createdBy: firm.owner.id });
    expect(
      await moves(() =>
        t.db.transaction(async (tx) => {
          await tx.update(documents).set({ name: "First" }).where(eq(documents.id, doc.id));
          const [folder] = await tx
            .insert(folders)
            .values({
              teamId: firm.team.id,
              type: 1,
              name: "Made with it",
              createdBy: firm.owner.id,
              createdAt: new Date(),
              updatedAt: new Date(),
            })
            .returning();
          await tx.update(documents).set({ folderId: folder?.id }).where(eq(documents.id, doc.id));
        }),
      ),
    ).toEqual(changedWithTrees);
  });

  it("moves for a new member and for a member's new role", async () => {
    let userId = 0;
    expect(
      await moves(async () => {
        userId = (await t.addMember(firm.team.id, "member")).id;
      }),
    ).toEqual(changedWithTrees);
    expect(
      await moves(() =>
        t.db.update(teamMembers).set({ role: "manager" }).where(eq(teamMembers.userId, userId)),
      ),
    ).toEqual(changedWithTrees);
  });

  it("moves in every firm of a person whose name changes, and not for other edits", async () => {
    const person = await t.addMember(firm.team.id, "member");
    await t.addMember(other.team.id, "member", person);
    expect(
      await moves(() =>
        t.db.update(users).set({ displayName: "Renamed Person" }).where(eq(users.id, person.id)),
      ),
    ).toEqual({ firm: 1, firmTrees: 1, other: 1, otherTrees: 1 });
    expect(
      await moves(() => t.db.update(users).set({ phone: "0400 000 000" }).where(eq(users.id, person.id))),
    ).toEqual(unchanged);
  });

  it("moves both versions when the firm's plan changes", async () => {
    const [current] = await t.db.select().from(teams).where(eq(teams.id, firm.team.id));
    const [another] = await t.db
      .select()
      .from(plans)
      .where(ne(plans.id, current?.planId ?? 0));
    expect(
      await moves(() => t.db.update(teams).set({ planId: another?.id }).where(eq(teams.id, firm.team.id))),
    ).toEqual(changedWithTrees);
  });

  it("moves in every firm when the catalogue's categories change", async () => {
    expect(
      await moves(() =>
        t.db.insert(productCategories).values({ slug: "versions-test", name: "Versions test" }),
      ),
    ).toEqual({ firm: 1, firmTrees: 0, other: 1, otherTrees: 0 });
  });

  it("moves when a document is changed through the API", async () => {
    const doc = await t.buildDocument({
      teamId: firm.team.id,
      createdBy: firm.owner.id,
      name: "Through the API",
    });
    const ctx = await t.services.firmContext({ userId: firm.owner.id, sessionId: 0 }, firm.team.id);
    expect(await moves(() => t.services.documents.rename(ctx, doc.id, "Renamed through the API"))).toEqual(
      changed,
    );
    const folder = await t.buildFolder({ teamId: firm.team.id, createdBy: firm.owner.id });
    expect(await moves(() => t.services.folders.rename(ctx, folder.id, "Renamed through the API"))).toEqual(
      changedWithTrees,
    );
  });
});
