import { isValidAcn } from "@precedent/contracts";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asicApplications } from "../modules/asic/index.ts";
import { plans, teamMembers, teams } from "../modules/teams/index.ts";
import { users } from "../modules/users/index.ts";
import { bearer, createTestApp, signIn, type TestApp } from "../test/harness.ts";
import { NGUYEN_SUPER_ACN } from "./asic-applications.ts";
import { DEMO_PASSWORD, DEMO_SIGN_INS, ensurePlans, loadDemoData } from "./seed.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countOf = async (table: typeof users | typeof teams | typeof teamMembers | typeof plans) =>
  (await t.db.select({ n: count() }).from(table))[0]?.n;

describe("demo data", () => {
  it("loads the three plans, the demo firms and their sign-ins into an empty database, once", async () => {
    expect(await loadDemoData(t.db)).toBe(true);
    expect(await loadDemoData(t.db)).toBe(false);
    await ensurePlans(t.db);
    expect(await countOf(plans)).toBe(3);
    expect(await countOf(users)).toBe(17);
    expect(await countOf(teams)).toBe(11);
    expect(await countOf(teamMembers)).toBe(17);
    // Seeding assembles every demo document: as long as the seeding hooks of the other demo tests.
  }, 180_000);

  it.each(DEMO_SIGN_INS)("$email signs in as $role of $firm", async ({ email, role, firm }) => {
    const token = await signIn(t, email, DEMO_PASSWORD);
    const me = await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(token) });
    expect(me.json().data.teams).toEqual([expect.objectContaining({ name: firm, role })]);
  });

  it("puts the demo firm on Best Practice and the other firm on Lite", async () => {
    const token = await signIn(t, "owner@demo.test", DEMO_PASSWORD);
    const otherToken = await signIn(t, "owner@other.test", DEMO_PASSWORD);
    const teamOf = async (tok: string) => {
      const me = await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(tok) });
      const id = me.json().data.teams[0].id;
      return (
        await t.app.inject({ method: "GET", url: `/api/team/get?id_team=${id}`, headers: bearer(tok) })
      ).json().data.team;
    };
    expect((await teamOf(token)).plan).toMatchObject({
      slug: "best-practice",
      price: 33_000,
      number_of_users: 5,
    });
    expect((await teamOf(otherToken)).plan).toMatchObject({
      slug: "ly-basic",
      name: "Lite",
      payg: true,
      number_of_users: 1,
    });
  });
});

describe("demo company registrations", () => {
  it("has a registered company with its ACN and certificate, and an application waiting for payment", async () => {
    const token = await signIn(t, "manager@demo.test", DEMO_PASSWORD);
    const me = await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(token) });
    const teamId = me.json().data.teams[0].id as number;
    const rows = await t.db.select().from(asicApplications);
    const registered = rows.find((row) => row.asicStatus === "COMP");
    const waiting = rows.find((row) => row.paymentStatus === "unpaid");
    if (!registered || !waiting) throw new Error("both demo applications expected");
    const ask = (docId: number) =>
      t.app.inject({
        method: "POST",
        url: `/api/asic/application?id_team=${teamId}`,
        headers: bearer(token),
        payload: { doc_id: docId },
      });
    const done = (await ask(registered.docId)).json().data;
    expect(done).toMatchObject({ asic_status: "COMP", asic_payment_status: "paid" });
    expect(isValidAcn(done.acn)).toBe(true);
    const pdf = await t.app.inject({
      method: "GET",
      url: `${done.certificate_download_url}&id_team=${teamId}`,
      headers: bearer(token),
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const ownerToken = await signIn(t, "owner@demo.test", DEMO_PASSWORD);
    const pending = await t.app.inject({
      method: "POST",
      url: `/api/asic/application?id_team=${teamId}`,
      headers: bearer(ownerToken),
      payload: { doc_id: waiting.docId },
    });
    expect(pending.json().data).toMatchObject({
      asic_payment_status_name: "Payment Required",
      can_pay: true,
    });
  });

  it("has the Nguyen Super Fund's trustee company registered, its ACN and certificate its own", async () => {
    const token = await signIn(t, "member@demo.test", DEMO_PASSWORD);
    const me = await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(token) });
    const teamId = me.json().data.teams[0].id as number;
    const rows = await t.db.select().from(asicApplications);
    const registered = rows.filter((row) => row.asicStatus === "COMP");
    expect(registered).toHaveLength(2);
    const [chen, nguyen] = registered.sort((a, b) => a.docId - b.docId);
    if (!chen || !nguyen) throw new Error("two registered demo companies expected");
    expect(nguyen.acn).not.toBe(chen.acn);
    expect(nguyen.certificateSha256).not.toBe(chen.certificateSha256);
    const done = (
      await t.app.inject({
        method: "POST",
        url: `/api/asic/application?id_team=${teamId}`,
        headers: bearer(token),
        payload: { doc_id: nguyen.docId },
      })
    ).json().data;
    expect(done).toMatchObject({ asic_status: "COMP", asic_payment_status: "paid" });
    expect(isValidAcn(done.acn)).toBe(true);
    expect(done.acn).toBe(NGUYEN_SUPER_ACN);
  });
});
