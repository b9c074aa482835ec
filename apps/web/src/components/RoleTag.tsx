import type { TeamRole } from "@precedent/contracts";
import { Tag } from "antd";
import { GOLD_TAG_STYLE } from "../theme";

export const ROLE_LABELS: Record<TeamRole, string> = {
  owner: "Owner",
  manager: "Manager",
  member: "Member",
};

const ROLE_COLOURS: Record<TeamRole, string | undefined> = {
  owner: undefined,
  manager: "blue",
  member: "default",
};

export function RoleTag({ role }: { role: TeamRole }) {
  const gold = role === "owner" ? GOLD_TAG_STYLE : {};
  return (
    <Tag color={ROLE_COLOURS[role]} variant="outlined" style={{ marginInlineEnd: 0, ...gold }}>
      {ROLE_LABELS[role]}
    </Tag>
  );
}
