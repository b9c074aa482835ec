import {
  APPLY_COMPANY_NAME_FAILED,
  DOCUMENT_NAME_MAX_LENGTH,
  DOCUMENT_NAME_PROMPT,
  type DocumentRow,
  type ListSection,
  START_WIZARD_STEPS,
} from "@precedent/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Form, Input, Modal, Steps, Typography } from "antd";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { applyProposedName, preConsentQuery } from "../../api/asic";
import { isApiError } from "../../api/client";
import { documentsKey, renameDocument } from "../../api/documents";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { sydneyToday } from "../../dates";
import {
  type AsicAnswers,
  asicStepDone,
  CompanyNameCheckStep,
  DirectorIdStep,
  NO_ASIC_ANSWERS,
  PreRegistrationConsentStep,
} from "../catalogue/AsicSteps";
import { launchHref } from "./interview-address";
import {
  type AcknowledgementAnswer,
  acknowledgementValid,
  ResumeAcknowledgementStep,
} from "./ResumeAcknowledgementStep";
import { type ResumeStepKey, resumePlanOf } from "./resume-steps";
import "../catalogue/catalogue.css";

const [
  NAME_STEP_TITLE,
  NAME_CHECK_STEP_TITLE,
  CONSENT_STEP_TITLE,
  DIRECTOR_ID_STEP_TITLE,
  ACKNOWLEDGEMENT_STEP_TITLE,
] = START_WIZARD_STEPS;
const TITLES: Record<ResumeStepKey, string> = {
  name: NAME_STEP_TITLE,
  "name-check": NAME_CHECK_STEP_TITLE,
  consent: CONSENT_STEP_TITLE,
  "director-id": DIRECTOR_ID_STEP_TITLE,
  acknowledgement: ACKNOWLEDGEMENT_STEP_TITLE,
};

export const REGISTRATION_STEPS_RECORDED = "The registration steps are recorded.";
export const NO_REGISTRATION_STEPS = "This document has no registration steps left to complete.";

type ResumeDocument = Pick<
  DocumentRow,
  | "id"
  | "name"
  | "x_template_id"
  | "template_id"
  | "asic_mode"
  | "registration_step"
  | "asic_acknowledgement"
  | "folder"
>;

/**
 * The start wizard reopened on an existing registration document (documents spec §4): at the step
 * the server names from the template's mode and the document's data, prefilled with what the
 * document has. Finishing records the name check, consent, Director ID and acknowledgement through
 * apply-proposed-name, as a new document's start does, and opens the interview.
 */
