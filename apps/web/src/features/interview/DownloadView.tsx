import {
  ArrowLeftOutlined,
  CheckCircleFilled,
  DownloadOutlined,
  EditOutlined,
  FilePdfOutlined,
  FileWordOutlined,
  FolderOpenOutlined,
  RedoOutlined,
} from "@ant-design/icons";
import { type DocumentFile, MY_DOCUMENTS } from "@precedent/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Flex, List, Modal, Space, Typography } from "antd";
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { documentQuery, documentsKey } from "../../api/documents";
import { downloadHref, getDownloadFiles, relaunchDocument } from "../../api/interview";
import { DocumentDialogs } from "../documents/DocumentDialogs";
import { canRelaunch, offersSigning } from "../documents/document-abilities";
import {
  type DownloadLink,
  documentsListHref,
  fileKindOf,
  type InterviewAddress,
  interviewHref,
  offersAction,
  sectionOfTab,
} from "../documents/interview-address";
import { NextStepButton, nextStepsOf } from "../documents/NextStepActions";
import { useRelaunchVersionChoice } from "../documents/RelaunchVersionChoice";
import { FulfilmentActions, offersHardCopy, offersLegalReview } from "../fulfilment/FulfilmentActions";
import { SyncDocumentButton } from "../integrations/SyncDocument";
import { SignDocument } from "../signing/SignDocument";

const KIND_NAMES = { pdf: "PDF", word: "Word" } as const;
const KIND_ICONS = { pdf: <FilePdfOutlined />, word: <FileWordOutlined /> } as const;

const downloadFilesKey = (teamId: number, docId: number) =>
  [...documentsKey(teamId), "files", docId] as const;

/** A link that downloads an assembled file (an attachment: the page stays where it is). */
function FileLink({
  teamId,
  docId,
  file,
  children,
  onDownload,
  primary = false,
}: {
  teamId: number;
  docId: number;
  file: { kind: DocumentFile["kind"] };
  children: React.ReactNode;
  onDownload?: () => void;
  primary?: boolean;
}) {
  return (
    <Button
      type={primary ? "primary" : "default"}
      href={downloadHref(teamId, docId, file.kind)}
      download
      // The icon is decoration: the link's name is its words ("Download PDF again"), not
      // "download Download PDF again".
      icon={<DownloadOutlined aria-hidden />}
      onClick={onDownload}
    >
      {children}
    </Button>
  );
}

/**
 * The post-completion suggested actions (documents spec §4): move, relaunch, download PDF (then
 * shown as downloaded, with 'download again'), download Word when allowed, send for signature,
 * legal review, order hard copy, and the next steps the server flags on the document (ABN/TFN,
 * trust deed stamping, protector, PPSR, the company or fund in its 360 app).
 */
