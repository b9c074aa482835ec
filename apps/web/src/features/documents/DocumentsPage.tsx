import {
  type DocumentDetail,
  type DocumentRow,
  FOLDER_SHARED_SUCCESS,
  type FolderNode,
  type ListSection,
  MY_DOCUMENTS,
  ORGANISATION_DOCUMENTS,
  ORGANISATION_NOT_ALLOWED,
  SHARED_FOLDERS,
} from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { App, Card, Result, Typography } from "antd";
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  checkFolderDelete,
  deleteFolder,
  folderTreeQuery,
  shareFolders,
  unshareFolder,
} from "../../api/documents";
import { relaunchDocument } from "../../api/interview";
import { OpenedOnce } from "../../components/OpenedOnce";
import { TabBar } from "../../components/TabBar";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { AsicPaymentReturn } from "../asic";
import { PaymentReturn } from "../catalogue/PaymentReturn";
import type { LaunchAction } from "./DocumentDetailDrawer";
import type { DocumentDialog } from "./DocumentDialogs";
import { DocumentListPanel } from "./DocumentListPanel";
import { type FolderAction, FolderTreePanel } from "./FolderTreePanel";
import { findFolder } from "./folder-tree";
import { launchHref } from "./interview-address";
import { useRelaunchVersionChoice } from "./RelaunchVersionChoice";
import { useAddressActions } from "./use-address-actions";
import { useDocumentsAddress } from "./use-documents-address";
import { useDocumentsFeedback } from "./use-documents-feedback";

// The detail panel and the dialogs load when first opened (OpenedOnce): with the template flow and
// the date picker behind them they were a third of the list's code, run before its first view.
const DocumentDetailDrawer = lazy(async () => ({
  default: (await import("./DocumentDetailDrawer")).DocumentDetailDrawer,
}));
const DocumentDialogs = lazy(async () => ({ default: (await import("./DocumentDialogs")).DocumentDialogs }));

const TABS: { section: ListSection; label: string }[] = [
  { section: MY_DOCUMENTS, label: "My Documents" },
  { section: SHARED_FOLDERS, label: "Shared Folders" },
  { section: ORGANISATION_DOCUMENTS, label: "Organisation Documents" },
];

