import {
  ACKNOWLEDGEMENT_ACCEPT,
  ACKNOWLEDGEMENT_DATE_INVALID,
  ACKNOWLEDGEMENT_REQUIRED,
  ACKNOWLEDGEMENT_USER_REQUIRED,
  isDdMmYyyy,
} from "@precedent/contracts";
import { Checkbox, Form, Input, Typography } from "antd";

/** What the reopened wizard's acknowledgement step holds. */
export type AcknowledgementAnswer = { accepted: boolean; date: string; user: string; touched: boolean };

/** The messages of an answer, each undefined when that part is fine (as the start wizard checks them). */
export function acknowledgementErrorsOf(answer: AcknowledgementAnswer) {
  return {
    accepted: answer.accepted ? undefined : ACKNOWLEDGEMENT_REQUIRED,
    date: isDdMmYyyy(answer.date.trim()) ? undefined : ACKNOWLEDGEMENT_DATE_INVALID,
    user: answer.user.trim() ? undefined : ACKNOWLEDGEMENT_USER_REQUIRED,
  };
}

export const acknowledgementValid = (answer: AcknowledgementAnswer) =>
  Object.values(acknowledgementErrorsOf(answer)).every((error) => error === undefined);

/**
 * The start wizard's last step, reopened (documents spec §4): the template's acknowledgement text,
 * 'Yes - I/we accept', the date and who accepts. Its messages show once the person has left the
 * date field or tried to go on, as in the start wizard.
 */
export function ResumeAcknowledgementStep({
  text,
  answer,
  onChange,
}: {
  text: string;
  answer: AcknowledgementAnswer;
  onChange: (answer: AcknowledgementAnswer) => void;
}) {
  const errors = acknowledgementErrorsOf(answer);
  const feedback = (error: string | undefined) => ({
    validateStatus: answer.touched && error ? ("error" as const) : undefined,
    help: answer.touched ? error : undefined,
  });
  return (
    <div className="start-wizard__acknowledgement">
      <Typography.Paragraph className="start-wizard__acknowledgement-text">{text}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item {...feedback(errors.accepted)}>
          <Checkbox
            checked={answer.accepted}
            autoFocus
            onChange={(event) => onChange({ ...answer, accepted: event.target.checked })}
          >
            {ACKNOWLEDGEMENT_ACCEPT}
          </Checkbox>
        </Form.Item>
        <Form.Item label="Date (DD/MM/YYYY)" htmlFor="resume-acknowledgement-date" {...feedback(errors.date)}>
          <Input
            id="resume-acknowledgement-date"
            value={answer.date}
            onChange={(event) => onChange({ ...answer, date: event.target.value })}
            onBlur={() => onChange({ ...answer, touched: true })}
          />
        </Form.Item>
        <Form.Item label="Accepted by" htmlFor="resume-acknowledgement-user" {...feedback(errors.user)}>
          <Input
            id="resume-acknowledgement-user"
            value={answer.user}
            maxLength={200}
            onChange={(event) => onChange({ ...answer, user: event.target.value })}
          />
        </Form.Item>
      </Form>
    </div>
  );
}
