import {
  DOCUMENT_SHARED_SUCCESS,
  DOCUMENT_UNSHARED_SUCCESS,
  type DocumentRow,
  type FolderNode,
  type FulfilmentKind,
  type ListSection,
  MY_DOCUMENTS,
  PERSONAL_FOLDER,
  SHARED_FOLDER,
  SHARED_FOLDERS,
} from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Modal, Typography } from "antd";
import { useState } from "react";
import {
  createDraft,
  createFolder,
  deleteDocuments,
  duplicateDocument,
  folderTreeQuery,
  moveDocuments,
  moveFolder,
  popupMoveQuery,
  renameDocument,
  renameFolder,
  shareDocuments,
  unshareDocument,
} from "../../api/documents";
import { useReturnFocus } from "../../components/use-return-focus";
import { CreateDocumentDialog } from "../catalogue/CreateDocumentDialog";
import { FulfilmentDialog } from "../fulfilment/FulfilmentDialogs";
import { LiteUpgradeNotice } from "../fulfilment/LiteUpgradeNotice";
import { SyncDocumentDialog } from "../integrations/SyncDocument";
import { SignDocument } from "../signing/SignDocument";
import { SigningStatusModal } from "../signing/SigningStatusModal";
import { ChangeLogDialog } from "./dialogs/ChangeLogDialog";
import { DocumentLogsDialog } from "./dialogs/DocumentLogsDialog";
import { FolderPickerDialog } from "./dialogs/FolderPickerDialog";
import {
  DOCUMENT_NAME_FIELD,
  FOLDER_NAME_FIELD,
  NameDialog,
  validateCopy,
  validateFolderName,
  validateNewDocument,
  validateRename,
} from "./dialogs/NameDialog";
import { UnshareDocumentDialog } from "./dialogs/UnshareDocumentDialog";
import { ResumeRegistrationWizard } from "./ResumeRegistrationWizard";
import { useDocumentsFeedback } from "./use-documents-feedback";

/** The dialog open on the document list page, if any. */
export type DocumentDialog =
  | { kind: "create-folder"; section: ListSection; parent: FolderNode | undefined }
  | { kind: "rename-folder"; folder: FolderNode }
  | { kind: "move-folder"; folder: FolderNode; section: ListSection }
  | { kind: "new-document"; folderId: number | undefined }
  | { kind: "template-catalogue" }
  | { kind: "rename-document"; document: DocumentRow }
  | { kind: "copy-document"; document: DocumentRow }
  | { kind: "move-documents"; documents: DocumentRow[]; section: ListSection }
  | { kind: "share-documents"; documents: DocumentRow[] }
  | { kind: "unshare-document"; document: DocumentRow; section: ListSection; preview: boolean }
  | { kind: "delete-documents"; documents: DocumentRow[]; section: ListSection }
  | { kind: "change-log"; document: DocumentRow }
  | { kind: "document-log"; document: DocumentRow }
  | { kind: "sign-document"; document: DocumentRow; section: ListSection }
  | { kind: "fulfilment"; fulfilment: FulfilmentKind; document: DocumentRow; section: ListSection }
  | { kind: "signing-status"; document: DocumentRow }
  | { kind: "sync-document"; document: DocumentRow }
  | { kind: "registration-steps"; document: DocumentRow; section: ListSection }
  | { kind: "lite-upgrade"; feature: string };

type DocumentDialogsProps = {
  teamId: number;
  dialog: DocumentDialog | undefined;
  onClose: () => void;
  /** After a change that leaves selected documents behind (moved, deleted). */
  onDocumentsChanged?: () => void;
  /** After a folder was created, so the list can open it. */
  onFolderCreated?: (folderId: number, section: ListSection) => void;
};

const itemsLabel = (count: number) => (count === 1 ? "1 item" : `${count} items`);

function MoveFolderDialog({
  teamId,
  folder,
  section,
  onClose,
}: {
  teamId: number;
  folder: FolderNode;
  section: ListSection;
  onClose: () => void;
}) {
  const run = useDocumentsFeedback(teamId);
  const targets = useQuery(popupMoveQuery(teamId, folder.id));
  return (
    <FolderPickerDialog
      title="Move folder to"
      folders={targets.data?.rows}
      loading={targets.isPending}
      rootLabel={
        targets.data?.can_move_to_root
          ? section === SHARED_FOLDERS
            ? "Shared Folders"
            : "My Documents"
          : undefined
      }
      currentId={folder.folder_parent_id}
      onSubmit={(to) => run(() => moveFolder(teamId, folder.id, to), `Folder "${folder.name}" was moved.`)}
      onClose={onClose}
    />
  );
}

