import { MoreOutlined } from "@ant-design/icons";
import { ROLE_SET_FAILED, ROLE_SET_SUCCESS, type TeamMember } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Empty, Grid, Select, Skeleton, Table, type TableColumnsType, Typography } from "antd";
import { useState } from "react";
import { removeMember, setMemberRole, teamMembersQuery } from "../../api/teams";
import { ActionMenu } from "../../components/ActionMenu";
import { LoadError } from "../../components/LoadError";
import { RoleTag } from "../../components/RoleTag";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { TransferOwnershipModal } from "./TransferOwnershipModal";

type SettableRole = "manager" | "member";

const ROLE_OPTIONS: { value: SettableRole; label: string }[] = [
  { value: "manager", label: "Manager" },
  { value: "member", label: "Member" },
];

const nameOf = (member: TeamMember) => member.name || member.email;

/**
 * Team tab: the firm's members and their roles. The owner sets manager or member (a promotion
 * asks first), removes people and hands the firm over; each row shows what the server's
 * abilities allow.
 */
export function TeamMembers({ teamId }: { teamId: number }) {
  const query = useQuery(teamMembersQuery(teamId));
  const { user, team } = useCurrentTeam();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const compact = !(screens.sm ?? true);
  const [newOwner, setNewOwner] = useState<TeamMember | undefined>(undefined);
  const firmName = team?.name ?? "the firm";

  // Roles decide what every list shows and allows: everything is read again.
  const refreshAll = () => queryClient.invalidateQueries();

  const setRole = useMutation({
    mutationFn: ({ member, role }: { member: TeamMember; role: SettableRole }) =>
      setMemberRole({ id_team: teamId, id_user: member.id, role }),
    onSuccess: () => {
      message.success(ROLE_SET_SUCCESS);
      void refreshAll();
    },
    onError: () => {
      message.error(ROLE_SET_FAILED);
      void queryClient.invalidateQueries({ queryKey: teamMembersQuery(teamId).queryKey });
    },
  });

  const remove = useMutation({
    mutationFn: (member: TeamMember) => removeMember({ id_team: teamId, id_user: member.id }),
    onSuccess: (_, member) => {
      message.success(`${nameOf(member)} was removed from ${firmName}.`);
      void refreshAll();
    },
    onError: (error) => {
      message.error(error.message || "The person was not removed. Please try again.");
    },
  });

  const chooseRole = (member: TeamMember, role: SettableRole) => {
    if (role === member.role) return;
    if (role === "member") {
      setRole.mutate({ member, role });
      return;
    }
    // A promotion gives someone the firm's documents: the owner confirms it first.
    modal.confirm({
      title: "Changes need to be notified",
      content: `${nameOf(member)} will become a manager of ${firmName}: they will see Organisation Documents and act on members' documents. Do you want to continue?`,
      okText: "Confirm",
      cancelText: "Cancel",
      onOk: () => setRole.mutateAsync({ member, role }).catch(() => undefined),
    });
  };

  const confirmRemoval = (member: TeamMember) => {
    modal.confirm({
      title: `Remove ${nameOf(member)} from ${firmName}?`,
      content:
        "They will no longer be able to open this firm's documents. Their documents stay with the firm, and their My Documents folders and documents become yours.",
      okText: "Remove",
      okButtonProps: { danger: true },
      cancelText: "Cancel",
      onOk: () => remove.mutateAsync(member).catch(() => undefined),
    });
  };

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading team members">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title="Cannot get team members"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const members = query.data;
  const anyActions = members.some((m) => m.abilities.remove || m.abilities.make_owner);
  const changing = setRole.isPending ? setRole.variables?.member.id : undefined;

  const columns: TableColumnsType<TeamMember> = [
    {
      key: "name",
      title: "Name",
      render: (_, member) => (
        <div>
          <Typography.Text strong>{nameOf(member)}</Typography.Text>
          {member.id === user.id && <Typography.Text type="secondary"> (you)</Typography.Text>}
          {compact && (
            <div>
              <Typography.Text type="secondary" className="team-member-email">
                {member.email}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    ...(compact
      ? []
      : [
          {
            key: "email",
            title: "Email",
            dataIndex: "email",
            render: (email: string) => <Typography.Link href={`mailto:${email}`}>{email}</Typography.Link>,
          },
        ]),
    {
      key: "role",
      title: "Role",
      dataIndex: "role",
      render: (_, member) =>
        member.abilities.set_role && member.role !== "owner" ? (
          <Select<SettableRole>
            aria-label={`Role of ${nameOf(member)}`}
            value={member.role}
            options={ROLE_OPTIONS}
            onChange={(role) => chooseRole(member, role)}
            loading={changing === member.id}
            disabled={changing === member.id}
            style={{ width: compact ? 104 : 120 }}
          />
        ) : (
          <RoleTag role={member.role} />
        ),
    },
    ...(anyActions
      ? [
          {
            key: "actions",
            title: compact ? "" : "Actions",
            // On a phone the names need the room more than the menu button's heading does.
            width: compact ? 48 : 88,
            render: (_: unknown, member: TeamMember) => {
              const items = [
                ...(member.abilities.make_owner ? [{ key: "make-owner", label: "Transfer ownership" }] : []),
                ...(member.abilities.remove
                  ? [{ key: "remove", label: "Remove from firm", danger: true }]
                  : []),
              ];
              if (items.length === 0) return null;
              return (
                <ActionMenu
                  items={items}
                  button={{
                    type: "text",
                    icon: <MoreOutlined aria-hidden />,
                    "aria-label": `Actions for ${nameOf(member)}`,
                  }}
                  onAction={(key) => {
                    if (key === "remove") confirmRemoval(member);
                    else setNewOwner(member);
                  }}
                />
              );
            },
          },
        ]
      : []),
  ];

  return (
    <>
      <Table<TeamMember>
        rowKey="id"
        columns={columns}
        dataSource={members}
        pagination={false}
        locale={{ emptyText: <Empty description="No team members yet" /> }}
      />
      <TransferOwnershipModal
        teamId={teamId}
        firmName={firmName}
        member={newOwner}
        onClose={() => setNewOwner(undefined)}
      />
    </>
  );
}
