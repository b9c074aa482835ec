import {
  DOCUMENT_NAME_TOO_LONG,
  MY_DOCUMENTS,
  ORGANISATION_DOCUMENTS,
  SHARED_FOLDERS,
} from "@precedent/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";

let t: TestApp;
let teamId: number;
let otherTeamId: number;
let ids: FirmWithPeople["ids"];
let as: FirmWithPeople["as"];
let outsider: FirmWithPeople["outsider"];
let lite: FirmWithPeople["lite"];

beforeAll(async () => {
  t = await createTestApp();
  ({ teamId, otherTeamId, ids, as, outsider, lite } = await buildFirmWithPeople(t));
});
afterAll(() => t.close());

type Named = { id: number; name: string; sections: number[] };
const named = async (client: FirmWithPeople["as"]["owner"], name: string) => {
  const reply = await client.get("/api/doc/named", { name });
  expect(reply.statusCode).toBe(200);
  return (reply.json().data.rows as Named[]).sort((a, b) => a.id - b.id);
};

describe("GET /api/doc/named (a list address's docName, across the tabs)", () => {
  let alicesOwn: number;
  let alicesShared: number;
  let bobsPrivate: number;
  let bobsShared: number;
  beforeAll(async () => {
    const shared = await t.buildFolder({ teamId, createdBy: ids.owner, type: 2, name: "Precedents" });
    const make = (createdBy: number, name: string, sharedIn: { folderId: number }[] = []) =>
      t.buildDocument({ teamId, createdBy, name, sharedIn }).then((doc) => doc.id);
    alicesOwn = await make(ids.alice, "Lease Deed");
    alicesShared = await make(ids.alice, "lease deed", [{ folderId: shared.id }]);
    bobsPrivate = await make(ids.bob, "Lease Deed");
    bobsShared = await make(ids.bob, "Lease Deed", [{ folderId: shared.id }]);
    await make(ids.alice, "Lease Deed (copy)");
    // Another firm's document of the same name is never found.
    await t.buildDocument({ teamId: otherTeamId, createdBy: ids.otherOwner, name: "Lease Deed" });
  });

  it("finds a member's own and shared documents of exactly that name, any case, with their tabs", async () => {
    expect(await named(as.alice, "  LEASE deed ")).toEqual([
      { id: alicesOwn, name: "Lease Deed", sections: [MY_DOCUMENTS] },
      { id: alicesShared, name: "lease deed", sections: [MY_DOCUMENTS, SHARED_FOLDERS] },
      { id: bobsShared, name: "Lease Deed", sections: [SHARED_FOLDERS] },
    ]);
    // Bob's private one is not Alice's to see.
    expect((await named(as.alice, "Lease Deed")).map((row) => row.id)).not.toContain(bobsPrivate);
  });

  it("gives owners and managers every member's, listed in Organisation Documents too", async () => {
    const rows = await named(as.manager, "Lease Deed");
    expect(rows.map((row) => row.id)).toEqual([alicesOwn, alicesShared, bobsPrivate, bobsShared]);
    expect(rows.find((row) => row.id === bobsPrivate)?.sections).toEqual([ORGANISATION_DOCUMENTS]);
    expect(rows.find((row) => row.id === bobsShared)?.sections).toEqual([
      SHARED_FOLDERS,
      ORGANISATION_DOCUMENTS,
    ]);
  });

  it("answers no rows for a name nobody has, and 400 with a message for a missing or overlong name", async () => {
    expect(await named(as.alice, "Lease")).toEqual([]);
    const missing = await as.alice.get("/api/doc/named", { name: "   " });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("name is required");
    const long = await as.alice.get("/api/doc/named", { name: "x".repeat(256) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(DOCUMENT_NAME_TOO_LONG);
  });

  it("answers 404 for another firm's id, and another firm's owner finds only their own", async () => {
    const refused = await outsider.get("/api/doc/named", { name: "Lease Deed" });
    expect(refused.statusCode).toBe(404);
    const theirs = await named(lite, "Lease Deed");
    expect(theirs).toHaveLength(1);
    expect(theirs.map((row) => row.id)).not.toContain(alicesOwn);
  });
});
