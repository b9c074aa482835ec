import { INTEGRATION_APPS, type IntegrationAppSlug } from "@precedent/contracts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { createBglProvider } from "./bgl-provider.ts";
import { createHubSpotProvider } from "./hubspot-provider.ts";
import type { IntegrationProvider } from "./provider.ts";
import { createSandboxProvider } from "./sandbox-provider.ts";
import { createXeroProvider } from "./xero-provider.ts";

// Which provider answers for each app: the real adapter when its client id and secret are
// configured, else the sandbox provider (which keeps real state, so the product runs with no
// accounts). Chosen once at start-up (services.ts).

/** The settings of the real adapters; an app whose pair is missing uses the sandbox. */
export type IntegrationProviderSettings = Partial<
  Pick<
    Config,
    | "XERO_CLIENT_ID"
    | "XERO_CLIENT_SECRET"
    | "XERO_LOGIN_BASE"
    | "XERO_IDENTITY_BASE"
    | "XERO_API_BASE"
    | "HUBSPOT_CLIENT_ID"
    | "HUBSPOT_CLIENT_SECRET"
    | "HUBSPOT_APP_BASE"
    | "HUBSPOT_API_BASE"
    | "BGL_CLIENT_ID"
    | "BGL_CLIENT_SECRET"
    | "BGL_API_BASE"
  >
>;

export function createIntegrationProviders(deps: {
  db: Database;
  clock: Clock;
  config: IntegrationProviderSettings;
  /** The product's public address: a real provider sends the person back to an absolute one. */
  publicUrl: string;
}) {
  const { db, clock, config, publicUrl } = deps;
  const integrationSandboxes = new Map(
    INTEGRATION_APPS.map((a) => [
      a.slug,
      createSandboxProvider({ db, clock, app: a.slug, redirectUri: `/my-account/my-integration/${a.app}` }),
    ]),
  );
  const xero =
    config.XERO_CLIENT_ID && config.XERO_CLIENT_SECRET
      ? createXeroProvider({
          clientId: config.XERO_CLIENT_ID,
          clientSecret: config.XERO_CLIENT_SECRET,
          loginBase: config.XERO_LOGIN_BASE,
          identityBase: config.XERO_IDENTITY_BASE,
          apiBase: config.XERO_API_BASE,
        })
      : undefined;
  const hubspot =
    config.HUBSPOT_CLIENT_ID && config.HUBSPOT_CLIENT_SECRET
      ? createHubSpotProvider({
          clientId: config.HUBSPOT_CLIENT_ID,
          clientSecret: config.HUBSPOT_CLIENT_SECRET,
          appBase: config.HUBSPOT_APP_BASE,
          apiBase: config.HUBSPOT_API_BASE,
        })
      : undefined;
  const bgl = (app: "bglcas360" | "bglsf360") =>
    config.BGL_CLIENT_ID && config.BGL_CLIENT_SECRET
      ? createBglProvider({
          app,
          clientId: config.BGL_CLIENT_ID,
          clientSecret: config.BGL_CLIENT_SECRET,
          apiBase: config.BGL_API_BASE,
        })
      : undefined;
  /** The real adapters configured, by app; the others use the sandbox. */
  const realProviders = new Map<IntegrationAppSlug, IntegrationProvider>(
    (
      [
        ["xero", xero],
        ["hubspot", hubspot],
        ["bglcas360", bgl("bglcas360")],
        ["bglsf360", bgl("bglsf360")],
      ] as const
    ).flatMap(([slug, provider]) => (provider ? [[slug, provider] as const] : [])),
  );
  const integrationProvider = (slug: IntegrationAppSlug): IntegrationProvider => {
    const real = realProviders.get(slug);
    if (real) return real;
    const sandbox = integrationSandboxes.get(slug);
    if (!sandbox) throw new Error(`no provider for ${slug}`);
    return sandbox.provider;
  };
  return {
    provider: integrationProvider,
    /** Where each app's provider sends the person back (the integrations page's {appName} route). */
    redirectUri: (slug: IntegrationAppSlug) => {
      const path = `/my-account/my-integration/${INTEGRATION_APPS.find((a) => a.slug === slug)?.app ?? slug}`;
      return realProviders.has(slug) ? `${publicUrl}${path}` : path;
    },
    /** The sandbox provider of an app whose real adapter is not configured (its consent page). */
    sandbox: (slug: IntegrationAppSlug) =>
      realProviders.has(slug) ? undefined : integrationSandboxes.get(slug),
  };
}
