import {
  ArrowLeftOutlined,
  EyeOutlined,
  FileDoneOutlined,
  MoreOutlined,
  SaveOutlined,
} from "@ant-design/icons";
import {
  ASIC_APPLICATION_READ_ONLY,
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
  PARTY_TYPE_FIELD,
  readAnswer,
  requestedActions,
  resizeGroup,
  type VisibleField,
  visibleQuestions,
  writeAnswer,
} from "@precedent/docgen/forms";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Dropdown, Form, Grid, Typography } from "antd";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { asicApplicationQuery } from "../../api/asic";
import { isApiError } from "../../api/client";
import { assembleDocument, previewAction, saveInterview } from "../../api/interview";
import { formatInstant } from "../../dates";
import { registerOpenInterview } from "../../open-interview/open-interview";
import { AsicActions } from "../asic";
import { CHANGE_NAME_BUTTON, ChangeCompanyNameDialog } from "../asic/ChangeCompanyNameDialog";
import { VoiceInterviewLauncher } from "../assistant/VoiceInterviewLauncher";
import {
  documentsListHref,
  type InterviewAddress,
  interviewHref,
  offersAction,
  withRequestedActions,
} from "../documents/interview-address";
import { useCas360Actions } from "../integrations/Cas360Actions";
import {
  InterviewIntegrations,
  noteFundAlreadyOnSimpleFund,
  type PartyTarget,
} from "../integrations/InterviewIntegrations";
import { useSimpleFundActions } from "../integrations/SimpleFundActions";
import {
  droppedPaths,
  issuesByPath,
  labelsByPath,
  type NamedIssue,
  namedIssues,
  type PartyTypeChange,
  partyTypeChange,
  shownAnswerPaths,
  shownMessage,
  storable,
  withoutHiddenAnswers,
} from "./form-state";
import { type QuestionHandlers, QuestionList } from "./InterviewQuestions";
import { inputIdOf } from "./input-id";

/** The Form 201 questions holding the name's legal element, one per type of company. */
const ELEMENT_QUESTIONS: readonly string[] = [
  "legal_element",
  "public_element",
  "unlimited_element",
  "no_liability_element",
];

/** What the page knows of the document when the interview opens. */
export type InterviewDocument = {
  docId: number;
  name: string;
  templateName: string;
  /** A company registration: its top bar shows the application's payment and ASIC status. */
  isAsicDocument: boolean;
  /** A Simple Fund 360 action succeeded for it (is_sf_action): assembling says SF 360 takes no changes. */
  isSfAction: boolean;
  actionToken: string;
  definition: InterviewDefinition;
  answers: Answers;
};

type SaveKind = "auto" | "manual" | "assemble" | "leave";
type SaveState = "saved" | "saving" | "unsaved";

/** At most this many answers are named in a message; the rest are counted. */
const NAMED_IN_MESSAGE = 5;

/** Labels as prose: "“A”, “B” and 2 more". */
function nameList(labels: readonly string[]): string {
  const named = labels.slice(0, NAMED_IN_MESSAGE).map((label) => `“${label}”`);
  const more = labels.length - named.length;
  if (more > 0) return `${named.join(", ")} and ${more} more`;
  if (named.length === 1) return named[0] ?? "";
  return `${named.slice(0, -1).join(", ")} and ${named[named.length - 1]}`;
}

/** The manual Save's warning when answers were left out of the save: which, by question. */
export function notSavedMessage(labels: readonly string[]): string {
  return labels.length === 1
    ? `${nameList(labels)} was not saved because it is not valid. Please correct the field marked in red.`
    : `${labels.length} answers were not saved because they are not valid: ${nameList(labels)}. Please correct the fields marked in red.`;
}

/** The confirmation before a party's type changes: what will be cleared, and when. */
function TypeChangeContent({ change }: { change: PartyTypeChange }) {
  return (
    <>
      <Typography.Paragraph>
        The answers given for {change.from} will be cleared when the document is next saved:
      </Typography.Paragraph>
      <ul className="interview-type-change__list" aria-label="Answers to be cleared">
        {change.cleared.map((label) => (
          <li key={label}>{label}</li>
        ))}
      </ul>
      <Typography.Paragraph type="secondary">
        Until then, changing back to {change.from} brings them back.
      </Typography.Paragraph>
    </>
  );
}

