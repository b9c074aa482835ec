import {
  CHANGE_PLAN_LABEL,
  CURRENT_PLAN_LABEL,
  GET_IN_TOUCH_LABEL,
  type MembershipUser,
  PLAN_CHANGE_FORBIDDEN,
  RENEW_PLAN_LABEL,
} from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { App, Button, Modal } from "antd";
import { useEffect, useMemo, useState } from "react";
import { changePlan } from "../../api/membership";
import { ExplainedButton } from "../../components/ExplainedButton";
import { BILLING_SCRIPT_DELAY_MS } from "../../constants";
import { TalkToSalesModal } from "../session/TalkToSalesModal";
import { PlanCardBody } from "./PlanCardBody";

type PlansModalProps = {
  open: boolean;
  onClose: () => void;
  teamId: number;
  membership: MembershipUser;
  /** 'Get in Touch': the talk-to-sales modal; without one, this modal's own. */
  onGetInTouch?: () => void;
};

/**
 * The Membership Plans modal: every plan, the top tier first, with Change Plan, Current Plan or
 * 'Current Plan had expired. Renew now!'. The billing portal is prepared only once the modal has
 * been shown for 2 s (account-area §2): a session for the likeliest choice (the renewal of an
 * expired plan, otherwise the next plan up), so that choice leaves at once.
 */
export function PlansModal({ open, onClose, teamId, membership, onGetInTouch }: PlansModalProps) {
  const { message } = App.useApp();
  const [billingReady, setBillingReady] = useState(false);
  const [leavingFor, setLeavingFor] = useState<number | null>(null);
  const [talking, setTalking] = useState(false);
  const canChange = membership.abilities.change;
  const expired = membership.plan.status !== "active";
  // The modal lists the plans reversed (the spec's plans list is cheapest first).
  const cards = useMemo(() => [...membership.plans].reverse(), [membership.plans]);

  useEffect(() => {
    if (!open) {
      setBillingReady(false);
      return;
    }
    const timer = window.setTimeout(() => setBillingReady(true), BILLING_SCRIPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  const likelyPlanId = useMemo(() => {
    if (!canChange) return undefined;
    if (expired) return membership.plan.id;
    const index = membership.plans.findIndex((plan) => plan.selected);
    return membership.plans[index + 1]?.id;
  }, [canChange, expired, membership]);

  // A billing session is made by a POST; kept a few minutes so the click uses it.
  const prepared = useQuery({
    queryKey: ["membership", teamId, "billing-session", likelyPlanId],
    queryFn: () => changePlan(teamId, likelyPlanId ?? 0),
    enabled: open && billingReady && likelyPlanId !== undefined,
    staleTime: 5 * 60_000,
    gcTime: 5 * 60_000,
    retry: false,
  });

  async function choose(planId: number) {
    setLeavingFor(planId);
    try {
      const url =
        planId === likelyPlanId && prepared.data ? prepared.data.url : (await changePlan(teamId, planId)).url;
      window.location.assign(url);
    } catch (error) {
      setLeavingFor(null);
      void message.error(
        error instanceof Error ? error.message : "There is something wrong. Please try again!",
      );
    }
  }

  const actionOf = (plan: MembershipUser["plans"][number]) => {
    if (plan.selected && !expired) {
      return (
        <Button block disabled>
          {CURRENT_PLAN_LABEL}
        </Button>
      );
    }
    const label = plan.selected ? RENEW_PLAN_LABEL : CHANGE_PLAN_LABEL;
    return (
      <ExplainedButton
        block
        type={plan.selected ? "primary" : "default"}
        danger={plan.selected}
        className="plan-card__button"
        loading={leavingFor === plan.id}
        unavailableBecause={canChange ? undefined : PLAN_CHANGE_FORBIDDEN}
        onClick={() => void choose(plan.id)}
      >
        {label}
      </ExplainedButton>
    );
  };

  const getInTouch = () => (onGetInTouch ? onGetInTouch() : setTalking(true));

  return (
    <>
      <Modal
        open={open}
        onCancel={onClose}
        title="Membership Plans"
        width={1000}
        footer={[
          <Button key="touch" onClick={getInTouch}>
            {GET_IN_TOUCH_LABEL}
          </Button>,
          <Button key="close" type="primary" onClick={onClose}>
            Close
          </Button>,
        ]}
        destroyOnHidden
      >
        <div className="plan-cards">
          {cards.map((plan) => (
            <PlanCardBody key={plan.id} plan={plan} action={actionOf(plan)} />
          ))}
        </div>
      </Modal>
      <TalkToSalesModal open={talking} onClose={() => setTalking(false)} />
    </>
  );
}
