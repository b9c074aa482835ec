import { LEGAL_ELEMENTS, type LegalElement } from "@precedent/contracts";
import { Alert, Button, Modal, Typography } from "antd";
import { useEffect, useState } from "react";
import { applyProposedName } from "../../api/asic";
import { isApiError } from "../../api/client";
import { CompanyNameCheck, type NameCheckAnswers, nameCheckPassed } from "./CompanyNameCheck";

export const CHANGE_NAME_BUTTON = "Change name";

/** One of the legal elements ASIC's name check takes, or undefined. */
const asLegalElement = (value: string | undefined) =>
  (LEGAL_ELEMENTS as readonly string[]).includes(value ?? "") ? (value as LegalElement) : undefined;

/** The application's current name, not yet checked again. */
const uncheckedAnswers = (name: string, legalElement: string | undefined): NameCheckAnswers => ({
  companyName: name,
  legalElement: asLegalElement(legalElement),
  check: undefined,
  manualAccepted: false,
});

/**
 * The Form 201 interview's 'Change name' (issue 29 item 2): the application's name is the one
 * checked with ASIC, so a new one is checked through the server and applied for the document there;
 * the interview's answers then carry it (the server writes the applied name over them on save).
 */
export function ChangeCompanyNameDialog({
  open,
  teamId,
  docId,
  current,
  legalElements,
  onClose,
  onChanged,
}: {
  open: boolean;
  teamId: number;
  docId: number;
  current: { name: string; legalElement: string | undefined };
  /** The legal elements the registration's type of company may use. */
  legalElements: readonly { value: string; text: string }[];
  onClose: () => void;
  onChanged: (applied: { name: string; legalElement: string }) => void;
}) {
  const [answers, setAnswers] = useState(() => uncheckedAnswers(current.name, current.legalElement));
  const [applying, setApplying] = useState(false);
  const [applyError, setApplyError] = useState<string>();

  // Each opening starts from the application's current name.
  useEffect(() => {
    if (!open) return;
    setAnswers(uncheckedAnswers(current.name, current.legalElement));
    setApplyError(undefined);
  }, [open, current.name, current.legalElement]);

  /** Applied for by the server, which checks it again: another applicant may have taken it since. */
  const apply = async () => {
    const { legalElement } = answers;
    if (!legalElement) return;
    const name = answers.companyName.trim();
    setApplying(true);
    setApplyError(undefined);
    try {
      const result = await applyProposedName(teamId, {
        doc_id: docId,
        proposed_name: name,
        legal_element: legalElement,
      });
      if (result.applied) onChanged({ name, legalElement });
      else
        setAnswers({
          ...answers,
          check: { outcome: "error", name: `${name} ${legalElement}`, reason: result.reason ?? "" },
          manualAccepted: false,
        });
    } catch (error) {
      setApplyError(isApiError(error) ? error.message : String(error));
    } finally {
      setApplying(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Change the company's name"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button
          key="apply"
          type="primary"
          disabled={!nameCheckPassed(answers)}
          loading={applying}
          onClick={() => void apply()}
        >
          Use this name
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        The application is lodged with the name checked with ASIC. A new name is checked again, and applied
        for this document, before the interview uses it.
      </Typography.Paragraph>
      {applyError && <Alert type="error" showIcon title={applyError} />}
      <CompanyNameCheck
        teamId={teamId}
        docId={docId}
        idPrefix="change"
        legalElements={legalElements.flatMap((option) => {
          const value = asLegalElement(option.value);
          return value ? [{ value, label: option.text }] : [];
        })}
        answers={answers}
        onChange={(changed) => {
          setApplyError(undefined);
          setAnswers(changed);
        }}
      />
    </Modal>
  );
}
