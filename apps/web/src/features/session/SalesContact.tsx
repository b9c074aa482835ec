import { MailOutlined, PhoneOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Skeleton, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { publicSettingsQuery } from "../../api/bootstrap";
import { LoadError } from "../../components/LoadError";

/**
 * The sales team's phone and e-mail, read from the public settings (not code: the host firm sets
 * them), with the settings' loading and error states. One component, so the talk-to-sales modal
 * and the Lite plan's notice cannot drift apart in how they reach sales.
 */
export function SalesContact({
  subject,
  enabled = true,
  intro,
  size = "middle",
}: {
  /** What the e-mail is about, filled in for the user. */
  subject?: string | undefined;
  /** False while the modal around it is closed: no settings request until it is needed. */
  enabled?: boolean;
  /** A line shown above the phone and e-mail once they are known. */
  intro?: ReactNode;
  size?: "small" | "middle";
}) {
  const settings = useQuery({ ...publicSettingsQuery(), enabled });
  const contact = settings.data;
  if (settings.isError) {
    return (
      <LoadError
        title="Cannot get the sales contact"
        error={settings.error}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  if (!contact) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  const mailto = `mailto:${contact.sales_email}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;
  return (
    <Space orientation="vertical" size={size}>
      {intro}
      <Typography.Text>
        <PhoneOutlined aria-hidden /> Phone:{" "}
        <a href={`tel:${contact.sales_phone.replace(/\s+/g, "")}`}>{contact.sales_phone}</a>
      </Typography.Text>
      <Typography.Text>
        <MailOutlined aria-hidden /> E-mail: <a href={mailto}>{contact.sales_email}</a>
      </Typography.Text>
    </Space>
  );
}
