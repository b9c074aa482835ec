import { BankOutlined, DownOutlined } from "@ant-design/icons";
import { Button, Dropdown, Typography } from "antd";
import { useCurrentTeam } from "../../current-firm/use-current-team";

/** The firm being shown; a dropdown to switch when the user belongs to several. */
export function OrganisationSwitcher() {
  const { user, team, selectTeam } = useCurrentTeam();
  if (!team) return null;

  if (user.teams.length < 2) {
    return (
      <span className="firm-name" title={team.name}>
        <BankOutlined aria-hidden className="firm-name__icon" />
        <Typography.Text strong className="firm-name__text">
          {team.name}
        </Typography.Text>
      </span>
    );
  }

  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        selectable: true,
        selectedKeys: [String(team.id)],
        items: user.teams.map((t) => ({ key: String(t.id), label: t.name })),
        onClick: ({ key }) => selectTeam(Number(key)),
      }}
    >
      <Button
        type="text"
        className="firm-name"
        aria-label={`Organisation: ${team.name}. Switch organisation`}
      >
        <BankOutlined aria-hidden className="firm-name__icon" />
        <span className="firm-name__text">{team.name}</span>
        <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
