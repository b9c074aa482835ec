import { CalendarOutlined } from "@ant-design/icons";
import type {
  AnswerValue,
  VisibleField,
  VisibleGroup,
  VisibleParty,
  VisibleQuestion,
} from "@precedent/docgen/forms";
import { DatePicker, Form, Input, InputNumber, Radio, Select, Typography } from "antd";
import dayjs from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat";
import { useEffect, useState } from "react";
import { inputIdOf } from "./input-id";

dayjs.extend(customParseFormat);

/** The engine stores dates as DD/MM/YYYY; people also type single-digit days and months. */
const DATE_FORMAT = "DD/MM/YYYY";
const DATE_INPUT_FORMATS = [DATE_FORMAT, "D/M/YYYY", "DD/M/YYYY", "D/MM/YYYY"];

/** Lists this short are shown as radio buttons: every choice visible, chosen with the arrow keys. */
const RADIO_MAX_OPTIONS = 3;

export type QuestionHandlers = {
  /** A field's new answer (undefined: cleared). */
  onAnswer: (path: string, value: AnswerValue | undefined) => void;
  /** A group's "how many?" answer (undefined: cleared). */
  onCount: (path: string, count: number | undefined) => void;
  /** The user has left the field: its message may now show. */
  onLeave: (path: string) => void;
  /** The message to show beside the field at this path, if any. */
  messageOf: (path: string) => string | undefined;
  /**
   * A field whose answer is not typed here (the ASIC application's name): shown read only, with
   * what changes it instead (a button) beside it. Undefined for an ordinary field.
   */
  lockedOf?: (path: string) => React.ReactNode | undefined;
};

type NodeProps = { handlers: QuestionHandlers };

/** The label, required mark, instruction and message around one input. */
function FieldFrame({
  path,
  label,
  required,
  instruction,
  message,
  labelIsFor = true,
  children,
}: {
  path: string;
  label: string;
  required: boolean;
  instruction: string | undefined;
  message: string | undefined;
  /** False for radio groups, which are labelled by aria-labelledby instead of a <label for>. */
  labelIsFor?: boolean;
  children: React.ReactNode;
}) {
  const id = inputIdOf(path);
  return (
    <Form.Item
      label={<span id={`${id}-label`}>{label}</span>}
      {...(labelIsFor ? { htmlFor: id } : {})}
      required={required}
      validateStatus={message ? "error" : undefined}
      help={message ? <span id={`${id}-message`}>{message}</span> : undefined}
      extra={instruction}
      className="interview-field"
    >
      {children}
    </Form.Item>
  );
}

const asText = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";

function TextInput({ node, handlers }: NodeProps & { node: VisibleField }) {
  const { question, path } = node;
  const id = inputIdOf(path);
  const message = handlers.messageOf(path);
  const common = {
    id,
    value: asText(node.value),
    status: message ? ("error" as const) : undefined,
    "aria-describedby": message ? `${id}-message` : undefined,
    "aria-invalid": message ? true : undefined,
    onBlur: () => handlers.onLeave(path),
  };
  const set = (text: string) => handlers.onAnswer(path, text === "" ? undefined : text);

  switch (question.type) {
    case "text": {
      if (question.multiline)
        return (
          <Input.TextArea
            {...common}
            autoSize={{ minRows: 3, maxRows: 12 }}
            maxLength={question.maxLength}
            onChange={(event) => set(event.target.value)}
          />
        );
      const numeric = question.format !== undefined;
      return (
        <Input
          {...common}
          inputMode={numeric ? "numeric" : undefined}
          autoComplete={numeric ? "off" : undefined}
          maxLength={question.format === "postcode" ? 4 : question.maxLength}
          onChange={(event) => set(event.target.value)}
        />
      );
    }
    case "email":
      return (
        <Input {...common} type="email" autoComplete="off" onChange={(event) => set(event.target.value)} />
      );
    case "number":
      return <Input {...common} inputMode="decimal" onChange={(event) => set(event.target.value)} />;
    default:
      return null;
  }
}

/** Reads typed text as a date the engine stores (DD/MM/YYYY); undefined if it is no real date. */
function dateOf(typed: string): string | undefined {
  const date = dayjs(typed.trim(), DATE_INPUT_FORMATS, true);
  return date.isValid() ? date.format(DATE_FORMAT) : undefined;
}

/**
 * A date typed or picked. The picker only knows real dates: text it cannot read (31/02/2026) would
 * otherwise vanish on leaving the box and leave the earlier date in place with no word. Such text
 * becomes the answer instead, shown as typed in a plain box with the engine's message beside it, so
 * Save can say it was not saved; once it reads as a date the picker is back.
 */