export function ResumeRegistrationWizard({
  teamId,
  document,
  section,
  onClose,
}: {
  teamId: number;
  document: ResumeDocument;
  section: ListSection;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useCurrentTeam();
  const acknowledgementText = document.asic_acknowledgement ?? null;
  const plan = resumePlanOf(
    document.asic_mode ?? null,
    document.registration_step ?? null,
    acknowledgementText,
  );
  const recorded = useQuery({ ...preConsentQuery(teamId, document.id), enabled: plan !== null });
  const [step, setStep] = useState(plan?.start ?? 0);
  const [name, setName] = useState(document.name);
  const [nameTouched, setNameTouched] = useState(false);
  const [answers, setAnswers] = useState<AsicAnswers>(NO_ASIC_ANSWERS);
  const [acknowledgement, setAcknowledgement] = useState<AcknowledgementAnswer>(() => ({
    accepted: false,
    date: sydneyToday().format("DD/MM/YYYY"),
    user: user.name.trim() || user.email,
    touched: false,
  }));
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | undefined>(undefined);

  // What the document already has: the ticks a person gave before, and its applied name. Added to
  // what is ticked on the page, never put in its place: a box ticked before the recorded ticks
  // arrived (a quick hand, a slow server) stays ticked.
  const data = recorded.data;
  useEffect(() => {
    if (!data) return;
    setAnswers((current) => ({
      ...current,
      consent: current.consent || data.pre_registration_consent,
      director: {
        pre_director_read: current.director.pre_director_read || data.pre_director_read,
        pre_director_offences: current.director.pre_director_offences || data.pre_director_offences,
        pre_director_requirement: current.director.pre_director_requirement || data.pre_director_requirement,
      },
    }));
  }, [data]);

  if (!plan) {
    return (
      <Modal
        open
        title="Registration steps"
        onCancel={onClose}
        onOk={onClose}
        cancelButtonProps={{ hidden: true }}
      >
        <Typography.Paragraph>{NO_REGISTRATION_STEPS}</Typography.Paragraph>
      </Modal>
    );
  }

  const currentKey = plan.keys[step] ?? "name";
  const lastStep = step === plan.keys.length - 1;
  const nameError = name.trim() === "" ? DOCUMENT_NAME_PROMPT : undefined;
  const blocked =
    currentKey === "name"
      ? nameError !== undefined
      : currentKey === "acknowledgement"
        ? !acknowledgementValid(acknowledgement)
        : !asicStepDone(currentKey, answers);
  const accepting = acknowledgementText !== null && plan.keys.includes("acknowledgement");

  const finish = async () => {
    setSaving(true);
    setFormError(undefined);
    try {
      if (name.trim() !== document.name) await renameDocument(teamId, document.id, name.trim());
      const naming = plan.recorded.includes("name-check") && answers.legalElement !== undefined;
      const consenting = plan.recorded.includes("consent");
      const result = await applyProposedName(teamId, {
        doc_id: document.id,
        ...(naming ? { proposed_name: answers.companyName.trim(), legal_element: answers.legalElement } : {}),
        ...(consenting ? { pre_registration_consent: true, ...answers.director } : {}),
        ...(accepting
          ? {
              acknowledgement: "yes" as const,
              acknowledgement_date: acknowledgement.date.trim(),
              acknowledgement_user: acknowledgement.user.trim(),
            }
          : {}),
      });
      void queryClient.invalidateQueries({ queryKey: documentsKey(teamId) });
      void queryClient.invalidateQueries({ queryKey: preConsentQuery(teamId, document.id).queryKey });
      // As at a start: a name that could not be applied is said, and the interview opens anyway.
      if (naming && result.applied !== true) void message.warning(APPLY_COMPANY_NAME_FAILED);
      else void message.success(REGISTRATION_STEPS_RECORDED);
      onClose();
      navigate(launchHref(document, section, undefined));
    } catch (error) {
      if (!isApiError(error)) throw error;
      // The server's refusal (a finished document, one no longer yours to interview) is shown here.
      setFormError(error.fieldErrors[0]?.message ?? error.message);
    } finally {
      setSaving(false);
    }
  };

  const next = () => {
    if (currentKey === "name") setNameTouched(true);
    if (currentKey === "acknowledgement") setAcknowledgement({ ...acknowledgement, touched: true });
    if (blocked) return;
    if (lastStep) void finish();
    else setStep(step + 1);
  };

  return (
    <Modal
      open
      title={`Registration steps: ${document.name}`}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={[
        step > plan.start && (
          <Button key="back" onClick={() => setStep(step - 1)} disabled={saving}>
            Back
          </Button>
        ),
        <Button key="cancel" onClick={onClose} disabled={saving}>
          Cancel
        </Button>,
        <Button key="next" type="primary" loading={saving} disabled={blocked} onClick={next}>
          {lastStep ? "Continue to Interview" : "Next"}
        </Button>,
      ]}
    >
      <div className="start-wizard">
        <Steps
          orientation="vertical"
          size="small"
          current={step}
          className="start-wizard__steps"
          items={plan.keys.map((key) => ({ title: TITLES[key] }))}
        />
        <div className="start-wizard__body">
          {formError && <Alert type="error" showIcon title={formError} className="start-wizard__error" />}
          {recorded.isError && (
            <Alert
              type="warning"
              showIcon
              title="What this document already records could not be read; tick each step again."
              className="start-wizard__error"
            />
          )}
          {currentKey === "name" && (
            <Form layout="vertical" onFinish={next}>
              <Form.Item
                label="Document name"
                htmlFor="resume-document-name"
                validateStatus={nameTouched && nameError ? "error" : undefined}
                help={nameTouched ? nameError : undefined}
                extra={`It stays in ${document.folder?.name ?? "My Documents"}.`}
              >
                <Input
                  id="resume-document-name"
                  value={name}
                  maxLength={DOCUMENT_NAME_MAX_LENGTH}
                  autoFocus
                  onChange={(event) => setName(event.target.value)}
                  onBlur={() => setNameTouched(true)}
                />
              </Form.Item>
            </Form>
          )}
          {currentKey === "name-check" && (
            <CompanyNameCheckStep teamId={teamId} answers={answers} onChange={setAnswers} />
          )}
          {currentKey === "consent" && <PreRegistrationConsentStep answers={answers} onChange={setAnswers} />}
          {currentKey === "director-id" && <DirectorIdStep answers={answers} onChange={setAnswers} />}
          {currentKey === "acknowledgement" && acknowledgementText !== null && (
            <ResumeAcknowledgementStep
              text={acknowledgementText}
              answer={acknowledgement}
              onChange={setAcknowledgement}
            />
          )}
        </div>
      </div>
    </Modal>
  );
}
