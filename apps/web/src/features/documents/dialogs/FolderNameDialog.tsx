import { FOLDER_NAME_MAX_LENGTH, FOLDER_NAME_REQUIRED } from "@precedent/contracts";
import { Form, Input, Modal } from "antd";
import { useState } from "react";

type FolderNameDialogProps = {
  title: string;
  initialName?: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
};

/**
 * Create or rename a folder (documents spec §5): the name is required and Confirm stays
 * disabled until the name has changed and is not empty. Mounted only while open.
 */
export function FolderNameDialog({ title, initialName = "", onSubmit, onClose }: FolderNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const trimmed = name.trim();
  const canConfirm = trimmed !== "" && trimmed !== initialName.trim();

  const submit = async () => {
    setTouched(true);
    if (!canConfirm || saving) return;
    setSaving(true);
    try {
      await onSubmit(trimmed);
      onClose();
    } catch {
      // The caller has shown the server's message; the dialog stays open to correct the name.
    } finally {
      setSaving(false);
    }
  };

  const showRequired = touched && trimmed === "";
  return (
    <Modal
      open
      title={title}
      okText="Confirm"
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ disabled: !canConfirm, loading: saving }}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label="Folder name"
          htmlFor="folder-name"
          validateStatus={showRequired ? "error" : undefined}
          help={showRequired ? FOLDER_NAME_REQUIRED : undefined}
          required
        >
          <Input
            id="folder-name"
            autoFocus
            value={name}
            maxLength={FOLDER_NAME_MAX_LENGTH}
            onChange={(event) => {
              setName(event.target.value);
              setTouched(true);
            }}
            onPressEnter={() => void submit()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
