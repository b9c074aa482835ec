import { INTEGRATION_APPS, type IntegrationAppSlug } from "@precedent/contracts";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { documents } from "../modules/documents/index.ts";
import {
  type IntegrationsService,
  integrationConnections,
  integrationImportFailures,
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

type Services = {
  db: Database;
  clock: () => Date;
  integrations: Pick<IntegrationsService, "linkRegister" | "redirect">;
  integrationSandbox: (slug: IntegrationAppSlug) => SandboxProvider | undefined;
};

/** The consent a person gives on the sandbox's page: the link, "allow", the code back. */
async function connectThroughSandbox(
  services: Services,
  person: { teamId: number; userId: number },
  slug: IntegrationAppSlug,
) {
  const sandbox = services.integrationSandbox(slug);
  if (!sandbox) return false;
  const link = new URL((await services.integrations.linkRegister(person, slug)).url, "http://demo.invalid");
  const back = await sandbox.decide({
    allow: true,
    redirectUri: link.searchParams.get("redirect_uri") ?? "",
    state: link.searchParams.get("state") ?? "",
    codeChallenge: link.searchParams.get("code_challenge") ?? "",
    codeChallengeMethod: link.searchParams.get("code_challenge_method") ?? "",
  });
  if (!back) return false;
  const answer = new URL(back, "http://demo.invalid").searchParams;
  await services.integrations.redirect(person, slug, {
    code: answer.get("code") ?? "",
    state: answer.get("state") ?? "",
  });
  return true;
}

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
    if (!(await connectThroughSandbox(services, person, slug))) continue;
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

/**
 * Imports of a client's data that failed, for the console's queue (issue 37 item 7): the demo
 * firm's member (whom no browser test connects to Xero) connected to the sandbox Xero, and two
 * imports of sandbox clients into one of the firm's documents recorded as failed while Xero was
 * down, as the integrations module records them. The connection works, so a retry from the
 * console queues the import again. One per width the browser test retries at.
 */
export const DEMO_FAILED_IMPORT_CLIENTS = ["xero-0001", "xero-0005"];

export async function loadDemoFailedImports(services: Services) {
  const { db, clock } = services;
  const [member] = await db.select().from(users).where(eq(users.email, "member@demo.test"));
  const [owner] = await db.select().from(users).where(eq(users.email, "owner@demo.test"));
  const [firm] = owner ? await db.select().from(teams).where(eq(teams.ownerId, owner.id)) : [];
  if (!member || !firm) return;
  const [done] = await db
    .select({ id: integrationImportFailures.id })
    .from(integrationImportFailures)
    .where(eq(integrationImportFailures.teamId, firm.id));
  if (done) return;
  const [doc] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.teamId, firm.id))
    .orderBy(asc(documents.id))
    .limit(1);
  if (!doc) return;
  const person = { teamId: firm.id, userId: member.id };
  const [connected] = await db
    .select({ id: integrationConnections.id })
    .from(integrationConnections)
    .where(and(eq(integrationConnections.userId, member.id), eq(integrationConnections.app, "xero")));
  if (!connected && !(await connectThroughSandbox(services, person, "xero"))) return;
  for (const [index, clientId] of DEMO_FAILED_IMPORT_CLIENTS.entries()) {
    await db.insert(integrationImportFailures).values({
      ...person,
      docId: doc.id,
      app: "xero",
      clientId,
      contactId: null,
      questionId: "company",
      action: "Import client (Xero)",
      status: "failed",
      lastError: "Xero did not answer (503 Service Unavailable). Try again once it is back.",
      attempts: 1,
      failedAt: new Date(clock().getTime() - (index + 1) * 30 * 60_000),
    });
  }
}