function DateInput({ node, handlers }: NodeProps & { node: VisibleField }) {
  const { path } = node;
  const id = inputIdOf(path);
  const text = asText(node.value);
  const parsed = text ? dayjs(text.trim(), DATE_INPUT_FORMATS, true) : null;
  const message = handlers.messageOf(path);
  if (text.trim() !== "" && !parsed?.isValid())
    return <TypedDateInput path={path} text={text} message={message} handlers={handlers} />;
  const leave = (typed: string) => {
    const trimmed = typed.trim();
    if (trimmed !== "" && trimmed !== text && dateOf(trimmed) === undefined) handlers.onAnswer(path, trimmed);
    handlers.onLeave(path);
  };
  return (
    <DatePicker
      id={id}
      className="interview-date"
      format={DATE_INPUT_FORMATS}
      placeholder={DATE_FORMAT}
      value={parsed?.isValid() ? parsed : null}
      // The text typed is read on leaving the box (below), so it must still be there then.
      preserveInvalidOnBlur
      status={message ? "error" : undefined}
      aria-describedby={message ? `${id}-message` : undefined}
      aria-invalid={message ? true : undefined}
      onChange={(date) => {
        handlers.onAnswer(path, date ? date.format(DATE_FORMAT) : undefined);
        handlers.onLeave(path);
      }}
      onBlur={(event) => leave((event.target as HTMLInputElement).value ?? "")}
      onKeyDown={(event) => {
        if (event.key === "Enter") leave((event.target as HTMLInputElement).value ?? "");
      }}
    />
  );
}

/** A date answer that is no real date, as typed, to be corrected; applied on leaving or Enter. */
function TypedDateInput({
  path,
  text,
  message,
  handlers,
}: {
  path: string;
  text: string;
  message: string | undefined;
  handlers: QuestionHandlers;
}) {
  const id = inputIdOf(path);
  const [draft, setDraft] = useState(text);
  useEffect(() => setDraft(text), [text]);
  const commit = (refocus: boolean) => {
    const trimmed = draft.trim();
    const date = dateOf(trimmed);
    if (trimmed !== text) handlers.onAnswer(path, trimmed === "" ? undefined : (date ?? trimmed));
    handlers.onLeave(path);
    // A real date brings the picker back in this box's place: the focus goes with it.
    if (refocus && (date !== undefined || trimmed === ""))
      window.requestAnimationFrame(() => window.document.getElementById(id)?.focus());
  };
  return (
    <Input
      id={id}
      className="interview-date-text"
      placeholder={DATE_FORMAT}
      value={draft}
      inputMode="numeric"
      autoComplete="off"
      status={message ? "error" : undefined}
      aria-invalid={message ? true : undefined}
      aria-describedby={message ? `${id}-message` : undefined}
      suffix={<CalendarOutlined aria-hidden />}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => commit(false)}
      onPressEnter={() => commit(true)}
    />
  );
}

function ChoiceInput({ node, handlers }: NodeProps & { node: VisibleField }) {
  const { question, path } = node;
  if (question.type !== "select") return null;
  const id = inputIdOf(path);
  const message = handlers.messageOf(path);
  // A stored answer may be the option's text (the engine accepts it): show it as that option.
  const given = asText(node.value).trim();
  const chosen =
    question.options.find((option) => option.value === given) ??
    question.options.find((option) => option.text.toLowerCase() === given.toLowerCase());
  const choose = (value: string | undefined) => {
    handlers.onAnswer(path, value);
    handlers.onLeave(path);
  };

  if (question.options.length <= RADIO_MAX_OPTIONS)
    return (
      <Radio.Group
        id={id}
        value={chosen?.value}
        onChange={(event) => choose(event.target.value as string)}
        aria-labelledby={`${id}-label`}
        aria-describedby={message ? `${id}-message` : undefined}
        className="interview-radios"
        options={question.options.map((option) => ({ value: option.value, label: option.text }))}
      />
    );
  return (
    <Select
      id={id}
      showSearch={{ optionFilterProp: "label" }}
      allowClear
      placeholder="Choose…"
      value={chosen?.value}
      status={message ? "error" : undefined}
      aria-describedby={message ? `${id}-message` : undefined}
      onChange={(value: string | undefined) => choose(value ?? undefined)}
      onBlur={() => handlers.onLeave(path)}
      options={question.options.map((option) => ({ value: option.value, label: option.text }))}
    />
  );
}

/** A locked field's answer as text (a choice by its option's text), read only but focusable and read out. */
function LockedInput({ node, changer }: { node: VisibleField; changer: React.ReactNode }) {
  const { question, path } = node;
  const id = inputIdOf(path);
  const given = asText(node.value);
  const shown =
    question.type === "select"
      ? (question.options.find((option) => option.value === given)?.text ?? given)
      : given;
  return (
    <div className="interview-locked">
      <Input id={id} value={shown} readOnly aria-readonly className="interview-locked__input" />
      {changer}
    </div>
  );
}

