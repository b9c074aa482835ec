import type { ListSection } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Checkbox, Empty, Modal, Skeleton, Typography } from "antd";
import { type ReactNode, useState } from "react";
import { documentQuery } from "../../../api/documents";
import { LoadError } from "../../../components/LoadError";

type UnshareDocumentDialogProps = {
  teamId: number;
  docId: number;
  section: ListSection;
  /** Read-only: lists the shared folders holding the document ('Shared document was in folders:'). */
  preview?: boolean;
  onSubmit: (folderIds: number[]) => Promise<unknown>;
  onClose: () => void;
};

/**
 * Remove-from-shared-folder dialog (documents spec §2): the shared folders holding the document,
 * with checkboxes; Remove stays disabled until one is ticked.
 */
export function UnshareDocumentDialog({
  teamId,
  docId,
  section,
  preview = false,
  onSubmit,
  onClose,
}: UnshareDocumentDialogProps) {
  const document = useQuery({ ...documentQuery(teamId, docId, section), staleTime: 0 });
  const [ticked, setTicked] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const folders = document.data?.shared_folders ?? [];

  const submit = async () => {
    if (ticked.length === 0 || saving) return;
    setSaving(true);
    try {
      await onSubmit(ticked);
      onClose();
    } catch {
      // The caller has shown the message.
    } finally {
      setSaving(false);
    }
  };

  let body: ReactNode;
  if (document.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (document.isError)
    body = (
      <LoadError
        title="Cannot get the shared folders"
        error={document.error}
        onRetry={() => void document.refetch()}
        retrying={document.isFetching}
      />
    );
  else if (folders.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No shared folders hold this document." />;
  else if (preview)
    body = (
      <ul className="plain-list">
        {folders.map((folder) => (
          <li key={folder.id}>{folder.name}</li>
        ))}
      </ul>
    );
  else
    body = (
      <>
        <Typography.Paragraph type="secondary">
          Removing a document from a shared folder takes away access for all users invited to that folder.
        </Typography.Paragraph>
        <Checkbox.Group
          className="checkbox-column"
          value={ticked}
          onChange={(values) => setTicked(values as number[])}
          options={folders.map((folder) => ({
            // A folder the document sits in is left by moving the document, not from here.
            label: folder.sits_in
              ? `${folder.name} (the document is in this folder: move it to take it out)`
              : folder.name,
            value: folder.id,
            disabled: !folder.can_remove,
          }))}
        />
      </>
    );

  return (
    <Modal
      open
      title={preview ? "Shared document was in folders:" : "Remove from Shared Folders"}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="Remove"
      okButtonProps={{ disabled: ticked.length === 0, loading: saving, danger: true }}
      footer={preview ? (_, { CancelBtn }) => <CancelBtn /> : undefined}
      cancelText={preview ? "Close" : "Cancel"}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
