// The invitations module's one public entry: other modules and the app import only this file.

export { invitationLinkRoutes, invitationRoutes } from "./routes.ts";
// The table, for the demo data and tests.
export { teamInvitations } from "./schema.ts";
export { createInvitationsService, INVITATION_MESSAGES, type InvitationsService } from "./service.ts";
