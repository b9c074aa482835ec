import type { TeamRole } from "@precedent/contracts";
import { Tag } from "antd";

export const ROLE_LABELS: Record<TeamRole, string> = {
  owner: "Owner",
  manager: "Manager",
  member: "Member",
};

const ROLE_COLOURS: Record<TeamRole, string> = {
  owner: "gold",
  manager: "blue",
  member: "default",
};

export function RoleTag({ role }: { role: TeamRole }) {
  return (
    <Tag color={ROLE_COLOURS[role]} variant="outlined" style={{ marginInlineEnd: 0 }}>
      {ROLE_LABELS[role]}
    </Tag>
  );
}
