import type { MembershipPlanCard } from "@precedent/contracts";
import type { PlanRow } from "../teams/index.ts";

/**
 * What each plan's card says beyond its row: the list of inclusions (HTML we write, from this
 * fixed text only: nothing a user typed reaches it) and the card's accent colour.
 */
const PRESENTATION: ReadonlyMap<string, { includes: string[]; color: string }> = new Map(
  Object.entries({
    "ly-basic": {
      color: "#6b7280",
      includes: [
        "Pay as you go: buy each document when you need it",
        "1 user",
        "The full template library to browse and preview",
        "PDF and Word downloads of your documents",
      ],
    },
    "best-practice": {
      color: "#1f4e79",
      includes: [
        "200 documents a year",
        "Up to 5 users",
        "Shared Folders for your team",
        "Legal review and sending for signing",
        "Credit packages when you need more documents",
      ],
    },
    strategist: {
      color: "#7a4b00",
      includes: [
        "Unlimited documents",
        "Up to 10 users",
        "Every template, including Strategist-only templates",
        "Shared Folders, legal review and sending for signing",
        "Priority support",
      ],
    },
  }),
);

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** "1 month", "1 year", or empty for pay-as-you-go. */
export const planLength = (plan: Pick<PlanRow, "payg" | "duration">) =>
  plan.payg || !plan.duration ? "" : `1 ${plan.duration}`;

/** How many months one payment of the plan runs (a year is 12). */
export const planMonths = (plan: Pick<PlanRow, "duration">) => (plan.duration === "year" ? 12 : 1);

export function planCard(plan: PlanRow, selectedPlanId: number): MembershipPlanCard {
  const presentation = PRESENTATION.get(plan.slug) ?? { includes: [plan.shortDescription], color: "#1f4e79" };
  return {
    id: plan.id,
    name: plan.name,
    slug: plan.slug,
    length: planLength(plan),
    hasLimit: plan.documentLimit !== null,
    limit: plan.documentLimit,
    payg: plan.payg,
    price: plan.priceCents,
    duration: plan.duration,
    number_of_users: plan.maxUsers,
    short_description: plan.shortDescription,
    plan_includes: `<ul>${presentation.includes.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`,
    selected: plan.id === selectedPlanId,
    color: presentation.color,
  };
}
