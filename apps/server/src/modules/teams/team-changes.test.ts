import {
  ACN_CHECK_FAILED,
  ALREADY_OWNER,
  CANNOT_CHANGE_OWNER_ROLE,
  CANNOT_REMOVE_OWNER,
  COMPANY_NUMBER_REQUIRED,
  MEMBER_NOT_FOUND,
  OWNER_PASSWORD_INCORRECT,
  TEAM_NAME_REQUIRED,
  WEBSITE_NOT_VALID,
} from "@precedent/contracts";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  buildFirmWithPeople,
  createTestApp,
  type FirmWithPeople,
  signIn,
  TEST_PASSWORD,
  type TestApp,
} from "../../test/harness.ts";
import { documents } from "../documents/index.ts";
import { folderShares, folders } from "../folders/index.ts";
import { users } from "../users/index.ts";
import { firmVersions, teamMembers, teams } from "./schema.ts";
import {
  COMPANY_LOGO_NOT_FOUND,
  EDIT_REFUSED,
  REMOVE_REFUSED,
  ROLE_REFUSED,
  TRANSFER_REFUSED,
} from "./service.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const firmRow = async (teamId: number) => (await t.db.select().from(teams).where(eq(teams.id, teamId)))[0];
const rolesOf = async (teamId: number) =>
  Object.fromEntries(
    (
      await t.db
        .select({ userId: teamMembers.userId, role: teamMembers.role })
        .from(teamMembers)
        .where(eq(teamMembers.teamId, teamId))
        .orderBy(asc(teamMembers.userId))
    ).map((m) => [m.userId, m.role]),
  );
async function versionsOf(teamId: number) {
  const [row] = await t.db.select().from(firmVersions).where(eq(firmVersions.teamId, teamId));
  return { lists: row?.version ?? 0, trees: row?.foldersVersion ?? 0 };
}

const companyForm = (teamId: number) => ({
  id_team: teamId,
  name_team: "Harbour Legal & Advisory Pty Ltd",
  company_registration_no: "004085616",
  billing_address: {
    unit: "Suite 4",
    address_1: "1 Macquarie",
    address_2: "",
    street_type: "Place",
    city: "Sydney",
    state: "NSW",
    postcode: "2000",
    country: "AU",
  },
  industry: "Legal services",
  website: "harbour-legal.com.au/",
});