function MoveDocumentsDialog({
  teamId,
  documents,
  section,
  onClose,
  onMoved,
}: {
  teamId: number;
  documents: DocumentRow[];
  section: ListSection;
  onClose: () => void;
  onMoved?: () => void;
}) {
  const run = useDocumentsFeedback(teamId);
  const tree = useQuery(folderTreeQuery(teamId, MY_DOCUMENTS));
  const [only] = documents;
  return (
    <FolderPickerDialog
      title={documents.length === 1 ? "Move document to" : `Move ${itemsLabel(documents.length)} to`}
      folders={tree.data}
      loading={tree.isPending}
      rootLabel="My Documents"
      currentId={documents.length === 1 && only ? (only.folder?.id ?? null) : undefined}
      onSubmit={async (to) => {
        await run(
          () =>
            moveDocuments(
              teamId,
              section,
              documents.map((d) => d.id),
              to,
            ),
          documents.length === 1
            ? "Your document has been moved."
            : `${itemsLabel(documents.length)} were moved.`,
          "Can not move document",
        );
        onMoved?.();
      }}
      onClose={onClose}
    />
  );
}

function ShareDocumentsDialog({
  teamId,
  documents,
  onClose,
  onShared,
}: {
  teamId: number;
  documents: DocumentRow[];
  onClose: () => void;
  onShared?: () => void;
}) {
  const run = useDocumentsFeedback(teamId);
  const tree = useQuery(folderTreeQuery(teamId, SHARED_FOLDERS));
  return (
    <FolderPickerDialog
      title={documents.length === 1 ? "Add to a shared folder" : `Add ${itemsLabel(documents.length)} to ...`}
      folders={tree.data}
      loading={tree.isPending}
      onSubmit={async (to) => {
        if (to === null) return;
        await run(
          () =>
            shareDocuments(
              teamId,
              documents.map((d) => d.id),
              to,
            ),
          DOCUMENT_SHARED_SUCCESS,
          "There was an error while adding your document to the share folder. Please try again or contact us for support.",
        );
        onShared?.();
      }}
      onClose={onClose}
    />
  );
}

