import type { FirmPerson, FirmView as FirmViewData } from "@precedent/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Descriptions, Flex, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import {
  changeFirmPlan,
  firmViewQuery,
  grantFirmCredits,
  lockFirm,
  makeFirmOwner,
  resetPersonTwoFactor,
  unlockFirm,
} from "../../api/console";
import { LoadError } from "../../components/LoadError";
import { ROLE_LABELS } from "../../components/RoleTag";
import { formatDay, formatInstant } from "../../dates";
import { FirmActionDialog, type FirmActionValues } from "./FirmActionDialog";
import { StateTag } from "./StateTag";

type Action =
  | { kind: "lock" | "unlock" | "credits" | "plan" }
  | { kind: "reset" | "owner"; person: FirmPerson };

/** One firm as its owner sees it, read only, with the actions the caller's role allows on it. */
export function FirmView({ id, onBack }: { id: number; onBack: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const firm = useQuery(firmViewQuery(id));
  const [action, setAction] = useState<Action | null>(null);
  /** The reply of an action is the firm as it is now: shown as it is, without reading it again. */
  const show = async (change: Promise<FirmViewData>) => {
    queryClient.setQueryData(firmViewQuery(id).queryKey, await change);
    void queryClient.invalidateQueries({ queryKey: ["console", "firms", "search"] });
  };

  const back = (
    <Flex>
      <Button onClick={onBack}>Back to the search</Button>
    </Flex>
  );
  if (firm.isError)
    return (
      <Flex vertical gap={12}>
        {back}
        <LoadError title="The firm could not be loaded" error={firm.error} onRetry={() => firm.refetch()} />
      </Flex>
    );
  const view = firm.data;
  if (!view) return back;

  const people: ColumnsType<FirmPerson> = [
    { title: "Name", dataIndex: "name" },
    { title: "Email", dataIndex: "email" },
    { title: "Role", dataIndex: "role", render: (role: FirmPerson["role"]) => ROLE_LABELS[role] },
    {
      title: "Two-factor sign-in",
      dataIndex: "two_factor_on",
      render: (on: boolean) => <StateTag good={on}>{on ? "On" : "Off"}</StateTag>,
    },
    {
      title: "Actions",
      key: "actions",
      render: (_, person) => (
        <Flex gap={8} wrap>
          {person.abilities.reset_two_factor && (
            <Button size="small" onClick={() => setAction({ kind: "reset", person })}>
              Reset two-factor of {person.name}
            </Button>
          )}
          {person.abilities.make_owner && (
            <Button size="small" onClick={() => setAction({ kind: "owner", person })}>
              Make {person.name} owner
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  const person = action && "person" in action ? action.person : undefined;
  const dialog =
    action &&
    {
      lock: {
        title: `Lock ${view.name}`,
        okText: "Lock firm",
        act: ({ reason }: { reason: string }) => show(lockFirm(id, reason)),
      },
      unlock: {
        title: `Unlock ${view.name}`,
        okText: "Unlock firm",
        act: ({ reason }: { reason: string }) => show(unlockFirm(id, reason)),
      },
      credits: {
        title: `Grant credits to ${view.name}`,
        okText: "Grant credits",
        withCredits: true,
        act: ({ reason, credits }: { reason: string; credits: number }) =>
          show(grantFirmCredits(id, credits, reason)),
      },
      plan: {
        title: `Change the plan of ${view.name}`,
        okText: "Change plan",
        plans: view.plans.filter((plan) => plan.id !== view.plan_id || view.plan_status !== "active"),
        notice:
          "The firm goes onto the plan from today, its document allowance started again. A firm that pays through a Stripe subscription changes its plan in Stripe.",
        act: ({ reason, planId }: FirmActionValues) => show(changeFirmPlan(id, planId, reason)),
      },
      reset: {
        title: `Reset two-factor sign-in of ${person?.name ?? ""}`,
        okText: "Reset two-factor",
        act: ({ reason }: { reason: string }) => show(resetPersonTwoFactor(id, person?.id ?? 0, reason)),
      },
      owner: {
        title: `Make ${person?.name ?? ""} the owner of ${view.name}`,
        okText: "Make owner",
        notice: `${view.owner.name}, the owner now, stays on as a manager.`,
        act: ({ reason }: { reason: string }) => show(makeFirmOwner(id, person?.id ?? 0, reason)),
      },
    }[action.kind];

  return (
    <Flex vertical gap={16}>
      {back}
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {view.name}
      </Typography.Title>
      <Typography.Text type="secondary">
        Read only: what the firm's owner sees. Opening a firm is recorded in the audit log.
      </Typography.Text>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: "owner", label: "Owner", children: `${view.owner.name} (${view.owner.email})` },
          { key: "abn", label: "ABN", children: view.abn || "—" },
          {
            key: "plan",
            label: "Plan",
            children: `${view.plan_name} (${view.plan_status}${view.plan_end_date ? `, ends ${formatDay(view.plan_end_date)}` : ""})`,
          },
          {
            key: "credits",
            label: "Credits",
            children: `${view.credits.remaining === null ? "No limit" : `${view.credits.remaining} left`}, ${view.credits.used} used`,
          },
          {
            key: "assistant",
            label: "Assistant use",
            children: `${view.assistant_usage.messages} messages, ${view.assistant_usage.voice_answers} voice answers, ${view.assistant_usage.tokens} tokens, ${view.assistant_usage.audio_seconds} audio seconds, ${view.assistant_usage.realtime_sessions} realtime sessions`,
          },
          {
            key: "state",
            label: "State",
            children: view.locked ? (
              <span>
                <StateTag good={false}>Locked</StateTag>
                {view.locked_at && `since ${formatInstant(view.locked_at, "D MMM YYYY h:mm a")}: `}
                {view.lock_reason}
              </span>
            ) : (
              <StateTag good>Open</StateTag>
            ),
          },
          { key: "since", label: "Customer since", children: formatDay(view.created_at) },
        ]}
      />
      <Flex gap={8} wrap>
        {view.abilities.lock && (
          <Button danger onClick={() => setAction({ kind: "lock" })}>
            Lock firm
          </Button>
        )}
        {view.abilities.unlock && <Button onClick={() => setAction({ kind: "unlock" })}>Unlock firm</Button>}
        {view.abilities.grant_credits && (
          <Button onClick={() => setAction({ kind: "credits" })}>Grant credits</Button>
        )}
        {view.abilities.change_plan && (
          <Button onClick={() => setAction({ kind: "plan" })}>Change plan</Button>
        )}
      </Flex>
      <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
        People
      </Typography.Title>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1) */}
      <section className="console__scroll" tabIndex={0} aria-label={`People of ${view.name}`}>
        <Table<FirmPerson>
          rowKey="id"
          size="middle"
          columns={people}
          dataSource={view.people}
          style={{ minWidth: 760 }}
          pagination={false}
        />
      </section>
      {dialog && (
        <FirmActionDialog
          {...dialog}
          onClose={() => setAction(null)}
          onDone={(text) => void message.success(text)}
        />
      )}
    </Flex>
  );
}