describe("POST /api/team/update", () => {
  let people: FirmWithPeople;
  beforeAll(async () => {
    people = await buildFirmWithPeople(t);
  });

  it("saves the owner's Company form, the number as printed and the website with https://", async () => {
    const res = await people.as.owner.post("/api/team/update", companyForm(people.teamId));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("");
    expect(res.json().data.team).toMatchObject({
      name: "Harbour Legal & Advisory Pty Ltd",
      company_registration_no: "004 085 616",
      billing_address: { unit: "Suite 4", city: "Sydney", state: "NSW" },
      industry: "Legal services",
      website: "https://harbour-legal.com.au",
      abilities: { edit: true },
    });
    // The header's firm name (users/me) shows the new name at once.
    const me = await people.as.alice.get("/api/users/me");
    expect(me.json().data.teams).toContainEqual(
      expect.objectContaining({ name: "Harbour Legal & Advisory Pty Ltd" }),
    );
  });

  it("keeps fields left out, and takes an ABN", async () => {
    const res = await people.as.owner.post("/api/team/update", {
      id_team: people.teamId,
      name_team: "  Harbour Legal Pty Ltd  ",
      company_registration_no: "51 824 753 556",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.team).toMatchObject({
      name: "Harbour Legal Pty Ltd",
      company_registration_no: "51 824 753 556",
      industry: "Legal services",
      website: "https://harbour-legal.com.au",
    });
  });

  it("refuses managers and members (403) and another firm (404), changing nothing", async () => {
    const before = await firmRow(people.teamId);
    for (const who of [people.as.manager, people.as.alice]) {
      const res = await who.post("/api/team/update", {
        ...companyForm(people.teamId),
        name_team: "Taken Over",
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(EDIT_REFUSED);
    }
    const outside = await people.outsider.post("/api/team/update", {
      ...companyForm(people.teamId),
      name_team: "X",
    });
    expect(outside.statusCode).toBe(404);
    expect(await firmRow(people.teamId)).toEqual(before);
  });

  it.each([
    ["name_team", { name_team: "   " }, TEAM_NAME_REQUIRED],
    ["name_team", { name_team: undefined }, TEAM_NAME_REQUIRED],
    ["company_registration_no", { company_registration_no: "" }, COMPANY_NUMBER_REQUIRED],
    ["company_registration_no", { company_registration_no: undefined }, COMPANY_NUMBER_REQUIRED],
    ["company_registration_no", { company_registration_no: "987 654 321" }, ACN_CHECK_FAILED],
    ["website", { website: "javascript:alert(1)" }, WEBSITE_NOT_VALID],
  ])("refuses a bad %s with the form's message and changes nothing", async (field, change, message) => {
    const before = await firmRow(people.teamId);
    const res = await people.as.owner.post("/api/team/update", { ...companyForm(people.teamId), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toContainEqual({ field, message });
    expect(await firmRow(people.teamId)).toEqual(before);
  });

  it("refuses a logo that names no uploaded image, and removes the logo with null", async () => {
    await t.db.update(teams).set({ logoUrl: "/api/media/1" }).where(eq(teams.id, people.teamId));
    const unknown = await people.as.owner.post("/api/team/update", {
      ...companyForm(people.teamId),
      company_logo: 42,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.errors).toEqual([{ field: "company_logo", message: COMPANY_LOGO_NOT_FOUND }]);
    expect((await firmRow(people.teamId))?.logoUrl).toBe("/api/media/1");
    const removed = await people.as.owner.post("/api/team/update", {
      ...companyForm(people.teamId),
      company_logo: null,
    });
    expect(removed.json().data.team.company_logo).toBeNull();
  });
});

describe("GET /api/team/get and get-members abilities", () => {
  it("tell each role what it may do, and the owner which rows they may change", async () => {
    const people = await buildFirmWithPeople(t);
    const abilities = async (who: FirmWithPeople["as"]["owner"]) =>
      (await who.get("/api/team/get")).json().data.team.abilities;
    expect(await abilities(people.as.owner)).toEqual({
      edit: true,
      set_roles: true,
      remove_members: true,
      transfer_ownership: true,
      view_credit_logs: true,
      buy_credits: true,
      renew_membership: true,
    });
    expect(await abilities(people.as.manager)).toMatchObject({
      edit: false,
      set_roles: false,
      buy_credits: true,
    });
    expect(await abilities(people.as.alice)).toMatchObject({
      edit: false,
      set_roles: false,
      buy_credits: false,
    });

    const rows = (await people.as.owner.get("/api/team/get-members")).json().data.members;
    const byId = (id: number) => rows.find((m: { id: number }) => m.id === id).abilities;
    expect(byId(people.ids.owner)).toEqual({ set_role: false, remove: false, make_owner: false });
    expect(byId(people.ids.alice)).toEqual({ set_role: true, remove: true, make_owner: true });
    const asManager = (await people.as.manager.get("/api/team/get-members")).json().data.members;
    for (const row of asManager)
      expect(row.abilities).toEqual({ set_role: false, remove: false, make_owner: false });
  });
});

describe("POST /api/member/set-role", () => {
  let people: FirmWithPeople;
  beforeAll(async () => {
    people = await buildFirmWithPeople(t);
  });

  it("lets the owner promote a member, which the member's next call sees and lists move for", async () => {
    const before = await versionsOf(people.teamId);
    const res = await people.as.owner.post("/api/member/set-role", {
      id_team: people.teamId,
      id_user: people.ids.alice,
      role: "manager",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: "",
      data: { code: 200, member: { id: people.ids.alice, role: "manager", abilities: { set_role: true } } },
    });
    expect((await people.as.alice.get("/api/member/get-role")).json().data.role).toBe("manager");
    // Abilities in every list and tree depend on roles: both versions move.
    const after = await versionsOf(people.teamId);
    expect(after.lists).toBeGreaterThan(before.lists);
    expect(after.trees).toBeGreaterThan(before.trees);
    // Organisation Documents opens to the new manager.
    expect((await people.as.alice.get("/api/doc", { type: 3 })).statusCode).toBe(200);
  });

  it("lets the owner set a manager back to member", async () => {
    const res = await people.as.owner.post("/api/member/set-role", {
      id_team: people.teamId,
      id_user: people.ids.alice,
      role: "member",
    });
    expect(res.statusCode).toBe(200);
    expect((await rolesOf(people.teamId))[people.ids.alice]).toBe("member");
  });

  it("refuses managers and members (403) and another firm (404), changing nothing", async () => {
    const before = await rolesOf(people.teamId);
    for (const who of [people.as.manager, people.as.alice]) {
      const res = await who.post("/api/member/set-role", {
        id_team: people.teamId,
        id_user: people.ids.bob,
        role: "manager",
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ROLE_REFUSED);
    }
    const outside = await people.outsider.post("/api/member/set-role", {
      id_team: people.teamId,
      id_user: people.ids.bob,
      role: "manager",
    });
    expect(outside.statusCode).toBe(404);
    expect(await rolesOf(people.teamId)).toEqual(before);
  });

  it("never changes the owner's role, takes only manager or member, and only for members", async () => {
    const before = await rolesOf(people.teamId);
    const owner = await people.as.owner.post("/api/member/set-role", {
      id_team: people.teamId,
      id_user: people.ids.owner,
      role: "member",
    });
    expect(owner.statusCode).toBe(409);
    expect(owner.json().message).toBe(CANNOT_CHANGE_OWNER_ROLE);
    const toOwner = await people.as.owner.post("/api/member/set-role", {
      id_team: people.teamId,
      id_user: people.ids.bob,
      role: "owner",
    });
    expect(toOwner.statusCode).toBe(400);
    expect(toOwner.json().data.errors).toEqual([
      { field: "role", message: "role must be manager or member" },
    ]);
    const stranger = await people.as.owner.post("/api/member/set-role", {
      id_team: people.teamId,
      id_user: people.ids.otherOwner,
      role: "manager",
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(MEMBER_NOT_FOUND);
    expect(await rolesOf(people.teamId)).toEqual(before);
  });
});

/** Bob's My Documents: a folder named like one of the owner's, a sub folder, a shared folder, documents. */
async function giveBobSomeWork(people: FirmWithPeople) {
  const teamId = people.teamId;
  await t.buildFolder({ teamId, createdBy: people.ids.owner, name: "Clients" });
  const clients = await t.buildFolder({ teamId, createdBy: people.ids.bob, name: "clients" });
  const sub = await t.buildFolder({ teamId, createdBy: people.ids.bob, name: "2026", parent: clients });
  const shared = await t.buildFolder({ teamId, createdBy: people.ids.bob, name: "Precedents", shared: true });
  const docs = [
    await t.buildDocument({ teamId, createdBy: people.ids.bob, name: "Top level" }),
    await t.buildDocument({ teamId, createdBy: people.ids.bob, name: "In sub", folderId: sub.id }),
    await t.buildDocument({ teamId, createdBy: people.ids.bob, name: "In shared", folderId: shared.id }),
  ];
  const alices = await t.buildDocument({ teamId, createdBy: people.ids.alice, name: "Alice's" });
  return { clients, sub, shared, docs, alices };
}

describe("POST /api/member/remove", () => {
  let people: FirmWithPeople;
  beforeAll(async () => {
    people = await buildFirmWithPeople(t);
  });

  it("refuses managers and members (403), another firm (404) and the owner (409), changing nothing", async () => {
    const before = await rolesOf(people.teamId);
    for (const who of [people.as.manager, people.as.alice]) {
      const res = await who.post("/api/member/remove", { id_team: people.teamId, id_user: people.ids.bob });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(REMOVE_REFUSED);
    }
    const outside = await people.outsider.post("/api/member/remove", {
      id_team: people.teamId,
      id_user: people.ids.bob,
    });
    expect(outside.statusCode).toBe(404);
    const owner = await people.as.owner.post("/api/member/remove", {
      id_team: people.teamId,
      id_user: people.ids.owner,
    });
    expect(owner.statusCode).toBe(409);
    expect(owner.json().message).toBe(CANNOT_REMOVE_OWNER);
    const stranger = await people.as.owner.post("/api/member/remove", {
      id_team: people.teamId,
      id_user: people.ids.otherOwner,
    });
    expect(stranger.statusCode).toBe(404);
    expect(await rolesOf(people.teamId)).toEqual(before);
  });

  it("keeps their documents in the firm and gives their My Documents to the owner", async () => {
    const work = await giveBobSomeWork(people);
    const docsBefore = (await t.db.select().from(documents).where(eq(documents.teamId, people.teamId)))
      .length;
    const res = await people.as.owner.post("/api/member/remove", {
      id_team: people.teamId,
      id_user: people.ids.bob,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      code: 200,
      id_user: people.ids.bob,
      folders_reassigned: 3,
      documents_reassigned: 3,
    });

    expect((await rolesOf(people.teamId))[people.ids.bob]).toBeUndefined();
    const firmDocs = await t.db.select().from(documents).where(eq(documents.teamId, people.teamId));
    expect(firmDocs).toHaveLength(docsBefore);
    for (const doc of work.docs) {
      const row = firmDocs.find((d) => d.id === doc.id);
      expect(row).toMatchObject({
        createdBy: people.ids.owner,
        updatedBy: people.ids.bob,
        folderId: doc.folderId,
      });
    }
    expect(firmDocs.find((d) => d.id === work.alices.id)?.createdBy).toBe(people.ids.alice);

    const bobsFolders = await t.db
      .select()
      .from(folders)
      .where(and(eq(folders.teamId, people.teamId), eq(folders.createdBy, people.ids.bob)));
    expect(bobsFolders).toEqual([]);
    const [clients] = await t.db.select().from(folders).where(eq(folders.id, work.clients.id));
    const [bob] = await t.db.select().from(users).where(eq(users.id, people.ids.bob));
    const bobName = `${bob?.firstName} ${bob?.lastName}`;
    // The owner already has a "Clients": Bob's is told apart by his name.
    expect(clients).toMatchObject({ createdBy: people.ids.owner, name: `clients (${bobName})` });
    const [sub] = await t.db.select().from(folders).where(eq(folders.id, work.sub.id));
    expect(sub).toMatchObject({ createdBy: people.ids.owner, name: "2026", parentId: work.clients.id });
    const [share] = await t.db.select().from(folderShares).where(eq(folderShares.folderId, work.shared.id));
    expect(share?.createdBy).toBe(people.ids.owner);

    // The owner's My Documents now hold them.
    const mine = (await people.as.owner.get("/api/doc", { type: 1 }))
      .json()
      .data.rows.map((r: { name: string }) => r.name);
    expect(mine).toEqual(expect.arrayContaining(["Top level", "In sub", "In shared"]));
  });

  it("ends their access to the firm at once, keeping their account", async () => {
    const res = await people.as.bob.get("/api/team/get");
    expect(res.statusCode).toBe(404);
    expect((await people.as.bob.get("/api/doc", { type: 1 })).statusCode).toBe(404);
    const me = await people.as.bob.get("/api/users/me");
    expect(me.statusCode).toBe(200);
    expect(me.json().data.teams).toEqual([]);
  });
});

describe("POST /api/team/transfer-ownership", () => {
  let people: FirmWithPeople;
  beforeAll(async () => {
    people = await buildFirmWithPeople(t);
  });
  const transfer = (who: FirmWithPeople["as"]["owner"], id_user: number, password = TEST_PASSWORD) =>
    who.post("/api/team/transfer-ownership", { id_team: people.teamId, id_user, password });

  it("refuses managers and members (403) and another firm (404), changing nothing", async () => {
    const before = await rolesOf(people.teamId);
    for (const who of [people.as.manager, people.as.alice]) {
      const res = await transfer(who, people.ids.bob);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(TRANSFER_REFUSED);
    }
    expect(
      (
        await people.outsider.post("/api/team/transfer-ownership", {
          id_team: people.teamId,
          id_user: people.ids.bob,
          password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(404);
    expect(await rolesOf(people.teamId)).toEqual(before);
  });

  it("needs the owner's password, and a member to hand to", async () => {
    const before = await rolesOf(people.teamId);
    const wrong = await transfer(people.as.owner, people.ids.alice, "not my password");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.errors).toEqual([{ field: "password", message: OWNER_PASSWORD_INCORRECT }]);
    const missing = await transfer(people.as.owner, people.ids.alice, "");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.errors[0].field).toBe("password");
    const stranger = await transfer(people.as.owner, people.ids.otherOwner);
    expect(stranger.statusCode).toBe(404);
    const self = await transfer(people.as.owner, people.ids.owner);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(ALREADY_OWNER);
    expect(await rolesOf(people.teamId)).toEqual(before);
    expect((await firmRow(people.teamId))?.ownerId).toBe(people.ids.owner);
  });

  it("makes the member the owner and the old owner a manager", async () => {
    const res = await transfer(people.as.owner, people.ids.alice);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ code: 200, owner: people.ids.alice, previous_owner_role: "manager" });
    const roles = await rolesOf(people.teamId);
    expect(roles[people.ids.alice]).toBe("owner");
    expect(roles[people.ids.owner]).toBe("manager");
    expect((await firmRow(people.teamId))?.ownerId).toBe(people.ids.alice);
    // The new owner edits; the old one no longer may.
    expect((await people.as.alice.get("/api/team/get")).json().data.team.abilities.edit).toBe(true);
    expect((await people.as.owner.post("/api/team/update", companyForm(people.teamId))).statusCode).toBe(403);
  });
});

describe("role changes, removals and transfers at once", () => {
  /** One owner, who is the firm's owner of record. */
  async function expectOneOwner(teamId: number) {
    const owners = Object.entries(await rolesOf(teamId)).filter(([, role]) => role === "owner");
    expect(owners).toHaveLength(1);
    expect((await firmRow(teamId))?.ownerId).toBe(Number(owners[0]?.[0]));
  }

  it("a promotion racing a removal leaves the person out and their work with the owner", async () => {
    const people = await buildFirmWithPeople(t);
    const work = await giveBobSomeWork(people);
    const [promote, remove] = await Promise.all([
      people.as.owner.post("/api/member/set-role", {
        id_team: people.teamId,
        id_user: people.ids.bob,
        role: "manager",
      }),
      people.as.owner.post("/api/member/remove", { id_team: people.teamId, id_user: people.ids.bob }),
    ]);
    expect(remove.statusCode).toBe(200);
    expect([200, 404]).toContain(promote.statusCode);
    expect((await rolesOf(people.teamId))[people.ids.bob]).toBeUndefined();
    const left = await t.db
      .select()
      .from(documents)
      .where(and(eq(documents.teamId, people.teamId), eq(documents.createdBy, people.ids.bob)));
    expect(left).toEqual([]);
    const [clients] = await t.db.select().from(folders).where(eq(folders.id, work.clients.id));
    expect(clients?.createdBy).toBe(people.ids.owner);
    await expectOneOwner(people.teamId);
  });

  it("two transfers at once hand the firm over exactly once", async () => {
    const people = await buildFirmWithPeople(t);
    const results = await Promise.all(
      [people.ids.alice, people.ids.bob].map((id) =>
        people.as.owner.post("/api/team/transfer-ownership", {
          id_team: people.teamId,
          id_user: id,
          password: TEST_PASSWORD,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    await expectOneOwner(people.teamId);
    expect((await rolesOf(people.teamId))[people.ids.owner]).toBe("manager");
  });

  it("a transfer racing the removal of its recipient leaves one owner", async () => {
    const people = await buildFirmWithPeople(t);
    const [handOver, remove] = await Promise.all([
      people.as.owner.post("/api/team/transfer-ownership", {
        id_team: people.teamId,
        id_user: people.ids.bob,
        password: TEST_PASSWORD,
      }),
      people.as.owner.post("/api/member/remove", { id_team: people.teamId, id_user: people.ids.bob }),
    ]);
    // Either the removal went first (the transfer finds no Bob) or the transfer did (the old
    // owner, now a manager, may no longer remove anyone).
    expect([
      [200, 403],
      [404, 200],
    ]).toContainEqual([handOver.statusCode, remove.statusCode]);
    await expectOneOwner(people.teamId);
  });
});

describe("the removed person's sessions on a server that keeps them in memory", () => {
  it("stop reaching the firm at the removal", async () => {
    const kept = await createTestApp({ changes: true });
    try {
      const firm = await kept.buildTeam();
      const member = await kept.addMember(firm.team.id, "member");
      const ownerToken = await signIn(kept, firm.owner.email);
      const memberToken = await signIn(kept, member.email);
      const teamGet = (token: string) =>
        kept.app.inject({
          method: "GET",
          url: `/api/team/get?id_team=${firm.team.id}`,
          headers: bearer(token),
        });
      expect((await teamGet(memberToken)).statusCode).toBe(200);
      await kept.changes?.sync();
      const removed = await kept.app.inject({
        method: "POST",
        url: "/api/member/remove",
        headers: bearer(ownerToken),
        payload: { id_team: firm.team.id, id_user: member.id },
      });
      expect(removed.statusCode).toBe(200);
      await kept.changes?.sync();
      expect((await teamGet(memberToken)).statusCode).toBe(404);
    } finally {
      await kept.close();
    }
  });
});
