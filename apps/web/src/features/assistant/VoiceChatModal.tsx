import {
  AudioMutedOutlined,
  AudioOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  PoweroffOutlined,
  ReloadOutlined,
  SendOutlined,
} from "@ant-design/icons";
import type { VoiceStep } from "@precedent/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Flex, Input, Modal, Segmented, Typography } from "antd";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { interviewKey } from "../../api/interview";
import { answerVoiceQuestion, endVoiceSession, initVoiceSession } from "../../api/voice";
import { saveOpenInterview } from "../../open-interview/open-interview";
import { createListener, type Listener } from "./speech/recognition";
import { createSpeaker, type Speaker } from "./speech/synthesis";
import type { useAssistantChat } from "./use-assistant-chat";
import {
  ACTIVE_RESPONSE,
  audioSecondsOf,
  FAILED_RETRY_MS,
  failureOf,
  INTERVIEW_NEEDS_DOCUMENT,
  INVALID_REQUEST_REPLY,
  listeningFailureOf,
  NO_VOICE_IN_BROWSER,
  questionSaid,
  STATE_LABEL,
  type VoiceChatMode,
  type VoiceChatState,
} from "./voice-chat-model";
import "./voice-chat.css";

type Turn = { role: "user" | "assistant"; text: string };
type Session = { id: string; step: VoiceStep };

const MODE_OPTIONS: { label: string; value: VoiceChatMode }[] = [
  { label: "Assistant", value: "assistant" },
  { label: "Interview", value: "interview" },
];

export const VOICE_CHAT_DONE = "Thank you. That was the last question. Your answers are being saved.";

type Props = {
  teamId: number;
  /** The document of the interview page on screen, which the interview mode answers. */
  pageDocId: number | undefined;
  templateIdentifier: string | undefined;
  /** The chat panel's conversation: the assistant mode speaks its turns through the same calls. */
  chat: ReturnType<typeof useAssistantChat>;
  onClose: () => void;
};

/**
 * The voice chat (interview spec §2 "Voice chat assistant", §4; issue 32 item 5): a full-screen
 * modal in two modes, the assistant (the chat's thread) and the interview (the voice interview's
 * session on the document on screen). With the built-in provider it runs turn by turn on the
 * browser's speech: listen until 2 s of silence, send, say the reply, listen again while the mic
 * is on. Failed turns follow the spec's realtime rules (voice-chat-model.ts).
 */
