import { type MembershipPlanCard, PERMANENT_LABEL } from "@precedent/contracts";
import dayjs from "dayjs";
import { DATE_FORMAT } from "../../constants";
import { sydneyToday } from "../../dates";

/** A plan date as the spec shows it; a missing one is 'Permanent'. */
export const planDate = (date: string | null) => (date ? dayjs(date).format(DATE_FORMAT) : PERMANENT_LABEL);

/** How far through its period the plan is, 0–100; null when it has no start or no end. */
export function planProgress(start: string | null, end: string | null, today: dayjs.Dayjs = sydneyToday()) {
  if (!start || !end) return null;
  const from = dayjs(start).startOf("day");
  const to = dayjs(end).endOf("day");
  const total = to.diff(from);
  if (total <= 0) return 100;
  return Math.round(Math.min(100, Math.max(0, (today.diff(from) / total) * 100)));
}

/** "$795", "$330", or the plan's pay-as-you-go wording. */
export const planPrice = (plan: Pick<MembershipPlanCard, "price" | "payg">) =>
  plan.payg || plan.price === 0
    ? "Pay as you go"
    : `$${(plan.price / 100).toLocaleString("en-AU", { maximumFractionDigits: 2 })}`;

/** "per month"; nothing for pay-as-you-go, whose price says it all. */
export const planPeriod = (plan: Pick<MembershipPlanCard, "payg" | "duration">) =>
  plan.payg || !plan.duration ? "" : `per ${plan.duration}`;

export const planDocuments = (plan: Pick<MembershipPlanCard, "hasLimit" | "limit" | "payg">) =>
  plan.payg
    ? "Buy documents as you need them"
    : plan.hasLimit
      ? `${plan.limit} documents per year`
      : "Unlimited documents";

export const planUsers = (plan: Pick<MembershipPlanCard, "number_of_users">) =>
  plan.number_of_users === 1 ? "1 user" : `Up to ${plan.number_of_users} users`;
