import { z } from "zod";
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
});
export type Team = z.infer<typeof Team>;

export const TeamMember = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: TeamRole,
});
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamResponse = envelope(z.object({ code: z.literal(200), team: Team }));
export const TeamMembersResponse = envelope(z.object({ code: z.literal(200), members: z.array(TeamMember) }));
export const MemberRoleResponse = envelope(z.object({ code: z.literal(200), role: TeamRole }));
