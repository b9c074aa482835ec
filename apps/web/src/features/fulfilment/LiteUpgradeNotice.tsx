import { MailOutlined, PhoneOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button, Modal, Skeleton, Space, Typography } from "antd";
import { publicSettingsQuery } from "../../api/bootstrap";
import { LoadError } from "../../components/LoadError";

/**
 * The Lite plan's notice in place of legal review and signing (documents spec §6: 'This feature is
 * not available for Lite Plan...'). The spec's trailing "..." left people at a dead end: the
 * notice now says what the upgrade gives and how to reach sales, with the phone and e-mail from
 * the settings.
 */
export const LITE_NOTICE_TEXT = "This feature is not available for Lite Plan.";

export function LiteUpgradeNotice({ feature, onClose }: { feature: string; onClose: () => void }) {
  const settings = useQuery(publicSettingsQuery());
  const contact = settings.data;
  let reach: React.ReactNode;
  if (settings.isError) {
    reach = (
      <LoadError
        title="Cannot get the sales contact"
        error={settings.error}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  } else if (!contact) {
    reach = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  } else {
    const subject = encodeURIComponent(`Upgrading from the Lite plan: ${feature}`);
    reach = (
      <Space orientation="vertical" size="small">
        <Typography.Text>
          <PhoneOutlined aria-hidden /> Phone:{" "}
          <a href={`tel:${contact.sales_phone.replace(/\s+/g, "")}`}>{contact.sales_phone}</a>
        </Typography.Text>
        <Typography.Text>
          <MailOutlined aria-hidden /> E-mail:{" "}
          <a href={`mailto:${contact.sales_email}?subject=${subject}`}>{contact.sales_email}</a>
        </Typography.Text>
      </Space>
    );
  }
  return (
    <Modal
      open
      title="Upgrade your plan"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Typography.Paragraph>
        <strong>{LITE_NOTICE_TEXT}</strong> {feature} comes with the Best Practice and Strategist plans. Talk
        to our sales team to upgrade:
      </Typography.Paragraph>
      {reach}
    </Modal>
  );
}
