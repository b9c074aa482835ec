import { z } from "zod";
import { AssistantUsageTotals } from "./assistant-usage.ts";
import { envelope } from "./envelope.ts";
import { idParam } from "./folders.ts";
import { TeamRole } from "./teams.ts";

/**
 * The operator console's "Firms and people" area (issue 37 item 5): find a firm, see it as its
 * owner would (read only), lock and unlock it, reset a person's two-factor sign-in and grant
 * credits, each with a reason the audit log keeps.
 */
export const CONSOLE_FIRM_MESSAGES = {
  firmNotFound: "No such firm.",
  personNotFound: "No such person in this firm.",
  alreadyLocked: "This firm is locked already.",
  notLocked: "This firm is not locked.",
  twoFactorNotOn: "Two-factor sign-in is not on for this person.",
  unlimitedPlan: "This firm's plan has no document limit, so it has no credits to add to.",
  alreadyOwner: "This person owns the firm already.",
  paysThroughStripe:
    "This firm pays for its plan through a Stripe subscription: change the plan in Stripe, or ask the owner to change it from the company page, so that billing and plan agree.",
} as const;

/** Firms a search shows at most: a search narrow enough to act on, not a list to page through. */
export const FIRM_SEARCH_LIMIT = 50;

export const FirmSearchQuery = z.object({
  q: z
    .string({ error: "Enter a firm's name, its owner's email or its ABN" })
    .trim()
    .min(2, "Enter at least 2 characters")
    .max(120, "Use at most 120 characters")
    .describe("Part of the firm's name, its owner's email or its ABN"),
});

const Owner = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const FirmSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  abn: z.string().describe("The company registration number the firm gave, or empty"),
  owner: Owner,
  plan_name: z.string(),
  plan_status: z.string(),
  locked: z.boolean(),
});
export type FirmSummary = z.infer<typeof FirmSummary>;
export const FirmSearchResponse = envelope(z.object({ rows: z.array(FirmSummary) }));

export const FirmPerson = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: TeamRole,
  two_factor_on: z.boolean(),
  abilities: z.object({
    reset_two_factor: z.boolean(),
    /** Hand the firm's ownership to this person (administrators; not the owner). */
    make_owner: z.boolean(),
  }),
});
export type FirmPerson = z.infer<typeof FirmPerson>;

export const FirmView = FirmSummary.extend({
  plan_end_date: z.string().nullable(),
  credits: z.object({
    remaining: z.number().int().nullable().describe("Documents left on the plan; null: no limit"),
    used: z.number().int(),
  }),
  locked_at: z.string().nullable(),
  lock_reason: z.string().nullable(),
  created_at: z.string(),
  plan_id: z.number().int(),
  people: z.array(FirmPerson),
  /** The firm's use of the assistant, all time (issue 32 item 8), as its owner reads it. */
  assistant_usage: AssistantUsageTotals,
  /** The plans a change may choose from (empty unless `abilities.change_plan`). */
  plans: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** What the caller's role allows on this firm now. */
  abilities: z.object({
    lock: z.boolean(),
    unlock: z.boolean(),
    grant_credits: z.boolean(),
    change_plan: z.boolean(),
  }),
});
export type FirmView = z.infer<typeof FirmView>;
export const FirmViewResponse = envelope(FirmView);

export const FirmParams = z.object({ id: idParam("id") });
export const FirmPersonParams = z.object({ id: idParam("id"), user_id: idParam("user_id") });

/** Why staff acted: kept in the audit log with the change. */
export const StaffReason = z
  .string({ error: "Give a reason" })
  .trim()
  .min(5, "Give a reason of at least 5 characters")
  .max(500, "Use at most 500 characters");

export const FirmReasonRequest = z.object({ reason: StaffReason });
export const GrantCreditsRequest = z.object({
  credits: z
    .number({ error: "Enter a number of credits" })
    .int("Enter a whole number of credits")
    .min(1, "Grant at least 1 credit")
    .max(1000, "Grant at most 1000 credits at a time"),
  reason: StaffReason,
});
export type GrantCreditsRequest = z.infer<typeof GrantCreditsRequest>;

export const ChangeFirmPlanRequest = z.object({
  plan_id: z.number({ error: "Choose a plan" }).int("Choose a plan").positive("Choose a plan"),
  reason: StaffReason,
});
export type ChangeFirmPlanRequest = z.infer<typeof ChangeFirmPlanRequest>;
