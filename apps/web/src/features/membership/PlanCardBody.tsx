import type { MembershipPlanCard } from "@precedent/contracts";
import { Typography } from "antd";
import type { ReactNode } from "react";
import { safeHtml } from "../catalogue/safe-html";
import { planDocuments, planPeriod, planPrice, planUsers } from "./membership-format";

/** One plan as the plans and upgrade modals show it; `action` is its button, if any. */
export function PlanCardBody({ plan, action }: { plan: MembershipPlanCard; action?: ReactNode }) {
  const headingId = `plan-${plan.slug}-heading`;
  return (
    <section
      className={plan.selected ? "plan-card plan-card--selected" : "plan-card"}
      style={{ borderTopColor: plan.color }}
      aria-labelledby={headingId}
    >
      <Typography.Title level={3} id={headingId} className="plan-card__name">
        {plan.name}
      </Typography.Title>
      <p className="plan-card__price">
        <span className="plan-card__amount">{planPrice(plan)}</span>{" "}
        <span className="plan-card__period">{planPeriod(plan)}</span>
      </p>
      <p className="plan-card__summary">
        {planDocuments(plan)} · {planUsers(plan)}
      </p>
      {plan.short_description && <p className="plan-card__description">{plan.short_description}</p>}
      <div
        className="plan-card__includes"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own HTML, sanitised by safeHtml all the same
        dangerouslySetInnerHTML={{ __html: safeHtml(plan.plan_includes) }}
      />
      {action && <div className="plan-card__action">{action}</div>}
    </section>
  );
}
