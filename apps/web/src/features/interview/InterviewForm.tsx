import {
  ArrowLeftOutlined,
  EyeOutlined,
  FileDoneOutlined,
  MoreOutlined,
  SaveOutlined,
} from "@ant-design/icons";
import {
  type FieldError,
  INTERVIEW_ALLOW_POPUPS,
  INTERVIEW_AUTOSAVE_MS,
  INTERVIEW_CANNOT_UPDATE,
  INTERVIEW_FAILURE_REDIRECT_MS,
  INTERVIEW_OPENED_IN_ANOTHER_TAB,
  INTERVIEW_SAVED,
} from "@precedent/contracts";
import {
  type Answers,
  type AnswerValue,
  type InterviewDefinition,
  visibleQuestions,
} from "@precedent/docgen/forms";
import { Alert, App, Button, Dropdown, Form, Grid, Typography } from "antd";
import dayjs from "dayjs";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { isApiError } from "../../api/client";
import { assembleDocument, previewAction, saveInterview } from "../../api/interview";
import { inputIdOf, resizeGroup, writeAnswer } from "./answer-paths";
import { droppedPaths, issuesByPath, labelsByPath, storable } from "./form-state";
import { type QuestionHandlers, QuestionList } from "./InterviewQuestions";
import { documentsListHref, type InterviewAddress, interviewHref } from "./paths";

/** What the page knows of the document when the interview opens. */
export type InterviewDocument = {
  docId: number;
  name: string;
  templateName: string;
  actionToken: string;
  definition: InterviewDefinition;
  answers: Answers;
};

type SaveKind = "auto" | "manual" | "assemble" | "leave";
type SaveState = "saved" | "saving" | "unsaved";

/** Opens the preview in a named window through a form post of the answers (interview spec §2). */
function postPreview(teamId: number, docId: number, answers: Answers): boolean {
  const target = `precedent-preview-${docId}`;
  const opened = window.open("", target);
  if (!opened) return false;
  const form = document.createElement("form");
  form.method = "POST";
  form.action = previewAction(teamId, docId);
  form.target = target;
  const field = document.createElement("input");
  field.type = "hidden";
  field.name = "xml";
  field.value = JSON.stringify(answers);
  form.append(field);
  document.body.append(form);
  form.submit();
  form.remove();
  return true;
}

/**
 * The interview itself: top bar, header and the questions, with autosave every 15 seconds while
 * this tab holds the document's action token (interview spec §4 "Document interview", §9).
 */
