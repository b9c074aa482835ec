import { Button, Modal, Typography } from "antd";
import { SalesContact } from "../session/SalesContact";

/**
 * The Lite plan's notice in place of legal review and signing (documents spec §6: 'This feature is
 * not available for Lite Plan...'). The spec's trailing "..." left people at a dead end: the
 * notice now says what the upgrade gives and how to reach sales, with the phone and e-mail from
 * the settings.
 */
export const LITE_NOTICE_TEXT = "This feature is not available for Lite Plan.";

export function LiteUpgradeNotice({ feature, onClose }: { feature: string; onClose: () => void }) {
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
      <SalesContact size="small" subject={`Upgrading from the Lite plan: ${feature}`} />
    </Modal>
  );
}
