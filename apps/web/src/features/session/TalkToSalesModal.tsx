import { Button, Modal, Typography } from "antd";
import { SalesContact } from "./SalesContact";

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
      <SalesContact
        enabled={open}
        subject={subject}
        intro={
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            Our team will help you choose the plan that suits your firm.
          </Typography.Paragraph>
        }
      />
    </Modal>
  );
}
