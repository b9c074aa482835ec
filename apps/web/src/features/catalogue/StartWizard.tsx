import {
  ACKNOWLEDGEMENT_ACCEPT,
  ACKNOWLEDGEMENT_DATE_INVALID,
  ACKNOWLEDGEMENT_REQUIRED,
  ACKNOWLEDGEMENT_USER_REQUIRED,
  DOCUMENT_CREATE_FAILED,
  DOCUMENT_CREATED,
  DOCUMENT_NAME_MAX_LENGTH,
  DOCUMENT_NAME_PROMPT,
  documentNameInFolder,
  FOLDER_NAME_MAX_LENGTH,
  FOLDER_NAME_REQUIRED,
  FOLDER_REQUIRED,
  type FolderNode,
  isDdMmYyyy,
  type ListSection,
  MY_DOCUMENTS,
  PERSONAL_FOLDER,
  type Product,
  SHARED_FOLDERS,
  START_WIZARD_STEPS,
} from "@precedent/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Checkbox, Flex, Form, Input, Modal, Steps, TreeSelect, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { catalogueKey, membershipKey, startDocument } from "../../api/catalogue";
import { isApiError } from "../../api/client";
import { creditsKey } from "../../api/credits";
import { createFolder, documentNameTaken, documentsKey, folderTreeQuery } from "../../api/documents";
import { INTERVIEW_PATH } from "../../constants";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { sydneyToday } from "../../dates";
import {
  type AsicStep,
  applyAsicAnswers,
  asicModeOf,
  asicStepDone,
  asicStepsFor,
  CompanyNameCheckStep,
  DirectorIdStep,
  NO_ASIC_ANSWERS,
  PreRegistrationConsentStep,
} from "./AsicSteps";
import { type DraftTarget, forgetDraftForPurchase } from "./draft-target";

const [
  NAME_STEP_TITLE,
  NAME_CHECK_STEP_TITLE,
  CONSENT_STEP_TITLE,
  DIRECTOR_ID_STEP_TITLE,
  ACKNOWLEDGEMENT_STEP_TITLE,
] = START_WIZARD_STEPS;
const ASIC_STEP_TITLES: Record<AsicStep, string> = {
  "name-check": NAME_CHECK_STEP_TITLE,
  consent: CONSENT_STEP_TITLE,
  "director-id": DIRECTOR_ID_STEP_TITLE,
};
const ACKNOWLEDGEMENT_DATE_FORMAT = "DD/MM/YYYY";

/** The picker's value for the top level of My Documents (sent as no folder). */
const MY_DOCUMENTS_ROOT = "my-documents";

type FolderOption = {
  value: number | string;
  title: string;
  selectable?: boolean;
  children?: FolderOption[];
};

const toOptions = (folders: FolderNode[]): FolderOption[] =>
  folders.map((folder) => ({ value: folder.id, title: folder.name, children: toOptions(folder.children) }));

/** How the document is paid for: by the plan or as a free product, or by a paid order. */
export type StartSource = { productId: number } | { orderId: number };

type StartWizardProps = {
  teamId: number;
  product: Product;
  source: StartSource;
  /** A blank draft to attach the template to, instead of creating a document (it keeps its folder). */
  draft?: DraftTarget;
  onClose: () => void;
};

type NameValues = { name: string; folder_id: number | typeof MY_DOCUMENTS_ROOT | undefined };

/**
 * The document start wizard (documents spec §2, §4): 'Document Name & Folder Location', then
 * 'Acknowledgement' when the template carries one. Start creates the document and opens its
 * interview.
 */
