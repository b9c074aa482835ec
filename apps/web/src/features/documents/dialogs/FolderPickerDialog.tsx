import { FolderOutlined } from "@ant-design/icons";
import { Empty, Modal, Skeleton, Tree, type TreeDataNode, Typography } from "antd";
import { useState } from "react";

/** A destination offered by the dialog; `disabled` ones are shown but cannot be chosen. */
export type PickableFolder = { id: number; name: string; disabled?: boolean; children: PickableFolder[] };

/** The tree's key of "the top level" when it is offered as a destination. */
const ROOT_KEY = "root";

type FolderPickerDialogProps = {
  title: string;
  folders: PickableFolder[] | undefined;
  loading?: boolean;
  /** Label of a top-level destination (null folder), when one is offered. */
  rootLabel?: string;
  /** The current place; shown but not offered, since moving there changes nothing. */
  currentId?: number | null;
  okText?: string;
  onSubmit: (folderId: number | null) => Promise<unknown>;
  onClose: () => void;
};

const toTreeData = (folders: PickableFolder[], currentId: number | null | undefined): TreeDataNode[] =>
  folders.map((folder) => ({
    key: folder.id,
    title: folder.name,
    icon: <FolderOutlined />,
    disabled: folder.disabled || folder.id === currentId,
    children: toTreeData(folder.children, currentId),
  }));

/**
 * Move and share dialogs (documents spec §2): a folder tree, 'Choose a folder', Cancel and
 * 'Move here', which stays disabled until a folder is chosen.
 */
export function FolderPickerDialog({
  title,
  folders,
  loading = false,
  rootLabel,
  currentId,
  okText = "Move here",
  onSubmit,
  onClose,
}: FolderPickerDialogProps) {
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  const treeData = toTreeData(folders ?? [], currentId);
  const data: TreeDataNode[] = rootLabel
    ? [
        {
          key: ROOT_KEY,
          title: rootLabel,
          icon: <FolderOutlined />,
          disabled: currentId === null,
          children: treeData,
        },
      ]
    : treeData;

  const submit = async () => {
    if (chosen === undefined || saving) return;
    setSaving(true);
    try {
      await onSubmit(chosen);
      onClose();
    } catch {
      // The caller has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ disabled: chosen === undefined, loading: saving }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">Choose a folder</Typography.Paragraph>
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Folders" />
      ) : (
        <div className="folder-picker">
          <Tree
            showIcon
            blockNode
            defaultExpandAll
            treeData={data}
            selectedKeys={chosen === undefined ? [] : [chosen === null ? ROOT_KEY : chosen]}
            onSelect={(keys) => {
              const [key] = keys;
              setChosen(key === undefined ? undefined : key === ROOT_KEY ? null : Number(key));
            }}
            aria-label="Folders"
          />
        </div>
      )}
    </Modal>
  );
}
