import { MEMBERSHIP_EXPIRED_BANNER, RENEW_NOW_LABEL } from "@precedent/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button } from "antd";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { PlansModal } from "./PlansModal";
import { useMembership } from "./use-membership";
import "./membership.css";

/**
 * 'Your Membership Plan has expired.' with Renew now, for owners and managers of a firm whose
 * plan has expired (account-area §2, §4, §6). Also where the billing portal returns to
 * (`?membership=changed|cancelled`): the plan is read again and the outcome said once.
 */
export function MembershipExpiredBanner() {
  const { teamId, query } = useMembership();
  const [plansOpen, setPlansOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const outcome = params.get("membership");

  useEffect(() => {
    if (outcome !== "changed" && outcome !== "cancelled") return;
    if (outcome === "changed") {
      void queryClient.invalidateQueries({ queryKey: ["membership"] });
      void queryClient.invalidateQueries({ queryKey: ["team"] });
      void message.success("Your membership plan has been updated.");
    } else {
      void message.info("Your membership plan was not changed.");
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("membership");
        return next;
      },
      { replace: true },
    );
  }, [outcome, queryClient, message, setParams]);

  if (teamId === undefined || !query.isSuccess) return null;
  const { plan, abilities } = query.data;
  if (plan.status === "active" || !abilities.change) return null;
  return (
    <>
      <Alert
        className="membership-expired-banner"
        type="error"
        showIcon
        banner
        title={MEMBERSHIP_EXPIRED_BANNER}
        action={
          <Button
            size="small"
            type="primary"
            danger
            onClick={() => setPlansOpen(true)}
            aria-haspopup="dialog"
          >
            {RENEW_NOW_LABEL}
          </Button>
        }
      />
      <PlansModal
        open={plansOpen}
        onClose={() => setPlansOpen(false)}
        teamId={teamId}
        membership={query.data}
      />
    </>
  );
}