export function InterviewForm({
  teamId,
  document: doc,
  address,
}: {
  teamId: number;
  document: InterviewDocument;
  address: InterviewAddress;
}) {
  const { definition, docId, actionToken } = doc;
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? true;

  const [answers, setAnswers] = useState<Answers>(doc.answers);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [revealAll, setRevealAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [assembleErrors, setAssembleErrors] = useState<{ message: string; errors: FieldError[] }>();
  const [saveState, setSaveState] = useState<SaveState>("saved");
  const [savedAt, setSavedAt] = useState<Date | undefined>(undefined);
  const [busy, setBusy] = useState<"save" | "assemble" | undefined>(undefined);

  const nodes = useMemo(() => visibleQuestions(definition, answers), [definition, answers]);
  const issues = useMemo(() => issuesByPath(definition, answers), [definition, answers]);

  // The autosave timer reads the newest answers and the last saved ones through refs.
  const answersRef = useRef(answers);
  answersRef.current = answers;
  const lastSaved = useRef(JSON.stringify(storable(definition, doc.answers)));
  /** Set once this tab may no longer save: the lock went to another tab, or saving failed. */
  const stopped = useRef(false);
  const inFlight = useRef<Promise<boolean> | undefined>(undefined);

  const listHref = documentsListHref(address);
  const goToList = useCallback(() => navigate(listHref), [navigate, listHref]);

  /** Another tab took the document (spec §4): say so, and on OK return to the list. */
  const lockLost = useCallback(() => {
    if (stopped.current) return;
    stopped.current = true;
    modal.warning({ title: INTERVIEW_OPENED_IN_ANOTHER_TAB, okText: "OK", onOk: goToList });
  }, [modal, goToList]);

  const save = useCallback(
    async (kind: SaveKind): Promise<boolean> => {
      // One save at a time: a manual save waits for the autosave already on its way.
      while (inFlight.current) await inFlight.current;
      if (stopped.current) return false;
      const stored = storable(definition, answersRef.current);
      const json = JSON.stringify(stored);
      const changed = json !== lastSaved.current;
      // Spec §4: autosave only when the data changed and the document has a name.
      if (kind !== "manual" && (!changed || !doc.name.trim())) return true;

      const run = async (): Promise<boolean> => {
        setSaveState("saving");
        try {
          const status = await saveInterview(teamId, docId, stored, actionToken);
          if (!status) {
            setSaveState("unsaved");
            if (kind !== "leave") lockLost();
            else stopped.current = true;
            return false;
          }
          lastSaved.current = json;
          setSavedAt(new Date());
          setSaveState(
            JSON.stringify(storable(definition, answersRef.current)) === json ? "saved" : "unsaved",
          );
          setServerErrors(new Map());
          if (kind === "manual") {
            void message.success(INTERVIEW_SAVED);
            const dropped = droppedPaths(visibleQuestions(definition, answersRef.current), stored);
            if (dropped.length > 0) {
              setTouched((current) => new Set([...current, ...dropped]));
              void message.warning(
                dropped.length === 1
                  ? "1 answer was not saved because it is not valid. Please correct the field marked in red."
                  : `${dropped.length} answers were not saved because they are not valid. Please correct the fields marked in red.`,
              );
            }
          }
          return true;
        } catch (error) {
          setSaveState("unsaved");
          if (kind === "leave") return false;
          if (isApiError(error) && error.status === 400) {
            // The server refused a value (its checks are the same as ours, and final): mark it.
            setServerErrors(new Map(error.fieldErrors.map((e) => [e.field, e.message])));
            setRevealAll(true);
            void message.error(error.message);
          } else if (isApiError(error) && error.status === 0) {
            // No reply at all: keep the answers on screen; the next autosave tries again.
            void message.error(error.message);
          } else {
            stopped.current = true;
            void message.error(INTERVIEW_CANNOT_UPDATE);
            window.setTimeout(goToList, INTERVIEW_FAILURE_REDIRECT_MS);
          }
          return false;
        }
      };
      const pending = run();
      inFlight.current = pending;
      try {
        return await pending;
      } finally {
        inFlight.current = undefined;
      }
    },
    [definition, doc.name, teamId, docId, actionToken, message, goToList, lockLost],
  );

  useEffect(() => {
    const timer = window.setInterval(() => void save("auto"), INTERVIEW_AUTOSAVE_MS);
    return () => window.clearInterval(timer);
  }, [save]);

  const edited = () => {
    if (!stopped.current) setSaveState("unsaved");
  };
  const forgetServerError = (path: string) =>
    setServerErrors((current) => {
      if (!current.has(path)) return current;
      const next = new Map(current);
      next.delete(path);
      return next;
    });

  const handlers: QuestionHandlers = {
    onAnswer: (path: string, value: AnswerValue | undefined) => {
      setAnswers((current) => writeAnswer(current, path, value));
      forgetServerError(path);
      edited();
    },
    onCount: (path: string, count: number | undefined) => {
      setAnswers((current) => resizeGroup(current, path, count));
      forgetServerError(path);
      edited();
    },
    onLeave: (path: string) =>
      setTouched((current) => (current.has(path) ? current : new Set([...current, path]))),
    messageOf: (path: string) =>
      ((revealAll || touched.has(path)) && issues.get(path)) || serverErrors.get(path),
  };

  const manualSave = async () => {
    setBusy("save");
    try {
      await save("manual");
    } finally {
      setBusy(undefined);
    }
  };

  const assemble = async () => {
    setBusy("assemble");
    try {
      if (!(await save("assemble"))) return;
      setAssembleErrors(undefined);
      const result = await assembleDocument(teamId, docId, actionToken);
      stopped.current = true;
      navigate(
        interviewHref(
          address,
          result.files.map((file) => ({ id: file.id, name: file.name })),
        ),
        { state: { assembled: true } },
      );
    } catch (error) {
      if (isApiError(error) && error.status === 400 && error.fieldErrors.length > 0) {
        setAssembleErrors({ message: error.message, errors: error.fieldErrors });
        setServerErrors(new Map(error.fieldErrors.map((e) => [e.field, e.message])));
        setRevealAll(true);
        window.scrollTo({ top: 0, behavior: "smooth" });
      } else if (isApiError(error) && error.message === INTERVIEW_OPENED_IN_ANOTHER_TAB) {
        lockLost();
      } else {
        void message.error(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setBusy(undefined);
    }
  };

  const leave = async () => {
    // Best effort: what was typed since the last autosave goes with the user.
    await save("leave");
    goToList();
  };

  const preview = () => {
    if (!postPreview(teamId, docId, storable(definition, answersRef.current)))
      void message.error(INTERVIEW_ALLOW_POPUPS);
  };

  const labels = useMemo(() => labelsByPath(nodes), [nodes]);
  const focusField = (path: string) => {
    const element = window.document.getElementById(inputIdOf(path));
    element?.scrollIntoView({ block: "center" });
    element?.focus();
  };

  const saveNote =
    saveState === "saving"
      ? "Saving…"
      : saveState === "unsaved"
        ? "Unsaved changes"
        : savedAt
          ? `Saved at ${dayjs(savedAt).format("h:mm:ss a")}`
          : "No changes yet";

  return (
    <div className="interview">
      <div className="interview-topbar" role="toolbar" aria-label="Interview actions">
        <Button icon={<ArrowLeftOutlined />} onClick={() => void leave()}>
          Back to list
        </Button>
        <span className="interview-topbar__spacer" />
        <Typography.Text type="secondary" className="interview-topbar__note" role="status">
          {saveNote}
        </Typography.Text>
        {wide ? (
          <Button icon={<EyeOutlined />} onClick={preview}>
            Preview document
          </Button>
        ) : (
          <Dropdown
            trigger={["click"]}
            autoFocus
            menu={{
              items: [{ key: "preview", label: "Preview document", icon: <EyeOutlined /> }],
              onClick: preview,
            }}
          >
            <Button icon={<MoreOutlined />} aria-label="More actions" />
          </Dropdown>
        )}
        <Button icon={<SaveOutlined />} onClick={() => void manualSave()} loading={busy === "save"}>
          Save
        </Button>
        <Button
          type="primary"
          icon={<FileDoneOutlined />}
          onClick={() => void assemble()}
          loading={busy === "assemble"}
          disabled={busy === "save"}
        >
          Assemble
        </Button>
      </div>

      <header className="interview-header">
        <Typography.Title level={1} className="interview-header__title">
          Doc ID {docId} - {doc.name}
        </Typography.Title>
        <Typography.Text type="secondary">{doc.templateName}</Typography.Text>
      </header>

      {assembleErrors && (
        <Alert
          type="error"
          showIcon
          className="interview-errors"
          title={assembleErrors.message}
          description={
            <ul className="interview-errors__list" aria-label="Missing or incorrect answers">
              {assembleErrors.errors.map((error) => (
                <li key={`${error.field}:${error.message}`}>
                  <a
                    href={`#${inputIdOf(error.field)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      focusField(error.field);
                    }}
                  >
                    {labels.get(error.field) ?? error.field}
                  </a>
                  : {error.message}
                </li>
              ))}
            </ul>
          }
          closable
          onClose={() => setAssembleErrors(undefined)}
        />
      )}

      <Form layout="vertical" className="interview-form" component="div" requiredMark>
        <QuestionList nodes={nodes} handlers={handlers} />
      </Form>
    </div>
  );
}