function DocumentsWorkspace({ teamId, canSeeOrganisation }: { teamId: number; canSeeOrganisation: boolean }) {
  const { message, modal } = App.useApp();
  const run = useDocumentsFeedback(teamId);
  const [address, setAddress, invalid] = useDocumentsAddress();
  const [dialog, setDialog] = useState<DocumentDialog | undefined>(undefined);
  const [selectionResetKey, setSelectionResetKey] = useState(0);
  const { section, folderId, docId, search } = address;

  // An address naming no tab, folder or document (`tab=bogus`, `docId=abc`) falls back to the
  // default and is corrected in place, so it is neither kept nor added to the history.
  useEffect(() => {
    if (invalid.tab === undefined && invalid.folderId === undefined && invalid.docId === undefined) return;
    if (invalid.docId)
      void message.warning(`The link names no document ('${invalid.docId}' is not a Doc ID).`);
    if (invalid.folderId)
      void message.warning(`The link names no folder ('${invalid.folderId}' is not a folder ID).`);
    setAddress(
      {
        ...(invalid.tab !== undefined ? { section: undefined } : {}),
        ...(invalid.folderId !== undefined ? { folderId: undefined } : {}),
        ...(invalid.docId !== undefined ? { docId: undefined } : {}),
      },
      { replace: true },
    );
  }, [invalid.tab, invalid.folderId, invalid.docId, message, setAddress]);

  // Documents spec §2: a member who opens Organisation Documents is sent to My Documents.
  const refused = section === ORGANISATION_DOCUMENTS && !canSeeOrganisation;
  useEffect(() => {
    if (refused) {
      void message.warning(ORGANISATION_NOT_ALLOWED);
      setAddress({ section: MY_DOCUMENTS, folderId: undefined, docId: undefined }, { replace: true });
    }
  }, [refused, message, setAddress]);

  const tree = useQuery({ ...folderTreeQuery(teamId, section), enabled: !refused });
  const folders = tree.data ?? [];

  const confirmFolderDelete = useCallback(
    (folder: FolderNode) =>
      modal.confirm({
        title: `Delete folder "${folder.name}"?`,
        content: "The folder is deleted. This cannot be undone.",
        okText: "Delete",
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await run(() => deleteFolder(teamId, folder.id), `Folder "${folder.name}" was deleted.`);
            if (folderId === folder.id) setAddress({ folderId: undefined });
          } catch {
            // The server's message (the folder filled since it was checked) is shown.
          }
        },
      }),
    [teamId, run, modal, folderId, setAddress],
  );

  const onFolderAction = useCallback(
    (action: FolderAction, folder: FolderNode) => {
      switch (action) {
        case "new-subfolder":
          return setDialog({ kind: "create-folder", section, parent: folder });
        case "rename":
          return setDialog({ kind: "rename-folder", folder });
        case "move":
          return setDialog({ kind: "move-folder", folder, section });
        case "share":
          return void run(() => shareFolders(teamId, [folder.id]), FOLDER_SHARED_SUCCESS).catch(
            () => undefined,
          );
        case "unshare": {
          const link = folder.api_remove_share;
          if (!link) return;
          return modal.confirm({
            title: `Remove "${folder.name}" from Shared Folders?`,
            content:
              "Documents added to this folder are no longer shared there, and everyone invited to it loses access.",
            okText: "Remove",
            okButtonProps: { danger: true },
            onOk: () =>
              run(
                () => unshareFolder(link),
                `Folder "${folder.name}" was removed from Shared Folders.`,
              ).catch(() => undefined),
          });
        }
        case "delete":
          // The server is asked first: a folder it would refuse to delete (not empty) is refused
          // now, with its message, rather than after the person has agreed to delete it.
          return void checkFolderDelete(teamId, folder.id).then(
            ({ refusal }) => {
              if (refusal) void message.error(refusal);
              else confirmFolderDelete(folder);
            },
            (error: unknown) => void message.error(error instanceof Error ? error.message : String(error)),
          );
      }
    },
    [section, teamId, run, modal, message, confirmFolderDelete],
  );

  // Organisation documents launched by someone other than their creator first ask for confirmation
  // (documents spec: "before launch, hard copy, legal review or ASIC payment"); opening one to read
  // its details changes nothing, so it asks nothing. Asked once per document.
  const confirmed = useRef(new Set<number>());
  // The owner's confirmation is on screen: an address's next action waits for it (use-address-actions).
  const [askingOwner, setAskingOwner] = useState(false);
  // The document's panel loads on its own (lazily): an address's action waits for it, so its dialog
  // opens above the panel with the focus, rather than under a panel that mounts after it.
  const [panelShownFor, setPanelShownFor] = useState<number | undefined>(undefined);
  const confirmOwner = (document: DocumentRow, proceed: () => void) => {
    const needsConfirmation =
      section === ORGANISATION_DOCUMENTS &&
      document.abilities.owner_confirmation &&
      !confirmed.current.has(document.id);
    if (!needsConfirmation) return proceed();
    setAskingOwner(true);
    modal.confirm({
      title: "Changes need to be notified",
      content: `This document belongs to ${document.created_by_user.display_name}. Changes you make to it will be notified to them.`,
      okText: "Continue",
      onOk: () => {
        confirmed.current.add(document.id);
        proceed();
      },
      afterClose: () => setAskingOwner(false),
    });
  };
  const openDocument = (document: DocumentRow) =>
    setAddress({ docId: document.id, docName: undefined, actions: undefined });

  // Start or relaunch opens the interview page; a completed document is reopened (5 → 2) first.
  const navigate = useNavigate();
  const versionChoice = useRelaunchVersionChoice(teamId);
  const launchDocument = (document: DocumentDetail, action: LaunchAction) =>
    confirmOwner(document, () => {
      const open = () => navigate(launchHref(document, section, folderId, interviewActions));
      if (action !== "relaunch-completed") return open();
      // A newer template version is offered first; run() says what a refused relaunch was refused for.
      void versionChoice.choose(document.id).then(
        (chosen) =>
          chosen &&
          run(
            () => relaunchDocument(teamId, document.id, chosen.version),
            "Your document has been relaunched.",
          )
            .then(open)
            .catch(() => undefined),
        (error: unknown) => void message.error(error instanceof Error ? error.message : String(error)),
      );
    });

  // The registration steps change the document, so another member's asks first, as a launch does.
  const openRegistrationSteps = (document: DocumentRow) =>
    confirmOwner(document, () => setDialog({ kind: "registration-steps", document, section }));

  // The address's `docName` and `actions` (documents spec §2).
  const { interviewActions } = useAddressActions({
    teamId,
    section,
    address,
    setAddress,
    refused,
    busy: dialog !== undefined || askingOwner || panelShownFor !== docId,
    openDialog: (opened) =>
      opened.kind === "registration-steps" ? openRegistrationSteps(opened.document) : setDialog(opened),
    launch: launchDocument,
  });

  const tabs = TABS.filter((tab) => tab.section !== ORGANISATION_DOCUMENTS || canSeeOrganisation);
  // The folders and the list are rendered from a deferred copy. An answer arriving for a query
  // (the folder tree here) re-renders this component at once, in one task, whatever its size;
  // given the copy from before, React skips the two panels in that render and renders them again
  // in slices between which the browser can respond. Their own state (the search box, the
  // selection) is theirs and updates at once.
  const layout = useDeferredValue(
    refused ? null : (
      <div className="documents-layout">
        <Card className="documents-layout__folders" size="small">
          <FolderTreePanel
            section={section}
            folders={tree.data}
            error={tree.error}
            loading={tree.isPending}
            onRetry={() => void tree.refetch()}
            selectedId={folderId}
            onSelect={(id) => setAddress({ folderId: id, docId: undefined })}
            onAction={onFolderAction}
          />
        </Card>
        <Card className="documents-layout__list" size="small">
          <DocumentListPanel
            key={section}
            teamId={teamId}
            section={section}
            folderId={folderId}
            folders={folders}
            foldersLoaded={tree.isSuccess}
            search={search}
            onSearch={(text) => setAddress({ search: text }, { replace: true })}
            onOpenFolder={(id) => setAddress({ folderId: id })}
            onOpenDocument={openDocument}
            openDialog={setDialog}
            selectionResetKey={selectionResetKey}
          />
        </Card>
      </div>
    ),
  );
  return (
    <>
      <TabBar
        label="Document sections"
        className="documents-tabs"
        activeKey={String(refused ? MY_DOCUMENTS : section)}
        onChange={(key) =>
          setAddress({
            section: Number(key) as ListSection,
            folderId: undefined,
            docId: undefined,
            docName: undefined,
            actions: undefined,
            search: "",
          })
        }
        items={tabs.map((tab) => ({ key: String(tab.section), label: tab.label }))}
      />
      {layout}
      {docId !== undefined && !refused && (
        <Suspense fallback={null}>
          <DocumentDetailDrawer
            teamId={teamId}
            docId={docId}
            docName={address.docName}
            section={section}
            onClose={() => {
              setPanelShownFor(undefined);
              setAddress({ docId: undefined, docName: undefined, actions: undefined });
            }}
            onLaunch={launchDocument}
            onRegistrationSteps={openRegistrationSteps}
            onShown={setPanelShownFor}
          />
        </Suspense>
      )}
      <PaymentReturn teamId={teamId} />
      <AsicPaymentReturn teamId={teamId} />
      {versionChoice.dialog}
      <OpenedOnce open={dialog !== undefined}>
        <DocumentDialogs
          teamId={teamId}
          dialog={dialog}
          onClose={() => setDialog(undefined)}
          onDocumentsChanged={() => setSelectionResetKey((key) => key + 1)}
          onFolderCreated={(id, createdIn) => {
            if (createdIn === section && findFolder(folders, folderId)?.id !== id)
              setAddress({ folderId: id });
          }}
        />
      </OpenedOnce>
    </>
  );
}

/** /my-account/my-document: the document list (documents spec §2). */
export function DocumentsPage() {
  const { team } = useCurrentTeam();
  return (
    <>
      <title>My Documents · Precedent</title>
      <header className="page-header">
        <Typography.Title level={1} className="page-header__title">
          My Documents
        </Typography.Title>
        {team && <Typography.Text type="secondary">{team.name}</Typography.Text>}
      </header>
      {team ? (
        <DocumentsWorkspace
          key={team.id}
          teamId={team.id}
          canSeeOrganisation={team.abilities.view_organisation_documents}
        />
      ) : (
        <Card className="page-card">
          <Result
            status="info"
            title="You are not part of a firm yet"
            subTitle="When a firm owner adds you to their team, your documents will appear here."
          />
        </Card>
      )}
    </>
  );
}
