import { ArrowLeftOutlined, AudioOutlined, HistoryOutlined, SoundOutlined } from "@ant-design/icons";
import type { VoiceAnswerResult, VoiceLogEntry, VoiceStep } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Flex, Input, Modal, Spin, Switch, Typography } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { answerVoiceQuestion, endVoiceSession, getVoiceLog, initVoiceSession } from "../../api/voice";
import { createListener, type Listener } from "./speech/recognition";
import { stepWindow } from "./speech/step-window";
import { createSpeaker, type Speaker } from "./speech/synthesis";
import { audioSecondsOf } from "./voice-chat-model";
import "./voice-interview.css";

/** Small mobile screens (interview spec §3): press-and-hold to record, and the 'Press to speak' hint. */
const SMALL_SCREEN = "(max-width: 600px)";

export const NO_BROWSER_SPEECH =
  "This browser cannot listen or speak. Please type your answers: Allow Input is on.";

function useSmallScreen() {
  const [small, setSmall] = useState(() => window.matchMedia(SMALL_SCREEN).matches);
  useEffect(() => {
    const query = window.matchMedia(SMALL_SCREEN);
    const changed = () => setSmall(query.matches);
    query.addEventListener("change", changed);
    return () => query.removeEventListener("change", changed);
  }, []);
  return small;
}

/** The question as it is read aloud: its words, then its choices. */
const questionText = (step: VoiceStep) =>
  step.question
    ? [
        step.question.label,
        step.question.options ? `The choices are: ${step.question.options.join(", ")}.` : "",
      ]
        .filter(Boolean)
        .join(" ")
    : "";

