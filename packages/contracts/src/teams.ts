import { z } from "zod";
import {
  COMPANY_NUMBER_REQUIRED,
  companyNumberProblem,
  normaliseWebsite,
  WEBSITE_NOT_VALID,
} from "./company-number.ts";
import { envelope } from "./envelope.ts";
import { idParam } from "./folders.ts";

export const TeamRole = z.enum(["owner", "manager", "member"]);
export type TeamRole = z.infer<typeof TeamRole>;

/** `?id_team=` as the spec's team calls take it. */
export const TeamQuery = z.object({
  id_team: idParam("id_team"),
});
export type TeamQuery = z.infer<typeof TeamQuery>;

export const MembershipPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** Price in cents (AUD, inc. GST) per `duration`; 0 for pay-as-you-go. */
  price: z.number().int(),
  duration: z.string(),
  payg: z.boolean(),
  hasLimit: z.boolean(),
  /** Documents a year, when `hasLimit`. */
  limit: z.number().int().nullable(),
  number_of_users: z.number().int(),
  status: z.enum(["active", "expired", "others"]),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});
export type MembershipPlan = z.infer<typeof MembershipPlan>;

export const BillingAddress = z.object({
  unit: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  street_type: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
  country: z.string(),
});
export type BillingAddress = z.infer<typeof BillingAddress>;

/** What the caller may do in the firm (account-area §6), computed by the server. */
export const TeamAbilities = z.object({
  edit: z.boolean().describe("Edit company details (owner)."),
  set_roles: z.boolean().describe("Set members and managers (owner)."),
  remove_members: z.boolean().describe("Remove a member or manager from the firm (owner)."),
  transfer_ownership: z.boolean().describe("Hand the firm to another member (owner)."),
  view_credit_logs: z.boolean(),
  buy_credits: z.boolean(),
  renew_membership: z.boolean(),
});
export type TeamAbilities = z.infer<typeof TeamAbilities>;

export const Team = z.object({
  id: z.number().int(),
  name: z.string(),
  company_logo: z.string().nullable(),
  company_registration_no: z.string(),
  billing_address: BillingAddress,
  industry: z.string(),
  website: z.string(),
  owner: z.number().int(),
  plan: MembershipPlan,
  /** 1 when the plan limits documents; the spec's hasLimit flag. */
  hasLimit: z.number().int(),
  /** Credits remaining, when limited. */
  limit: z.number().int().nullable(),
  used: z.number().int(),
  abilities: TeamAbilities,
});
export type Team = z.infer<typeof Team>;

/** What the caller may do to one member's place in the firm. */
export const TeamMemberAbilities = z.object({
  set_role: z.boolean(),
  remove: z.boolean(),
  make_owner: z.boolean(),
});
export type TeamMemberAbilities = z.infer<typeof TeamMemberAbilities>;

export const TeamMember = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: TeamRole,
  abilities: TeamMemberAbilities,
});
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamResponse = envelope(z.object({ code: z.literal(200), team: Team }));
export const TeamMembersResponse = envelope(z.object({ code: z.literal(200), members: z.array(TeamMember) }));
export const MemberRoleResponse = envelope(z.object({ code: z.literal(200), role: TeamRole }));

export const TEAM_NAME_REQUIRED = "Company name is required";
/** The spec's role-change toasts (account-area §8). */
export const ROLE_SET_SUCCESS = "New role was set successfully.";
export const ROLE_SET_FAILED = "Fail to set new role. Please try again!";
export const CANNOT_CHANGE_OWNER_ROLE =
  "The owner's role cannot be changed here. Transfer ownership to make someone else the owner.";
export const CANNOT_REMOVE_OWNER = "The owner cannot be removed. Transfer ownership first.";
export const MEMBER_NOT_FOUND = "This person is not a member of the firm.";
export const ALREADY_OWNER = "This person already owns the firm.";
export const OWNER_PASSWORD_REQUIRED = "Password is required";
export const OWNER_PASSWORD_INCORRECT = "The password is not correct.";

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be ${max} characters or fewer`);

const teamId = idParam("id_team").describe("The firm (team); the caller must be one of its members.");
const userId = idParam("id_user").describe("The member acted on.");

export const UpdateBillingAddress = z.object({
  unit: text("Unit", 100).default(""),
  address_1: text("Street", 200).default(""),
  address_2: text("Address line 2", 200).default(""),
  street_type: text("Street type", 50).default(""),
  city: text("Suburb/City", 100).default(""),
  state: text("State", 100).default(""),
  postcode: text("Postcode", 20).default(""),
  country: text("Country", 100).default(""),
});

/** POST /team/update (the spec's company update): the owner edits the Company form. */
export const UpdateTeamRequest = z.object({
  id_team: teamId,
  name_team: z
    .string({ error: TEAM_NAME_REQUIRED })
    .trim()
    .min(1, TEAM_NAME_REQUIRED)
    .max(200, "Company name must be 200 characters or fewer"),
  company_registration_no: z
    .string({ error: COMPANY_NUMBER_REQUIRED })
    .max(40, COMPANY_NUMBER_REQUIRED)
    .superRefine((value, ctx) => {
      const problem = companyNumberProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .describe("An ACN (9 digits) or ABN (11 digits); spaces are ignored and it is kept as printed."),
  billing_address: UpdateBillingAddress.optional().describe("Omitted: unchanged."),
  industry: text("Industry", 200).optional().describe("Omitted: unchanged."),
  website: z
    .string({ error: WEBSITE_NOT_VALID })
    .max(500, WEBSITE_NOT_VALID)
    .superRefine((value, ctx) => {
      if (normaliseWebsite(value) === undefined) ctx.addIssue({ code: "custom", message: WEBSITE_NOT_VALID });
    })
    .optional()
    .describe("Optional; https:// is added when no scheme is given. Omitted: unchanged; empty: removed."),
  company_logo: idParam("company_logo")
    .nullable()
    .optional()
    .describe("An uploaded image's id (POST /media) for the logo; null removes it; omitted: unchanged."),
});
export type UpdateTeamRequest = z.infer<typeof UpdateTeamRequest>;

export const SetMemberRoleRequest = z.object({
  id_team: teamId,
  id_user: userId,
  role: z.enum(["manager", "member"], { error: "role must be manager or member" }),
});
export type SetMemberRoleRequest = z.infer<typeof SetMemberRoleRequest>;
export const SetMemberRoleResponse = envelope(z.object({ code: z.literal(200), member: TeamMember }));

export const RemoveMemberRequest = z.object({ id_team: teamId, id_user: userId });
export type RemoveMemberRequest = z.infer<typeof RemoveMemberRequest>;
export const RemoveMemberResponse = envelope(
  z.object({
    code: z.literal(200),
    id_user: z.number().int(),
    /** The person's My Documents folders and documents, now the owner's. */
    folders_reassigned: z.number().int(),
    documents_reassigned: z.number().int(),
  }),
);

export const TransferOwnershipRequest = z.object({
  id_team: teamId,
  id_user: userId.describe("The member or manager who becomes the owner."),
  password: z
    .string({ error: OWNER_PASSWORD_REQUIRED })
    .min(1, OWNER_PASSWORD_REQUIRED)
    .max(1000, OWNER_PASSWORD_INCORRECT)
    .describe("The owner's own password, re-entered to confirm."),
});
export type TransferOwnershipRequest = z.infer<typeof TransferOwnershipRequest>;
export const TransferOwnershipResponse = envelope(
  z.object({ code: z.literal(200), owner: z.number().int(), previous_owner_role: TeamRole }),
);
