import type { Invitation } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  App,
  Button,
  Empty,
  Flex,
  Grid,
  Popconfirm,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from "antd";
import { isApiError } from "../../api/client";
import { invitationsQuery, resendInvitation, revokeInvitation } from "../../api/invitations";
import { LoadError } from "../../components/LoadError";
import { RoleTag } from "../../components/RoleTag";
import { formatInstant } from "../../dates";

const EXPIRY_FORMAT = "D MMM YYYY, h:mm a";

/**
 * The firm's pending invitations, each with Resend and Revoke as the server's abilities allow.
 * Shown to owners and managers; for anyone else the server refuses the list and nothing shows.
 */
export function PendingInvitations({ teamId }: { teamId: number }) {
  const query = useQuery(invitationsQuery(teamId));
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const compact = !(screens.md ?? true);
  const refresh = () => queryClient.invalidateQueries({ queryKey: invitationsQuery(teamId).queryKey });

  const resend = useMutation({
    mutationFn: (invitation: Invitation) => resendInvitation(teamId, invitation.id),
    onSuccess: ({ invitation }) => void message.success(`Invitation sent again to ${invitation.email}.`),
    onError: (error: Error) => void message.error(error.message),
    onSettled: () => void refresh(),
  });
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => revokeInvitation(teamId, invitation.id),
    onSuccess: (_data, invitation) => void message.success(`Invitation to ${invitation.email} revoked.`),
    onError: (error: Error) => void message.error(error.message),
    onSettled: () => void refresh(),
  });

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading invitations">
        <Skeleton active paragraph={{ rows: 2 }} />
      </div>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 403) return null;
    return (
      <LoadError
        title="Cannot get invitations"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const busy = (invitation: Invitation) =>
    (resend.isPending && resend.variables?.id === invitation.id) ||
    (revoke.isPending && revoke.variables?.id === invitation.id);

  const actions = (invitation: Invitation) => (
    <Flex gap={8} wrap>
      {invitation.abilities.resend && (
        <Button
          size="small"
          loading={resend.isPending && resend.variables?.id === invitation.id}
          disabled={busy(invitation)}
          onClick={() => resend.mutate(invitation)}
          aria-label={`Resend the invitation to ${invitation.email}`}
        >
          Resend
        </Button>
      )}
      {invitation.abilities.revoke && (
        <Popconfirm
          title="Revoke this invitation?"
          description="The link in the email will stop working."
          okText="Revoke"
          okButtonProps={{ danger: true }}
          onConfirm={() => revoke.mutateAsync(invitation).catch(() => undefined)}
        >
          <Button
            size="small"
            danger
            disabled={busy(invitation)}
            aria-label={`Revoke the invitation to ${invitation.email}`}
          >
            Revoke
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );

  const expiry = (invitation: Invitation) =>
    invitation.expired ? (
      <Tag color="orange">Expired</Tag>
    ) : (
      <Typography.Text type="secondary">
        {formatInstant(invitation.expires_at, EXPIRY_FORMAT)}
      </Typography.Text>
    );

  const columns: TableColumnsType<Invitation> = compact
    ? [
        {
          key: "invitation",
          title: "Invitation",
          render: (_, invitation) => (
            <Flex vertical gap={4}>
              <Typography.Text strong style={{ wordBreak: "break-all" }}>
                {invitation.email}
              </Typography.Text>
              <Flex gap={8} align="center" wrap>
                <RoleTag role={invitation.role} />
                {invitation.expired ? expiry(invitation) : <span>Expires {expiry(invitation)}</span>}
              </Flex>
              {actions(invitation)}
            </Flex>
          ),
        },
      ]
    : [
        { key: "email", title: "Email", dataIndex: "email" },
        { key: "role", title: "Role", render: (_, invitation) => <RoleTag role={invitation.role} /> },
        { key: "invited_by", title: "Invited by", render: (_, invitation) => invitation.invited_by.name },
        { key: "expires", title: "Link expires", render: (_, invitation) => expiry(invitation) },
        { key: "actions", title: "Actions", render: (_, invitation) => actions(invitation) },
      ];

  const { seats } = query.data;
  return (
    <section aria-labelledby="pending-invitations-title">
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={2} id="pending-invitations-title" style={{ fontSize: 18, margin: 0 }}>
          Pending invitations
        </Typography.Title>
        <Typography.Text type="secondary">
          {seats.members} {seats.members === 1 ? "member" : "members"}, {seats.pending} invited, of{" "}
          {seats.limit} {seats.limit === 1 ? "user" : "users"} on your plan
        </Typography.Text>
      </Flex>
      <Table<Invitation>
        rowKey="id"
        columns={columns}
        dataSource={query.data.invitations}
        pagination={false}
        style={{ marginTop: 12 }}
        locale={{ emptyText: <Empty description="No pending invitations" /> }}
      />
    </section>
  );
}
