import { type DocumentRow, type ListSection, ORGANISATION_DOCUMENTS } from "@precedent/contracts";
import { Modal, Typography } from "antd";
import { useState } from "react";
import { LiteUpgradeNotice } from "../fulfilment/LiteUpgradeNotice";
import { SigningWizard } from "./SigningWizard";

/**
 * The list's 'Sign document' action: the Lite plan gets the upgrade notice; an organisation
 * document of another creator first asks the owner's confirmation (as launch and legal review do);
 * then the Digital Signing Wizard opens.
 */
export function SignDocument({
  teamId,
  document,
  section,
  onClose,
}: {
  teamId: number;
  document: DocumentRow;
  section: ListSection;
  onClose: () => void;
}) {
  const askOwner = section === ORGANISATION_DOCUMENTS && document.abilities.owner_confirmation;
  const [confirmed, setConfirmed] = useState(!askOwner);
  if (document.abilities.sign_upgrade)
    return <LiteUpgradeNotice feature="Digital signing" onClose={onClose} />;
  if (!confirmed) {
    return (
      <Modal
        open
        title="Changes need to be notified"
        okText="Continue"
        onOk={() => setConfirmed(true)}
        onCancel={onClose}
      >
        <Typography.Paragraph>
          This document belongs to {document.created_by_user.display_name}. Sending it for signing will be
          notified to them.
        </Typography.Paragraph>
      </Modal>
    );
  }
  return <SigningWizard teamId={teamId} document={document} ownerConfirmed={askOwner} onClose={onClose} />;
}
