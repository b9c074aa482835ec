import {
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_NAME_REQUIRED,
  companyNameNotAvailable,
  isPublicLegalElement,
  LEGAL_ELEMENT_REQUIRED,
  type LegalElement,
  MANUAL_REVIEW_ACCEPT,
  publicCompanyOfficeholdersNote,
} from "@precedent/contracts";
import { Alert, Button, Checkbox, Form, Input, Select, Typography } from "antd";
import { useState } from "react";
import { checkCompanyName } from "../../api/asic";
import { isApiError } from "../../api/client";

/** ASIC's answer to a name check, with the full name it was about. */
export type NameCheck =
  | { outcome: "success"; name: string }
  | { outcome: "manual"; name: string; reason: string }
  | { outcome: "error"; name: string; reason: string };

/** What the person has typed and chosen, and ASIC's answer to it (cleared by any edit). */
export type NameCheckAnswers = {
  companyName: string;
  legalElement: LegalElement | undefined;
  check: NameCheck | undefined;
  manualAccepted: boolean;
};

/** A name may be used once ASIC has said it is available, or needs review and the person accepts that. */
export const nameCheckPassed = (answers: NameCheckAnswers) =>
  answers.check?.outcome === "success" || (answers.check?.outcome === "manual" && answers.manualAccepted);

/**
 * The proposed name, its legal element, 'Check availability' and ASIC's answer: the start wizard's
 * 'Check Company Name Availability' step and the Form 201's 'Change name' dialog are the same check,
 * so they share this form. Controlled: the caller keeps the answers (the wizard across its steps,
 * the dialog for one opening).
 */
export function CompanyNameCheck({
  teamId,
  docId,
  idPrefix,
  legalElements,
  answers,
  onChange,
}: {
  teamId: number;
  /** The application's document, when the name is checked for one already made. */
  docId?: number;
  /** Makes the fields' ids unique on the page. */
  idPrefix: string;
  legalElements: { value: LegalElement; label: string }[];
  answers: NameCheckAnswers;
  onChange: (answers: NameCheckAnswers) => void;
}) {
  const [checking, setChecking] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; legal?: string; request?: string }>({});
  const edit = (patch: Partial<NameCheckAnswers>) =>
    onChange({ ...answers, ...patch, check: undefined, manualAccepted: false });

  const check = async () => {
    const name = answers.companyName.trim();
    const found = {
      name: name ? undefined : COMPANY_NAME_REQUIRED,
      legal: answers.legalElement ? undefined : LEGAL_ELEMENT_REQUIRED,
    };
    setErrors(found);
    if (found.name || found.legal || !answers.legalElement) return;
    setChecking(true);
    try {
      const result = await checkCompanyName(teamId, {
        company_name: name,
        legal_element: answers.legalElement,
        ...(docId === undefined ? {} : { doc_id: docId }),
      });
      const fullName = `${name} ${answers.legalElement}`;
      const outcome: NameCheck = !result.is_available
        ? { outcome: "error", name: fullName, reason: result.reason ?? "" }
        : result.is_manual_check
          ? { outcome: "manual", name: fullName, reason: result.reason ?? "" }
          : { outcome: "success", name: fullName };
      onChange({ ...answers, check: outcome, manualAccepted: false });
    } catch (error) {
      if (!isApiError(error)) throw error;
      setErrors({ request: error.message });
    } finally {
      setChecking(false);
    }
  };

  const result = answers.check;
  return (
    <>
      <Form layout="vertical" onFinish={() => void check()}>
        <Form.Item
          label="Proposed company name"
          htmlFor={`${idPrefix}-company-name`}
          validateStatus={errors.name ? "error" : undefined}
          help={errors.name}
        >
          <Input
            id={`${idPrefix}-company-name`}
            value={answers.companyName}
            maxLength={COMPANY_NAME_MAX_LENGTH}
            onChange={(event) => edit({ companyName: event.target.value })}
          />
        </Form.Item>
        <Form.Item
          label="Legal element"
          htmlFor={`${idPrefix}-legal-element`}
          validateStatus={errors.legal ? "error" : undefined}
          help={errors.legal}
          // A public company's officeholders, which the server checks before ASIC's fee is paid.
          extra={
            answers.legalElement && isPublicLegalElement(answers.legalElement)
              ? publicCompanyOfficeholdersNote(answers.legalElement)
              : undefined
          }
        >
          <Select
            id={`${idPrefix}-legal-element`}
            aria-label="Legal element"
            placeholder="Select the legal element"
            value={answers.legalElement}
            options={legalElements}
            // Ten or twelve choices: all in the page (a virtual list leaves LTD. out until scrolled to).
            virtual={false}
            onChange={(value: LegalElement) => edit({ legalElement: value })}
          />
        </Form.Item>
        <Button htmlType="submit" loading={checking}>
          Check availability
        </Button>
      </Form>
      <div aria-live="polite" className="company-name-check__result">
        {errors.request && <Alert type="error" showIcon title={errors.request} />}
        {result?.outcome === "success" && (
          <Alert type="success" showIcon title={`${result.name} is available.`} />
        )}
        {result?.outcome === "manual" && (
          <Alert
            type="warning"
            showIcon
            title={`${result.name} is available, but needs ASIC's manual review.`}
            description={
              <>
                <Typography.Paragraph>Reason: {result.reason}</Typography.Paragraph>
                <Checkbox
                  checked={answers.manualAccepted}
                  onChange={(event) => onChange({ ...answers, manualAccepted: event.target.checked })}
                >
                  {MANUAL_REVIEW_ACCEPT}
                </Checkbox>
              </>
            }
          />
        )}
        {result?.outcome === "error" && (
          <Alert
            type="error"
            showIcon
            title={companyNameNotAvailable(result.name)}
            description={`Reason: ${result.reason}`}
          />
        )}
      </div>
    </>
  );
}
