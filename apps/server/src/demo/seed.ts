import { count, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { hashPassword } from "../modules/auth/index.ts";
import { plans, teamMembers, teams } from "../modules/teams/index.ts";
import { users } from "../modules/users/index.ts";
import { loadDemoAsicApplications } from "./asic-applications.ts";
import { LITE_DEMO_SIGN_IN, loadDemoBootstrap } from "./bootstrap.ts";
import { loadConsoleDemoFirm } from "./console-firm.ts";
import { loadCreditDemoFirm } from "./credit-firm.ts";
import { loadDemoDocuments } from "./documents.ts";
import { loadDemoLapsedFirm } from "./membership.ts";
import { MEMBERSHIP_PLANS } from "./plans.ts";
import { loadDemoPurchases } from "./purchases.ts";
import { loadTeamChangesDemo, TEAM_CHANGES_SIGN_INS } from "./team-changes.ts";

/** Demo-only password of every demo sign-in; printed at start-up and in the README. */
export const DEMO_PASSWORD = "precedent-demo";

export const DEMO_SIGN_INS = [
  { email: "owner@demo.test", role: "owner", firm: "Demo Advisory Pty Ltd" },
  { email: "manager@demo.test", role: "manager", firm: "Demo Advisory Pty Ltd" },
  { email: "member@demo.test", role: "member", firm: "Demo Advisory Pty Ltd" },
  { email: "owner@other.test", role: "owner", firm: "Other Accounting Pty Ltd" },
  { email: "owner@strategist.test", role: "owner", firm: "Strategist Partners Pty Ltd" },
  { email: "owner@lastcredit.test", role: "owner", firm: "Last Credit Advisory Pty Ltd" },
  { email: "owner@newpractice.test", role: "owner", firm: "New Practice Pty Ltd" },
  ...TEAM_CHANGES_SIGN_INS,
  { email: "owner@lapsed.test", role: "owner", firm: "Lapsed Practice Pty Ltd" },
  { email: "member@lapsed.test", role: "member", firm: "Lapsed Practice Pty Ltd" },
  { email: "owner@creditwise.test", role: "owner", firm: "Credit Wise Advisory Pty Ltd" },
  { email: "owner@wattlegrove.test", role: "owner", firm: "Wattle Grove Pty Ltd" },
  { email: "manager@wattlegrove.test", role: "manager", firm: "Wattle Grove Pty Ltd" },
  LITE_DEMO_SIGN_IN,
  { email: "owner@secure.test", role: "owner", firm: "Secure Wealth Pty Ltd" },
] as const;

/** The plans every installation needs, demo data or not. Safe to run on every start. */
export async function ensurePlans(db: Database) {
  await db.insert(plans).values(MEMBERSHIP_PLANS).onConflictDoNothing({ target: plans.slug });
}

/** Loads the demo firms and users, only into a database that has no users yet. */
export async function loadDemoData(db: Database): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const planId = async (slug: string) => {
      const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.slug, slug));
      if (!plan) throw new Error(`Plan ${slug} missing: run ensurePlans first`);
      return plan.id;
    };
    const person = (email: string, firstName: string, lastName: string) => ({
      email,
      passwordHash,
      firstName,
      lastName,
      displayName: `${firstName} ${lastName}`,
    });
    const [owner, manager, member, otherOwner, strategistOwner, lastCreditOwner, newOwner] = await tx
      .insert(users)
      .values([
        person("owner@demo.test", "Olivia", "Owner"),
        person("manager@demo.test", "Mason", "Manager"),
        person("member@demo.test", "Mia", "Member"),
        person("owner@other.test", "Oscar", "Other"),
        person("owner@strategist.test", "Stella", "Strategist"),
        person("owner@lastcredit.test", "Liam", "Lastcredit"),
        person("owner@newpractice.test", "Nora", "Newcomer"),
      ])
      .returning({ id: users.id });
    if (!owner || !manager || !member || !otherOwner || !strategistOwner || !lastCreditOwner || !newOwner) {
      throw new Error("Demo users were not created");
    }

    const [demoFirm] = await tx
      .insert(teams)
      .values({
        name: "Demo Advisory Pty Ltd",
        companyRegistrationNo: "123 456 780",
        billingAddress: {
          unit: "Level 12",
          address_1: "100 Collins",
          address_2: "",
          street_type: "Street",
          city: "Melbourne",
          state: "VIC",
          postcode: "3000",
          country: "AU",
        },
        industry: "Legal and accounting services",
        website: "https://demo-advisory.example",
        ownerId: owner.id,
        planId: await planId("best-practice"),
        planStatus: "active",
        planStartDate: "2026-07-01",
        planEndDate: "2027-06-30",
        creditLimit: 200,
        usedCredit: 0,
      })
      .returning({ id: teams.id });
    const [otherFirm] = await tx
      .insert(teams)
      .values({
        name: "Other Accounting Pty Ltd",
        companyRegistrationNo: "987 654 321",
        industry: "Accounting",
        ownerId: otherOwner.id,
        planId: await planId("ly-basic"),
        planStatus: "active",
      })
      .returning({ id: teams.id });
    // The catalogue's plan cases: Strategist (everything, no limit) and a Best Practice firm
    // with one document use left (the next start after that reaches the limit).
    // and a firm that has just joined: no documents, folders or orders (the first-use states).
    const [strategistFirm, lastCreditFirm, newFirm] = await tx
      .insert(teams)
      .values([
        {
          name: "Strategist Partners Pty Ltd",
          ownerId: strategistOwner.id,
          planId: await planId("strategist"),
          planStatus: "active",
        },
        {
          name: "Last Credit Advisory Pty Ltd",
          ownerId: lastCreditOwner.id,
          planId: await planId("best-practice"),
          planStatus: "active",
          creditLimit: 1,
          usedCredit: 199,
        },
        {
          name: "New Practice Pty Ltd",
          ownerId: newOwner.id,
          planId: await planId("best-practice"),
          planStatus: "active",
        },
      ])
      .returning({ id: teams.id });
    if (!demoFirm || !otherFirm || !strategistFirm || !lastCreditFirm || !newFirm)
      throw new Error("Demo firms were not created");

    await tx.insert(teamMembers).values([
      { teamId: demoFirm.id, userId: owner.id, role: "owner" },
      { teamId: demoFirm.id, userId: manager.id, role: "manager" },
      { teamId: demoFirm.id, userId: member.id, role: "member" },
      { teamId: otherFirm.id, userId: otherOwner.id, role: "owner" },
      { teamId: strategistFirm.id, userId: strategistOwner.id, role: "owner" },
      { teamId: lastCreditFirm.id, userId: lastCreditOwner.id, role: "owner" },
      { teamId: newFirm.id, userId: newOwner.id, role: "owner" },
    ]);
    await loadDemoPurchases(tx, {
      teamId: otherFirm.id,
      userId: otherOwner.id,
      billing: {
        first_name: "Oscar",
        last_name: "Other",
        company: "Other Accounting Pty Ltd",
        email: "owner@other.test",
        phone: "",
        address_1: "1 George Street",
        address_2: "",
        city: "Sydney",
        state: "NSW",
        postcode: "2000",
        country: "AU",
      },
    });
    await loadDemoDocuments(tx, {
      teamId: demoFirm.id,
      owner: owner.id,
      manager: manager.id,
      member: member.id,
    });
    await loadDemoAsicApplications(tx, {
      teamId: demoFirm.id,
      owner: owner.id,
      manager: manager.id,
      member: member.id,
    });
    await loadTeamChangesDemo(tx, { passwordHash, planId: await planId("best-practice") });
    await loadDemoLapsedFirm(tx, passwordHash);
    await loadCreditDemoFirm(tx, passwordHash);
    await loadConsoleDemoFirm(tx, passwordHash);
    await loadDemoBootstrap(tx, { passwordHash, liteOwnerSeen: otherOwner.id });
    // A firm of its own for trying two-factor sign-in, so turning it on signs no other demo
    // person's sign-in into a code step.
    const [secureOwner] = await tx
      .insert(users)
      .values(person("owner@secure.test", "Sam", "Secure"))
      .returning({ id: users.id });
    if (!secureOwner) throw new Error("Demo users were not created");
    const [secureFirm] = await tx
      .insert(teams)
      .values({
        name: "Secure Wealth Pty Ltd",
        ownerId: secureOwner.id,
        planId: await planId("best-practice"),
        planStatus: "active",
      })
      .returning({ id: teams.id });
    if (!secureFirm) throw new Error("Demo firms were not created");
    await tx.insert(teamMembers).values({ teamId: secureFirm.id, userId: secureOwner.id, role: "owner" });
  });
  return true;
}
