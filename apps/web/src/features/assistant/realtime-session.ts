import { API } from "@precedent/contracts";
import { call } from "../../api/call";
import { RealtimeError } from "./voice-chat-model";

/**
 * The voice chat's realtime session with the configured model (issue 32 items 1 and 5), on
 * OpenAI's realtime WebSocket protocol: the key is the short-lived one from
 * `POST /api/ai/get-temp-token` (never the server's), the microphone goes up as PCM16 at 24 kHz in
 * `input_audio_buffer.append`, and the model's reply comes back as text, which the modal shows and
 * says with the browser's synthesis (audio playback is left out: one path for both providers).
 * The model server detects the end of speech and transcribes it; the person's words come back in
 * `conversation.item.input_audio_transcription.completed`.
 */

export const REALTIME_SAMPLE_RATE = 24_000;
/** Samples per chunk sent: 4096 at 24 kHz, about 170 ms. */
const CHUNK_SAMPLES = 4096;

export type RealtimeHandlers = {
  /** The session is configured and takes audio and text. */
  onReady: () => void;
  /** The model heard the end of a turn and is working on it. */
  onThinking: () => void;
  /** The person's turn, as the model server transcribed it. */
  onUserTranscript: (text: string) => void;
  /** The model's whole reply (only when it answers: not in the interview mode). */
  onReply: (text: string) => void;
  /** An `error` event, a failed response, or the socket closed under us. */
  onFailure: (error: RealtimeError) => void;
};

export type RealtimeOptions = {
  teamId: number;
  websocketUrl: string;
  model: string;
  instructions: string;
  /**
   * Whether the model answers each turn. In the interview mode it does not: the transcript goes to
   * the server's own answer route, which decides the answer and the next question.
   */
  respond: boolean;
  handlers: RealtimeHandlers;
};

export type RealtimeSession = {
  /** Streams the microphone up until `stopMicrophone` (or `close`). */
  startMicrophone: () => Promise<void>;
  stopMicrophone: () => void;
  /** Holds the audio back while the browser says a reply, so the model does not hear itself. */
  setPaused: (paused: boolean) => void;
  /** A typed turn, answered as a spoken one (assistant mode). */
  sendText: (text: string) => void;
  /** Asks for a reply again (after a rate limit's delay or a failed response's 3 s). */
  respondAgain: () => void;
  close: () => void;
};

function base64Of(samples: Float32Array): string {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const clamped = Math.max(-1, Math.min(1, samples[i] ?? 0));
    pcm[i] = clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff;
  }
  const bytes = new Uint8Array(pcm.buffer);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

type ServerEvent = {
  type: string;
  error?: { type?: string; code?: string | null; message?: string };
  transcript?: string;
  delta?: string;
  response?: {
    status?: string;
    status_details?: { error?: { type?: string; code?: string; message?: string } };
  };
};

/** Opens the session: the key first, then the socket; resolves once the socket is open. */
export async function openRealtimeSession(options: RealtimeOptions): Promise<RealtimeSession> {
  const { handlers } = options;
  const token = await call(API.assistant.tempToken, {
    query: { id_team: options.teamId },
    body: { modalities: ["text"], instructions: options.instructions },
  });
  const url = `${options.websocketUrl}?model=${encodeURIComponent(options.model)}`;
  const socket = new WebSocket(url, [
    "realtime",
    `openai-insecure-api-key.${token.client_secret.value}`,
    "openai-beta.realtime-v1",
  ]);
  let closedByUs = false;
  let paused = false;
  let reply = "";
  let microphone: { stream: MediaStream; context: AudioContext } | undefined;

  const send = (event: Record<string, unknown>) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(event));
  };

  socket.addEventListener("message", (message) => {
    let event: ServerEvent;
    try {
      event = JSON.parse(String(message.data)) as ServerEvent;
    } catch {
      return;
    }
    switch (event.type) {
      case "session.updated":
        return handlers.onReady();
      case "input_audio_buffer.speech_stopped":
      case "response.created":
        reply = "";
        return handlers.onThinking();
      case "conversation.item.input_audio_transcription.completed":
        if (event.transcript?.trim()) handlers.onUserTranscript(event.transcript.trim());
        return;
      case "response.text.delta":
      case "response.audio_transcript.delta":
        reply += event.delta ?? "";
        return;
      case "response.done": {
        const status = event.response?.status;
        if (status === "failed") {
          const error = event.response?.status_details?.error;
          return handlers.onFailure(
            new RealtimeError(error?.type ?? "server_error", error?.code ?? "", error?.message ?? ""),
          );
        }
        if (status === "completed" && reply.trim()) handlers.onReply(reply.trim());
        reply = "";
        return;
      }
      case "error":
        return handlers.onFailure(
          new RealtimeError(event.error?.type ?? "", event.error?.code ?? "", event.error?.message ?? ""),
        );
    }
  });

  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new RealtimeError("socket", "dropped", "")), {
      once: true,
    });
  });
  socket.addEventListener("close", (event) => {
    stopMicrophone();
    if (!closedByUs) handlers.onFailure(new RealtimeError("socket", "dropped", `closed ${event.code}`));
  });
  send({
    type: "session.update",
    session: {
      modalities: ["text"],
      instructions: options.instructions,
      input_audio_format: "pcm16",
      input_audio_transcription: { model: "whisper-1" },
      turn_detection: { type: "server_vad", silence_duration_ms: 2000, create_response: options.respond },
    },
  });

  function stopMicrophone() {
    if (!microphone) return;
    for (const track of microphone.stream.getTracks()) track.stop();
    void microphone.context.close();
    microphone = undefined;
  }

  return {
    async startMicrophone() {
      if (microphone) return;
      const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1 } });
      // The context resamples the microphone to the 24 kHz the protocol takes.
      const context = new AudioContext({ sampleRate: REALTIME_SAMPLE_RATE });
      const source = context.createMediaStreamSource(stream);
      // A ScriptProcessor is deprecated but needs no separate worklet file; a chunk each 170 ms.
      const processor = context.createScriptProcessor(CHUNK_SAMPLES, 1, 1);
      processor.onaudioprocess = (event) => {
        if (paused || !microphone) return;
        send({ type: "input_audio_buffer.append", audio: base64Of(event.inputBuffer.getChannelData(0)) });
      };
      const silent = context.createGain();
      silent.gain.value = 0;
      source.connect(processor);
      processor.connect(silent);
      silent.connect(context.destination);
      microphone = { stream, context };
    },
    stopMicrophone,
    setPaused(next) {
      paused = next;
    },
    sendText(text) {
      send({
        type: "conversation.item.create",
        item: { type: "message", role: "user", content: [{ type: "input_text", text }] },
      });
      send({ type: "response.create" });
    },
    respondAgain() {
      send({ type: "response.create" });
    },
    close() {
      closedByUs = true;
      stopMicrophone();
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)
        socket.close(1000, "ended");
    },
  };
}
