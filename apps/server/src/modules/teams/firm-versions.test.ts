import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { productCategories } from "../catalogue/schema.ts";
import { documentShares, documents } from "../documents/schema.ts";
import { folderShares, folders } from "../folders/schema.ts";
import { users } from "../users/schema.ts";
import { firmVersions, teamMembers } from "./schema.ts";

// The firm's data version (migration 0010) is what keeps cached list replies honest: every
// committed change to what a firm's lists show must move it, once per transaction, and nothing
// in another firm may move it.

let t: TestApp;
let firm: Awaited<ReturnType<TestApp["buildTeam"]>>;
let other: Awaited<ReturnType<TestApp["buildTeam"]>>;

beforeAll(async () => {
  t = await createTestApp();
  firm = await t.buildTeam({ name: "Versioned Legal" });
  other = await t.buildTeam({ name: "Untouched Accounting" });
});
afterAll(() => t.close());

async function versionOf(teamId: number) {
  const [row] = await t.db.select().from(firmVersions).where(eq(firmVersions.teamId, teamId));
  return row?.version ?? 0;
}

/** How far `change` moves this firm's version and the other firm's. */
async function moves(change: () => Promise<unknown>) {
  const [before, otherBefore] = [await versionOf(firm.team.id), await versionOf(other.team.id)];
  await change();
  return {
    firm: (await versionOf(firm.team.id)) - before,
    other: (await versionOf(other.team.id)) - otherBefore,
  };
}

const changed = { firm: 1, other: 0 };

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
    ).toEqual({ firm: 0, other: 0 });
  });

  it("moves for folders, shared folders and documents added to them", async () => {
    let folderId = 0;
    expect(
      await moves(async () => {
        folderId = (await t.buildFolder({ teamId: firm.team.id, createdBy: firm.owner.id, type: 2 })).id;
      }),
    ).toEqual(changed);
    expect(
      await moves(() => t.db.update(folders).set({ name: "Renamed folder" }).where(eq(folders.id, folderId))),
    ).toEqual(changed);
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
    ).toEqual(changed);
  });

  it("moves for a new member and for a member's new role", async () => {
    let userId = 0;
    expect(
      await moves(async () => {
        userId = (await t.addMember(firm.team.id, "member")).id;
      }),
    ).toEqual(changed);
    expect(
      await moves(() =>
        t.db.update(teamMembers).set({ role: "manager" }).where(eq(teamMembers.userId, userId)),
      ),
    ).toEqual(changed);
  });

  it("moves in every firm of a person whose name changes, and not for other edits", async () => {
    const person = await t.addMember(firm.team.id, "member");
    await t.addMember(other.team.id, "member", person);
    expect(
      await moves(() =>
        t.db.update(users).set({ displayName: "Renamed Person" }).where(eq(users.id, person.id)),
      ),
    ).toEqual({ firm: 1, other: 1 });
    expect(
      await moves(() => t.db.update(users).set({ phone: "0400 000 000" }).where(eq(users.id, person.id))),
    ).toEqual({ firm: 0, other: 0 });
  });

  it("moves in every firm when the catalogue's categories change", async () => {
    expect(
      await moves(() =>
        t.db.insert(productCategories).values({ slug: "versions-test", name: "Versions test" }),
      ),
    ).toEqual({ firm: 1, other: 1 });
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
  });
});
