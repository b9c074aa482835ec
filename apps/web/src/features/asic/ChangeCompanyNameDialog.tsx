import {
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_NAME_REQUIRED,
  companyNameNotAvailable,
  LEGAL_ELEMENT_REQUIRED,
  LEGAL_ELEMENTS,
  type LegalElement,
  MANUAL_REVIEW_ACCEPT,
} from "@precedent/contracts";
import { Alert, Button, Checkbox, Form, Input, Modal, Select, Typography } from "antd";
import { useEffect, useState } from "react";
import { applyProposedName, checkCompanyName } from "../../api/asic";
import { isApiError } from "../../api/client";

type Checked =
  | { outcome: "success"; name: string }
  | { outcome: "manual"; name: string; reason: string }
  | { outcome: "error"; name: string; reason: string };

export const CHANGE_NAME_BUTTON = "Change name";

/** One of the legal elements ASIC's name check takes, or undefined. */
const asLegalElement = (value: string | undefined) =>
  (LEGAL_ELEMENTS as readonly string[]).includes(value ?? "") ? (value as LegalElement) : undefined;

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
  const [name, setName] = useState(current.name);
  const [legalElement, setLegalElement] = useState(asLegalElement(current.legalElement));
  const [checked, setChecked] = useState<Checked>();
  const [manualAccepted, setManualAccepted] = useState(false);
  const [busy, setBusy] = useState<"check" | "apply">();
  const [errors, setErrors] = useState<{ name?: string; legal?: string; request?: string }>({});

  // Each opening starts from the application's current name.
  useEffect(() => {
    if (!open) return;
    setName(current.name);
    setLegalElement(asLegalElement(current.legalElement));
    setChecked(undefined);
    setManualAccepted(false);
    setErrors({});
  }, [open, current.name, current.legalElement]);

  const edit = (patch: () => void) => {
    patch();
    setChecked(undefined);
    setManualAccepted(false);
  };

  const check = async () => {
    const trimmed = name.trim();
    const found = {
      name: trimmed ? undefined : COMPANY_NAME_REQUIRED,
      legal: legalElement ? undefined : LEGAL_ELEMENT_REQUIRED,
    };
    setErrors(found);
    if (found.name || found.legal || !legalElement) return;
    setBusy("check");
    try {
      const result = await checkCompanyName(teamId, {
        company_name: trimmed,
        legal_element: legalElement,
        doc_id: docId,
      });
      const fullName = `${trimmed} ${legalElement}`;
      setChecked(
        !result.is_available
          ? { outcome: "error", name: fullName, reason: result.reason ?? "" }
          : result.is_manual_check
            ? { outcome: "manual", name: fullName, reason: result.reason ?? "" }
            : { outcome: "success", name: fullName },
      );
    } catch (error) {
      setErrors({ request: isApiError(error) ? error.message : String(error) });
    } finally {
      setBusy(undefined);
    }
  };

  /** Applied for by the server, which checks it again: another applicant may have taken it since. */
  const apply = async () => {
    if (!legalElement) return;
    setBusy("apply");
    try {
      const result = await applyProposedName(teamId, {
        doc_id: docId,
        proposed_name: name.trim(),
        legal_element: legalElement,
      });
      if (result.applied) onChanged({ name: name.trim(), legalElement });
      else
        setChecked({
          outcome: "error",
          name: `${name.trim()} ${legalElement}`,
          reason: result.reason ?? "",
        });
    } catch (error) {
      setErrors({ request: isApiError(error) ? error.message : String(error) });
    } finally {
      setBusy(undefined);
    }
  };

  const usable = checked?.outcome === "success" || (checked?.outcome === "manual" && manualAccepted);
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
          disabled={!usable}
          loading={busy === "apply"}
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
      <Form layout="vertical" onFinish={() => void check()}>
        <Form.Item
          label="Proposed company name"
          htmlFor="change-company-name"
          validateStatus={errors.name ? "error" : undefined}
          help={errors.name}
        >
          <Input
            id="change-company-name"
            value={name}
            maxLength={COMPANY_NAME_MAX_LENGTH}
            onChange={(event) => edit(() => setName(event.target.value))}
          />
        </Form.Item>
        <Form.Item
          label="Legal element"
          htmlFor="change-legal-element"
          validateStatus={errors.legal ? "error" : undefined}
          help={errors.legal}
        >
          <Select
            id="change-legal-element"
            aria-label="Legal element"
            placeholder="Select the legal element"
            value={legalElement}
            options={legalElements
              .filter((option) => asLegalElement(option.value))
              .map((option) => ({ value: option.value, label: option.text }))}
            onChange={(value: LegalElement) => edit(() => setLegalElement(value))}
          />
        </Form.Item>
        <Button htmlType="submit" loading={busy === "check"}>
          Check availability
        </Button>
      </Form>
      <div aria-live="polite" className="change-company-name__result">
        {errors.request && <Alert type="error" showIcon title={errors.request} />}
        {checked?.outcome === "success" && (
          <Alert type="success" showIcon title={`${checked.name} is available.`} />
        )}
        {checked?.outcome === "manual" && (
          <Alert
            type="warning"
            showIcon
            title={`${checked.name} is available, but needs ASIC's manual review.`}
            description={
              <>
                <Typography.Paragraph>Reason: {checked.reason}</Typography.Paragraph>
                <Checkbox
                  checked={manualAccepted}
                  onChange={(event) => setManualAccepted(event.target.checked)}
                >
                  {MANUAL_REVIEW_ACCEPT}
                </Checkbox>
              </>
            }
          />
        )}
        {checked?.outcome === "error" && (
          <Alert
            type="error"
            showIcon
            title={companyNameNotAvailable(checked.name)}
            description={`Reason: ${checked.reason}`}
          />
        )}
      </div>
    </Modal>
  );
}
