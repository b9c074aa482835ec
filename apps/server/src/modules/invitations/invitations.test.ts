import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { CONFIRM_PASSWORD_MISMATCH, PASSWORD_TOO_SHORT } from "@precedent/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { INVITATION_VALID_MS } from "../../constants.ts";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmWithPeople,
  firmClient,
  signedInFirm,
  signIn,
  TEST_PASSWORD,
  type TestApp,
} from "../../test/harness.ts";
import { smtpServer } from "../../test/smtp-server.ts";
import { mailOutbox } from "../mail/index.ts";
import { firmVersions, teamMembers } from "../teams/index.ts";
import { users } from "../users/index.ts";
import { teamInvitations } from "./schema.ts";
import { INVITATION_MESSAGES } from "./service.ts";

let t: TestApp;
let f: FirmWithPeople;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  // A fresh firm per test (4 of Best Practice's 5 seats taken), and a clock moved on a day so no
  // resend waits on another test's send.
  t.clock.advance(24 * 60 * 60_000);
  f = await buildFirmWithPeople(t);
});

/**
 * Moves the clock on (to expire links, or pass the resend wait) and signs everyone in again, as
 * sessions end after the idle timeout.
 */
async function later(ms: number) {
  t.clock.advance(ms);
  const client = async (userId: number, teamId = f.teamId) => {
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    return firmClient(t, await signIn(t, user?.email ?? ""), teamId);
  };
  f.as.owner = await client(f.ids.owner);
  f.as.manager = await client(f.ids.manager);
  f.as.alice = await client(f.ids.alice);
  f.outsider = await client(f.ids.otherOwner);
  f.lite = await client(f.ids.otherOwner, f.otherTeamId);
}

const NEW_PERSON = {
  first_name: "Priya",
  last_name: "Natarajan",
  password: "a long enough secret",
  confirm_password: "a long enough secret",
};
let emailSequence = 0;
const freshEmail = () => `invitee${++emailSequence}@elsewhere.test`;

/** The token of the latest invitation mail to `email`, read from the outbox as a developer would. */
async function linkTokenFor(email: string) {
  const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const text = rows.at(-1)?.text ?? "";
  const token = /\/invitation\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`no invitation mail to ${email}`);
  return token;
}

async function invite(client = f.as.owner, email = freshEmail(), role: "manager" | "member" = "member") {
  const res = await client.post("/api/team/invitations", { email, role });
  expect(res.statusCode, res.body).toBe(200);
  return { email, id: res.json().data.invitation.id as number, token: await linkTokenFor(email) };
}

const invitationRows = (teamId = f.teamId) =>
  t.db.select().from(teamInvitations).where(eq(teamInvitations.teamId, teamId));
const membersOf = (teamId = f.teamId) =>
  t.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
const accept = (token: string, payload: object) =>
  t.app.inject({ method: "POST", url: `/api/invitations/${token}/accept`, payload });
const view = (token: string) => t.app.inject({ method: "GET", url: `/api/invitations/${token}` });

