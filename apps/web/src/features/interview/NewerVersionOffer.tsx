import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, App, Flex, Modal, Typography } from "antd";
import { useState } from "react";
import { moveToTemplateVersion, relaunchOfferQuery } from "../../api/interview";
import { NEWER_VERSION_TITLE, NewerVersionChanges } from "../documents/RelaunchVersionChoice";

const LIST_STYLE = { margin: "4px 0 0", paddingInlineStart: 20 };
/** Declined in this browser tab: not asked again for the same version until the tab closes. */
const declinedKey = (docId: number, version: number) => `precedent.keep-template-version.${docId}.${version}`;
const wasDeclined = (docId: number, version: number) => {
  try {
    return window.sessionStorage.getItem(declinedKey(docId, version)) === "1";
  } catch {
    return false;
  }
};

/**
 * A draft or in-progress document opened in the interview, made from an older version of its
 * template than the current one, is offered the current one with what it changed (the relaunch's
 * words): moving carries its answers over (the server cleans and logs them), keeping leaves it
 * on its version. `onMoved` reloads the interview on the new version.
 */
export function NewerVersionOffer({
  teamId,
  docId,
  onMoved,
}: {
  teamId: number;
  docId: number;
  onMoved: () => void;
}) {
  const { message } = App.useApp();
  const offer = useQuery(relaunchOfferQuery(teamId, docId));
  const [closed, setClosed] = useState(false);
  const move = useMutation({
    mutationFn: (version: number) => moveToTemplateVersion(teamId, docId, version),
    onSuccess: (moved) => {
      void message.success(`This document now uses version ${moved.template_version} of its template.`);
      setClosed(true);
      onMoved();
    },
    onError: (error: Error) => void message.error(error.message),
  });
  const newer = offer.data?.newer;
  const madeFrom = offer.data?.template_version;
  if (!newer || madeFrom == null || closed || wasDeclined(docId, newer.version)) return null;
  const keep = () => {
    try {
      window.sessionStorage.setItem(declinedKey(docId, newer.version), "1");
    } catch {
      // Private windows may refuse storage: it is asked again next time, nothing worse.
    }
    setClosed(true);
  };
  return (
    <Modal
      open
      title={NEWER_VERSION_TITLE}
      okText={`Use version ${newer.version}`}
      cancelText={`Keep version ${madeFrom}`}
      onOk={() => move.mutate(newer.version)}
      onCancel={keep}
      confirmLoading={move.isPending}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <NewerVersionChanges madeFrom={madeFrom} newer={newer} />
        {newer.answers_dropped.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            message={`On version ${newer.version}, your answers to these questions are not carried over:`}
            description={
              <ul style={LIST_STYLE}>
                {newer.answers_dropped.map((label) => (
                  <li key={label}>{label}</li>
                ))}
              </ul>
            }
          />
        ) : (
          <Typography.Paragraph style={{ margin: 0 }}>
            On version {newer.version}, all your answers are carried over.
          </Typography.Paragraph>
        )}
        <Typography.Paragraph style={{ margin: 0 }}>
          Keep version {madeFrom} to go on with the document as it is.
        </Typography.Paragraph>
      </Flex>
    </Modal>
  );
}
