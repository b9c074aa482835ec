// The integrations module's one public entry: other modules and the app import only this file.

export { createBglProvider } from "./bgl-provider.ts";
export { sandboxConsentRoutes } from "./consent-routes.ts";
export type { FailingFilter, FailingIntegration, FailingKind, FailingProblem } from "./failing.ts";
export { createHubSpotProvider } from "./hubspot-provider.ts";
export { type ImportReadyPerson, interviewLink } from "./import-ready.ts";
export { type IntegrationProvider, ProviderGrantRefused, ProviderUnavailable } from "./provider.ts";
export { createIntegrationProviders, type IntegrationProviderSettings } from "./providers.ts";
export { registerIntegrationsReactions } from "./reactions.ts";
export { integrationRoutes } from "./routes.ts";
export { createSandboxProvider, type SandboxProvider } from "./sandbox-provider.ts";
// Tables read outside this module (tests).
export {
  integrationAuthorisations,
  integrationConnections,
  integrationImportFailures,
  integrationSandboxFiles,
  integrationSandboxGrants,
  integrationSyncs,
} from "./schema.ts";
export { createIntegrationsService, type IntegrationsService } from "./service.ts";
export { createXeroProvider } from "./xero-provider.ts";
