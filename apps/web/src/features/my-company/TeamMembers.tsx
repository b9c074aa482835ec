import type { TeamMember } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Empty, Grid, Skeleton, Table, type TableColumnsType, Typography } from "antd";
import { teamMembersQuery } from "../../api/teams";
import { LoadError } from "../../components/LoadError";
import { RoleTag } from "../../components/RoleTag";
import { useCurrentTeam } from "../account/use-current-team";

/** Team tab: the firm's members and their roles (view only for now). */
export function TeamMembers({ teamId }: { teamId: number }) {
  const query = useQuery(teamMembersQuery(teamId));
  const { user } = useCurrentTeam();
  const screens = Grid.useBreakpoint();
  const compact = !(screens.sm ?? true);

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

  const columns: TableColumnsType<TeamMember> = [
    {
      key: "name",
      title: "Name",
      render: (_, member) => (
        <div>
          <Typography.Text strong>{member.name || member.email}</Typography.Text>
          {member.id === user.id && <Typography.Text type="secondary"> (you)</Typography.Text>}
          {compact && (
            <div>
              <Typography.Text type="secondary">{member.email}</Typography.Text>
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
    { key: "role", title: "Role", dataIndex: "role", render: (_, member) => <RoleTag role={member.role} /> },
  ];

  return (
    <Table<TeamMember>
      rowKey="id"
      columns={columns}
      dataSource={query.data}
      pagination={false}
      locale={{ emptyText: <Empty description="No team members yet" /> }}
    />
  );
}
