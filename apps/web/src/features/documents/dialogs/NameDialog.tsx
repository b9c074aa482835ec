import {
  COPY_NAME_EXISTS,
  DOCUMENT_NAME_DUPLICATED,
  DOCUMENT_NAME_MAX_LENGTH,
  DOCUMENT_NAME_REQUIRED,
  type DocumentRow,
  FOLDER_NAME_MAX_LENGTH,
  FOLDER_NAME_REQUIRED,
} from "@precedent/contracts";
import { Form, Input, Modal } from "antd";
import { useState } from "react";

/** The one field of a name dialog: what it is called and how long a name may be. */
export type NameField = { label: string; id: string; maxLength: number };

export const DOCUMENT_NAME_FIELD: NameField = {
  label: "Document name",
  id: "document-name",
  maxLength: DOCUMENT_NAME_MAX_LENGTH,
};
export const FOLDER_NAME_FIELD: NameField = {
  label: "Folder name",
  id: "folder-name",
  maxLength: FOLDER_NAME_MAX_LENGTH,
};

type NameDialogProps = {
  title: string;
  okText: string;
  field: NameField;
  initialName?: string;
  /** Shown before the input, e.g. 'Doc ID 12 - '. */
  prefix?: string;
  /** The error to show for a name, or undefined when it may be submitted. */
  validate: (name: string) => string | undefined;
  /** Validate the initial name as soon as the dialog opens (the copy dialog does). */
  validateOnOpen?: boolean;
  /** Keep submit disabled, without a message, until the name differs from the initial one (folders). */
  requireChange?: boolean;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
};

/**
 * A dialog with one name field — new, rename and copy document, create and rename folder
 * (documents spec §5): submit stays disabled while the name has an error, and the trimmed name
 * is sent. Mounted only while open.
 */
export function NameDialog({
  title,
  okText,
  field,
  initialName = "",
  prefix,
  validate,
  validateOnOpen = false,
  requireChange = false,
  onSubmit,
  onClose,
}: NameDialogProps) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(validateOnOpen);
  const [saving, setSaving] = useState(false);
  const error = validate(name);
  const unchanged = requireChange && name.trim() === initialName.trim();
  const blocked = error !== undefined || unchanged;

  const submit = async () => {
    setTouched(true);
    if (blocked || saving) return;
    setSaving(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch {
      // The caller has shown the server's message; the dialog stays open to correct the name.
    } finally {
      setSaving(false);
    }
  };

  const shownError = touched ? error : undefined;
  return (
    <Modal
      open
      title={title}
      okText={okText}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ disabled: blocked, loading: saving }}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label={field.label}
          htmlFor={field.id}
          validateStatus={shownError ? "error" : undefined}
          help={shownError}
          required
        >
          <Input
            id={field.id}
            autoFocus
            addonBefore={prefix}
            value={name}
            maxLength={field.maxLength}
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

/** Documents spec §5: a folder needs a name. */
export const validateFolderName = (name: string) => (name.trim() ? undefined : FOLDER_NAME_REQUIRED);

/** Documents spec §5: rename needs a name that differs from the current one. */
export const validateRename = (document: DocumentRow) => (name: string) => {
  if (!name.trim()) return DOCUMENT_NAME_REQUIRED;
  if (name.trim() === document.name) return DOCUMENT_NAME_DUPLICATED;
  return undefined;
};

/** Documents spec §5: a copy needs a name that differs from the original's. */
export const validateCopy = (document: DocumentRow) => (name: string) => {
  if (!name.trim()) return DOCUMENT_NAME_REQUIRED;
  if (name.trim() === document.name) return COPY_NAME_EXISTS;
  return undefined;
};

export const validateNewDocument = (name: string) => (name.trim() ? undefined : DOCUMENT_NAME_REQUIRED);