/**
 * Keeps the sticky toolbar below the app's own sticky header, whatever its height (it grows on
 * small screens, where the firm and user sit in a second bar).
 */
function useStickyBelowHeader(toolbar: React.RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const header = window.document.querySelector<HTMLElement>(".app-top");
    const element = toolbar.current;
    if (!header || !element) return;
    const place = () => {
      const sticky = window.getComputedStyle(header).position === "sticky";
      element.style.top = sticky ? `${header.getBoundingClientRect().height}px` : "0px";
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(header);
    return () => observer.disconnect();
  }, [toolbar]);
}

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

/** Problems as links to their fields: "Label: message", each taking the focus to the field. */
function ProblemLinks({
  problems,
  focusField,
  label,
}: {
  problems: readonly NamedIssue[];
  focusField: (path: string) => void;
  label: string;
}) {
  return (
    <ul className="interview-errors__list" aria-label={label}>
      {problems.map((problem) => (
        <li key={`${problem.path}:${problem.message}`}>
          <a
            href={`#${inputIdOf(problem.path)}`}
            onClick={(event) => {
              event.preventDefault();
              focusField(problem.path);
            }}
          >
            {problem.label}
          </a>
          : {problem.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * The interview itself: top bar, header and the questions, with autosave every 15 seconds while
 * this tab holds the document's action token (interview spec §4 "Document interview", §9).
 */
export function InterviewForm({
  teamId,
  document: doc,
  address: pageAddress,
}: {
  teamId: number;
  document: InterviewDocument;
  address: InterviewAddress;
}) {
  const { definition, docId, actionToken } = doc;
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? true;

  const [answers, setAnswers] = useState<Answers>(doc.answers);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  /** The fields on screen when every message was last asked for: a field shown later waits to be left. */
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [assembleErrors, setAssembleErrors] = useState<{ message: string; errors: FieldError[] }>();
  const [saveState, setSaveState] = useState<SaveState>("saved");
  const [savedAt, setSavedAt] = useState<Date | undefined>(undefined);
  const [busy, setBusy] = useState<"save" | "assemble" | undefined>(undefined);
  /** is_sf_action as loaded, and set by a validation on this visit (the server marks it then too). */
  const [sfAction, setSfAction] = useState(doc.isSfAction);
  /** What the last draft preview was missing (shown beside it, here, as links to the fields). */
  const [draftMissing, setDraftMissing] = useState<NamedIssue[]>();
  const toolbarRef = useRef<HTMLDivElement>(null);
  useStickyBelowHeader(toolbarRef);

  const nodes = useMemo(() => visibleQuestions(definition, answers), [definition, answers]);
  // An is_qaction question answered Yes offers its action here and in the download view (spec §4).
  const requested = useMemo(() => requestedActions(definition, answers).join(","), [definition, answers]);
  const address = useMemo(
    () => withRequestedActions(pageAddress, requested === "" ? [] : requested.split(",")),
    [pageAddress, requested],
  );
  const issues = useMemo(() => issuesByPath(definition, answers), [definition, answers]);

  // The autosave timer reads the newest answers and the last saved ones through refs.
  const answersRef = useRef(answers);
  answersRef.current = answers;
  const revealShown = useCallback(
    () => setRevealed(shownAnswerPaths(definition, answersRef.current)),
    [definition],
  );
  const lastSaved = useRef(JSON.stringify(storable(definition, doc.answers)));
  /** Set once this tab may no longer save: the lock went to another tab, or saving failed. */
  const stopped = useRef(false);
  const inFlight = useRef<Promise<boolean> | undefined>(undefined);
  /**
   * Parties whose type change was confirmed, with the type chosen: their earlier type's answers stay
   * in memory (switching back restores them) until a save stores the new type; then they go.
   */
  const clearing = useRef(new Map<string, string | undefined>());

  const listHref = documentsListHref(address);
  const goToList = useCallback(() => navigate(listHref), [navigate, listHref]);

  /** Another tab took the document (spec §4): say so, and on OK return to the list. */
  const lockLost = useCallback(() => {
    if (stopped.current) return;
    stopped.current = true;
    modal.warning({ title: INTERVIEW_OPENED_IN_ANOTHER_TAB, okText: "OK", onOk: goToList });
  }, [modal, goToList]);

  /** After a save: a confirmed party type is now stored, so the earlier type's answers go. */
  const forgetClearedAnswers = useCallback(
    (stored: Answers) => {
      const done = [...clearing.current].filter(
        ([partyPath, type]) => readAnswer(stored, `${partyPath}.${PARTY_TYPE_FIELD}`) === type,
      );
      if (done.length === 0) return;
      for (const [partyPath] of done) clearing.current.delete(partyPath);
      setAnswers((current) =>
        done.reduce((answers, [partyPath]) => withoutHiddenAnswers(definition, answers, partyPath), current),
      );
    },
    [definition],
  );

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
          forgetClearedAnswers(stored);
          setSavedAt(new Date());
          setSaveState(
            JSON.stringify(storable(definition, answersRef.current)) === json ? "saved" : "unsaved",
          );
          setServerErrors(new Map());
          if (kind === "manual") {
            void message.success(INTERVIEW_SAVED);
            const shown = visibleQuestions(definition, answersRef.current);
            const dropped = droppedPaths(shown, stored);
            if (dropped.length > 0) {
              setTouched((current) => new Set([...current, ...dropped]));
              const names = labelsByPath(shown);
              void message.warning({
                content: notSavedMessage(dropped.map((path) => names.get(path) ?? path)),
                duration: 8,
              });
            }
          }
          return true;
        } catch (error) {
          setSaveState("unsaved");
          if (kind === "leave") return false;
          if (isApiError(error) && error.status === 400) {
            // The server refused a value (its checks are the same as ours, and final): mark it.
            setServerErrors(new Map(error.fieldErrors.map((e) => [e.field, e.message])));
            revealShown();
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
    [
      definition,
      doc.name,
      teamId,
      docId,
      actionToken,
      message,
      goToList,
      lockLost,
      forgetClearedAnswers,
      revealShown,
    ],
  );

  useEffect(() => {
    const timer = window.setInterval(() => void save("auto"), INTERVIEW_AUTOSAVE_MS);
    return () => window.clearInterval(timer);
  }, [save]);
  // The assistant saves before it answers on this document (its answer reloads the form).
  useEffect(() => registerOpenInterview(docId, () => save("auto")), [docId, save]);

  // A registration lodged with ASIC is read only (the server refuses saves): shown, not saved.
  // The same query as the top bar's ASIC actions, asked only of a registration (another document
  // has no application, and asking would be refused every time).
  const asicState = useQuery({ ...asicApplicationQuery(teamId, docId), enabled: doc.isAsicDocument });
  const readOnly = asicState.data?.read_only === true;
  useEffect(() => {
    if (readOnly) stopped.current = true;
  }, [readOnly]);

  // The registration's name is the application's (checked with ASIC): shown read only here, and
  // changed only by 'Change name', which checks the new one through the server.
  const isRegistration = asicState.data !== undefined;
  const [changingName, setChangingName] = useState(false);
  const elementNode = nodes.find(
    (node): node is VisibleField => node.kind === "field" && ELEMENT_QUESTIONS.includes(node.path),
  );
  const elementOptions = elementNode?.question.type === "select" ? elementNode.question.options : [];
  const nameChanged = ({ name, legalElement }: { name: string; legalElement: string }) => {
    setChangingName(false);
    const next = writeAnswer(
      writeAnswer(answersRef.current, "proposed_name", name),
      elementNode?.path ?? "legal_element",
      legalElement,
    );
    answersRef.current = next;
    setAnswers(next);
    edited();
    void save("auto");
    void message.success(`The company's name is now ${name} ${legalElement}.`);
  };

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

  const answer = (path: string, value: AnswerValue | undefined) => {
    setAnswers((current) => writeAnswer(current, path, value));
    forgetServerError(path);
    edited();
  };

  const handlers: QuestionHandlers = {
    onAnswer: (path: string, value: AnswerValue | undefined) => {
      // A party's new type hides the answers given for the old one: asked first, never silently.
      // Until the answer is confirmed nothing changes, so no save can store the change.
      const change = partyTypeChange(
        definition,
        answersRef.current,
        path,
        typeof value === "string" ? value : undefined,
      );
      if (!change) {
        answer(path, value);
        return;
      }
      modal.confirm({
        title: `Change ${change.partyLabel} to ${change.to}?`,
        content: <TypeChangeContent change={change} />,
        okText: `Change to ${change.to}`,
        cancelText: `Keep ${change.from}`,
        okButtonProps: { danger: true },
        autoFocusButton: "cancel",
        onOk: () => {
          clearing.current.set(change.partyPath, typeof value === "string" ? value : undefined);
          answer(path, value);
        },
      });
    },
    onCount: (path: string, count: number | undefined) => {
      setAnswers((current) => resizeGroup(current, path, count));
      forgetServerError(path);
      edited();
    },
    onLeave: (path: string) =>
      setTouched((current) => (current.has(path) ? current : new Set([...current, path]))),
    messageOf: (path: string) => shownMessage(path, { touched, revealed }, issues, serverErrors),
    lockedOf: isRegistration
      ? (path: string) => {
          if (path === "proposed_name")
            return readOnly ? null : (
              <Button onClick={() => setChangingName(true)}>{CHANGE_NAME_BUTTON}</Button>
            );
          return ELEMENT_QUESTIONS.includes(path) ? null : undefined;
        }
      : undefined,
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
      await noteFundAlreadyOnSimpleFund(
        queryClient,
        teamId,
        docId,
        (text) => message.warning({ content: text, duration: 10 }),
        sfAction,
      );
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
        revealShown();
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

  const labels = useMemo(() => labelsByPath(nodes), [nodes]);

  /** The top-level parties Import Client can fill, and whether Select Fund has fund questions to fill. */
  const parties = useMemo<PartyTarget[]>(
    () =>
      definition.questions.flatMap((q) =>
        q.type === "reference" ? [{ id: q.id, label: q.label, partyTypes: q.partyTypes }] : [],
      ),
    [definition],
  );
  /** Where Select Member/Trustee can put a fund's person: groups of parties first, then parties. */
  const contactTargets = useMemo<PartyTarget[]>(
    () => [
      ...definition.questions.flatMap((q) => {
        if (q.type !== "group") return [];
        const party = q.questions.find((inner) => inner.type === "reference");
        return party?.type === "reference" && party.partyTypes.includes("individual")
          ? [{ id: q.id, label: q.label, partyTypes: party.partyTypes }]
          : [];
      }),
      ...parties.filter((p) => p.partyTypes.includes("individual")),
    ],
    [definition, parties],
  );
  const hasFundQuestions = definition.questions.some((q) => q.id === "fund_name");
  const simpleFund = useSimpleFundActions({
    teamId,
    docId,
    hasFundQuestions,
    saveFirst: () => save("auto"),
    onValidated: () => setSfAction(true),
  });
  const cas360 = useCas360Actions({
    teamId,
    docId,
    certificateReady: Boolean(asicState.data?.certificate_download_url),
  });
  /** Imported answers replace the party's (or, for a new fund, all answers), then save as usual. */
  const applyImport = ({
    answers: incoming,
    replace,
  }: {
    answers: Record<string, unknown>;
    replace: boolean;
  }) => {
    const next = (replace ? incoming : { ...answersRef.current, ...incoming }) as Answers;
    answersRef.current = next;
    setAnswers(next);
    edited();
    void save("auto");
  };

  const preview = () => {
    const posted = storable(definition, answersRef.current);
    if (!postPreview(teamId, docId, posted)) {
      void message.error(INTERVIEW_ALLOW_POPUPS);
      return;
    }
    // The server prints a draft while answers are missing; the list of them is shown here.
    const missing = namedIssues(definition, posted, labels);
    setDraftMissing(missing.length > 0 ? missing : undefined);
  };
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
          ? `Saved at ${formatInstant(savedAt.toISOString(), "h:mm:ss a")}`
          : "No changes yet";

  return (
    <div className="interview">
      <div className="interview-topbar" role="toolbar" aria-label="Interview actions" ref={toolbarRef}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => void leave()}>
          Back to list
        </Button>
        <span className="interview-topbar__spacer" />
        {doc.isAsicDocument && offersAction(address, "ASIC") && (
          <AsicActions teamId={teamId} docId={docId} listHref={listHref} />
        )}
        {wide && cas360.button}
        {wide && simpleFund.button}
        {/* Nothing is saved on a read-only interview (an application lodged with ASIC). */}
        {!readOnly && (
          <Typography.Text type="secondary" className="interview-topbar__note" role="status">
            {saveNote}
          </Typography.Text>
        )}
        {wide ? (
          <Button icon={<EyeOutlined />} onClick={preview}>
            Preview document
          </Button>
        ) : (
          <Dropdown
            trigger={["click"]}
            autoFocus
            menu={{
              items: [
                { key: "preview", label: "Preview document", icon: <EyeOutlined />, onClick: preview },
                ...cas360.menuItems,
                ...simpleFund.menuItems,
              ],
            }}
          >
            <Button icon={<MoreOutlined />} aria-label="More actions" />
          </Dropdown>
        )}
        {!readOnly && (
          <>
            <VoiceInterviewLauncher
              teamId={teamId}
              docId={docId}
              templateIdentifier={address.templateIdentifier}
              answers={answers as Record<string, unknown>}
              actionToken={doc.actionToken}
            />
            <Button icon={<SaveOutlined />} onClick={() => void manualSave()} loading={busy === "save"}>
              Save
            </Button>
            {offersAction(address, "XD_Assemble") && (
              <Button
                type="primary"
                icon={<FileDoneOutlined />}
                onClick={() => void assemble()}
                loading={busy === "assemble"}
                disabled={busy === "save"}
              >
                Assemble
              </Button>
            )}
          </>
        )}
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
            <ProblemLinks
              problems={assembleErrors.errors.map((error) => ({
                path: error.field,
                label: labels.get(error.field) ?? error.field,
                message: error.message,
              }))}
              focusField={focusField}
              label="Missing or incorrect answers"
            />
          }
          closable
          onClose={() => setAssembleErrors(undefined)}
        />
      )}

      {draftMissing && (
        <Alert
          type="warning"
          showIcon
          className="interview-errors"
          role="region"
          aria-label="Draft preview"
          title={`The preview is a draft: ${draftMissing.length === 1 ? "1 answer is" : `${draftMissing.length} answers are`} missing.`}
          description={
            <>
              <Typography.Paragraph className="interview-draft__note">
                It opened in a new window, marked DRAFT, with each missing answer highlighted. Answer these to
                assemble the document:
              </Typography.Paragraph>
              <ProblemLinks problems={draftMissing} focusField={focusField} label="Missing answers" />
            </>
          }
          closable
          onClose={() => setDraftMissing(undefined)}
        />
      )}

      {readOnly && (
        <Alert type="info" showIcon className="interview-read-only" title={ASIC_APPLICATION_READ_ONLY} />
      )}
      <Form layout="vertical" className="interview-form" component="div" requiredMark disabled={readOnly}>
        <QuestionList nodes={nodes} handlers={handlers} />
      </Form>
      {isRegistration && !readOnly && (
        <ChangeCompanyNameDialog
          open={changingName}
          teamId={teamId}
          docId={docId}
          current={{
            name: typeof answers.proposed_name === "string" ? answers.proposed_name : "",
            legalElement: typeof elementNode?.value === "string" ? elementNode.value : undefined,
          }}
          legalElements={elementOptions}
          onClose={() => setChangingName(false)}
          onChanged={nameChanged}
        />
      )}
      {/* Imports change answers: none into an application lodged with ASIC (its answers are kept). */}
      {!readOnly && (
        <InterviewIntegrations
          teamId={teamId}
          docId={docId}
          parties={parties}
          contactTargets={contactTargets}
          hasFundQuestions={hasFundQuestions}
          currentFundName={typeof answers.fund_name === "string" ? answers.fund_name : undefined}
          onImported={applyImport}
          saveFirst={() => save("auto")}
          currentAnswers={() => answersRef.current as Record<string, unknown>}
        />
      )}
    </div>
  );
}
