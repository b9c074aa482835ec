import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { Throttle } from "../../platform/throttle/index.ts";
import type { InterviewService } from "../interview/index.ts";
import type { LogsService } from "../logs/index.ts";
import type { TemplateLibrary } from "../templates/index.ts";
import { createAssistantGate } from "./gate.ts";
import { createVoiceSessions } from "./voice-session.ts";
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
    transcriptionModel: config.ASSISTANT_OPENAI_TRANSCRIPTION_MODEL ?? "whisper-1",
    speechModel: config.ASSISTANT_OPENAI_SPEECH_MODEL ?? "tts-1",
    timeoutMs: config.ASSISTANT_OPENAI_TIMEOUT_MS ?? 20_000,
  });
}

export type AssistantVoice = ReturnType<typeof createAssistantVoice>;

/** The voice interview's parts for its routes: its sessions, the assistant's gate, the speech port. */
export function createAssistantVoice(deps: {
  db: Database;
  clock: Clock;
  templates: TemplateLibrary;
  interview: Pick<InterviewService, "interview" | "save">;
  throttle: Throttle;
  logs?: Pick<LogsService, "recordAction">;
  speech: SpeechPort | null;
}) {
  const gate = createAssistantGate({ db: deps.db, throttle: deps.throttle });
  return {
    sessions: createVoiceSessions({ ...deps, gate }),
    gate,
    speech: deps.speech,
  };
}
