import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { announcements } from "../modules/announcements/index.ts";
import { liteVideoPreferences } from "../modules/lite-video/index.ts";
import { plans, teamMembers, teams } from "../modules/teams/index.ts";
import { users } from "../modules/users/index.ts";

/** A firm on the Lite plan whose owner has not yet seen the plan's intro video. */
export const LITE_DEMO_SIGN_IN = {
  email: "owner@lite.test",
  role: "owner",
  firm: "Lite Start Pty Ltd",
} as const;

/**
 * What the page bootstrap shows in the demo: one announcement for everyone, and the Lite plan's
 * intro video for the new Lite firm's owner. Oscar (the other Lite firm) has chosen 'Do not
 * display again', so his firm opens straight onto its pages.
 */
export async function loadDemoBootstrap(
  tx: Database,
  input: { passwordHash: string; liteOwnerSeen: number },
) {
  await tx.insert(announcements).values({
    content:
      "New: Document Logs now list every assembly and download of a document, with what passed and what failed.",
    url: "/my-account/my-document",
    startsAt: new Date("2026-01-01T00:00:00+10:00"),
  });
  await tx
    .insert(liteVideoPreferences)
    .values({ userId: input.liteOwnerSeen, hiddenAt: new Date("2026-01-01T00:00:00+10:00") });

  const [lite] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.slug, "ly-basic"));
  if (!lite) throw new Error("Plan ly-basic missing: run ensurePlans first");
  const [owner] = await tx
    .insert(users)
    .values({
      email: LITE_DEMO_SIGN_IN.email,
      passwordHash: input.passwordHash,
      firstName: "Lara",
      lastName: "Lite",
      displayName: "Lara Lite",
    })
    .returning({ id: users.id });
  if (!owner) throw new Error("Demo Lite owner was not created");
  const [firm] = await tx
    .insert(teams)
    .values({ name: LITE_DEMO_SIGN_IN.firm, ownerId: owner.id, planId: lite.id, planStatus: "active" })
    .returning({ id: teams.id });
  if (!firm) throw new Error("Demo Lite firm was not created");
  await tx.insert(teamMembers).values({ teamId: firm.id, userId: owner.id, role: "owner" });
}