/** Everything an invitation call could change, to show that a refusal changed none of it. */
async function snapshot() {
  return {
    invitations: await t.db.select().from(teamInvitations).orderBy(teamInvitations.id),
    members: await t.db.select().from(teamMembers).orderBy(teamMembers.teamId, teamMembers.userId),
    users: (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n,
    mail: (await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0]?.n,
  };
}

describe("POST /api/team/invitations", () => {
  it("lets the owner invite a member or a manager, with a 7-day link stored only as its hash", async () => {
    const res = await f.as.owner.post("/api/team/invitations", {
      email: "  Dana@Elsewhere.test ",
      role: "manager",
    });
    expect(res.statusCode, res.body).toBe(200);
    const { invitation } = res.json().data;
    expect(invitation).toMatchObject({
      email: "Dana@Elsewhere.test",
      role: "manager",
      expired: false,
      abilities: { revoke: true, resend: true },
    });
    expect(Date.parse(invitation.expires_at) - t.clock.now().getTime()).toBe(INVITATION_VALID_MS);
    const token = await linkTokenFor("Dana@Elsewhere.test");
    const [row] = await t.db.select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id));
    expect(row?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("lets a manager invite members but not managers; members and other firms are refused", async () => {
    expect(
      (await f.as.manager.post("/api/team/invitations", { email: freshEmail(), role: "member" })).statusCode,
    ).toBe(200);
    const before = await snapshot();
    const asManager = await f.as.manager.post("/api/team/invitations", {
      email: freshEmail(),
      role: "manager",
    });
    expect(asManager.statusCode).toBe(403);
    expect(asManager.json().message).toBe(INVITATION_MESSAGES.managerInvitesMembers);
    expect(
      (await f.as.alice.post("/api/team/invitations", { email: freshEmail(), role: "member" })).statusCode,
    ).toBe(403);
    expect(
      (await f.outsider.post("/api/team/invitations", { email: freshEmail(), role: "member" })).statusCode,
    ).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a bad email with the spec's message", async () => {
    const res = await f.as.owner.post("/api/team/invitations", { email: "not-an-email", role: "member" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Wrong email format");
  });

  it("counts members and open invitations against the plan's user limit (Best Practice: 5)", async () => {
    await invite();
    const before = await snapshot();
    const res = await f.as.owner.post("/api/team/invitations", { email: freshEmail(), role: "member" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Your plan allows up to 5 users. Upgrade your plan to invite more.");
    expect(await snapshot()).toEqual(before);
  });

  it("holds the limit on Lite (1 user) and Strategist (10 users)", async () => {
    const lite = await f.lite.post("/api/team/invitations", { email: freshEmail(), role: "member" });
    expect(lite.statusCode).toBe(409);
    expect(lite.json().message).toBe("Your plan allows up to 1 user. Upgrade your plan to invite more.");

    const strategist = await signedInFirm(t, { planSlug: "strategist" });
    const owner = strategist.as.owner;
    for (let i = 0; i < 9; i++) await invite(owner);
    const tenth = await owner.post("/api/team/invitations", { email: freshEmail(), role: "member" });
    expect(tenth.statusCode).toBe(409);
    expect(tenth.json().message).toBe("Your plan allows up to 10 users. Upgrade your plan to invite more.");
    expect(await invitationRows(strategist.team.id)).toHaveLength(9);
  });

  it("gives the last seat once when owner and manager invite at the same moment", async () => {
    const replies = await Promise.all([
      f.as.owner.post("/api/team/invitations", { email: freshEmail(), role: "member" }),
      f.as.manager.post("/api/team/invitations", { email: freshEmail(), role: "member" }),
      f.as.owner.post("/api/team/invitations", { email: freshEmail(), role: "manager" }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await invitationRows()).toHaveLength(1);
  });

  it("refuses a second invitation to the same email (any case) and a person already in the firm", async () => {
    const { email } = await invite();
    const before = await snapshot();
    const again = await f.as.owner.post("/api/team/invitations", {
      email: email.toUpperCase(),
      role: "member",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INVITATION_MESSAGES.alreadyInvited);
    const [alice] = await t.db.select().from(users).where(eq(users.id, f.ids.alice));
    const member = await f.as.owner.post("/api/team/invitations", { email: alice?.email, role: "member" });
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe(INVITATION_MESSAGES.alreadyMember);
    expect(await snapshot()).toEqual(before);
  });

  it("renews an invitation that expired unanswered instead of adding a second", async () => {
    const first = await invite();
    await later(INVITATION_VALID_MS + 1);
    const res = await f.as.owner.post("/api/team/invitations", { email: first.email, role: "manager" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.invitation).toMatchObject({ id: first.id, role: "manager", expired: false });
    expect(await invitationRows()).toHaveLength(1);
    expect((await view(first.token)).statusCode).toBe(404);
    expect((await view(await linkTokenFor(first.email))).statusCode).toBe(200);
  });
});

describe("GET /api/team/invitations", () => {
  it("lists pending invitations with seats and what each role may do", async () => {
    const { id } = await invite(f.as.owner, freshEmail(), "manager");
    const owner = (await f.as.owner.get("/api/team/invitations")).json().data;
    expect(owner.seats).toEqual({ members: 4, pending: 1, limit: 5 });
    expect(owner.abilities).toEqual({ invite: true, invite_roles: ["manager", "member"] });
    expect(owner.invitations).toEqual([
      expect.objectContaining({ id, role: "manager", abilities: { revoke: true, resend: true } }),
    ]);
    const manager = (await f.as.manager.get("/api/team/invitations")).json().data;
    expect(manager.abilities).toEqual({ invite: true, invite_roles: ["member"] });
    expect(manager.invitations[0].abilities).toEqual({ revoke: false, resend: false });
    expect((await f.as.alice.get("/api/team/invitations")).statusCode).toBe(403);
    expect((await f.outsider.get("/api/team/invitations")).statusCode).toBe(404);
  });

  it("shows an expired invitation as expired, no longer holding a seat", async () => {
    await invite();
    await later(INVITATION_VALID_MS);
    const data = (await f.as.owner.get("/api/team/invitations")).json().data;
    expect(data.invitations[0].expired).toBe(true);
    expect(data.seats.pending).toBe(0);
  });
});

describe("DELETE /api/team/invitations/{id}", () => {
  it("revokes: the link stops working (410) and the seat is free again", async () => {
    const { id, token } = await invite();
    const res = await f.as.owner.del(`/api/team/invitations/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const gone = await view(token);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe(INVITATION_MESSAGES.revoked);
    const before = await snapshot();
    expect((await accept(token, NEW_PERSON)).statusCode).toBe(410);
    expect(await snapshot()).toEqual(before);
    await invite();
    expect((await f.as.owner.del(`/api/team/invitations/${id}`)).statusCode).toBe(404);
  });

  it("is for the owner, and for a manager on a member's invitation; others are refused", async () => {
    const managerInvite = await invite(f.as.owner, freshEmail(), "manager");
    const before = await snapshot();
    expect((await f.as.manager.del(`/api/team/invitations/${managerInvite.id}`)).statusCode).toBe(403);
    expect((await f.as.alice.del(`/api/team/invitations/${managerInvite.id}`)).statusCode).toBe(403);
    expect((await f.outsider.del(`/api/team/invitations/${managerInvite.id}`)).statusCode).toBe(404);
    expect((await f.lite.del(`/api/team/invitations/${managerInvite.id}`)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    await f.as.owner.del(`/api/team/invitations/${managerInvite.id}`);
    const memberInvite = await invite(f.as.owner);
    expect((await f.as.manager.del(`/api/team/invitations/${memberInvite.id}`)).statusCode).toBe(200);
  });

  it("refuses to revoke an invitation already accepted", async () => {
    const { id, token } = await invite();
    expect((await accept(token, NEW_PERSON)).statusCode).toBe(200);
    const res = await f.as.owner.del(`/api/team/invitations/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(INVITATION_MESSAGES.acceptedAlready);
  });
});

describe("POST /api/team/invitations/{id}/resend", () => {
  it("sends a new link and a new expiry; the old link stops working", async () => {
    const { id, email, token } = await invite();
    const soon = await f.as.owner.post(`/api/team/invitations/${id}/resend`, {});
    expect(soon.statusCode).toBe(429);
    expect(soon.json().data.retry_after_seconds).toBe(60);
    await later(2 * 24 * 60 * 60_000);
    const res = await f.as.owner.post(`/api/team/invitations/${id}/resend`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.parse(res.json().data.invitation.expires_at) - t.clock.now().getTime()).toBe(
      INVITATION_VALID_MS,
    );
    const fresh = await linkTokenFor(email);
    expect(fresh).not.toBe(token);
    expect((await view(token)).statusCode).toBe(404);
    expect((await view(fresh)).statusCode).toBe(200);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(2);
  });

  it("needs a free seat to send an expired invitation again", async () => {
    const first = await invite();
    await later(INVITATION_VALID_MS + 1);
    await invite(); // takes the seat the expired one no longer holds
    const before = await snapshot();
    const res = await f.as.owner.post(`/api/team/invitations/${first.id}/resend`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Your plan allows up to 5 users. Upgrade your plan to invite more.");
    expect(await snapshot()).toEqual(before);
  });

  it("is refused to members, to a manager for a manager's invitation, and to other firms", async () => {
    const { id } = await invite(f.as.owner, freshEmail(), "manager");
    await later(120_000);
    expect((await f.as.manager.post(`/api/team/invitations/${id}/resend`, {})).statusCode).toBe(403);
    expect((await f.as.alice.post(`/api/team/invitations/${id}/resend`, {})).statusCode).toBe(403);
    expect((await f.outsider.post(`/api/team/invitations/${id}/resend`, {})).statusCode).toBe(404);
  });
});

describe("GET /api/invitations/{token}", () => {
  it("shows the firm, who invited, the email and whether it has an account", async () => {
    const { token, email } = await invite();
    const res = await view(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      firm_name: "Harbour Legal Pty Ltd",
      invited_by: expect.stringContaining("Test"),
      email,
      role: "member",
      has_account: false,
    });
  });

  it("answers an unknown link 404, a malformed one 400 and an expired one 410", async () => {
    expect((await view("A".repeat(43))).statusCode).toBe(404);
    expect((await view("short")).statusCode).toBe(400);
    const { token } = await invite();
    await later(INVITATION_VALID_MS);
    const res = await view(token);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(INVITATION_MESSAGES.expired);
  });
});

describe("POST /api/invitations/{token}/accept", () => {
  it("makes a new person's account, adds them once with the invited role and signs them in", async () => {
    const { token, email } = await invite(f.as.owner, freshEmail(), "manager");
    const [versionBefore] = await t.db.select().from(firmVersions).where(eq(firmVersions.teamId, f.teamId));
    const res = await accept(token, NEW_PERSON);
    expect(res.statusCode, res.body).toBe(200);
    const { user_id, team_id } = res.json().data;
    expect(team_id).toBe(f.teamId);
    const cookie = res.cookies.find((c) => c.name === "precedent_session");
    expect(cookie?.httpOnly).toBe(true);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/users/me",
      cookies: { precedent_session: cookie?.value ?? "" },
    });
    expect(me.json().data).toMatchObject({
      id: user_id,
      email,
      first_name: "Priya",
      last_name: "Natarajan",
      teams: [{ id: f.teamId, role: "manager" }],
    });
    // The membership moves the firm's lists and trees (freshness: team_members).
    const [versionAfter] = await t.db.select().from(firmVersions).where(eq(firmVersions.teamId, f.teamId));
    expect(versionAfter?.foldersVersion).toBeGreaterThan(versionBefore?.foldersVersion ?? 0);
    // The link is spent.
    const again = await accept(token, NEW_PERSON);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INVITATION_MESSAGES.accepted);
    expect(await signIn(t, email, NEW_PERSON.password)).toBeTruthy();
  });

  it("checks a new person's name and password with the spec's messages, and changes nothing", async () => {
    const { token } = await invite();
    const before = await snapshot();
    const short = await accept(token, {
      ...NEW_PERSON,
      password: "too short",
      confirm_password: "too short",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(PASSWORD_TOO_SHORT);
    const mismatch = await accept(token, { ...NEW_PERSON, confirm_password: "a long enough secreT" });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().data.errors).toEqual([
      { field: "confirm_password", message: CONFIRM_PASSWORD_MISMATCH },
    ]);
    const unnamed = await accept(token, {
      password: NEW_PERSON.password,
      confirm_password: NEW_PERSON.password,
    });
    expect(unnamed.json().data.errors.map((e: { message: string }) => e.message)).toEqual([
      "First name is required",
      "Last name is required",
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it("asks an existing account for its password: wrong changes nothing, right joins", async () => {
    const existing = await t.buildUser();
    const { token } = await invite(f.as.owner, existing.email);
    expect((await view(token)).json().data.has_account).toBe(true);
    const before = await snapshot();
    const wrong = await accept(token, { password: "not the password at all" });
    expect(wrong.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
    const right = await accept(token, { password: TEST_PASSWORD });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.user_id).toBe(existing.id);
    const [membership] = await t.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, f.teamId), eq(teamMembers.userId, existing.id)));
    expect(membership?.role).toBe("member");
  });

  it("refuses an expired link with 410 and changes nothing", async () => {
    const { token } = await invite();
    await later(INVITATION_VALID_MS);
    const before = await snapshot();
    const res = await accept(token, NEW_PERSON);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(INVITATION_MESSAGES.expired);
    expect(await snapshot()).toEqual(before);
  });

  it("checks the user limit again at acceptance, and changes nothing when it is reached", async () => {
    const { token } = await invite();
    // The seat the invitation held is taken another way (as by a plan change or an added member).
    await t.addMember(f.teamId, "member");
    const before = await snapshot();
    const res = await accept(token, NEW_PERSON);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(INVITATION_MESSAGES.limitAtAcceptance("Harbour Legal Pty Ltd", 5));
    expect(await snapshot()).toEqual(before);
  });

  it("adds the member exactly once when the link is accepted twice at the same moment", async () => {
    const { token } = await invite();
    const replies = await Promise.all([
      accept(token, NEW_PERSON),
      accept(token, NEW_PERSON),
      accept(token, NEW_PERSON),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await membersOf()).toHaveLength(5);
    const [row] = await invitationRows();
    expect(row?.status).toBe("accepted");
  });

  it("lets an existing account accept once under concurrency too", async () => {
    const existing = await t.buildUser();
    const { token } = await invite(f.as.owner, existing.email);
    const replies = await Promise.all([
      accept(token, { password: TEST_PASSWORD }),
      accept(token, { password: TEST_PASSWORD }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await membersOf()).toHaveLength(5);
  });
});

describe("invitation mail", () => {
  let smtp: ReturnType<typeof smtpServer>;
  let mailApp: TestApp;

  beforeAll(async () => {
    smtp = smtpServer();
    await new Promise<void>((resolve) => smtp.server.listen(0, "127.0.0.1", resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    mailApp = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
  });
  afterAll(async () => {
    await mailApp.close();
    smtp.server.close();
  });

  /** The message body as sent: quoted-printable soft breaks joined and escapes decoded. */
  const decoded = (data: string) =>
    data
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

  it("is sent by SMTP from the job queued with the invitation, with a working link", async () => {
    const firm = await buildFirmWithPeople(mailApp);
    const res = await firm.as.owner.post("/api/team/invitations", {
      email: "sam@elsewhere.test",
      role: "member",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mailApp.services.jobs.runDue()).toMatchObject([{ name: "mail.deliver", outcome: "done" }]);
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message?.to[0]).toContain("sam@elsewhere.test");
    const body = decoded(message?.data ?? "");
    expect(body).toContain("invited you to join Harbour Legal Pty Ltd on Precedent");
    expect(body).toContain("has invited you to join Harbour Legal Pty Ltd on Precedent as a member.");
    expect(body).toMatch(/The link works until \d+ \w+ 2026/);
    const token = /http:\/\/localhost(?::\d+)?\/invitation\/([A-Za-z0-9_-]{43})/.exec(body)?.[1];
    expect(token).toBeDefined();
    const page = await mailApp.app.inject({ method: "GET", url: `/api/invitations/${token}` });
    expect(page.statusCode).toBe(200);
  });
});