export function StartWizard({ teamId, product, source, draft, onClose }: StartWizardProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useCurrentTeam();
  const [form] = Form.useForm<NameValues>();
  const [step, setStep] = useState(0);
  const [accepted, setAccepted] = useState(false);
  const [acknowledgementDate, setAcknowledgementDate] = useState(() =>
    sydneyToday().format(ACKNOWLEDGEMENT_DATE_FORMAT),
  );
  const [acknowledgementUser, setAcknowledgementUser] = useState(user.name.trim() || user.email);
  const [acknowledgementTouched, setAcknowledgementTouched] = useState(false);
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [starting, setStarting] = useState(false);
  const [asicAnswers, setAsicAnswers] = useState(NO_ASIC_ANSWERS);

  const myFolders = useQuery(folderTreeQuery(teamId, MY_DOCUMENTS));
  const sharedFolders = useQuery(folderTreeQuery(teamId, SHARED_FOLDERS));
  const folderOptions: FolderOption[] = [
    {
      // Its top level is a place to file too (a new firm has no folders yet).
      value: MY_DOCUMENTS_ROOT,
      title: "My Documents",
      children: toOptions(myFolders.data ?? []),
    },
    ...(sharedFolders.data && sharedFolders.data.length > 0
      ? [
          {
            value: "shared-folders",
            title: "Shared Folders",
            selectable: false,
            children: toOptions(sharedFolders.data),
          },
        ]
      : []),
  ];
  const sharedFolderIds = new Set<number>();
  const collectShared = (nodes: FolderNode[]) => {
    for (const node of nodes) {
      sharedFolderIds.add(node.id);
      collectShared(node.children);
    }
  };
  collectShared(sharedFolders.data ?? []);

  /** Warns (without refusing) when the chosen folder already holds a document of this name. */
  const sameNameWarning = async (_rule: unknown, value: string | undefined) => {
    const folder = form.getFieldValue("folder_id") as NameValues["folder_id"];
    if (draft || folder === undefined || !value?.trim()) return;
    const place: { section: ListSection; folderId: number | undefined } =
      folder === MY_DOCUMENTS_ROOT
        ? { section: MY_DOCUMENTS, folderId: undefined }
        : { section: sharedFolderIds.has(folder) ? SHARED_FOLDERS : MY_DOCUMENTS, folderId: folder };
    let taken = false;
    try {
      taken = await documentNameTaken(teamId, value, place);
    } catch {
      return; // Only a warning: if the check cannot be made, nothing is said.
    }
    if (taken) throw new Error(documentNameInFolder(value.trim()));
  };

  const hasAcknowledgement = product.acknowledgement !== null && product.acknowledgement.trim() !== "";
  // A registration template runs the ASIC steps of its mode between the name and the acknowledgement.
  const asicMode = asicModeOf(product);
  const asicSteps = asicStepsFor(asicMode);
  const stepKeys: ("name" | AsicStep | "acknowledgement")[] = [
    "name",
    ...asicSteps,
    ...(hasAcknowledgement ? (["acknowledgement"] as const) : []),
  ];
  const steps = stepKeys.map((key) =>
    key === "name"
      ? NAME_STEP_TITLE
      : key === "acknowledgement"
        ? ACKNOWLEDGEMENT_STEP_TITLE
        : ASIC_STEP_TITLES[key],
  );
  const currentKey = stepKeys[step] ?? "name";
  const lastStep = step === steps.length - 1;
  const asicStepBlocked =
    currentKey !== "name" && currentKey !== "acknowledgement" && !asicStepDone(currentKey, asicAnswers);

  const acknowledgementErrors = {
    accepted: accepted ? undefined : ACKNOWLEDGEMENT_REQUIRED,
    date: isDdMmYyyy(acknowledgementDate.trim()) ? undefined : ACKNOWLEDGEMENT_DATE_INVALID,
    user: acknowledgementUser.trim() ? undefined : ACKNOWLEDGEMENT_USER_REQUIRED,
  };
  const acknowledgementValid = Object.values(acknowledgementErrors).every((error) => error === undefined);
  // The acknowledgement's messages show once the user has left the date field or tried to go on.
  const acknowledgementFeedback = (error: string | undefined) => ({
    validateStatus: acknowledgementTouched && error ? ("error" as const) : undefined,
    help: acknowledgementTouched ? error : undefined,
  });

  const start = async () => {
    const values = form.getFieldsValue(true) as NameValues;
    setFormError(undefined);
    setStarting(true);
    try {
      const result = await startDocument(teamId, {
        ...("orderId" in source ? { order_id: source.orderId } : { product_id: source.productId }),
        name: values.name.trim(),
        // A draft keeps its folder; otherwise the form has required a choice before this step.
        ...(draft
          ? { doc_id: draft.id }
          : { folder_id: values.folder_id === MY_DOCUMENTS_ROOT ? undefined : values.folder_id }),
        ...(asicMode
          ? {
              is_asic: 1 as const,
              ...(asicSteps.includes("name-check") && asicAnswers.legalElement
                ? { proposed_name: asicAnswers.companyName.trim(), legal_element: asicAnswers.legalElement }
                : {}),
            }
          : {}),
        ...(hasAcknowledgement
          ? {
              acknowledgement: "yes" as const,
              acknowledgement_date: acknowledgementDate.trim(),
              acknowledgement_user: acknowledgementUser.trim(),
            }
          : {}),
      });
      void queryClient.invalidateQueries({ queryKey: documentsKey(teamId) });
      void queryClient.invalidateQueries({ queryKey: membershipKey(teamId) });
      void queryClient.invalidateQueries({ queryKey: catalogueKey });
      // A start may spend a credit: the header's credit badge reads the firm's credit status.
      void queryClient.invalidateQueries({ queryKey: creditsKey(teamId) });
      void message.success(DOCUMENT_CREATED);
      // Documents spec §4: if the name cannot be applied, the user is told and the interview starts.
      const applyFailure = asicMode
        ? await applyAsicAnswers(teamId, result.id, asicSteps, asicAnswers)
        : null;
      if (applyFailure) void message.warning(applyFailure);
      if (draft) {
        forgetDraftForPurchase(product.id);
        draft.onStarted?.();
      }
      onClose();
      const query = new URLSearchParams({
        docId: String(result.id),
        templateIdentifier: result.template_identifier,
      });
      navigate(`${INTERVIEW_PATH}?${query}`);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const nameError = error.fieldErrors.find((field) => field.field === "name");
      const folderError = error.fieldErrors.find((field) => field.field === "folder_id");
      if (nameError || folderError) {
        setStep(0);
        form.setFields([
          ...(nameError ? [{ name: "name" as const, errors: [nameError.message] }] : []),
          ...(folderError ? [{ name: "folder_id" as const, errors: [folderError.message] }] : []),
        ]);
      } else if (error.status === 0) {
        // Documents spec §8: a request failure also clears the document name.
        form.setFieldValue("name", "");
        setStep(0);
        setFormError(error.message || DOCUMENT_CREATE_FAILED);
      } else {
        // A server refusal (limit reached, order not paid, …) or a 500 is shown in the form.
        setFormError(error.message || DOCUMENT_CREATE_FAILED);
      }
    } finally {
      setStarting(false);
    }
  };

  const next = async () => {
    if (step === 0) {
      try {
        await form.validateFields();
      } catch {
        return;
      }
    }
    if (asicStepBlocked) return;
    if (currentKey === "acknowledgement") {
      setAcknowledgementTouched(true);
      if (!acknowledgementValid) return;
    }
    if (lastStep) await start();
    else setStep(step + 1);
  };

  return (
    <Modal
      open
      title={`Start ${product.name}`}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={[
        step > 0 && (
          <Button key="back" onClick={() => setStep(step - 1)} disabled={starting}>
            Back
          </Button>
        ),
        <Button key="cancel" onClick={onClose} disabled={starting}>
          Cancel
        </Button>,
        <Button
          key="next"
          type="primary"
          loading={starting}
          disabled={
            asicStepBlocked || (lastStep && currentKey === "acknowledgement" && !acknowledgementValid)
          }
          onClick={() => void next()}
        >
          {lastStep ? "Start Interview" : "Next"}
        </Button>,
      ]}
    >
      <div className="start-wizard">
        <Steps
          orientation="vertical"
          size="small"
          current={step}
          className="start-wizard__steps"
          items={steps.map((title) => ({ title }))}
        />
        <div className="start-wizard__body">
          {formError && <Alert type="error" showIcon title={formError} className="start-wizard__error" />}
          <div hidden={step !== 0}>
            <Form
              form={form}
              layout="vertical"
              // The folder starts at the top of My Documents (issue 33 item 8): a start is never
              // held up for a choice most people leave as it is; another folder is one pick away.
              initialValues={{ name: draft?.name ?? product.name, folder_id: MY_DOCUMENTS_ROOT }}
              onFinish={() => void next()}
            >
              <Form.Item
                label="Document name"
                name="name"
                dependencies={["folder_id"]}
                validateDebounce={300}
                rules={[
                  { required: true, whitespace: true, message: DOCUMENT_NAME_PROMPT },
                  { warningOnly: true, validator: sameNameWarning },
                ]}
              >
                <Input maxLength={DOCUMENT_NAME_MAX_LENGTH} autoFocus />
              </Form.Item>
              {!draft && (
                <Form.Item
                  label="Folder"
                  name="folder_id"
                  rules={[{ required: true, message: FOLDER_REQUIRED }]}
                  extra="'My Documents' files it at the top level."
                >
                  <TreeSelect
                    aria-label="Folder"
                    placeholder="Select a folder"
                    treeData={folderOptions}
                    treeDefaultExpandAll
                    loading={myFolders.isPending}
                    showSearch
                    treeNodeFilterProp="title"
                  />
                </Form.Item>
              )}
              <button type="submit" hidden aria-hidden tabIndex={-1} />
            </Form>
            {!draft && (
              <NewFolder
                teamId={teamId}
                onCreated={(folderId) => {
                  form.setFieldValue("folder_id", folderId);
                  void form.validateFields(["folder_id"]);
                }}
              />
            )}
          </div>
          {currentKey === "name-check" && (
            <CompanyNameCheckStep teamId={teamId} answers={asicAnswers} onChange={setAsicAnswers} />
          )}
          {currentKey === "consent" && (
            <PreRegistrationConsentStep answers={asicAnswers} onChange={setAsicAnswers} />
          )}
          {currentKey === "director-id" && <DirectorIdStep answers={asicAnswers} onChange={setAsicAnswers} />}
          {currentKey === "acknowledgement" && (
            <div className="start-wizard__acknowledgement">
              <Typography.Paragraph className="start-wizard__acknowledgement-text">
                {product.acknowledgement}
              </Typography.Paragraph>
              <Form layout="vertical">
                <Form.Item {...acknowledgementFeedback(acknowledgementErrors.accepted)}>
                  <Checkbox checked={accepted} onChange={(event) => setAccepted(event.target.checked)}>
                    {ACKNOWLEDGEMENT_ACCEPT}
                  </Checkbox>
                </Form.Item>
                <Form.Item
                  label="Date (DD/MM/YYYY)"
                  htmlFor="acknowledgement-date"
                  {...acknowledgementFeedback(acknowledgementErrors.date)}
                >
                  <Input
                    id="acknowledgement-date"
                    value={acknowledgementDate}
                    onChange={(event) => setAcknowledgementDate(event.target.value)}
                    onBlur={() => setAcknowledgementTouched(true)}
                  />
                </Form.Item>
                <Form.Item
                  label="Accepted by"
                  htmlFor="acknowledgement-user"
                  {...acknowledgementFeedback(acknowledgementErrors.user)}
                >
                  <Input
                    id="acknowledgement-user"
                    value={acknowledgementUser}
                    maxLength={200}
                    onChange={(event) => setAcknowledgementUser(event.target.value)}
                  />
                </Form.Item>
              </Form>
            </div>
          )}
        </div>
      </div>
    </Modal>
  );
}

