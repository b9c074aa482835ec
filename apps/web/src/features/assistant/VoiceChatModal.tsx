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
import { createListener, type Listener, MICROPHONE_BLOCKED } from "./speech/recognition";
import { createSpeaker, type Speaker } from "./speech/synthesis";
import type { useAssistantChat } from "./use-assistant-chat";
import { useRealtimeVoice } from "./use-realtime-voice";
import { VoiceChatConversation, type VoiceTurn } from "./VoiceChatConversation";
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
  RealtimeError,
  STATE_LABEL,
  type VoiceChatMode,
  type VoiceChatState,
} from "./voice-chat-model";
import { realtimeEventsOf } from "./voice-chat-realtime-events";
import "./voice-chat.css";

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
  const [turns, setTurns] = useState<VoiceTurn[]>([]);
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
  /** A turn typed before the conversation was ready (it was starting): sent once it is. */
  const queued = useRef<{ text: string; audioSeconds: number } | undefined>(undefined);
  const realtimeEvents = useRef({
    onReady: () => {},
    onThinking: () => {},
    onUserTranscript: (_text: string) => {},
    onReply: (_text: string) => {},
    onFailure: (_error: unknown) => {},
  });
  // With a realtime model configured, the microphone streams to it and it answers (realtime-session.ts).
  const realtime = useRealtimeVoice(teamId, {
    onReady: () => realtimeEvents.current.onReady(),
    onThinking: () => realtimeEvents.current.onThinking(),
    onUserTranscript: (text) => realtimeEvents.current.onUserTranscript(text),
    onReply: (text) => realtimeEvents.current.onReply(text),
    onFailure: (error) => realtimeEvents.current.onFailure(error),
  });
  const realtimeOn = useRef(false);
  realtimeOn.current = realtime.enabled;
  const realtimeRetried = useRef(false);

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
    if (busy.current) return;
    if (realtimeOn.current) {
      // The model server hears the end of the turn itself; the audio flows again.
      listeningSince.current = Date.now();
      realtime.session.current?.setPaused(false);
      setState("listening");
      return;
    }
    if (!listener.current) return;
    speaker.current?.cancel();
    listeningSince.current = Date.now();
    setState("listening");
    listener.current.start();
  }, [realtime.session]);

  const turnMicOff = useCallback(() => {
    micOnRef.current = false;
    setMicOn(false);
    listener.current?.cancel();
    realtime.session.current?.stopMicrophone();
    setState((current) => (current === "listening" ? "idle" : current));
  }, [realtime.session]);

  /** Says a reply, then listens again while the mic is on. */
  const reply = useCallback(
    async (text: string) => {
      setTurns((current) => [...current, { role: "assistant", text }]);
      busy.current = false;
      if (speaker.current) {
        // The model must not hear the browser say its reply.
        realtime.session.current?.setPaused(true);
        setState("speaking");
        await speaker.current.say(text);
      }
      if (micOnRef.current) startListening();
      else setState((current) => (current === "speaking" || current === "thinking" ? "idle" : current));
    },
    [realtime.session, startListening],
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
      if (modeRef.current === "assistant" && realtimeOn.current) {
        // The model answers in the session's own events (onReply, onFailure below).
        if (!realtime.session.current) return failed(new RealtimeError("socket", "dropped", ""), undefined);
        return realtime.session.current.sendText(text);
      }
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
    [chat, failed, finishInterview, realtime.session, reply, session, teamId],
  );

  /**
   * One turn of the person's, spoken (with its seconds of speech) or typed; false when it was not
   * sent now. Typed while the conversation is starting, it waits and goes once it is ready; typed
   * while a reply is under way, it is refused with the spec's 'Please wait a second' and stays in
   * the box to send again.
   */
  const submit = useCallback(
    (text: string, audioSeconds: number): boolean => {
      const words = text.trim();
      // No document on screen: the interview mode never becomes ready (its alert says why).
      if (!words || (modeRef.current === "interview" && pageDocId === undefined)) return false;
      if (!readyRef.current) {
        queued.current = { text: words, audioSeconds };
        setNotice(ACTIVE_RESPONSE);
        return false;
      }
      if (busy.current) {
        setNotice(ACTIVE_RESPONSE);
        return false;
      }
      busy.current = true;
      setNotice(undefined);
      setState("thinking");
      setTurns((current) => [...current, { role: "user", text: words }]);
      sendTurn(words, audioSeconds);
      return true;
    },
    [pageDocId, sendTurn],
  );

  handlers.current = {
    answer: (text) => void submit(text, audioSecondsOf(listeningSince.current, Date.now())),
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

  realtimeEvents.current = realtimeEventsOf({
    refs: { busy, micOn: micOnRef, mode: modeRef, listeningSince, retried: realtimeRetried },
    realtime,
    setNotice,
    setState,
    addUserTurn: (text) => setTurns((current) => [...current, { role: "user", text }]),
    startListening,
    turnMicOff,
    submit,
    reply,
    failed,
  });

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
    queued.current = undefined;
    // Spec: switching mode closes the socket, connects again and clears the conversation.
    if (realtime.enabled) {
      turnMicOff();
      setState("connecting");
      void realtime.connect(next);
    }
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
    realtime.close();
    if (session && !session.step.done)
      await finishInterview(session.id).catch((error: Error) => setNotice(error.message));
    onClose();
  };

  const toggleMic = () => {
    if (micOnRef.current) return turnMicOff();
    micOnRef.current = true;
    setMicOn(true);
    setNotice(undefined);
    if (!realtimeOn.current) return startListening();
    realtime.session.current
      ?.startMicrophone()
      .then(startListening)
      .catch(() => handlers.current.listeningFailed(MICROPHONE_BLOCKED, "not-allowed"));
  };

  // Focus to the mic as the modal opens (or to typing where the browser has no speech).
  useEffect(() => {
    const focus = setTimeout(() => (speechMissing ? typingBox.current : micButton.current)?.focus(), 0);
    return () => clearTimeout(focus);
  }, [speechMissing]);
  useEffect(() => quiet, [quiet]);
  // With a realtime model, the session opens with the modal (spec: "open, connect the realtime socket").
  useEffect(() => {
    if (!realtime.enabled) return;
    setState("connecting");
    void realtime.connect(modeRef.current);
  }, [realtime.enabled, realtime.connect]);

  const realtimeReady = !realtime.enabled || realtime.status === "ready";
  const ready =
    realtime.loaded &&
    realtimeReady &&
    (mode === "assistant"
      ? realtime.enabled || (chat.conversation.isSuccess && !chat.switching)
      : session !== undefined);
  readyRef.current = ready;
  useEffect(() => {
    const waiting = queued.current;
    if (!ready || !waiting) return;
    queued.current = undefined;
    if (submit(waiting.text, waiting.audioSeconds))
      setTyped((current) => (current.trim() === waiting.text ? "" : current));
  }, [ready, submit]);
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

        <div
          className={`voice-chat__indicator voice-chat__indicator--${micOn || state === "connecting" ? state : "off"}`}
          aria-hidden
        >
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
            disabled={!(listener.current || realtime.enabled) || !ready}
            onClick={toggleMic}
          >
            Mic
          </Button>
          <Button danger icon={<PoweroffOutlined aria-hidden />} onClick={() => void end()}>
            End
          </Button>
        </Flex>

        <VoiceChatConversation id={conversationId} hidden={!shown} turns={turns} />

        <form
          className="voice-chat__typing"
          onSubmit={(event) => {
            event.preventDefault();
            if (submit(typed, 0)) setTyped("");
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
            disabled={!typed.trim()}
          >
            Send
          </Button>
        </form>
      </div>
    </Modal>
  );
}
