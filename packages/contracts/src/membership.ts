import { z } from "zod";
import { envelope } from "./envelope.ts";
import { idParam, TeamScopeQuery } from "./folders.ts";

// ---------------------------------------------------------------------------------------------
// Membership plans (account-area §2 "Membership Plans modal and banner", §3 Membership, §4, §9).
// ---------------------------------------------------------------------------------------------

/** The banner shown to owners and managers of a firm whose plan has expired. */
export const MEMBERSHIP_EXPIRED_BANNER = "Your Membership Plan has expired.";
/** The plans modal's buttons. */
export const CHANGE_PLAN_LABEL = "Change Plan";
export const CURRENT_PLAN_LABEL = "Current Plan";
export const RENEW_PLAN_LABEL = "Current Plan had expired. Renew now!";
export const GET_IN_TOUCH_LABEL = "Get in Touch";
export const RENEW_NOW_LABEL = "Renew now";
/** A missing start or end date is shown so. */
export const PERMANENT_LABEL = "Permanent";
/** account-area §8. */
export const MEMBERSHIP_LOAD_FAILED = "Can not get user membership";

/** Refusals of the membership calls. */
export const PLAN_CHANGE_FORBIDDEN = "Only the company owner or a manager can change the membership plan.";
export const MEMBERSHIP_OF_ANOTHER_USER = "You can only read your own membership.";
export const PLAN_ALREADY_CURRENT = "This is already your current plan.";
export const PLAN_NOT_FOUND = "This membership plan does not exist.";
/** A start refused because the plan that would have paid for it has expired (documents spec §4). */
export const PLAN_EXPIRED_START =
  "Your Membership Plan has expired. Please renew it, or purchase this template, to start a document.";

export const PlanStatus = z.enum(["active", "expired", "others"]);
export type PlanStatus = z.infer<typeof PlanStatus>;

export const MembershipUserQuery = TeamScopeQuery.extend({
  user_id: idParam("user_id").describe("The signed-in user's own id"),
});
export type MembershipUserQuery = z.infer<typeof MembershipUserQuery>;

/** One card of the plans modal. */
export const MembershipPlanCard = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** How long one payment runs, in words ("1 month"); empty for pay-as-you-go. */
  length: z.string(),
  hasLimit: z.boolean(),
  /** Documents a year when `hasLimit`; null when unlimited. */
  limit: z.number().int().nullable(),
  payg: z.boolean(),
  /** AUD cents inc. GST per `duration`; 0 for pay-as-you-go. */
  price: z.number().int(),
  duration: z.string(),
  number_of_users: z.number().int(),
  short_description: z.string(),
  /** HTML written by us (a list of what the plan includes). */
  plan_includes: z.string(),
  /** The firm's current plan. */
  selected: z.boolean(),
  /** The card's accent colour (#rrggbb). */
  color: z.string(),
});
export type MembershipPlanCard = z.infer<typeof MembershipPlanCard>;

export const MembershipUser = z.object({
  plan: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    /** As in force now: an active plan past its end date is `expired`, whether or not the
     * scheduled job has marked it yet. */
    status: PlanStatus,
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    show_video: z.boolean(),
    video_url: z.string(),
  }),
  /** Cheapest first; the modal shows them reversed. */
  plans: z.array(MembershipPlanCard),
  /** What this user may do about the plan (account-area §6). */
  abilities: z.object({
    /** Change or renew the plan, and see the expired banner's Renew now. */
    change: z.boolean(),
  }),
});
export type MembershipUser = z.infer<typeof MembershipUser>;
export const MembershipUserResponse = envelope(z.object({ code: z.literal(200), body: MembershipUser }));

export const MembershipChangeQuery = TeamScopeQuery;
export const MembershipChangeRequest = z.object({
  plan_id: idParam("plan_id"),
});
export type MembershipChangeRequest = z.infer<typeof MembershipChangeRequest>;
/** Where to send the browser: the billing page (sandbox or Stripe's), or back to the account. */
export const MembershipChangeResponse = envelope(z.object({ url: z.string() }));
export type MembershipChange = { url: string };