function StepIndicator({ step, steps }: { step: number; steps: number }) {
  return (
    <nav aria-label="Questions" className="voice-steps">
      <ol>
        {stepWindow(step, steps).map((mark) =>
          mark.kind === "gap" ? (
            <li key={mark.key} className="voice-steps__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li
              key={mark.step}
              className={
                mark.step === step ? "voice-steps__step voice-steps__step--current" : "voice-steps__step"
              }
              aria-current={mark.step === step ? "step" : undefined}
            >
              <span className="visually-hidden">Question </span>
              {mark.step}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}

function VoiceLogs({
  teamId,
  sessionId,
  onClose,
}: {
  teamId: number;
  sessionId: string;
  onClose: () => void;
}) {
  const log = useQuery({
    queryKey: ["voice-log", teamId, sessionId],
    queryFn: ({ signal }) => getVoiceLog(teamId, sessionId, signal),
    gcTime: 0,
  });
  return (
    <Modal open title="Voice Interview Logs" width={800} footer={null} onCancel={onClose}>
      {log.isPending && <Spin />}
      {log.isError && <Alert type="error" showIcon title={log.error.message} />}
      {log.data && log.data.length === 0 && (
        <Typography.Text type="secondary">No answers yet.</Typography.Text>
      )}
      {log.data && log.data.length > 0 && (
        <ol className="voice-logs">
          {log.data.map((pair: VoiceLogEntry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows, in order
            <li key={index}>
              <Typography.Text strong>{pair.ask}</Typography.Text>
              <div>{pair.answer}</div>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}

export type VoiceInterviewProps = {
  teamId: number;
  docId: number;
  templateIdentifier: string | undefined;
  /** The page's answers as they stand: the interview starts from them. */
  answers: Record<string, unknown>;
  /** The page's action token: finishing saves with it, as the page's own save would. */
  actionToken: string;
  /** Back: the session ends unsaved and the page shows again. */
  onBack: () => void;
  /** Finished and saved: the page reloads with the saved answers. */
  onFinished: (actions: string[]) => void;
};

/**
 * The AI voice interview (interview spec §3 "AI voice interview", §4 "AI interview (voice)"): one
 * question at a time, read aloud, answered by voice or typing, checked by the server; an answer
 * refused is said again with the suggestion. A full-width modal over the interview page.
 */
export default function VoiceInterviewModal(props: VoiceInterviewProps) {
  const { teamId, actionToken, onBack, onFinished } = props;
  const small = useSmallScreen();
  const [session, setSession] = useState<{ id: string; step: VoiceStep }>();
  const [startError, setStartError] = useState<string>();
  const [feedback, setFeedback] = useState<string>();
  const [captions, setCaptions] = useState(true);
  const [allowInput, setAllowInput] = useState(false);
  const [typed, setTyped] = useState("");
  const [heard, setHeard] = useState("");
  const [listening, setListening] = useState(false);
  const [busy, setBusy] = useState(false);
  const [logsOpen, setLogsOpen] = useState(false);
  const speaker = useRef<Speaker | undefined>(undefined);
  const listener = useRef<Listener | undefined>(undefined);
  const recordButton = useRef<HTMLButtonElement>(null);
  const submitAnswer = useRef<(text: string, audioSeconds?: number) => void>(() => {});
  const listeningSince = useRef<number | undefined>(undefined);
  const start = useRef(props);

  const [speechMissing] = useState(() => {
    speaker.current = createSpeaker();
    listener.current = createListener({
      onAnswer: (text) => submitAnswer.current(text, audioSecondsOf(listeningSince.current, Date.now())),
      onHearing: setHeard,
      onStop: () => setListening(false),
      onError: (text) => setFeedback(text),
    });
    return !speaker.current || !listener.current;
  });
  const inputOn = allowInput || speechMissing;

  const say = useCallback((text: string) => {
    speaker.current?.cancel();
    void speaker.current?.say(text);
  }, []);

  useEffect(() => {
    const { teamId: team, docId: doc, templateIdentifier, answers } = start.current;
    let cancelled = false;
    initVoiceSession(team, { docId: doc, templateIdentifier, answers })
      .then((started) => {
        if (cancelled) return;
        setSession({ id: started.session_id, step: started });
        say(questionText(started));
      })
      .catch((error: Error) => !cancelled && setStartError(error.message));
    return () => {
      cancelled = true;
      speaker.current?.cancel();
      listener.current?.cancel();
    };
  }, [say]);

  const finish = useCallback(
    async (sessionId: string) => {
      try {
        const ended = await endVoiceSession(teamId, sessionId, actionToken);
        onFinished(ended.actions);
      } catch (error) {
        setFeedback((error as Error).message);
      }
    },
    [teamId, actionToken, onFinished],
  );

  submitAnswer.current = (text: string, audioSeconds?: number) => {
    if (!session || busy || !text.trim()) return;
    setBusy(true);
    setHeard(text);
    answerVoiceQuestion(teamId, session.id, text, audioSeconds)
      .then(async (result: VoiceAnswerResult) => {
        setSession({ id: session.id, step: result });
        if (!result.valid) {
          const again = `${result.suggestion ?? ""} ${questionText(result)}`.trim();
          setFeedback(result.suggestion ?? undefined);
          say(again);
          return;
        }
        setFeedback(undefined);
        setTyped("");
        setHeard("");
        if (result.done) {
          say("Thank you. That was the last question. Your answers are being saved.");
          await finish(session.id);
        } else say(questionText(result));
      })
      .catch((error: Error) => setFeedback(error.message))
      .finally(() => setBusy(false));
  };

  const back = async () => {
    speaker.current?.cancel();
    listener.current?.cancel();
    if (session) await endVoiceSession(teamId, session.id, undefined).catch(() => undefined);
    onBack();
  };

  const startListening = (held: boolean) => {
    if (!listener.current || busy) return;
    speaker.current?.cancel();
    setHeard("");
    setListening(true);
    listeningSince.current = Date.now();
    listener.current.start({ held });
  };
  const stopListening = () => listener.current?.finish();

  const recordProps = small
    ? {
        // Press and hold on a phone (interview spec §3): listening while held, answered on release.
        // The pointer is captured, so a finger sliding off the button does not end the answer.
        onPointerDown: (event: React.PointerEvent<HTMLElement>) => {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          startListening(true);
        },
        onPointerUp: stopListening,
        onPointerCancel: stopListening,
        onKeyDown: (event: React.KeyboardEvent) => {
          if ((event.key === " " || event.key === "Enter") && !event.repeat) startListening(true);
        },
        onKeyUp: (event: React.KeyboardEvent) => {
          if (event.key === " " || event.key === "Enter") stopListening();
        },
      }
    : { onClick: () => (listening ? stopListening() : startListening(false)) };

  const step = session?.step;
  const hint = useMemo(() => {
    if (!step || step.done) return undefined;
    if (step.step === 1) return "Tab to go next";
    return small ? "Press to speak" : "Tab to speak";
  }, [step, small]);

  return (
    <Modal
      open
      width="100%"
      className="voice-interview"
      title="Voice interview"
      footer={null}
      closable={false}
      keyboard={false}
      maskClosable={false}
    >
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Button
          type="link"
          icon={<ArrowLeftOutlined />}
          onClick={() => void back()}
          className="voice-interview__back"
        >
          Back
        </Button>
        {session && (
          <Button icon={<HistoryOutlined />} onClick={() => setLogsOpen(true)}>
            Logs
          </Button>
        )}
      </Flex>
      {startError && <Alert type="error" showIcon title={startError} className="voice-interview__alert" />}
      {!session && !startError && <Spin className="voice-interview__loading" />}
      {speechMissing && (
        <Alert type="info" showIcon title={NO_BROWSER_SPEECH} className="voice-interview__alert" />
      )}
      {session && step && (
        <div className="voice-interview__body">
          {step.steps > 0 && <StepIndicator step={step.step} steps={step.steps} />}
          {step.done ? (
            <Typography.Title level={2}>Saving your answers…</Typography.Title>
          ) : (
            <>
              <Typography.Title level={2} className="voice-interview__question">
                {step.question?.label}
              </Typography.Title>
              {step.question?.options && (
                <Typography.Paragraph type="secondary">
                  Choices: {step.question.options.join(", ")}
                </Typography.Paragraph>
              )}
              {captions && step.instruction && (
                <Typography.Paragraph>{step.instruction}</Typography.Paragraph>
              )}
            </>
          )}
          <div role="status" aria-live="polite" className="voice-interview__feedback">
            {feedback && <Alert type="warning" showIcon title={feedback} />}
          </div>
          <Flex gap={16} wrap align="center" className="voice-interview__toggles">
            <span className="voice-interview__toggle">
              <Switch id="voice-interview-cc" checked={captions} onChange={setCaptions} size="small" />
              <label htmlFor="voice-interview-cc">CC</label>
            </span>
            <span className="voice-interview__toggle">
              <Switch
                id="voice-interview-input"
                checked={inputOn}
                disabled={speechMissing}
                onChange={setAllowInput}
                size="small"
              />
              <label htmlFor="voice-interview-input">Allow Input</label>
            </span>
          </Flex>
          {captions && heard && (
            <Typography.Paragraph className="voice-interview__caption" aria-label="What was heard">
              “{heard}”
            </Typography.Paragraph>
          )}
          {inputOn && !step.done && (
            <form
              className="voice-interview__answer"
              onSubmit={(event) => {
                event.preventDefault();
                submitAnswer.current(typed);
              }}
            >
              <Input.TextArea
                aria-label="Your answer"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoSize={{ minRows: 2, maxRows: 6 }}
                maxLength={2000}
              />
              <Button type="primary" htmlType="submit" loading={busy} disabled={!typed.trim()}>
                Submit
              </Button>
            </form>
          )}
          {!step.done && (
            <Flex gap={12} align="center" wrap className="voice-interview__controls">
              <Button
                icon={<SoundOutlined />}
                aria-label="Replay the question"
                onClick={() => say(questionText(step))}
                disabled={!speaker.current}
              >
                Replay
              </Button>
              <Button
                ref={recordButton}
                type={listening ? "primary" : "default"}
                danger={listening}
                shape="round"
                size="large"
                icon={<AudioOutlined />}
                aria-pressed={listening}
                disabled={!listener.current || busy}
                {...recordProps}
              >
                Record
              </Button>
              {listening && <Typography.Text strong>Listening…</Typography.Text>}
              {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
            </Flex>
          )}
        </div>
      )}
      {logsOpen && session && (
        <VoiceLogs teamId={teamId} sessionId={session.id} onClose={() => setLogsOpen(false)} />
      )}
    </Modal>
  );
}
