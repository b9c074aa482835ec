import { createHash, randomBytes } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIL_OUTBOX_RETENTION_MS } from "../constants.ts";
import { interviewActionTokens } from "../modules/interview/index.ts";
import { MAIL_BODY_PRUNED, mailOutbox } from "../modules/mail/index.ts";
import { buildSigningEnvelope } from "../modules/signing/testing.ts";
import { loggableUrl, REDACTED } from "../plugins/safe-logging.ts";
import { bearer, createTestApp, type SignedInFirm, signedInFirm, type TestApp } from "./harness.ts";

// Issue 31: signing tokens, invitation tokens and OAuth codes were written to the request log
// (322 signing-link lines in one server's log), and the mail outbox kept every link for ever.

const lines: string[] = [];
let t: TestApp;
let firm: SignedInFirm;
let ownerToken: string;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: "info" }, logTo: { write: (line) => void lines.push(line) } });
  firm = await signedInFirm(t);
  ownerToken = (
    await t.app.inject({
      method: "POST",
      url: "/api/auth/token",
      payload: { email: firm.people.owner.email, password: "correct horse battery staple" },
    })
  ).json().data.token;
});
afterAll(() => t.close());

const random = () => randomBytes(32).toString("base64url");
/** Strings that could be credentials: long runs of token characters (request ids aside). */
const credentialsIn = (text: string) =>
  (text.match(/[A-Za-z0-9_-]{32,}/g) ?? []).filter(
    (s) => !/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/.test(s),
  );

