import type { Config } from "../../config.ts";
import { createBuiltInProvider } from "./built-in-provider.ts";
import { createModelGateway, type ModelGateway } from "./model-gateway.ts";
import { createOpenAiProvider } from "./openai-provider.ts";
import type { AssistantProvider } from "./provider.ts";

// Which provider answers the assistant, chosen once at start-up (services.ts): the built-in one,
// offline, unless an OpenAI-compatible model is configured; the built-in one stays behind it for
// the greeting and for any message the model fails to answer.

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
  >
>;

export function assistantProviderOf(config: AssistantSettings): AssistantProvider {
  const builtIn = createBuiltInProvider();
  if (!config.ASSISTANT_OPENAI_BASE_URL || !config.ASSISTANT_OPENAI_MODEL) return builtIn;
  return createOpenAiProvider({
    settings: {
      baseUrl: config.ASSISTANT_OPENAI_BASE_URL,
      apiKey: config.ASSISTANT_OPENAI_API_KEY || undefined,
      model: config.ASSISTANT_OPENAI_MODEL,
      timeoutMs: config.ASSISTANT_OPENAI_TIMEOUT_MS ?? 20_000,
    },
    fallback: builtIn,
  });
}

/** The direct calls to the configured model (chat completions, realtime sessions); null without one. */
export function modelGatewayOf(config: AssistantSettings): ModelGateway | null {
  if (!config.ASSISTANT_OPENAI_BASE_URL || !config.ASSISTANT_OPENAI_MODEL) return null;
  return createModelGateway({
    settings: {
      baseUrl: config.ASSISTANT_OPENAI_BASE_URL,
      apiKey: config.ASSISTANT_OPENAI_API_KEY || undefined,
      model: config.ASSISTANT_OPENAI_MODEL,
      realtimeModel: config.ASSISTANT_OPENAI_REALTIME_MODEL ?? "gpt-4o-mini-realtime-preview",
      timeoutMs: config.ASSISTANT_OPENAI_TIMEOUT_MS ?? 20_000,
    },
  });
}
