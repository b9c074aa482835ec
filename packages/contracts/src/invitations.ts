import { z } from "zod";
import { Email, SessionInfo } from "./auth.ts";
import { envelope } from "./envelope.ts";
import { idParam } from "./folders.ts";

/** The spec's password messages (account-area §5), shared by the server and the web form. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_TOO_SHORT = "The password should be at least 12 characters long";
export const CONFIRM_PASSWORD_REQUIRED = "Confirm password is required";
export const CONFIRM_PASSWORD_MISMATCH = "Confirm password did not match";

/** The roles an invitation can give: a firm has one owner, made only by a transfer. */
export const InvitationRole = z.enum(["manager", "member"]);
export type InvitationRole = z.infer<typeof InvitationRole>;

export const CreateInvitationRequest = z.object({
  email: Email,
  role: InvitationRole.default("member"),
});
export type CreateInvitationRequest = z.infer<typeof CreateInvitationRequest>;

export const InvitationIdParams = z.object({ id: idParam("id") });

export const Invitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role: InvitationRole,
  invited_by: z.object({ id: z.number().int(), name: z.string() }),
  /** ISO times. */
  sent_at: z.string(),
  expires_at: z.string(),
  /** A pending invitation past its expiry: its link no longer works until it is resent. */
  expired: z.boolean(),
  abilities: z.object({ revoke: z.boolean(), resend: z.boolean() }),
});
export type Invitation = z.infer<typeof Invitation>;

export const InvitationList = z.object({
  invitations: z.array(Invitation),
  /** People in the firm and invitations still open, against the plan's user limit. */
  seats: z.object({ members: z.number().int(), pending: z.number().int(), limit: z.number().int() }),
  abilities: z.object({
    invite: z.boolean(),
    /** The roles the caller may invite people as. */
    invite_roles: z.array(InvitationRole),
  }),
});
export type InvitationList = z.infer<typeof InvitationList>;

export const InvitationListResponse = envelope(InvitationList);
export const InvitationResponse = envelope(z.object({ invitation: Invitation }));
export const RevokeInvitationResponse = envelope(z.object({ id: z.number().int() }));

/** The link's token: 32 random bytes, base64url. */
export const InvitationTokenParams = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "This invitation link is not valid.")
    .describe("The token from the invitation link `/invitation/{token}`"),
});

/** What the invitation page shows before the person accepts. */
export const PublicInvitation = z.object({
  firm_name: z.string(),
  invited_by: z.string(),
  email: z.string(),
  role: InvitationRole,
  expires_at: z.string(),
  /** An existing account accepts by signing in; a new person sets a name and password. */
  has_account: z.boolean(),
});
export type PublicInvitation = z.infer<typeof PublicInvitation>;
export const PublicInvitationResponse = envelope(PublicInvitation);

const name = (field: string) =>
  z.string().trim().max(100, `${field} is too long`).optional().describe(`${field}, for a new account`);

export const AcceptInvitationRequest = z.object({
  first_name: name("First name"),
  last_name: name("Last name"),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(1024, "Password is too long")
    .describe("A new account's password, or the existing account's password to sign in"),
  confirm_password: z.string().max(1024, "Password is too long").optional().describe("For a new account"),
});
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;

export const AcceptInvitationResponse = envelope(
  z.object({ user_id: z.number().int(), team_id: z.number().int(), session: SessionInfo }),
);
