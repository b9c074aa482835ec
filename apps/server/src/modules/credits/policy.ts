import {
  CREDIT_LOGS_REFUSED,
  CREDIT_PLAN_SLUG,
  CREDITS_BUY_REFUSED,
  CREDITS_PLAN_ENDED,
  CREDITS_PLAN_REQUIRED,
  type TeamRole,
} from "@precedent/contracts";
import type { PlanStanding } from "../../platform/kernel/index.ts";
import { canBuyCredits, canViewCreditLogs, planInForce } from "../teams/index.ts";

/**
 * Who may do what with a firm's credit (account-area §6). The role rows are the teams module's
 * (one table, one place); this file adds what the credit screens decide on.
 */
export { canBuyCredits, canViewCreditLogs };

/** The badge and credit status: only on Best Practice, and only with a numeric limit (§2, §6). */
export const creditBadgeShown = (firm: { planSlug: string; remaining: number | null }) =>
  firm.planSlug === CREDIT_PLAN_SLUG && firm.remaining !== null;

/** Why this actor may not buy credit for the firm, with its status; null when they may. */
export function creditPurchaseRefusal(
  actor: { role: TeamRole; planSlug: string } & PlanStanding,
  now: Date,
): { status: 403 | 409; message: string } | null {
  if (!canBuyCredits(actor.role)) return { status: 403, message: CREDITS_BUY_REFUSED };
  // Credits top up the Best Practice allowance; on any other plan they would buy nothing.
  if (actor.planSlug !== CREDIT_PLAN_SLUG) return { status: 409, message: CREDITS_PLAN_REQUIRED };
  // Nor while that plan is not in force: the start refuses plan uses then (orders/start.ts reads
  // the same planInForce), so credits bought would sit unspendable until a renewal.
  if (!planInForce(actor, now)) return { status: 409, message: CREDITS_PLAN_ENDED };
  return null;
}

/** Why this actor may not read the firm's credit logs; null when they may. */
export const creditLogsRefusal = (role: TeamRole) => (canViewCreditLogs(role) ? null : CREDIT_LOGS_REFUSED);
