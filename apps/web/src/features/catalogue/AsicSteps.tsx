import {
  APPLY_COMPANY_NAME_FAILED,
  ASIC_MODE_META_KEY,
  ASIC_MODES,
  type AsicMode,
  DIRECTOR_ID_CONFIRMATIONS,
  type DirectorIdConfirmation,
  PRE_REGISTRATION_CONSENT_ACCEPT,
  PRE_REGISTRATION_CONSENT_TEXT,
  type Product,
  WIZARD_LEGAL_ELEMENTS,
} from "@precedent/contracts";
import { Checkbox, Flex, Typography } from "antd";
import { applyProposedName } from "../../api/asic";
import { CompanyNameCheck, type NameCheckAnswers, nameCheckPassed } from "../asic";
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

export type AsicAnswers = NameCheckAnswers & {
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
  if (step === "name-check") return nameCheckPassed(answers);
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

/** The legal elements the start wizard offers (documents spec §3: the nine proprietary ones and LTD.). */
const WIZARD_LEGAL_ELEMENT_OPTIONS = WIZARD_LEGAL_ELEMENTS.map((value) => ({ value, label: value }));

/** 'Check Company Name Availability': the name, its legal element, and the regulator's answer. */
export function CompanyNameCheckStep({ teamId, answers, onChange }: StepProps) {
  return (
    <div className="start-wizard__asic">
      <CompanyNameCheck
        teamId={teamId}
        idPrefix="asic"
        legalElements={WIZARD_LEGAL_ELEMENT_OPTIONS}
        answers={answers}
        onChange={(checked) => onChange({ ...answers, ...checked })}
      />
    </div>
  );
}

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
