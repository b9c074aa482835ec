import type { QuestionNamed, RelaunchOffer } from "@precedent/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Flex, Modal, Radio, Typography } from "antd";
import { type ReactNode, useRef, useState } from "react";
import { relaunchOfferQuery } from "../../api/interview";

type Newer = NonNullable<RelaunchOffer["newer"]>;
/** The version chosen; null: the person closed the dialog, nothing to do. */
type Choice = number | null;

const LIST_STYLE = { margin: "4px 0 0", paddingInlineStart: 20 };

export const NEWER_VERSION_TITLE = "A newer version of this template is available";

const QuestionList = ({ title, questions }: { title: string; questions: readonly QuestionNamed[] }) =>
  questions.length > 0 && (
    <div>
      <Typography.Text strong>{title}</Typography.Text>
      <ul style={LIST_STYLE}>
        {questions.map((q) => (
          <li key={q.id}>{q.label}</li>
        ))}
      </ul>
    </div>
  );

/** What the newer version changed, in plain words (the dialog and the document's detail). */
export function NewerVersionChanges({ madeFrom, newer }: { madeFrom: number; newer: Newer }) {
  return (
    <Flex vertical gap={8}>
      <Typography.Paragraph style={{ margin: 0 }}>
        This document was made from version {madeFrom}. Version {newer.version} is now current.
      </Typography.Paragraph>
      {newer.note && (
        <Typography.Paragraph style={{ margin: 0 }}>
          <Typography.Text strong>What changed: </Typography.Text>
          {newer.note}
        </Typography.Paragraph>
      )}
      <QuestionList title="New questions" questions={newer.questions_added} />
      <QuestionList title="Questions no longer asked" questions={newer.questions_removed} />
    </Flex>
  );
}

/**
 * Before a completed document is relaunched, asks which template version to relaunch it on when
 * a newer one is current: the newer one (answers carried over where its questions remain) or the
 * one it was made from. `choose` answers at once, without a dialog, when there is nothing newer.
 */
export function useRelaunchVersionChoice(teamId: number): {
  choose: (docId: number) => Promise<{ version?: number } | null>;
  dialog: ReactNode;
} {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<{ madeFrom: number; newer: Newer } | null>(null);
  const [picked, setPicked] = useState<number>(0);
  const answer = useRef<((choice: Choice) => void) | null>(null);

  const choose = async (docId: number) => {
    const offer = await queryClient.fetchQuery(relaunchOfferQuery(teamId, docId));
    if (!offer.newer || offer.template_version === null) return {};
    const { newer } = offer;
    setPicked(newer.version);
    setOpen({ madeFrom: offer.template_version, newer });
    const choice = await new Promise<Choice>((resolve) => {
      answer.current = resolve;
    });
    setOpen(null);
    return choice === null ? null : { version: choice };
  };
  const close = (choice: Choice) => {
    answer.current?.(choice);
    answer.current = null;
  };

  const dialog = open && (
    <Modal
      open
      title={NEWER_VERSION_TITLE}
      okText="Relaunch"
      onOk={() => close(picked)}
      onCancel={() => close(null)}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <NewerVersionChanges madeFrom={open.madeFrom} newer={open.newer} />
        {open.newer.answers_dropped.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            message={`Relaunched on version ${open.newer.version}, your answers to these questions are not carried over:`}
            description={
              <ul style={LIST_STYLE}>
                {open.newer.answers_dropped.map((label) => (
                  <li key={label}>{label}</li>
                ))}
              </ul>
            }
          />
        ) : (
          <Typography.Paragraph style={{ margin: 0 }}>
            Relaunched on version {open.newer.version}, all your answers are carried over.
          </Typography.Paragraph>
        )}
        <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
          <legend style={{ fontSize: "inherit", fontWeight: 600, marginBottom: 8 }}>
            Relaunch this document on
          </legend>
          <Radio.Group value={picked} onChange={(e) => setPicked(e.target.value as number)}>
            <Flex vertical gap={8}>
              <Radio value={open.newer.version}>The newer version (version {open.newer.version})</Radio>
              <Radio value={open.madeFrom}>The version it was made from (version {open.madeFrom})</Radio>
            </Flex>
          </Radio.Group>
        </fieldset>
      </Flex>
    </Modal>
  );
  return { choose, dialog };
}

/** A document's notice that its template has a newer current version, for those who may relaunch it. */
export function NewerVersionNotice({ teamId, docId }: { teamId: number; docId: number }) {
  const offer = useQuery(relaunchOfferQuery(teamId, docId));
  const newer = offer.data?.newer;
  if (!newer || offer.data?.template_version == null) return null;
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      message={NEWER_VERSION_TITLE}
      description={
        <Flex vertical gap={8}>
          <NewerVersionChanges madeFrom={offer.data.template_version} newer={newer} />
          <Typography.Text>Relaunch the document to choose which version to use.</Typography.Text>
        </Flex>
      }
    />
  );
}