/**
 * 'New folder' in the wizard: a folder at the top of My Documents (POST /api/folder), chosen for
 * the document once created, so a firm without folders need not leave the wizard.
 */
function NewFolder({ teamId, onCreated }: { teamId: number; onCreated: (folderId: number) => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [creating, setCreating] = useState(false);

  const close = () => {
    setOpen(false);
    setName("");
    setError(undefined);
  };
  const create = async () => {
    if (!name.trim()) {
      setError(FOLDER_NAME_REQUIRED);
      return;
    }
    setCreating(true);
    setError(undefined);
    try {
      const folder = await createFolder(teamId, {
        name: name.trim(),
        type: PERSONAL_FOLDER,
        folder_parent_id: null,
      });
      // The picker shows the folder's name once the tree has it.
      await queryClient.invalidateQueries({ queryKey: documentsKey(teamId) });
      onCreated(folder.id);
      close();
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      setError(failure.fieldErrors[0]?.message ?? failure.message);
    } finally {
      setCreating(false);
    }
  };

  if (!open)
    return (
      <Button
        type="link"
        // No icon: its label ('folder-add') would answer to the Folder field's name too.
        onClick={() => setOpen(true)}
        className="start-wizard__new-folder-toggle"
      >
        New folder
      </Button>
    );
  return (
    <div className="start-wizard__new-folder">
      <Typography.Text strong>
        <label htmlFor="start-wizard-new-folder">New folder in My Documents</label>
      </Typography.Text>
      <Flex gap={8} wrap>
        <Input
          id="start-wizard-new-folder"
          className="start-wizard__new-folder-name"
          value={name}
          maxLength={FOLDER_NAME_MAX_LENGTH}
          autoFocus
          status={error ? "error" : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "start-wizard-new-folder-error" : undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            // Enter creates the folder (not the document); Esc closes this, not the wizard.
            if (event.key === "Enter") {
              event.preventDefault();
              void create();
            } else if (event.key === "Escape") {
              event.stopPropagation();
              close();
            }
          }}
        />
        <Button type="primary" onClick={() => void create()} loading={creating}>
          Create folder
        </Button>
        <Button onClick={close} disabled={creating}>
          Cancel
        </Button>
      </Flex>
      {error && (
        <Typography.Text type="danger" id="start-wizard-new-folder-error" role="alert">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
