import {
  APPLY_COMPANY_NAME_FAILED,
  ASIC_MODE_META_KEY,
  ASIC_MODES,
  type AsicMode,
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_NAME_REQUIRED,
  companyNameNotAvailable,
  DIRECTOR_ID_CONFIRMATIONS,
  type DirectorIdConfirmation,
  LEGAL_ELEMENT_REQUIRED,
  type LegalElement,
  MANUAL_REVIEW_ACCEPT,
  PRE_REGISTRATION_CONSENT_ACCEPT,
  PRE_REGISTRATION_CONSENT_TEXT,
  type Product,
  WIZARD_LEGAL_ELEMENTS,
} from "@precedent/contracts";
import { Alert, Button, Checkbox, Flex, Form, Input, Select, Typography } from "antd";
import { useState } from "react";
import { applyProposedName, checkCompanyName } from "../../api/asic";
import { isApiError } from "../../api/client";
import { metaValue } from "./catalogue-model";

/** The start wizard's ASIC steps, in order (documents spec §4). */
export type AsicStep = "name-check" | "consent" | "director-id";

/** The template's ASIC mode (product meta `asic_mode`), or null for a template without ASIC steps. */
export function asicModeOf(product: Product): AsicMode | null {
  const value = metaValue(product, ASIC_MODE_META_KEY);
  return (ASIC_MODES as readonly string[]).includes(value ?? "") ? (value as AsicMode) : null;
}

/**
 * The ASIC steps a mode runs after 'Document Name & Folder Location' (which a new document always
 * needs): '1' none, '2' the name check, 'both' all three, 'only-consent' the consent steps.
 */
export function asicStepsFor(mode: AsicMode | null): AsicStep[] {
  if (mode === "2") return ["name-check"];
  if (mode === "both") return ["name-check", "consent", "director-id"];
  if (mode === "only-consent") return ["consent", "director-id"];
  return [];
}

type NameCheck =
  | { outcome: "success"; name: string }
  | { outcome: "manual"; name: string; reason: string }
  | { outcome: "error"; name: string; reason: string };

export type AsicAnswers = {
  companyName: string;
  legalElement: LegalElement | undefined;
  check: NameCheck | undefined;
  manualAccepted: boolean;
  consent: boolean;
  director: Record<DirectorIdConfirmation, boolean>;
};

export const NO_ASIC_ANSWERS: AsicAnswers = {
  companyName: "",
  legalElement: undefined,
  check: undefined,
  manualAccepted: false,
  consent: false,
  director: { pre_director_read: false, pre_director_offences: false, pre_director_requirement: false },
};

/** Whether the user may go on from an ASIC step. */
export function asicStepDone(step: AsicStep, answers: AsicAnswers): boolean {
  if (step === "name-check")
    return (
      answers.check?.outcome === "success" || (answers.check?.outcome === "manual" && answers.manualAccepted)
    );
  if (step === "consent") return answers.consent;
  return Object.values(answers.director).every(Boolean);
}

/**
 * Records the wizard's ASIC answers on the new document. Returns the message to show when the name
 * could not be applied (the interview starts anyway, documents spec §4), or null.
 */
export async function applyAsicAnswers(
  teamId: number,
  docId: number,
  steps: AsicStep[],
  answers: AsicAnswers,
): Promise<string | null> {
  const naming = steps.includes("name-check") && answers.legalElement !== undefined;
  const consenting = steps.includes("consent");
  if (!naming && !consenting) return null;
  try {
    const result = await applyProposedName(teamId, {
      doc_id: docId,
      ...(naming ? { proposed_name: answers.companyName.trim(), legal_element: answers.legalElement } : {}),
      ...(consenting ? { pre_registration_consent: true, ...answers.director } : {}),
    });
    return naming && result.applied !== true ? APPLY_COMPANY_NAME_FAILED : null;
  } catch {
    return APPLY_COMPANY_NAME_FAILED;
  }
}

type StepProps = { teamId: number; answers: AsicAnswers; onChange: (answers: AsicAnswers) => void };

/** 'Check Company Name Availability': the name, its legal element, and the regulator's answer. */
export function CompanyNameCheckStep({ teamId, answers, onChange }: StepProps) {
  const [checking, setChecking] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; legal?: string; request?: string }>({});
  const change = (patch: Partial<AsicAnswers>) =>
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
    <div className="start-wizard__asic">
      <Form layout="vertical" onFinish={() => void check()}>
        <Form.Item
          label="Proposed company name"
          htmlFor="asic-company-name"
          validateStatus={errors.name ? "error" : undefined}
          help={errors.name}
        >
          <Input
            id="asic-company-name"
            value={answers.companyName}
            maxLength={COMPANY_NAME_MAX_LENGTH}
            onChange={(event) => change({ companyName: event.target.value })}
          />
        </Form.Item>
        <Form.Item
          label="Legal element"
          htmlFor="asic-legal-element"
          validateStatus={errors.legal ? "error" : undefined}
          help={errors.legal}
        >
          <Select
            id="asic-legal-element"
            aria-label="Legal element"
            placeholder="Select the legal element"
            value={answers.legalElement}
            options={WIZARD_LEGAL_ELEMENTS.map((value) => ({ value, label: value }))}
            onChange={(value: LegalElement) => change({ legalElement: value })}
          />
        </Form.Item>
        <Button htmlType="submit" loading={checking}>
          Check availability
        </Button>
      </Form>
      <div aria-live="polite" className="start-wizard__asic-result">
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
    </div>
  );
}

/** 'Pre-Registration Consent' (section 201D of the Corporations Act 2001 (Cth)). */
export function PreRegistrationConsentStep({ answers, onChange }: Omit<StepProps, "teamId">) {
  return (
    <div className="start-wizard__asic">
      <Typography.Paragraph>{PRE_REGISTRATION_CONSENT_TEXT}</Typography.Paragraph>
      <Checkbox
        checked={answers.consent}
        onChange={(event) => onChange({ ...answers, consent: event.target.checked })}
      >
        {PRE_REGISTRATION_CONSENT_ACCEPT}
      </Checkbox>
    </div>
  );
}

/** 'Director ID': the three confirmations, all to be ticked. */
export function DirectorIdStep({ answers, onChange }: Omit<StepProps, "teamId">) {
  return (
    <Flex vertical gap={12} className="start-wizard__asic">
      <Typography.Paragraph>Please confirm each statement to continue.</Typography.Paragraph>
      {(Object.keys(DIRECTOR_ID_CONFIRMATIONS) as DirectorIdConfirmation[]).map((key) => (
        <Checkbox
          key={key}
          checked={answers.director[key]}
          onChange={(event) =>
            onChange({ ...answers, director: { ...answers.director, [key]: event.target.checked } })
          }
        >
          {DIRECTOR_ID_CONFIRMATIONS[key]}
        </Checkbox>
      ))}
    </Flex>
  );
}