export default function VoiceChatModal({ teamId, pageDocId, templateIdentifier, chat, onClose }: Props) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<VoiceChatMode>("assistant");
  const [turns, setTurns] = useState<Turn[]>([]);
  const [state, setState] = useState<VoiceChatState>("idle");
  const [micOn, setMicOn] = useState(false);
  const [shown, setShown] = useState(true);
  const [notice, setNotice] = useState<string>();
  const [typed, setTyped] = useState("");
  const [session, setSession] = useState<Session>();
  const [sessionError, setSessionError] = useState<string>();
  const conversationId = useId();
  const speaker = useRef<Speaker | undefined>(undefined);
  const listener = useRef<Listener | undefined>(undefined);
  const micButton = useRef<HTMLButtonElement>(null);
  const typingBox = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  const readyRef = useRef(false);
  const micOnRef = useRef(false);
  const listeningSince = useRef<number | undefined>(undefined);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const handlers = useRef({
    answer: (_text: string) => {},
    listeningFailed: (_message: string, _code: string) => {},
  });

  const [speechMissing] = useState(() => {
    speaker.current = createSpeaker();
    listener.current = createListener({
      onAnswer: (text) => handlers.current.answer(text),
      onStop: () => setState((current) => (current === "listening" ? "idle" : current)),
      onError: (message, code) => handlers.current.listeningFailed(message, code),
    });
    return !speaker.current || !listener.current;
  });

  const later = useCallback((run: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);

  const quiet = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current.clear();
    speaker.current?.cancel();
    listener.current?.cancel();
  }, []);

  const startListening = useCallback(() => {
    if (!listener.current || busy.current) return;
    speaker.current?.cancel();
    listeningSince.current = Date.now();
    setState("listening");
    listener.current.start();
  }, []);

  const turnMicOff = useCallback(() => {
    micOnRef.current = false;
    setMicOn(false);
    listener.current?.cancel();
    setState((current) => (current === "listening" ? "idle" : current));
  }, []);

  /** Says a reply, then listens again while the mic is on. */
  const reply = useCallback(
    async (text: string) => {
      setTurns((current) => [...current, { role: "assistant", text }]);
      busy.current = false;
      if (speaker.current) {
        setState("speaking");
        await speaker.current.say(text);
      }
      if (micOnRef.current) startListening();
      else setState((current) => (current === "speaking" || current === "thinking" ? "idle" : current));
    },
    [startListening],
  );

  /** A failed turn, on the spec's realtime rules; `again` sends the same turn once more. */
  const failed = useCallback(
    (error: unknown, again: (() => void) | undefined) => {
      const failure = failureOf(error);
      if (failure.rule === "invalid" || (failure.rule === "failed" && !again)) {
        setNotice(undefined);
        void reply(INVALID_REQUEST_REPLY);
        return;
      }
      setNotice(failure.notice);
      if (failure.rule === "rate-limit" && again) return later(again, failure.seconds * 1000);
      if (failure.rule === "failed" && again) return later(again, FAILED_RETRY_MS);
      busy.current = false;
      setState("idle");
      if (failure.rule === "expired") turnMicOff();
    },
    [later, reply, turnMicOff],
  );

  const finishInterview = useCallback(
    async (sessionId: string) => {
      const load = pageDocId
        ? queryClient.getQueryData<{ actionToken?: unknown }>(interviewKey(teamId, pageDocId))
        : undefined;
      const token = typeof load?.actionToken === "string" ? load.actionToken : undefined;
      await endVoiceSession(teamId, sessionId, token);
      // The page reads the answers just saved (and takes a new action token).
      if (pageDocId) await queryClient.invalidateQueries({ queryKey: interviewKey(teamId, pageDocId) });
    },
    [pageDocId, queryClient, teamId],
  );

  const sendTurn = useCallback(
    (text: string, audioSeconds: number, retried = false) => {
      const again = retried ? undefined : () => sendTurn(text, audioSeconds, true);
      if (modeRef.current === "assistant") {
        void chat.sendTurn(text, audioSeconds).then((result) => {
          if (modeRef.current !== "assistant") return;
          if (result.ok) return void reply(result.text);
          failed(result.error, again);
        });
        return;
      }
      if (!session) return failed(new Error("No session"), undefined);
      answerVoiceQuestion(teamId, session.id, text, audioSeconds)
        .then(async (result) => {
          setSession({ id: session.id, step: result });
          if (!result.valid)
            return reply(`${result.suggestion ?? ""} ${questionSaid(result.question)}`.trim());
          if (!result.done) return reply(questionSaid(result.question));
          await reply(VOICE_CHAT_DONE);
          await finishInterview(session.id).catch((error: Error) => setNotice(error.message));
        })
        .catch((error) => failed(error, again));
    },
    [chat, failed, finishInterview, reply, session, teamId],
  );

  /** One turn of the person's, spoken (with its seconds of speech) or typed. */
  const submit = useCallback(
    (text: string, audioSeconds: number) => {
      const words = text.trim();
      if (!words || !readyRef.current) return;
      if (busy.current) {
        setNotice(ACTIVE_RESPONSE);
        return;
      }
      busy.current = true;
      setNotice(undefined);
      setState("thinking");
      setTurns((current) => [...current, { role: "user", text: words }]);
      sendTurn(words, audioSeconds);
    },
    [sendTurn],
  );

  handlers.current = {
    answer: (text) => submit(text, audioSecondsOf(listeningSince.current, Date.now())),
    listeningFailed: (message, code) => {
      const failure = listeningFailureOf(code, message);
      setNotice(failure.notice);
      setState("idle");
      if (failure.rule === "no-microphone") {
        turnMicOff();
        typingBox.current?.focus();
      } else if (micOnRef.current) {
        later(startListening, failure.rule === "failed" ? FAILED_RETRY_MS : 0);
      }
    },
  };

  /** Starts (or starts again) the interview mode's session on the document on screen. */
  const startInterview = useCallback(
    async (previous: Session | undefined) => {
      setSession(undefined);
      setSessionError(undefined);
      if (previous) await endVoiceSession(teamId, previous.id, undefined).catch(() => undefined);
      if (pageDocId === undefined) return;
      try {
        // What was typed on the page since its last autosave is saved first: the session starts
        // from the document's saved answers.
        await saveOpenInterview(pageDocId);
        const started = await initVoiceSession(teamId, { docId: pageDocId, templateIdentifier });
        if (modeRef.current !== "interview") return;
        setSession({ id: started.session_id, step: started });
        busy.current = true;
        await reply(started.done ? VOICE_CHAT_DONE : questionSaid(started.question));
      } catch (error) {
        setSessionError((error as Error).message);
      }
    },
    [pageDocId, reply, teamId, templateIdentifier],
  );

  /** Switching mode (or Refresh) stops speech, clears the conversation and starts afresh. */
  const restart = (next: VoiceChatMode) => {
    quiet();
    busy.current = false;
    setTurns([]);
    setNotice(undefined);
    setState("idle");
    const previous = session;
    setMode(next);
    modeRef.current = next;
    if (next === "interview") void startInterview(mode === "interview" ? previous : undefined);
    else {
      if (previous) void endVoiceSession(teamId, previous.id, undefined).catch(() => undefined);
      setSession(undefined);
    }
  };

  const refresh = () => {
    if (mode === "assistant") chat.restart();
    restart(mode);
  };

  const end = async () => {
    quiet();
    micOnRef.current = false;
    if (session && !session.step.done)
      await finishInterview(session.id).catch((error: Error) => setNotice(error.message));
    onClose();
  };

  const toggleMic = () => {
    if (micOnRef.current) return turnMicOff();
    micOnRef.current = true;
    setMicOn(true);
    setNotice(undefined);
    startListening();
  };

  // Focus to the mic as the modal opens (or to typing where the browser has no speech).
  useEffect(() => {
    const focus = setTimeout(() => (speechMissing ? typingBox.current : micButton.current)?.focus(), 0);
    return () => clearTimeout(focus);
  }, [speechMissing]);
  useEffect(() => quiet, [quiet]);

  const ready = mode === "assistant" ? chat.conversation.isSuccess && !chat.switching : session !== undefined;
  readyRef.current = ready;
  const stateText = micOn && state === "idle" ? "Mic on" : STATE_LABEL[state];

  return (
    <Modal
      open
      width="100%"
      className="voice-chat"
      title="Voice chat"
      footer={null}
      closable={false}
      keyboard
      onCancel={() => void end()}
      maskClosable={false}
    >
      <div className="voice-chat__body">
        <Segmented<VoiceChatMode>
          aria-label="Voice chat mode"
          options={MODE_OPTIONS}
          value={mode}
          onChange={(next) => restart(next)}
        />
        {speechMissing && <Alert type="info" showIcon title={NO_VOICE_IN_BROWSER} />}
        {mode === "interview" && pageDocId === undefined && (
          <Alert type="info" showIcon title={INTERVIEW_NEEDS_DOCUMENT} />
        )}
        {sessionError && <Alert type="error" showIcon title={sessionError} />}

        <div className={`voice-chat__indicator voice-chat__indicator--${micOn ? state : "off"}`} aria-hidden>
          <span className="voice-chat__orb" />
        </div>
        <div role="status" aria-live="polite" className="voice-chat__status">
          <Typography.Text strong>{stateText}</Typography.Text>
          {notice && <Alert type="warning" showIcon title={notice} className="voice-chat__notice" />}
        </div>

        <Flex gap={8} wrap justify="center" className="voice-chat__controls">
          <Button icon={<ReloadOutlined aria-hidden />} onClick={refresh}>
            Refresh
          </Button>
          <Button
            icon={shown ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
            aria-expanded={shown}
            aria-controls={conversationId}
            onClick={() => setShown((current) => !current)}
          >
            {shown ? "Hide conversation" : "Show conversation"}
          </Button>
          <Button
            ref={micButton}
            type={micOn ? "primary" : "default"}
            icon={micOn ? <AudioOutlined aria-hidden /> : <AudioMutedOutlined aria-hidden />}
            aria-pressed={micOn}
            disabled={!listener.current || !ready}
            onClick={toggleMic}
          >
            Mic
          </Button>
          <Button danger icon={<PoweroffOutlined aria-hidden />} onClick={() => void end()}>
            End
          </Button>
        </Flex>

        <div
          id={conversationId}
          hidden={!shown}
          role="log"
          aria-live="polite"
          aria-label="Voice conversation"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable so keyboard users can scroll it
          tabIndex={0}
          className="voice-chat__conversation"
        >
          {turns.map((turn, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the conversation only grows at its end
            <div key={index} className={`assistant-message assistant-message--${turn.role}`}>
              <span className="visually-hidden">{turn.role === "user" ? "You: " : "Assistant: "}</span>
              {turn.text}
            </div>
          ))}
        </div>

        <form
          className="voice-chat__typing"
          onSubmit={(event) => {
            event.preventDefault();
            submit(typed, 0);
            setTyped("");
          }}
        >
          <Input
            ref={(element) => {
              typingBox.current = element?.input ?? null;
            }}
            aria-label="Type a message instead"
            placeholder="Type a message instead"
            value={typed}
            maxLength={2000}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button
            type="primary"
            htmlType="submit"
            icon={<SendOutlined aria-hidden />}
            disabled={!ready || !typed.trim()}
          >
            Send
          </Button>
        </form>
      </div>
    </Modal>
  );
}
