import {
  DOCUMENT_LOAD_FAILED,
  INTERVIEW_COMPLETED_DOCUMENT,
  INTERVIEW_INVALID_DOCUMENT,
  INTERVIEW_LOADING,
  NO_TEMPLATE,
} from "@precedent/contracts";
import { type Answers, DefinitionError, defineInterview } from "@precedent/docgen/forms";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Flex, Result, Spin, Typography } from "antd";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { isApiError } from "../../api/client";
import { documentQuery, documentsKey } from "../../api/documents";
import { getActionToken, getInterview, interviewKey, relaunchDocument } from "../../api/interview";
import { LoadError } from "../../components/LoadError";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { CreateDocumentDialog } from "../catalogue/CreateDocumentDialog";
import { DocumentDownloads } from "../documents/DocumentDownloads";
import {
  DOWNLOAD_ID_PARAM,
  type DownloadLink,
  documentsListHref,
  FILENAME_PARAM,
  type InterviewAddress,
  interviewActionsOf,
  sectionOfTab,
} from "../documents/interview-address";
import { useRelaunchVersionChoice } from "../documents/RelaunchVersionChoice";
import { DownloadView } from "./DownloadView";
import { InterviewForm } from "./InterviewForm";
import { NewerVersionOffer } from "./NewerVersionOffer";
import "./interview.css";

const positiveId = (value: string | null) => {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : undefined;
};

/** The download view's files, paired from download_id[] and filename[]; none if they do not pair up. */
export function downloadLinksOf(params: URLSearchParams): DownloadLink[] {
  const ids = params.getAll(DOWNLOAD_ID_PARAM).map(positiveId);
  const names = params.getAll(FILENAME_PARAM);
  if (ids.length !== names.length) return [];
  return ids.flatMap((id, index) => (id === undefined ? [] : [{ id, name: names[index] ?? "" }]));
}

function Message({
  title,
  status = "warning",
  address,
  extra,
}: {
  title: string;
  status?: "warning" | "info" | "error";
  address: Pick<InterviewAddress, "folderId" | "tab">;
  extra?: React.ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        status={status}
        title={title}
        extra={
          <Flex gap={8} justify="center" wrap>
            <Button onClick={() => navigate(documentsListHref(address))}>Back to list</Button>
            {extra}
          </Flex>
        }
      />
    </Card>
  );
}

/** A completed document cannot be interviewed; it can be relaunched (status 5 → 2). */
function CompletedDocument({
  teamId,
  address,
  onRelaunched,
}: {
  teamId: number;
  address: InterviewAddress;
  onRelaunched: () => void;
}) {
  const { message } = App.useApp();
  const [relaunching, setRelaunching] = useState(false);
  const versionChoice = useRelaunchVersionChoice(teamId);
  const relaunch = async () => {
    setRelaunching(true);
    try {
      const chosen = await versionChoice.choose(address.docId);
      if (!chosen) return;
      await relaunchDocument(teamId, address.docId, chosen.version);
      onRelaunched();
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setRelaunching(false);
    }
  };
  // Its downloads, and Relaunch only as the server's abilities allow (never without a template).
  const detail = useQuery(documentQuery(teamId, address.docId, sectionOfTab(address.tab)));
  return (
    <Message
      title={INTERVIEW_COMPLETED_DOCUMENT}
      status="info"
      address={address}
      extra={
        detail.data && (
          <>
            <DocumentDownloads teamId={teamId} document={detail.data} />
            {detail.data.abilities.relaunch && (
              <Button type="primary" onClick={() => void relaunch()} loading={relaunching}>
                Relaunch
              </Button>
            )}
            {versionChoice.dialog}
          </>
        )
      }
    />
  );
}

/**
 * A blank draft (Create New > New Document) has no template to interview: the template catalogue
 * opens for it, and the template chosen (bought or taken from the plan as usual) is attached to it.
 */
function DraftWithoutTemplate({
  teamId,
  address,
  onStarted,
}: {
  teamId: number;
  address: InterviewAddress;
  onStarted: () => void;
}) {
  const document = useQuery(documentQuery(teamId, address.docId, undefined));
  const [choosing, setChoosing] = useState(false);
  const canChoose = document.data?.abilities.interview === true;
  return (
    <>
      <Message
        title={NO_TEMPLATE}
        status="info"
        address={address}
        extra={
          canChoose && (
            <Button type="primary" onClick={() => setChoosing(true)}>
              Choose a template
            </Button>
          )
        }
      />
      {choosing && document.data && (
        <CreateDocumentDialog
          teamId={teamId}
          draft={{
            id: document.data.id,
            name: document.data.name,
            onStarted: () => {
              setChoosing(false);
              onStarted();
            },
          }}
          onClose={() => setChoosing(false)}
        />
      )}
    </>
  );
}

