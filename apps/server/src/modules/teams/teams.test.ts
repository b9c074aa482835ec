import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signIn, type TestApp } from "../../test/harness.ts";
import { firmVersions } from "./schema.ts";

let t: TestApp;
let firm: Awaited<ReturnType<TestApp["buildTeam"]>>;
let otherFirm: Awaited<ReturnType<TestApp["buildTeam"]>>;
let ownerToken: string;
let memberToken: string;
let managerId: number;
let memberId: number;
let memberEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  firm = await t.buildTeam({ name: "Harbour Legal Pty Ltd", planSlug: "best-practice" });
  otherFirm = await t.buildTeam({ name: "Elsewhere Pty Ltd", planSlug: "ly-basic" });
  managerId = (await t.addMember(firm.team.id, "manager")).id;
  const member = await t.addMember(firm.team.id, "member");
  memberId = member.id;
  memberEmail = member.email;
  ownerToken = await signIn(t, firm.owner.email);
  memberToken = await signIn(t, member.email);
});
afterAll(() => t.close());

/** The firm's data versions as the triggers keep them (0 before its first change). */
async function versionsOf(teamId: number) {
  const [row] = await t.services.db.select().from(firmVersions).where(eq(firmVersions.teamId, teamId));
  return { version: row?.version ?? 0, foldersVersion: row?.foldersVersion ?? 0 };
}

const get = (url: string, token: string) => t.app.inject({ method: "GET", url, headers: bearer(token) });

