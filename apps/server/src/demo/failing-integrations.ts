import { INTEGRATION_APPS, type IntegrationAppSlug } from "@precedent/contracts";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import {
  type IntegrationsService,
  integrationConnections,
  type SandboxProvider,
} from "../modules/integrations/index.ts";
import { teams } from "../modules/teams/index.ts";
import { users } from "../modules/users/index.ts";

/**
 * Integrations failing, for the operator console's queue in the demo: Wattle Grove's owner (whom
 * no browser test signs in to the product as) connected to HubSpot and to CAS 360 through the
 * sandbox's own consent, then recorded as failing to renew while the app was down, as the
 * integrations module records it. Their refresh tokens are good, so a retry from the console
 * renews them for real. One app per width the browser test retries at.
 */
export const DEMO_FAILING_APPS: IntegrationAppSlug[] = ["hubspot", "bglcas360"];

export async function loadDemoFailingIntegrations(services: {
  db: Database;
  clock: () => Date;
  integrations: Pick<IntegrationsService, "linkRegister" | "redirect">;
  integrationSandbox: (slug: IntegrationAppSlug) => SandboxProvider | undefined;
}) {
  const { db, clock } = services;
  const [owner] = await db.select().from(users).where(eq(users.email, "owner@wattlegrove.test"));
  const [firm] = owner ? await db.select().from(teams).where(eq(teams.ownerId, owner.id)) : [];
  if (!owner || !firm) return;
  const person = { teamId: firm.id, userId: owner.id };
  for (const [index, slug] of DEMO_FAILING_APPS.entries()) {
    const [existing] = await db
      .select({ id: integrationConnections.id })
      .from(integrationConnections)
      .where(and(eq(integrationConnections.userId, owner.id), eq(integrationConnections.app, slug)));
    if (existing) continue;
    const sandbox = services.integrationSandbox(slug);
    if (!sandbox) continue;
    // The consent a person gives on the sandbox's page: the link, "allow", the code back.
    const link = new URL((await services.integrations.linkRegister(person, slug)).url, "http://demo.invalid");
    const back = await sandbox.decide({
      allow: true,
      redirectUri: link.searchParams.get("redirect_uri") ?? "",
      state: link.searchParams.get("state") ?? "",
      codeChallenge: link.searchParams.get("code_challenge") ?? "",
      codeChallengeMethod: link.searchParams.get("code_challenge_method") ?? "",
    });
    if (!back) continue;
    const answer = new URL(back, "http://demo.invalid").searchParams;
    await services.integrations.redirect(person, slug, {
      code: answer.get("code") ?? "",
      state: answer.get("state") ?? "",
    });
    const app = INTEGRATION_APPS.find((a) => a.slug === slug)?.name ?? slug;
    await db
      .update(integrationConnections)
      .set({
        accessExpiresAt: new Date(clock().getTime() - 60_000),
        failingSince: new Date(clock().getTime() - (index + 2) * 60 * 60_000),
        lastError: `${app} could not renew the connection's access (503 Service Unavailable). It may work once ${app} answers again.`,
      })
      .where(
        and(
          eq(integrationConnections.userId, owner.id),
          eq(integrationConnections.app, slug),
          isNull(integrationConnections.failingSince),
        ),
      );
  }
}