function DeleteDocumentsDialog({
  teamId,
  documents,
  section,
  onClose,
  onDeleted,
}: {
  teamId: number;
  documents: DocumentRow[];
  section: ListSection;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const run = useDocumentsFeedback(teamId);
  const [deleting, setDeleting] = useState(false);
  const [only] = documents;
  const confirm = async () => {
    setDeleting(true);
    try {
      await run(
        () =>
          deleteDocuments(
            teamId,
            section,
            documents.map((d) => d.id),
          ),
        documents.length === 1
          ? "Your document has been deleted."
          : `${itemsLabel(documents.length)} were deleted.`,
      );
      onDeleted?.();
      onClose();
    } catch {
      // The server's message has been shown; nothing was deleted.
    } finally {
      setDeleting(false);
    }
  };
  return (
    <Modal
      open
      title={documents.length === 1 ? "Delete document?" : `Delete ${itemsLabel(documents.length)}?`}
      okText="Delete"
      okButtonProps={{ danger: true, loading: deleting }}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      {documents.length === 1 && only && (
        <Typography.Paragraph strong>
          Doc ID {only.id} - {only.name}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph>
        {documents.length === 1 ? "This document" : "These documents"} cannot be recovered once deleted, and
        will be removed from all shared folders.
      </Typography.Paragraph>
    </Modal>
  );
}

/** Every dialog of the document list page (documents spec §2 Dialogs), one open at a time. */
export function DocumentDialogs({
  teamId,
  dialog,
  onClose,
  onDocumentsChanged,
  onFolderCreated,
}: DocumentDialogsProps) {
  const run = useDocumentsFeedback(teamId);
  // Esc, Cancel or a finished action hands focus back to the ⋮ or button that opened the dialog.
  useReturnFocus(dialog !== undefined);
  if (!dialog) return null;

  switch (dialog.kind) {
    case "create-folder":
      return (
        <NameDialog
          title={dialog.parent ? `New subfolder in "${dialog.parent.name}"` : "New Folder"}
          okText="Confirm"
          field={FOLDER_NAME_FIELD}
          validate={validateFolderName}
          requireChange
          onSubmit={async (name) => {
            const folder = await run(
              () =>
                createFolder(teamId, {
                  name,
                  type: dialog.section === SHARED_FOLDERS ? SHARED_FOLDER : PERSONAL_FOLDER,
                  folder_parent_id: dialog.parent?.id ?? null,
                }),
              `Folder "${name}" was created.`,
            );
            onFolderCreated?.(folder.id, dialog.section);
          }}
          onClose={onClose}
        />
      );
    case "rename-folder":
      return (
        <NameDialog
          title="Rename folder"
          okText="Confirm"
          field={FOLDER_NAME_FIELD}
          initialName={dialog.folder.name}
          validate={validateFolderName}
          requireChange
          onSubmit={(name) =>
            run(() => renameFolder(teamId, dialog.folder.id, name), `Folder was renamed to "${name}".`)
          }
          onClose={onClose}
        />
      );
    case "move-folder":
      return (
        <MoveFolderDialog teamId={teamId} folder={dialog.folder} section={dialog.section} onClose={onClose} />
      );
    case "new-document":
      return (
        <NameDialog
          title="New Document"
          okText="Create draft"
          field={DOCUMENT_NAME_FIELD}
          validate={validateNewDocument}
          onSubmit={(name) =>
            run(
              () => createDraft(teamId, { name, folder_id: dialog.folderId ?? null, is_asic_document: 0 }),
              "Your document has been created. Please complete the interview to fulfill it",
              "There was a problem creating your document. Please try again later or contact us.",
            )
          }
          onClose={onClose}
        />
      );
    case "template-catalogue":
      return <CreateDocumentDialog teamId={teamId} onClose={onClose} />;
    case "rename-document":
      return (
        <NameDialog
          title="Rename document"
          okText="OK"
          field={DOCUMENT_NAME_FIELD}
          initialName={dialog.document.name}
          prefix={`Doc ID ${dialog.document.id} - `}
          validate={validateRename(dialog.document)}
          onSubmit={(name) =>
            run(
              () => renameDocument(teamId, dialog.document.id, name),
              "Your document has been renamed.",
              "Error when renaming document",
            )
          }
          onClose={onClose}
        />
      );
    case "copy-document":
      return (
        <NameDialog
          title="Copy document"
          okText="Copy"
          field={DOCUMENT_NAME_FIELD}
          initialName={`Copy of ${dialog.document.name}`}
          validate={validateCopy(dialog.document)}
          validateOnOpen
          onSubmit={(name) =>
            run(
              () => duplicateDocument(teamId, dialog.document.id, name),
              "Your document has been copied.",
              "Error when copying document",
            )
          }
          onClose={onClose}
        />
      );
    case "move-documents":
      return (
        <MoveDocumentsDialog
          teamId={teamId}
          documents={dialog.documents}
          section={dialog.section}
          onClose={onClose}
          onMoved={onDocumentsChanged}
        />
      );
    case "share-documents":
      return (
        <ShareDocumentsDialog
          teamId={teamId}
          documents={dialog.documents}
          onClose={onClose}
          onShared={onDocumentsChanged}
        />
      );
    case "unshare-document":
      return (
        <UnshareDocumentDialog
          teamId={teamId}
          docId={dialog.document.id}
          section={dialog.section}
          preview={dialog.preview}
          onSubmit={(folderIds) =>
            run(
              () => unshareDocument(teamId, dialog.document.id, folderIds),
              DOCUMENT_UNSHARED_SUCCESS,
              "There was an error while removing your document from share folder. Please try again or contact us for support.",
            )
          }
          onClose={onClose}
        />
      );
    case "delete-documents":
      return (
        <DeleteDocumentsDialog
          teamId={teamId}
          documents={dialog.documents}
          section={dialog.section}
          onClose={onClose}
          onDeleted={onDocumentsChanged}
        />
      );
    case "change-log":
      return (
        <ChangeLogDialog
          teamId={teamId}
          docId={dialog.document.id}
          docName={dialog.document.name}
          onClose={onClose}
        />
      );
    case "document-log":
      return (
        <DocumentLogsDialog
          teamId={teamId}
          docId={dialog.document.id}
          docName={dialog.document.name}
          onClose={onClose}
        />
      );
    case "lite-upgrade":
      return <LiteUpgradeNotice feature={dialog.feature} onClose={onClose} />;
    case "sign-document":
      return (
        <SignDocument teamId={teamId} document={dialog.document} section={dialog.section} onClose={onClose} />
      );
    case "fulfilment":
      return (
        <FulfilmentDialog
          kind={dialog.fulfilment}
          teamId={teamId}
          document={dialog.document}
          section={dialog.section}
          onClose={onClose}
        />
      );
    case "signing-status":
      return <SigningStatusModal teamId={teamId} document={dialog.document} onClose={onClose} />;
    case "sync-document":
      return <SyncDocumentDialog teamId={teamId} docId={dialog.document.id} onClose={onClose} />;
    case "registration-steps":
      return (
        <ResumeRegistrationWizard
          teamId={teamId}
          document={dialog.document}
          section={dialog.section}
          onClose={onClose}
        />
      );
  }
}