describe("GET /api/team/get", () => {
  it("answers the caller's own firm with its plan", async () => {
    const res = await get(`/api/team/get?id_team=${firm.team.id}`, memberToken);
    expect(res.statusCode).toBe(200);
    const { team, code } = res.json().data;
    expect(code).toBe(200);
    expect(team).toMatchObject({
      id: firm.team.id,
      name: "Harbour Legal Pty Ltd",
      owner: firm.owner.id,
      hasLimit: 1,
      limit: 200,
      plan: { slug: "best-practice", name: "Best Practice", price: 33_000, limit: 200, number_of_users: 5 },
    });
  });

  it("answers 404 for another firm, the same as for a firm that does not exist", async () => {
    const other = await get(`/api/team/get?id_team=${otherFirm.team.id}`, ownerToken);
    const missing = await get("/api/team/get?id_team=987654", ownerToken);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: "Team not found.", data: null });
    expect(missing.json()).toEqual(other.json());
  });

  it("names id_team when it is missing or not a number", async () => {
    const missing = await get("/api/team/get", ownerToken);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.errors[0].field).toBe("id_team");
    const word = await get("/api/team/get?id_team=abc", ownerToken);
    expect(word.statusCode).toBe(400);
    expect(word.json().data.errors).toEqual([{ field: "id_team", message: "id_team must be a number" }]);
  });

  it("refuses callers who are not signed in", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/team/get?id_team=${firm.team.id}` });
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /api/team/get-members", () => {
  it("lists the firm's members with their roles", async () => {
    const res = await get(`/api/team/get-members?id_team=${firm.team.id}`, memberToken);
    expect(res.statusCode).toBe(200);
    const members = res.json().data.members as { id: number; role: string; email: string }[];
    expect(members.map((m) => [m.id, m.role])).toEqual([
      [firm.owner.id, "owner"],
      [managerId, "manager"],
      [memberId, "member"],
    ]);
    expect(members[0]?.email).toBe(firm.owner.email);
  });

  it("answers 404 for another firm", async () => {
    const res = await get(
      `/api/team/get-members?id_team=${firm.team.id}`,
      await signIn(t, otherFirm.owner.email),
    );
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /api/member/get-role", () => {
  it("answers the caller's role in their firm", async () => {
    expect((await get(`/api/member/get-role?id_team=${firm.team.id}`, ownerToken)).json().data.role).toBe(
      "owner",
    );
    expect((await get(`/api/member/get-role?id_team=${firm.team.id}`, memberToken)).json().data.role).toBe(
      "member",
    );
  });

  it("answers 404 for another firm", async () => {
    expect((await get(`/api/member/get-role?id_team=${otherFirm.team.id}`, memberToken)).statusCode).toBe(
      404,
    );
  });
});

const memberAbilities = { invite: false, read_firm_activity: false, view_organisation_documents: false };
const managerAbilities = { invite: true, read_firm_activity: true, view_organisation_documents: true };

describe("GET /api/users/me", () => {
  it("lists the firms the user belongs to with their role in each", async () => {
    // One person can work for two firms; each membership has its own role.
    await t.addMember(otherFirm.team.id, "manager", { id: memberId, email: memberEmail });
    const res = await get("/api/users/me", memberToken);
    expect(res.json().data.teams).toEqual([
      { id: firm.team.id, name: "Harbour Legal Pty Ltd", role: "member", abilities: memberAbilities },
      { id: otherFirm.team.id, name: "Elsewhere Pty Ltd", role: "manager", abilities: managerAbilities },
    ]);
  });

  it("gives each firm the abilities its modules' rules grant the role, the same rules their routes keep", async () => {
    const owner = await get("/api/users/me", ownerToken);
    expect(owner.json().data.teams).toEqual([
      { id: firm.team.id, name: "Harbour Legal Pty Ltd", role: "owner", abilities: managerAbilities },
    ]);
    // A member is refused what their abilities say they may not do.
    const invitations = await get(`/api/team/invitations?id_team=${firm.team.id}`, memberToken);
    expect(invitations.statusCode).toBe(403);
  });
});

describe("GET /api/users/me without a firm", () => {
  it("answers the profile with no firms", async () => {
    const loner = await t.buildUser({ firstName: "Lone", lastName: "Adviser" });
    const res = await get("/api/users/me", await signIn(t, loner.email));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: loner.id,
      email: loner.email,
      name: "Lone Adviser",
      teams: [],
    });
  });
});

describe("member context (the firm context of documents, folders and logs calls)", () => {
  it("reads the role and the plan in one query, and nothing for a non-member", async () => {
    expect(await t.services.teams.memberContext(managerId, firm.team.id)).toEqual({
      role: "manager",
      planSlug: "best-practice",
      planStatus: "active",
      planEndDate: null,
    });
    expect(await t.services.teams.memberContext(firm.owner.id, otherFirm.team.id)).toBeUndefined();
  });

  it("comes with the session when the request names a firm", async () => {
    const actor = await t.services.auth.authenticate(ownerToken, firm.team.id);
    expect(actor.firm).toEqual({
      teamId: firm.team.id,
      member: {
        role: "owner",
        planSlug: "best-practice",
        planStatus: "active",
        planEndDate: null,
      },
      // The firm's data versions come beside the membership, not in it: they key the kept list
      // replies and are no part of any rule about the actor.
      versions: await versionsOf(firm.team.id),
    });
    const outside = await t.services.auth.authenticate(ownerToken, otherFirm.team.id);
    expect(outside.firm).toEqual({
      teamId: otherFirm.team.id,
      member: null,
      versions: { version: 0, foldersVersion: 0 },
    });
    expect((await t.services.auth.authenticate(ownerToken)).firm).toBeUndefined();
    await expect(t.services.auth.authenticate(`${ownerToken}x`, firm.team.id)).rejects.toMatchObject({
      status: 401,
    });
  });

  it("uses the prefetched membership only for the firm it was read for", async () => {
    const prefetched = await t.services.auth.authenticate(memberToken, otherFirm.team.id);
    // Read for another firm: the context of this one is looked up, not taken from it.
    expect(await t.services.firmContext(prefetched, firm.team.id)).toEqual({
      teamId: firm.team.id,
      userId: memberId,
      role: "member",
      planSlug: "best-practice",
      planStatus: "active",
      planEndDate: null,
    });
    const outsider = await t.services.auth.authenticate(ownerToken, otherFirm.team.id);
    await expect(t.services.firmContext(outsider, otherFirm.team.id)).rejects.toMatchObject({
      status: 404,
    });
  });
});