function SuggestedActionsDialog({
  teamId,
  address,
  links,
  onClose,
}: {
  teamId: number;
  address: InterviewAddress;
  links: DownloadLink[];
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useQuery(documentQuery(teamId, address.docId, sectionOfTab(address.tab)));
  const files = useQuery({
    queryKey: downloadFilesKey(teamId, address.docId),
    queryFn: ({ signal }) => getDownloadFiles(teamId, address.docId, signal),
    staleTime: 0,
  });
  const [downloadedHere, setDownloadedHere] = useState<ReadonlySet<number>>(() => new Set());
  const [moving, setMoving] = useState(false);
  const [relaunching, setRelaunching] = useState(false);
  const versionChoice = useRelaunchVersionChoice(teamId);
  const [signing, setSigning] = useState(false);

  // The server's list says which files this user already downloaded; without it, the address's.
  const available: DocumentFile[] =
    files.data ??
    links.map((link) => ({
      id: link.id,
      kind: fileKindOf(link.name),
      name: link.name,
      size: 0,
      downloaded: false,
    }));
  const pdf = available.find((file) => file.kind === "pdf");
  const word = available.find((file) => file.kind === "word");
  const document = detail.data;
  const wordAllowed = document ? document.abilities.download_word : false;
  const offersDownload = offersAction(address, "XD_Download");

  const markDownloaded = (id: number) => {
    setDownloadedHere((current) => new Set([...current, id]));
    // The server records the download as it serves the file; read its word on it shortly after.
    window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: downloadFilesKey(teamId, address.docId) }),
      1_000,
    );
  };

  const relaunch = async () => {
    setRelaunching(true);
    try {
      const chosen = await versionChoice.choose(address.docId);
      if (!chosen) return setRelaunching(false);
      await relaunchDocument(teamId, address.docId, chosen.version);
      await queryClient.invalidateQueries({ queryKey: documentsKey(teamId) });
      navigate(interviewHref(address));
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
      setRelaunching(false);
    }
  };

  // Each file's line names its kind ("PDF downloaded", "Download PDF again"): read as
  // "Download PDF downloaded" before, and two links both called "Download again" could not be
  // told apart by a screen reader listing links.
  const downloadAction = (file: DocumentFile | undefined, kind: "PDF" | "Word") => {
    if (!file) return null;
    const done = file.downloaded || downloadedHere.has(file.id);
    return (
      <li className="suggested-actions__item" key={file.id}>
        <Space wrap>
          {done ? (
            <>
              <Typography.Text type="success">
                <CheckCircleFilled aria-hidden /> {kind} downloaded
              </Typography.Text>
              <FileLink
                teamId={teamId}
                docId={address.docId}
                file={file}
                onDownload={() => markDownloaded(file.id)}
              >
                Download {kind} again
              </FileLink>
            </>
          ) : (
            <FileLink
              teamId={teamId}
              docId={address.docId}
              file={file}
              onDownload={() => markDownloaded(file.id)}
            >
              Download {kind}
            </FileLink>
          )}
        </Space>
      </li>
    );
  };

  return (
    <>
      <Modal
        open={!moving}
        title="What would you like to do next?"
        onCancel={onClose}
        footer={
          <Space wrap>
            {/* documents spec §2: the way back to the list, keeping the document's tab and folder. */}
            <Link to={documentsListHref(address)}>Exit and return to my documents</Link>
            <Button onClick={onClose}>Close</Button>
          </Space>
        }
        destroyOnHidden
      >
        {/* A plain list: antd's List without a dataSource puts its items in no <ul>, which screen
            readers (and axe) do not take for a list. */}
        <ul className="suggested-actions" aria-label="Suggested actions">
          {document?.abilities.move && (
            <li className="suggested-actions__item">
              <Button icon={<FolderOpenOutlined />} onClick={() => setMoving(true)}>
                Move to
              </Button>
            </li>
          )}
          {document && canRelaunch(document) && (
            <li className="suggested-actions__item">
              <Button icon={<RedoOutlined />} onClick={() => void relaunch()} loading={relaunching}>
                Relaunch
              </Button>
            </li>
          )}
          {document && offersSigning(document) && offersAction(address, "SignFS") && (
            <li className="suggested-actions__item">
              <Button icon={<EditOutlined />} onClick={() => setSigning(true)}>
                Sign document
              </Button>
            </li>
          )}
          {document && (offersLegalReview(document) || offersHardCopy(document)) && (
            <li className="suggested-actions__item">
              {/* Flex, not Space: Space spaces its React children, and FulfilmentActions is one
                  child holding both buttons, which then touched. */}
              <Flex wrap gap="small">
                <FulfilmentActions
                  teamId={teamId}
                  document={document}
                  section={sectionOfTab(address.tab) ?? MY_DOCUMENTS}
                />
              </Flex>
            </li>
          )}
          {offersDownload && downloadAction(pdf, "PDF")}
          {offersDownload && wordAllowed && downloadAction(word, "Word")}
          {document &&
            nextStepsOf(document).map((step) => (
              <li className="suggested-actions__item" key={step.key}>
                <NextStepButton step={step} />
              </li>
            ))}
        </ul>
      </Modal>
      {signing && document && (
        <SignDocument
          teamId={teamId}
          document={document}
          section={MY_DOCUMENTS}
          onClose={() => {
            setSigning(false);
            void detail.refetch();
          }}
        />
      )}
      {moving && document && (
        <DocumentDialogs
          teamId={teamId}
          dialog={{ kind: "move-documents", documents: [document], section: MY_DOCUMENTS }}
          onClose={() => {
            setMoving(false);
            void detail.refetch();
          }}
        />
      )}
      {versionChoice.dialog}
    </>
  );
}

/**
 * The download view (interview spec §2 Routes): with download_id[] and filename[] in the address,
 * the assembled files replace the interview. Straight after assembly it first shows 'Assemble
 * Results', then the suggested actions.
 */
export function DownloadView({
  teamId,
  address,
  links,
}: {
  teamId: number;
  address: InterviewAddress;
  links: DownloadLink[];
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const detail = useQuery(documentQuery(teamId, address.docId, sectionOfTab(address.tab)));
  const justAssembled = (location.state as { assembled?: boolean } | null)?.assembled === true;
  const [dialog, setDialog] = useState<"results" | "actions" | undefined>(
    justAssembled ? "results" : undefined,
  );

  const fileList = (
    <List
      aria-label="Assembled files"
      dataSource={links}
      renderItem={(link) => {
        const kind = fileKindOf(link.name);
        return (
          <List.Item
            actions={
              offersAction(address, "XD_Download")
                ? [
                    <FileLink key="download" teamId={teamId} docId={address.docId} file={{ kind }}>
                      Download {KIND_NAMES[kind]}
                    </FileLink>,
                  ]
                : []
            }
          >
            <List.Item.Meta avatar={KIND_ICONS[kind]} title={link.name} />
          </List.Item>
        );
      }}
    />
  );

  return (
    <div className="interview">
      <div className="interview-topbar" role="toolbar" aria-label="Interview actions">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(documentsListHref(address))}>
          Back to list
        </Button>
        <span className="interview-topbar__spacer" />
        <SyncDocumentButton teamId={teamId} docId={address.docId} />
        <Button onClick={() => setDialog("actions")}>What next?</Button>
      </div>
      <header className="interview-header">
        <Typography.Title level={1} className="interview-header__title">
          Doc ID {address.docId}
          {detail.data ? ` - ${detail.data.name}` : ""}
        </Typography.Title>
        {detail.data?.template && (
          <Typography.Text type="secondary">{detail.data.template.name}</Typography.Text>
        )}
      </header>
      <Card size="small">{fileList}</Card>
      <Modal
        open={dialog === "results"}
        title="Assemble Results"
        onCancel={() => setDialog("actions")}
        footer={
          <Button type="primary" onClick={() => setDialog("actions")}>
            Continue
          </Button>
        }
        destroyOnHidden
      >
        <Typography.Paragraph>Your document has been assembled.</Typography.Paragraph>
        {fileList}
      </Modal>
      {dialog === "actions" && (
        <SuggestedActionsDialog
          teamId={teamId}
          address={address}
          links={links}
          onClose={() => setDialog(undefined)}
        />
      )}
    </div>
  );
}
