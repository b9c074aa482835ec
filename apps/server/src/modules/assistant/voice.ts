import type { Config } from "../../config.ts";
import { createOpenAiSpeech, type SpeechPort } from "./voice-speech.ts";

export type SpeechSettings = Partial<
  Pick<
    Config,
    | "ASSISTANT_OPENAI_BASE_URL"
    | "ASSISTANT_OPENAI_API_KEY"
    | "ASSISTANT_OPENAI_TIMEOUT_MS"
    | "ASSISTANT_OPENAI_TRANSCRIPTION_MODEL"
    | "ASSISTANT_OPENAI_SPEECH_MODEL"
  >
>;

/** The server's speech: none unless an OpenAI-compatible provider is configured (the browser speaks). */
export function speechPortOf(config: SpeechSettings): SpeechPort | null {
  if (!config.ASSISTANT_OPENAI_BASE_URL) return null;
  return createOpenAiSpeech({
    baseUrl: config.ASSISTANT_OPENAI_BASE_URL,
    apiKey: config.ASSISTANT_OPENAI_API_KEY || undefined,
    transcriptionModel: config.ASSISTANT_OPENAI_TRANSCRIPTION_MODEL || "whisper-1",
    speechModel: config.ASSISTANT_OPENAI_SPEECH_MODEL || "tts-1",
    timeoutMs: config.ASSISTANT_OPENAI_TIMEOUT_MS ?? 20_000,
  });
}
