import {
  COPY_NAME_EXISTS,
  DOCUMENT_NAME_DUPLICATED,
  DOCUMENT_NAME_MAX_LENGTH,
  DOCUMENT_NAME_REQUIRED,
  type DocumentRow,
} from "@precedent/contracts";
import { Form, Input, Modal } from "antd";
import { useState } from "react";

type DocumentNameDialogProps = {
  title: string;
  okText: string;
  initialName: string;
  /** Shown before the input, e.g. 'Doc ID 12 - '. */
  prefix?: string;
  /** The error to show for a name, or undefined when it may be submitted. */
  validate: (name: string) => string | undefined;
  /** Validate the initial name as soon as the dialog opens (the copy dialog does). */
  validateOnOpen?: boolean;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
};

/** A dialog with one document-name field; submit stays disabled while the name has an error. */
export function DocumentNameDialog({
  title,
  okText,
  initialName,
  prefix,
  validate,
  validateOnOpen = false,
  onSubmit,
  onClose,
}: DocumentNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(validateOnOpen);
  const [saving, setSaving] = useState(false);
  const error = validate(name);

  const submit = async () => {
    setTouched(true);
    if (error || saving) return;
    setSaving(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch {
      // The caller has shown the server's message.
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
      okButtonProps={{ disabled: error !== undefined, loading: saving }}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label="Document name"
          htmlFor="document-name"
          validateStatus={shownError ? "error" : undefined}
          help={shownError}
          required
        >
          <Input
            id="document-name"
            autoFocus
            addonBefore={prefix}
            value={name}
            maxLength={DOCUMENT_NAME_MAX_LENGTH}
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
