import { type DocumentDetail, type ListSection, shownStatusName } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button, Descriptions, Drawer, Flex, Grid, Result, Skeleton, Typography } from "antd";
import { useEffect, useState } from "react";
import { isApiError } from "../../api/client";
import { documentQuery } from "../../api/documents";
import { LoadError } from "../../components/LoadError";
import { formatDay } from "../../dates";
import { FulfilmentActions, fulfilmentItems } from "../fulfilment/FulfilmentActions";
import { SyncDocumentButton } from "../integrations/SyncDocument";
import { SignDocument } from "../signing/SignDocument";
import { DocumentDialogs } from "./DocumentDialogs";
import { DocumentDownloads } from "./DocumentDownloads";
import { DocumentVersions } from "./DocumentVersions";
import { canRelaunch, offersSigning } from "./document-abilities";
import { NextStepButton, nextStepsOf } from "./NextStepActions";
import { NewerVersionNotice } from "./RelaunchVersionChoice";
import { StatusIcon } from "./StatusIcon";

/** How a document's interview is opened from the list (documents spec §6). */
export type LaunchAction = "start" | "relaunch-interview" | "relaunch-completed";

/** Start Document (draft), Relaunch Document (in progress) or Relaunch (completed: status 5 → 2). */
function launchActionOf(document: DocumentDetail): { action: LaunchAction; label: string } | undefined {
  if (document.abilities.interview)
    return document.status === 1
      ? { action: "start", label: "Start Document" }
      : { action: "relaunch-interview", label: "Relaunch Document" };
  if (canRelaunch(document)) return { action: "relaunch-completed", label: "Relaunch" };
  return undefined;
}

/** The document named by `docId` in the address: its fields (documents spec §3). */
export function DocumentDetailDrawer({
  teamId,
  docId,
  docName,
  section,
  onClose,
  onLaunch,
  onRegistrationSteps,
  onShown,
}: {
  teamId: number;
  docId: number;
  /** The name the address gives (`docName`), shown while the document loads. */
  docName?: string | undefined;
  section: ListSection;
  onClose: () => void;
  onLaunch?: (document: DocumentDetail, action: LaunchAction) => void;
  /** Reopens the start wizard's registration steps (offered where the server names a step). */
  onRegistrationSteps?: (document: DocumentDetail) => void;
  /** The panel of this document is on the page: a dialog opened after it is above it and has the focus. */
  onShown?: (docId: number) => void;
}) {
  const screens = Grid.useBreakpoint();
  useEffect(() => onShown?.(docId), [docId, onShown]);
  const document = useQuery(documentQuery(teamId, docId, section));
  const data = document.data;
  const launch = data && onLaunch ? launchActionOf(data) : undefined;
  const [signing, setSigning] = useState(false);
  const [moving, setMoving] = useState(false);

  return (
    <Drawer
      open
      onClose={onClose}
      size={screens.md ? 480 : "100%"}
      title={
        data
          ? `Doc ID ${data.id} - ${data.name}`
          : docName
            ? `Doc ID ${docId} - ${docName}`
            : `Doc ID ${docId}`
      }
      destroyOnHidden
      extra={
        launch &&
        data && (
          <Button type="primary" onClick={() => onLaunch?.(data, launch.action)}>
            {launch.label}
          </Button>
        )
      }
    >
      {document.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : document.isError ? (
        isApiError(document.error) && document.error.status === 404 ? (
          // Trying again cannot help: the document does not exist or is not this person's to see.
          <Result
            status="warning"
            title={`Doc ID ${docId} was not found`}
            subTitle="It does not exist, or you do not have access to it."
            extra={<Button onClick={onClose}>Back to list</Button>}
          />
        ) : (
          <LoadError
            title="Cannot get the document"
            error={document.error}
            onRetry={() => void document.refetch()}
            retrying={document.isFetching}
          />
        )
      ) : (
        data && (
          <Flex vertical gap={16}>
            {canRelaunch(data) && <NewerVersionNotice teamId={teamId} docId={data.id} />}
            {offersSigning(data) && (
              // Lite sees it on the same documents, and gets the upgrade notice.
              <Button type="primary" onClick={() => setSigning(true)}>
                Sign document
              </Button>
            )}
            {data.registration_step && onRegistrationSteps && (
              <Button type="primary" onClick={() => onRegistrationSteps(data)}>
                Registration steps
              </Button>
            )}
            {data.abilities.move && <Button onClick={() => setMoving(true)}>Move to</Button>}
            <FulfilmentActions teamId={teamId} document={data} section={section} />
            {nextStepsOf(data).length > 0 && (
              <section aria-label="Next steps" className="next-steps">
                <Typography.Paragraph strong>Next steps</Typography.Paragraph>
                <Flex vertical gap={8}>
                  {nextStepsOf(data).map((step) => (
                    <NextStepButton key={step.key} step={step} block />
                  ))}
                </Flex>
              </section>
            )}
            {data.status === 5 && data.abilities.download_pdf && (
              // As in the list's menu: a completed document's PDF, to an app that takes documents
              // (the button shows only while one is connected with the sync_document ability).
              <SyncDocumentButton teamId={teamId} docId={data.id} />
            )}
            {moving && (
              <DocumentDialogs
                teamId={teamId}
                dialog={{ kind: "move-documents", documents: [data], section }}
                onClose={() => {
                  setMoving(false);
                  void document.refetch();
                }}
              />
            )}
            {signing && (
              <SignDocument
                teamId={teamId}
                document={data}
                section={section}
                onClose={() => setSigning(false)}
              />
            )}
            {(data.abilities.download_pdf || data.abilities.download_word) && (
              <section aria-label="Downloads">
                <Typography.Paragraph strong>Downloads</Typography.Paragraph>
                <DocumentDownloads teamId={teamId} document={data} />
              </section>
            )}
            <Descriptions
              column={1}
              size="small"
              bordered
              items={[
                { key: "name", label: "Name", children: data.name },
                {
                  key: "status",
                  label: "Status",
                  children: (
                    <span className="status-cell">
                      <StatusIcon status={data.status} /> {shownStatusName(data)}
                    </span>
                  ),
                },
                { key: "type", label: "Type", children: data.type },
                ...fulfilmentItems(data),
                { key: "template", label: "Template", children: data.template?.name ?? "None yet" },
                { key: "folder", label: "Folder", children: data.folder?.name ?? "My Documents (top level)" },
                {
                  key: "shared",
                  label: "Shared folders",
                  children:
                    data.shared_folders.length > 0
                      ? data.shared_folders.map((f) => f.name).join(", ")
                      : "None",
                },
                { key: "created-by", label: "Created by", children: data.created_by_user.display_name },
                { key: "created", label: "Created", children: formatDay(data.created_at) },
                { key: "updated-by", label: "Updated by", children: data.updated_by_user.display_name },
                { key: "updated", label: "Updated", children: formatDay(data.updated_at) },
              ]}
            />
          </Flex>
        )
      )}
      {data && <DocumentVersions teamId={teamId} docId={data.id} />}
    </Drawer>
  );
}
