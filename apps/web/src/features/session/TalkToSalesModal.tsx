import { MailOutlined, PhoneOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button, Modal, Skeleton, Space, Typography } from "antd";
import { publicSettingsQuery } from "../../api/bootstrap";
import { LoadError } from "../../components/LoadError";

/** The talk-to-sales modal (account-area §2 Session modals): the sales phone and e-mail from settings. */
export function TalkToSalesModal({
  open,
  onClose,
  subject,
}: {
  open: boolean;
  onClose: () => void;
  /** What the e-mail is about, filled in for the user. */
  subject?: string;
}) {
  const settings = useQuery({ ...publicSettingsQuery(), enabled: open });
  const contact = settings.data;
  let body: React.ReactNode;
  if (settings.isError) {
    body = (
      <LoadError
        title="Cannot get the sales contact"
        error={settings.error}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  } else if (!contact) {
    body = <Skeleton active paragraph={{ rows: 2 }} />;
  } else {
    const mailto = `mailto:${contact.sales_email}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;
    body = (
      <Space orientation="vertical" size="middle">
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          Our team will help you choose the plan that suits your firm.
        </Typography.Paragraph>
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
  return (
    <Modal
      open={open}
      title="Talk to Sales"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {body}
    </Modal>
  );
}
