import type { RefObject } from "react";
import type { useRealtimeVoice } from "./use-realtime-voice";
import {
  audioSecondsOf,
  failureOf,
  RealtimeError,
  type VoiceChatMode,
  type VoiceChatState,
} from "./voice-chat-model";

type Deps = {
  refs: {
    busy: RefObject<boolean>;
    micOn: RefObject<boolean>;
    mode: RefObject<VoiceChatMode>;
    listeningSince: RefObject<number | undefined>;
    /** Whether the failure being handled is already the one retry the spec allows. */
    retried: RefObject<boolean>;
  };
  realtime: ReturnType<typeof useRealtimeVoice>;
  setNotice: (notice: string | undefined) => void;
  setState: (update: (current: VoiceChatState) => VoiceChatState) => void;
  addUserTurn: (text: string) => void;
  startListening: () => void;
  turnMicOff: () => void;
  submit: (text: string, audioSeconds: number) => boolean;
  reply: (text: string) => Promise<void>;
  failed: (error: unknown, again: (() => void) | undefined) => void;
};

/**
 * The voice chat's answers to the realtime session's events (VoiceChatModal.tsx): the same turns,
 * replies and failure rules as turn by turn. A failed response or a rate limit asks for the reply
 * again, once; a dropped socket (or a key refused) connects again, once.
 */
export function realtimeEventsOf(deps: Deps) {
  const { refs, realtime } = deps;
  return {
    onReady: () => {
      refs.retried.current = false;
      refs.busy.current = false;
      deps.setNotice(undefined);
      deps.setState((current) => (current === "connecting" || current === "thinking" ? "idle" : current));
      // Connected again after a drop with the mic on: the microphone streams to the new session.
      if (refs.micOn.current)
        realtime.session.current
          ?.startMicrophone()
          .then(deps.startListening)
          .catch(() => deps.turnMicOff());
    },
    onThinking: () => {
      if (refs.mode.current !== "assistant") return;
      refs.busy.current = true;
      deps.setState(() => "thinking");
    },
    onUserTranscript: (text: string) => {
      // The interview's answers go through the server's own answer route, never the model's say.
      if (refs.mode.current === "interview") {
        deps.submit(text, audioSecondsOf(refs.listeningSince.current, Date.now()));
        return;
      }
      deps.addUserTurn(text);
    },
    onReply: (text: string) => {
      refs.retried.current = false;
      void deps.reply(text);
    },
    onFailure: (error: unknown) => {
      const dropped = !(error instanceof RealtimeError) || error.code === "dropped";
      // Only a rate limit and a failed response are tried again, and each failure once.
      const { rule } = failureOf(error);
      const retries = (rule === "rate-limit" || rule === "failed") && !refs.retried.current;
      const again = !retries
        ? undefined
        : dropped
          ? () => void realtime.connect(refs.mode.current)
          : () => realtime.session.current?.respondAgain();
      refs.retried.current = again !== undefined;
      if (dropped) deps.setState(() => "connecting");
      deps.failed(error, again);
    },
  };
}
