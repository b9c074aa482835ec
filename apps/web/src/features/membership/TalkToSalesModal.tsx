import { Modal, Typography } from "antd";
import { SALES_EMAIL, SALES_PHONE } from "../../constants";

/**
 * 'Get in Touch': how to reach the sales team (account-area §2 session modals: talk-to-sales,
 * with the sales phone and e-mail shown to the user).
 */
export function TalkToSalesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onCancel={onClose}
      onOk={onClose}
      okText="Close"
      cancelButtonProps={{ hidden: true }}
      title="Talk to sales"
    >
      <Typography.Paragraph>
        Our team will help you choose the plan that fits your practice, or set up a plan for a larger team.
      </Typography.Paragraph>
      <Typography.Paragraph>
        Phone: <Typography.Link href={`tel:${SALES_PHONE.replace(/\s/g, "")}`}>{SALES_PHONE}</Typography.Link>
        <br />
        E-mail: <Typography.Link href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</Typography.Link>
      </Typography.Paragraph>
    </Modal>
  );
}
