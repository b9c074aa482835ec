import { CheckCircleFilled, CloseCircleFilled } from "@ant-design/icons";
import { MEMBERSHIP_LOAD_FAILED, type PlanStatus } from "@precedent/contracts";
import { Button, Card, Descriptions, Progress, Skeleton, Typography } from "antd";
import { useState } from "react";
import { LoadError } from "../../components/LoadError";
import { planDate, planProgress } from "./membership-format";
import { PlansModal } from "./PlansModal";
import { useMembership } from "./use-membership";
import "./membership.css";

const STATUS_LABELS: Record<PlanStatus, string> = {
  active: "Active",
  expired: "Expired",
  others: "Not active",
};

/** Active shows a green tick, any other status a red mark (account-area §4). */
export function MembershipStatus({ status }: { status: PlanStatus }) {
  const active = status === "active";
  return (
    <span className={active ? "plan-status plan-status--active" : "plan-status plan-status--inactive"}>
      {active ? <CheckCircleFilled aria-hidden /> : <CloseCircleFilled aria-hidden />}
      {STATUS_LABELS[status]}
    </span>
  );
}

/**
 * The Membership Plan card of My Account and My Company: the plan, its status, start and end
 * ('Permanent' when missing), how far through its period it is, and the plans modal.
 */
export function MembershipPlanCard({ onGetInTouch }: { onGetInTouch?: () => void }) {
  const { teamId, query } = useMembership();
  const [plansOpen, setPlansOpen] = useState(false);
  if (teamId === undefined) return null;

  let body: React.ReactNode;
  if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 2 }} />;
  } else if (query.isError) {
    body = (
      <LoadError
        title={MEMBERSHIP_LOAD_FAILED}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else {
    const { plan } = query.data;
    const progress = planProgress(plan.start_date, plan.end_date);
    body = (
      <>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: "plan", label: "Plan", children: <Typography.Text strong>{plan.name}</Typography.Text> },
            { key: "status", label: "Status", children: <MembershipStatus status={plan.status} /> },
            { key: "start", label: "Start date", children: planDate(plan.start_date) },
            { key: "end", label: "End date", children: planDate(plan.end_date) },
          ]}
        />
        {progress !== null && (
          <Progress
            percent={progress}
            status={plan.status === "active" ? "normal" : "exception"}
            aria-label={`Plan period ${progress}% elapsed`}
            format={(percent) => `${percent}% of the period elapsed`}
          />
        )}
        <PlansModal
          open={plansOpen}
          onClose={() => setPlansOpen(false)}
          teamId={teamId}
          membership={query.data}
          onGetInTouch={onGetInTouch}
        />
      </>
    );
  }

  return (
    <Card
      className="membership-plan-card"
      title={<span id="membership-plan-heading">Membership Plan</span>}
      extra={
        query.isSuccess && (
          <Button onClick={() => setPlansOpen(true)} aria-haspopup="dialog">
            {query.data.abilities.change ? "Change Plan" : "View plans"}
          </Button>
        )
      }
    >
      {body}
    </Card>
  );
}
