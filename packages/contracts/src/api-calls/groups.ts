/**
 * Every area's calls, one module each, gathered as the `API` namespace (`../api-calls.ts`). A
 * namespace rather than one object literal so that a bundler keeps only the areas a page uses:
 * `API.auth.signIn` on the sign-in page brings the auth contracts, not every contract.
 */
export { asicCalls as asic } from "./asic.ts";
export { assistantCalls as assistant } from "./assistant.ts";
export { assistantVoiceCalls as assistantVoice } from "./assistant-voice.ts";
export {
  authCalls as auth,
  passwordResetCalls as passwordReset,
  twoFactorCalls as twoFactor,
} from "./auth.ts";
export { bootstrapCalls as bootstrap } from "./bootstrap.ts";
export { catalogueCalls as catalogue } from "./catalogue.ts";
export { consoleCalls as console } from "./console.ts";
export { consoleCatalogueCalls as consoleCatalogue } from "./console-catalogue.ts";
export { consoleFirmCalls as consoleFirms } from "./console-firms.ts";
export { consoleIntegrationCalls as consoleIntegrations } from "./console-integrations.ts";
export { consoleMoneyCalls as consoleMoney } from "./console-money.ts";
export { consoleQueueCalls as consoleQueues } from "./console-queues.ts";
export { consoleSettingCalls as consoleSettings } from "./console-settings.ts";
export { consoleTemplateCalls as consoleTemplates } from "./console-templates.ts";
export { creditCalls as credits } from "./credits.ts";
export { documentCalls as documents, folderCalls as folders } from "./documents.ts";
export { fulfilmentCalls as fulfilment } from "./fulfilment.ts";
export { integrationCalls as integrations } from "./integrations.ts";
export { interviewCalls as interview } from "./interview.ts";
export { invitationCalls as invitations } from "./invitations.ts";
export { logCalls as logs } from "./logs.ts";
export { membershipCalls as membership } from "./membership.ts";
export { orderCalls as orders } from "./orders.ts";
export { signingCalls as signing } from "./signing.ts";
export { signingPageCalls as signingPages } from "./signing-pages.ts";
export { teamCalls as teams } from "./teams.ts";
export { userCalls as users } from "./users.ts";