describe("the request log", () => {
  it("holds no token issued or sent in an address: signing, download, invitation, OAuth, session", async () => {
    const issued = new Set<string>([ownerToken]);
    const seen: string[] = [];
    const call = async (method: "GET" | "POST", url: string, payload?: object) => {
      const reply = await t.app.inject({
        method,
        url,
        headers: bearer(ownerToken),
        ...(payload ? { payload } : {}),
      });
      seen.push(reply.body, ...Object.values(reply.headers).map(String));
      return reply;
    };

    // An invitation: its token travels only in the mailed link.
    const invited = await call("POST", `/api/team/invitations?id_team=${firm.teamId}`, {
      email: "new@firm.test",
    });
    expect(invited.statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(like(mailOutbox.key, "invitation:%"));
    const invitation = mail?.text.match(/\/invitation\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
    expect(invitation.length).toBeGreaterThan(20);
    issued.add(invitation);
    expect((await call("GET", `/api/invitations/${invitation}`)).statusCode).toBe(200);
    await call("GET", `/invitation/${invitation}`);

    // A signing link, its pages and API, and a signed-PDF link's shape.
    const doc = await t.buildDocument({ teamId: firm.teamId, createdBy: firm.ids.owner, status: 4 });
    const envelope = await buildSigningEnvelope(t.db, t.services.fileStore, {
      teamId: firm.teamId,
      documentId: doc.id,
      senderUserId: firm.ids.owner,
      recipients: [{ name: "Jane Citizen" }],
      now: t.clock.now(),
    });
    const signing = envelope.tokens["Jane Citizen"] as string;
    issued.add(signing);
    expect((await call("GET", `/api/sign/${signing}`)).statusCode).toBe(200);
    await call("POST", `/api/sign/${signing}/consent`, { agree: true });
    await call("GET", `/sign/${signing}?from=mail`);
    const download = `${envelope.ids["Jane Citizen"]}.${randomBytes(32).toString("base64url").slice(0, 43)}`;
    issued.add(download);
    await call("GET", `/api/sign/${download}/signed.pdf`);

    // An OAuth return to the integrations page, and the sandbox provider's consent page.
    const code = random();
    const state = random();
    issued.add(code).add(state);
    await call("GET", `/my-integration/xero?code=${code}&state=${state}&scope=accounting`);
    await call("GET", `/api/sandbox/oauth/xero/authorize?state=${state}&code=${code}`);

    const log = lines.join("");
    expect(log).toContain(`/api/sign/${REDACTED}`);
    expect(log).toContain(`/invitation/${REDACTED}`);
    expect(log).toContain(`code=${REDACTED}&state=${REDACTED}&scope=accounting`);
    for (const secret of issued) expect(log, `a token in the log`).not.toContain(secret);
    // Whatever else looked like a credential in a reply (ids of sessions, checkout pages …).
    for (const text of seen) for (const found of credentialsIn(text)) expect(log).not.toContain(found);
  });

  it("keeps the rest of the address as it was", () => {
    expect(loggableUrl("/api/doc?id_team=4&type=1")).toBe("/api/doc?id_team=4&type=1");
    expect(loggableUrl("/api/team/invitations/12/resend")).toBe("/api/team/invitations/12/resend");
    expect(loggableUrl("/api/sign/abc/pdf?x=1&Code=2&token")).toBe(
      `/api/sign/${REDACTED}/pdf?x=1&Code=${REDACTED}&token`,
    );
    expect(loggableUrl("/x?%63ode=secret")).toBe(`/x?%63ode=${REDACTED}`);
    expect(loggableUrl("/checkout/abc?x=1")).toBe(`/checkout/${REDACTED}?x=1`);
    expect(loggableUrl("/billing/abc/cancel")).toBe(`/billing/${REDACTED}/cancel`);
    expect(loggableUrl("/api/stripe/checkout")).toBe("/api/stripe/checkout");
    expect(loggableUrl("/reset-password/abc")).toBe(`/reset-password/${REDACTED}`);
    expect(loggableUrl("/api/auth/password-reset/abc")).toBe(`/api/auth/password-reset/${REDACTED}`);
    expect(loggableUrl("/api/auth/password-reset")).toBe("/api/auth/password-reset");
  });
});

describe("interview action tokens", () => {
  it("are kept as their hash", async () => {
    const doc = await t.buildDocument({
      teamId: firm.teamId,
      createdBy: firm.ids.owner,
      status: 1,
      template: { identifier: "mutual-nda", name: "Mutual Non-Disclosure Agreement" },
    });
    const reply = await t.app.inject({
      method: "GET",
      url: `/api/get-action-token/${doc.id}?id_team=${firm.teamId}`,
      headers: bearer(ownerToken),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const token: string = reply.json().data.action_token;
    const [row] = await t.db
      .select()
      .from(interviewActionTokens)
      .where(eq(interviewActionTokens.docId, doc.id));
    expect(row?.token).not.toBe(token);
    expect(row?.token).toBe(createHash("sha256").update(token).digest("hex"));
  });
});

describe("the mail outbox", () => {
  it("replaces a mail's body, with its links, once the retention period has passed", async () => {
    const reply = await t.app.inject({
      method: "POST",
      url: `/api/team/invitations?id_team=${firm.teamId}`,
      headers: bearer(ownerToken),
      payload: { email: "later@firm.test" },
    });
    expect(reply.statusCode).toBe(200);
    const mailOf = async () =>
      (await t.db.select().from(mailOutbox).where(like(mailOutbox.to, "later@firm.test")))[0];
    expect((await mailOf())?.text).toMatch(/\/invitation\//);
    await t.services.mail.prune();
    expect((await mailOf())?.text).toMatch(/\/invitation\//);

    t.clock.advance(MAIL_OUTBOX_RETENTION_MS + 60_000);
    // The job queue runs it: defined and scheduled by the mail module.
    await t.services.jobs.ensureSchedules();
    await t.services.jobs.runDue();
    const pruned = await mailOf();
    expect(pruned?.text).toBe(MAIL_BODY_PRUNED);
    expect(pruned?.html).toBe(MAIL_BODY_PRUNED);
    expect(pruned?.key).toMatch(/^invitation:/);
  });
});
