import { CheckCircleFilled, CloseCircleFilled, EditOutlined } from "@ant-design/icons";
import type { MembershipPlan, Team } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import {
  Button,
  Descriptions,
  type DescriptionsProps,
  Flex,
  Grid,
  Progress,
  Skeleton,
  Statistic,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { useEffect, useRef, useState } from "react";
import { teamQuery } from "../../api/teams";
import { LoadError } from "../../components/LoadError";
import { DATE_FORMAT, LOW_CREDIT_LIMIT } from "../../constants";
import { billingAddressLines } from "./billing-address";
import { CompanyForm } from "./CompanyForm";
import { websiteHref } from "./website-href";

const notProvided = <Typography.Text type="secondary">Not provided</Typography.Text>;

/** A plan date as the spec shows it; a plan without one runs indefinitely. */
const planDate = (date: string | null) => (date ? dayjs(date).format(DATE_FORMAT) : "Permanent");

const STATUS_LABELS: Record<MembershipPlan["status"], string> = {
  active: "Active",
  expired: "Expired",
  others: "Not active",
};

function PlanStatus({ status }: { status: MembershipPlan["status"] }) {
  const active = status === "active";
  return (
    <span className={active ? "plan-status plan-status--active" : "plan-status plan-status--inactive"}>
      {active ? <CheckCircleFilled aria-hidden /> : <CloseCircleFilled aria-hidden />}
      {STATUS_LABELS[status]}
    </span>
  );
}

function companyItems(team: Team): DescriptionsProps["items"] {
  const address = billingAddressLines(team.billing_address);
  const href = websiteHref(team.website);
  return [
    { key: "name", label: "Company name", children: team.name },
    { key: "number", label: "Company number", children: team.company_registration_no || notProvided },
    { key: "industry", label: "Industry", children: team.industry || notProvided },
    {
      key: "website",
      label: "Website",
      children: href ? (
        <Typography.Link href={href} target="_blank" rel="noopener noreferrer">
          {team.website}
        </Typography.Link>
      ) : (
        team.website || notProvided
      ),
    },
    {
      key: "address",
      label: "Billing address",
      span: "filled",
      children:
        address.length > 0 ? (
          <address className="address">
            {address.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        ) : (
          notProvided
        ),
    },
  ];
}

function planItems(plan: MembershipPlan): DescriptionsProps["items"] {
  return [
    {
      key: "plan",
      label: "Membership plan",
      children: <Typography.Text strong>{plan.name}</Typography.Text>,
    },
    { key: "status", label: "Status", children: <PlanStatus status={plan.status} /> },
    { key: "start", label: "Start date", children: planDate(plan.start_date) },
    { key: "end", label: "End date", children: planDate(plan.end_date) },
  ];
}

function CreditStatus({ remaining, used }: { remaining: number; used: number }) {
  const total = used + remaining;
  const usedPercent = total > 0 ? Math.round((used / total) * 100) : 0;
  const low = remaining <= LOW_CREDIT_LIMIT;
  return (
    <Flex gap={32} wrap align="center" className="credit-status">
      <Statistic
        title="Credit remaining"
        value={remaining}
        styles={{ content: low ? { color: "var(--ant-color-error)" } : undefined }}
      />
      <Flex vertical gap={4} style={{ flex: "1 1 220px", maxWidth: 420 }}>
        <Progress percent={usedPercent} showInfo={false} aria-label="Share of credit used" />
        <Typography.Text type="secondary">
          {used} of {total} credits used
        </Typography.Text>
      </Flex>
      {low && <Typography.Text type="danger">Run out!</Typography.Text>}
    </Flex>
  );
}

/**
 * Company Details tab (spec account-area §2, My Company): view mode, and edit mode for those the
 * server lets edit (the owner). Save or Cancel returns to view mode, with focus on Edit.
 */
export function CompanyDetails({ teamId }: { teamId: number }) {
  const query = useQuery(teamQuery(teamId));
  const [editing, setEditing] = useState(false);
  const [returnFocus, setReturnFocus] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const backToView = () => {
    setEditing(false);
    setReturnFocus(true);
  };
  // Once view mode is back on the page, focus goes where the person left it: the Edit button.
  useEffect(() => {
    if (editing || !returnFocus) return;
    editButton.current?.focus();
    setReturnFocus(false);
  }, [editing, returnFocus]);
  const screens = Grid.useBreakpoint();
  // On a phone, labels above values: side by side leaves too little room for either.
  const wide = screens.sm ?? true;
  const descriptionProps = {
    colon: false,
    bordered: wide,
    layout: wide ? "horizontal" : "vertical",
    size: wide ? undefined : "small",
  } as const;

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading company details">
        <Skeleton active title paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title={`Cannot get my company data: ${teamId}`}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const team = query.data;
  if (editing && team.abilities.edit) return <CompanyForm team={team} onDone={backToView} />;
  // Credit status belongs to the plan with a document limit (Best Practice).
  const credit = team.hasLimit === 1 && team.limit !== null ? team.limit : null;
  return (
    <Flex vertical gap={32}>
      <section aria-labelledby="company-heading">
        <Flex align="center" gap={16} className="section-heading-row">
          {team.company_logo && (
            <img src={team.company_logo} alt={`${team.name} logo`} className="company-logo" />
          )}
          <Typography.Title level={3} id="company-heading" className="section-heading">
            Company
          </Typography.Title>
          {team.abilities.edit && (
            <Button
              ref={editButton}
              icon={<EditOutlined aria-hidden />}
              onClick={() => setEditing(true)}
              style={{ marginInlineStart: "auto" }}
            >
              Edit
            </Button>
          )}
        </Flex>
        <Descriptions {...descriptionProps} column={{ xs: 1, sm: 1, md: 2 }} items={companyItems(team)} />
      </section>
      <section aria-labelledby="plan-heading">
        <Typography.Title level={3} id="plan-heading" className="section-heading">
          Membership
        </Typography.Title>
        <Descriptions {...descriptionProps} column={{ xs: 1, sm: 2, lg: 4 }} items={planItems(team.plan)} />
      </section>
      {credit !== null && (
        <section aria-labelledby="credit-heading">
          <Typography.Title level={3} id="credit-heading" className="section-heading">
            Credit status
          </Typography.Title>
          <CreditStatus remaining={credit} used={team.used} />
        </section>
      )}
    </Flex>
  );
}
