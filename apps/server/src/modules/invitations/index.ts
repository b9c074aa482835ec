// The invitations module's one public entry: other modules and the app import only this file.
import { registerFirmAbility } from "../../platform/kernel/index.ts";
import { canViewInvitations } from "./policy.ts";

export { invitationLinkRoutes, invitationRoutes } from "./routes.ts";
// The table, for the demo data and tests.
export { teamInvitations } from "./schema.ts";
export { createInvitationsService, INVITATION_MESSAGES, type InvitationsService } from "./service.ts";

// The invite ability on GET /users/me: the same rule that guards this module's routes.
registerFirmAbility("invite", canViewInvitations);