/** Opens the document: its action token first, then the interview (interview spec §4). */
function InterviewSession({ teamId, address }: { teamId: number; address: InterviewAddress }) {
  const queryClient = useQueryClient();
  const { docId } = address;
  const load = useQuery({
    queryKey: interviewKey(teamId, docId),
    queryFn: async ({ signal }) => {
      const actionToken = await getActionToken(teamId, docId, signal);
      const interview = await getInterview(teamId, docId, signal);
      return { actionToken, interview };
    },
    // Fetching again would take a new token and replace the answers on screen: once per visit.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  if (load.isPending)
    return (
      <Flex vertical align="center" gap={12} className="interview-loading" role="status">
        <Spin size="large" />
        <Typography.Text type="secondary">{INTERVIEW_LOADING}</Typography.Text>
      </Flex>
    );

  if (load.isError) {
    const error = load.error;
    if (isApiError(error) && error.message === INTERVIEW_COMPLETED_DOCUMENT)
      return <CompletedDocument teamId={teamId} address={address} onRelaunched={() => void load.refetch()} />;
    if (isApiError(error) && error.status === 409 && error.message === NO_TEMPLATE)
      return <DraftWithoutTemplate teamId={teamId} address={address} onStarted={() => void load.refetch()} />;
    if (isApiError(error) && (error.status === 404 || error.status === 403))
      return <Message title={INTERVIEW_INVALID_DOCUMENT} address={address} />;
    if (isApiError(error) && error.status >= 400 && error.status < 500)
      return <Message title={error.message} address={address} />;
    return (
      <LoadError
        title={DOCUMENT_LOAD_FAILED}
        error={error}
        onRetry={() => void load.refetch()}
        retrying={load.isFetching}
      />
    );
  }

  const { actionToken, interview } = load.data;
  if (interview.status === 5)
    return (
      <CompletedDocument
        teamId={teamId}
        address={address}
        onRelaunched={() => {
          void queryClient.invalidateQueries({ queryKey: documentsKey(teamId) });
          void load.refetch();
        }}
      />
    );

  let definition: ReturnType<typeof defineInterview>;
  try {
    definition = defineInterview(interview.definition);
  } catch (error) {
    // The server checks every definition when the library loads; this is a guard, not a path.
    const detail = error instanceof DefinitionError ? error.problems.join("; ") : String(error);
    return (
      <Message
        title="This document's interview cannot be shown."
        status="error"
        address={address}
        extra={detail}
      />
    );
  }

  return (
    <>
      <NewerVersionOffer
        teamId={teamId}
        docId={docId}
        onMoved={() => {
          void queryClient.invalidateQueries({ queryKey: documentsKey(teamId) });
          void load.refetch();
        }}
      />
      <InterviewForm
        // A relaunch or a new visit starts a fresh form with the stored answers.
        key={`${docId}:${actionToken}`}
        teamId={teamId}
        address={address}
        document={{
          docId,
          name: interview.name,
          templateName: interview.template_name,
          isAsicDocument: interview.is_asic_document,
          isSfAction: interview.is_sf_action,
          actionToken,
          definition,
          answers: interview.xml as Answers,
        }}
      />
    </>
  );
}

/**
 * /my-account/my-document/template?docId=..&templateIdentifier=..&folderId=..&tab=.. — the document
 * interview page; with download_id[] and filename[], the download view of its assembled files.
 */
export function InterviewPage() {
  const { team } = useCurrentTeam();
  const [params] = useSearchParams();
  const docId = positiveId(params.get("docId"));
  const address: InterviewAddress = {
    docId: docId ?? 0,
    templateIdentifier: params.get("templateIdentifier") ?? undefined,
    folderId: positiveId(params.get("folderId")),
    tab: params.get("tab") ?? undefined,
    actions: interviewActionsOf(params.get("actions")),
  };
  const links = downloadLinksOf(params);

  let body: React.ReactNode;
  if (docId === undefined || !team) body = <Message title={INTERVIEW_INVALID_DOCUMENT} address={address} />;
  else if (links.length > 0)
    body = <DownloadView key={docId} teamId={team.id} address={address} links={links} />;
  else body = <InterviewSession key={`${team.id}:${docId}`} teamId={team.id} address={address} />;

  return (
    <>
      <title>{docId ? `Doc ID ${docId} · Precedent` : "Document · Precedent"}</title>
      {body}
    </>
  );
}
