import { GET_IN_TOUCH_LABEL, MEMBERSHIP_LOAD_FAILED } from "@precedent/contracts";
import { Button, Modal, Skeleton, Typography } from "antd";
import { useState } from "react";
import { LoadError } from "../../components/LoadError";
import { TalkToSalesModal } from "../session/TalkToSalesModal";
import { PlanCardBody } from "./PlanCardBody";
import { useMembership } from "./use-membership";
import "./membership.css";

/**
 * The static upgrade modal, opened from the Upgrade link by anyone in the firm: the three plans,
 * the top tier first, and a way to the sales team. Changing the plan is the plans modal's work.
 */
export function UpgradeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { teamId, query } = useMembership();
  const [talking, setTalking] = useState(false);
  return (
    <>
      <Modal
        open={open}
        onCancel={onClose}
        title="Upgrade your membership"
        width={1000}
        footer={[
          <Button key="touch" onClick={() => setTalking(true)}>
            {GET_IN_TOUCH_LABEL}
          </Button>,
          <Button key="close" type="primary" onClick={onClose}>
            Close
          </Button>,
        ]}
      >
        {teamId === undefined ? (
          <Typography.Paragraph>
            Membership plans belong to a firm. When a firm owner adds you to their team, its plans appear
            here.
          </Typography.Paragraph>
        ) : query.isPending ? (
          <Skeleton active />
        ) : query.isError ? (
          <LoadError
            title={MEMBERSHIP_LOAD_FAILED}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <div className="plan-cards">
            {[...query.data.plans].reverse().map((plan) => (
              <PlanCardBody key={plan.id} plan={plan} />
            ))}
          </div>
        )}
      </Modal>
      <TalkToSalesModal open={talking} onClose={() => setTalking(false)} />
    </>
  );
}
