import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { assistantSettingsQuery } from "../../api/assistant";
import { openRealtimeSession, type RealtimeHandlers, type RealtimeSession } from "./realtime-session";
import type { RealtimeError, VoiceChatMode } from "./voice-chat-model";

/** What the model is told for each mode (spec: "instructions fetched for the first instruction set"). */
const INSTRUCTIONS: Record<VoiceChatMode, string> = {
  assistant:
    "You are the voice assistant of Precedent, a legal document platform for Australian advisers. " +
    "Help the person find the right document template. Answer briefly, in plain words.",
  // The interview's questions and answers are the server's (voice-session routes); the model only
  // transcribes what the person says.
  interview: "Transcribe what the person says. Do not answer.",
};

export type RealtimeStatus = "off" | "connecting" | "ready";

/**
 * The voice chat's realtime session while a realtime model is configured (GET /api/ai/settings
 * says so): opened for a mode, opened afresh on a mode switch or Refresh, closed on End or unmount.
 * Without a realtime model `enabled` is false and the modal runs turn by turn as before.
 */
type Handlers = Omit<RealtimeHandlers, "onFailure"> & {
  /** A realtime failure, or the key refused by our own API (an ApiError). */
  onFailure: (error: unknown) => void;
};

export function useRealtimeVoice(teamId: number, handlers: Handlers) {
  const settings = useQuery(assistantSettingsQuery(teamId));
  const config = settings.data?.realtime ?? null;
  const [status, setStatus] = useState<RealtimeStatus>("off");
  const session = useRef<RealtimeSession | undefined>(undefined);
  // Each opening counts; events of a session replaced meanwhile are dropped.
  const generation = useRef(0);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  const close = useCallback(() => {
    generation.current++;
    session.current?.close();
    session.current = undefined;
    setStatus("off");
  }, []);

  const connect = useCallback(
    async (mode: VoiceChatMode) => {
      if (!config) return;
      close();
      const mine = generation.current;
      const current =
        <T extends unknown[]>(run: (...args: T) => void) =>
        (...args: T) => {
          if (mine === generation.current) run(...args);
        };
      setStatus("connecting");
      try {
        const opened = await openRealtimeSession({
          teamId,
          websocketUrl: config.websocket_url,
          model: config.model,
          instructions: INSTRUCTIONS[mode],
          respond: mode === "assistant",
          handlers: {
            onReady: current(() => {
              setStatus("ready");
              handlersRef.current.onReady();
            }),
            onThinking: current(() => handlersRef.current.onThinking()),
            onUserTranscript: current((text: string) => handlersRef.current.onUserTranscript(text)),
            onReply: current((text: string) => handlersRef.current.onReply(text)),
            onFailure: current((error: RealtimeError) => {
              if (error.code === "dropped") {
                session.current = undefined;
                setStatus("off");
              }
              handlersRef.current.onFailure(error);
            }),
          },
        });
        if (mine !== generation.current) return opened.close();
        session.current = opened;
      } catch (error) {
        if (mine !== generation.current) return;
        setStatus("off");
        // A refused key (the API's own error) or a socket that never opened.
        handlersRef.current.onFailure(error);
      }
    },
    [close, config, teamId],
  );

  useEffect(() => close, [close]);

  return { enabled: config !== null, loaded: !settings.isPending, status, session, connect, close };
}
