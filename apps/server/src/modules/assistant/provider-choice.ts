import type { Config } from "../../config.ts";
import { createBuiltInProvider } from "./built-in-provider.ts";
import { createModelGateway, type ModelGateway } from "./model-gateway.ts";
import { createOpenAiProvider } from "./openai-provider.ts";
import type { AssistantProvider } from "./provider.ts";
import { speechPortOf } from "./voice.ts";
import type { SpeechPort } from "./voice-speech.ts";

// Which provider answers the assistant: the built-in one, offline, unless an OpenAI-compatible
// model is configured (and not turned away by ASSISTANT_PROVIDER=built-in); the built-in one stays
// behind it for the greeting and for any message the model fails to answer. Worked out again from
// the console's settings after each change (services-settings.ts), the environment's as defaults.

export type AssistantSettings = Partial<
  Pick<
    Config,
    | "ASSISTANT_OPENAI_BASE_URL"
    | "ASSISTANT_OPENAI_API_KEY"
    | "ASSISTANT_OPENAI_MODEL"
    | "ASSISTANT_OPENAI_TIMEOUT_MS"
    | "ASSISTANT_OPENAI_REALTIME_MODEL"
    | "ASSISTANT_TOKENS_PER_PERSON_PER_DAY"
    | "ASSISTANT_HISTORY_MESSAGES"
    | "ASSISTANT_SALES_COURSES"
    | "ASSISTANT_SALES_OFFERS"
    | "ASSISTANT_ENABLED"
    | "ASSISTANT_PROVIDER"
    | "ASSISTANT_OPENAI_TRANSCRIPTION_MODEL"
    | "ASSISTANT_OPENAI_SPEECH_MODEL"
  >
>;

/** What answers the assistant now, for every firm: its switch, the provider and the direct calls. */
export type AssistantChoice = {
  /** The operator's switch for every firm (the firm's own applies only while this is on). */
  on: boolean;
  provider: AssistantProvider;
  gateway: ModelGateway | null;
  speech: SpeechPort | null;
};

const modelConfigured = (config: AssistantSettings) =>
  config.ASSISTANT_PROVIDER !== "built-in" &&
  Boolean(config.ASSISTANT_OPENAI_BASE_URL) &&
  Boolean(config.ASSISTANT_OPENAI_MODEL);

export function assistantChoiceOf(config: AssistantSettings): AssistantChoice {
  return {
    on: config.ASSISTANT_ENABLED !== "off",
    provider: assistantProviderOf(config),
    gateway: modelGatewayOf(config),
    speech: config.ASSISTANT_PROVIDER === "built-in" ? null : speechPortOf(config),
  };
}

export function assistantProviderOf(config: AssistantSettings): AssistantProvider {
  const builtIn = createBuiltInProvider();
  if (!modelConfigured(config)) return builtIn;
  return createOpenAiProvider({
    settings: {
      baseUrl: config.ASSISTANT_OPENAI_BASE_URL as string,
      apiKey: config.ASSISTANT_OPENAI_API_KEY || undefined,
      model: config.ASSISTANT_OPENAI_MODEL as string,
      timeoutMs: config.ASSISTANT_OPENAI_TIMEOUT_MS ?? 20_000,
    },
    fallback: builtIn,
  });
}

/** The direct calls to the configured model (chat completions, realtime sessions); null without one. */
export function modelGatewayOf(config: AssistantSettings): ModelGateway | null {
  if (!modelConfigured(config)) return null;
  return createModelGateway({
    settings: {
      baseUrl: config.ASSISTANT_OPENAI_BASE_URL as string,
      apiKey: config.ASSISTANT_OPENAI_API_KEY || undefined,
      model: config.ASSISTANT_OPENAI_MODEL as string,
      realtimeModel: config.ASSISTANT_OPENAI_REALTIME_MODEL || "gpt-4o-mini-realtime-preview",
      timeoutMs: config.ASSISTANT_OPENAI_TIMEOUT_MS ?? 20_000,
    },
  });
}