function FieldNode({ node, handlers }: NodeProps & { node: VisibleField }) {
  const { question, path } = node;
  const isChoice = question.type === "select";
  const radios = isChoice && question.options.length <= RADIO_MAX_OPTIONS;
  const changer = handlers.lockedOf?.(path);
  if (changer !== undefined)
    return (
      <FieldFrame
        path={path}
        label={question.label}
        required={question.required}
        instruction={question.instruction}
        message={handlers.messageOf(path)}
      >
        <LockedInput node={node} changer={changer} />
      </FieldFrame>
    );
  return (
    <FieldFrame
      path={path}
      label={question.label}
      required={question.required}
      instruction={question.instruction}
      message={handlers.messageOf(path)}
      labelIsFor={!radios}
    >
      {question.type === "date" ? (
        <DateInput node={node} handlers={handlers} />
      ) : isChoice ? (
        <ChoiceInput node={node} handlers={handlers} />
      ) : (
        <TextInput node={node} handlers={handlers} />
      )}
    </FieldFrame>
  );
}

/**
 * The "how many?" answer of a group. It is applied when the user leaves the box or presses Enter,
 * not on every keystroke: typing "12" passes through "1", which would drop entries 2 to 11.
 */
function CountInput({ node, handlers }: NodeProps & { node: VisibleGroup }) {
  const { question, path } = node;
  const id = inputIdOf(path);
  const [draft, setDraft] = useState<number | null>(node.count ?? null);
  useEffect(() => setDraft(node.count ?? null), [node.count]);
  const message = handlers.messageOf(path);
  const commit = (value: number | null) => {
    const count = value === null ? undefined : Math.max(0, Math.min(question.max, Math.trunc(value)));
    if (count !== node.count) handlers.onCount(path, count);
    setDraft(count ?? null);
    handlers.onLeave(path);
  };
  return (
    <FieldFrame
      path={path}
      label={question.countLabel ?? question.label}
      required={question.required}
      instruction={`From ${question.min} to ${question.max}.`}
      message={message}
    >
      <InputNumber
        id={id}
        min={0}
        max={question.max}
        precision={0}
        value={draft}
        status={message ? "error" : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        onChange={(value) => setDraft(typeof value === "number" ? value : null)}
        onStep={(value) => commit(typeof value === "number" ? value : null)}
        onBlur={() => commit(draft)}
        onPressEnter={(event) => {
          event.preventDefault();
          commit(draft);
        }}
        className="interview-count"
      />
    </FieldFrame>
  );
}

function GroupNode({ node, handlers }: NodeProps & { node: VisibleGroup }) {
  const { question } = node;
  const itemLabel = question.itemLabel ?? question.label;
  return (
    <fieldset className="interview-group" aria-label={question.label}>
      <legend className="interview-group__legend">{question.label}</legend>
      {question.instruction && (
        <Typography.Paragraph type="secondary" className="interview-group__instruction">
          {question.instruction}
        </Typography.Paragraph>
      )}
      <CountInput node={node} handlers={handlers} />
      {node.entries.map((entry, index) => {
        const heading = `${itemLabel} ${index + 1}`;
        return (
          // Entries are identified by position: the engine's paths are positional too.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <section key={index} className="interview-entry" aria-label={heading}>
            <Typography.Title level={4} className="interview-entry__heading">
              {heading}
            </Typography.Title>
            <QuestionList nodes={entry} handlers={handlers} />
          </section>
        );
      })}
    </fieldset>
  );
}

function PartyNode({ node, handlers }: NodeProps & { node: VisibleParty }) {
  const { question } = node;
  // A trustee is stored in its group entry itself: the entry's heading already names it.
  const nested = question.dataPath === "";
  const body = (
    <>
      {question.instruction && (
        <Typography.Paragraph type="secondary" className="interview-group__instruction">
          {question.instruction}
        </Typography.Paragraph>
      )}
      <QuestionList nodes={node.fields} handlers={handlers} />
    </>
  );
  if (nested) return body;
  return (
    <fieldset className="interview-party" aria-label={question.label}>
      <legend className="interview-group__legend">
        {question.label}
        {question.required && (
          <span className="interview-required" aria-hidden>
            {" "}
            *
          </span>
        )}
      </legend>
      {body}
    </fieldset>
  );
}

/** The shown questions in interview order: fields, repeatable groups and parties. */
export function QuestionList({ nodes, handlers }: NodeProps & { nodes: readonly VisibleQuestion[] }) {
  return (
    <>
      {nodes.map((node) =>
        node.kind === "field" ? (
          <FieldNode key={node.path} node={node} handlers={handlers} />
        ) : node.kind === "group" ? (
          <GroupNode key={node.path} node={node} handlers={handlers} />
        ) : (
          <PartyNode key={node.path} node={node} handlers={handlers} />
        ),
      )}
    </>
  );
}
