import { z } from "zod";
import { envelope } from "./envelope.ts";

/**
 * The assistant's direct model calls (interview spec "AI backend": `POST /ai/chat-completions`,
 * `POST /ai/get-temp-token`) and its sales mode (spec: "A sales-assistant mode promotes training
 * courses … and a Successor Director offer"). Both model calls go through the server's configured
 * OpenAI-compatible provider, with the firm's switch, the per-person limits and the usage log of
 * the chat; with the built-in provider (no model configured) they are refused.
 */

/** How a conversation answers: helping with documents, or about the courses and offers on sale. */
export const ASSISTANT_MODES = ["assistant", "sales"] as const;
export const AssistantMode = z.enum(ASSISTANT_MODES, { error: "mode must be assistant or sales" });
export type AssistantMode = z.infer<typeof AssistantMode>;

export const ASSISTANT_NO_MODEL =
  "No AI model is configured on this server: the assistant answers with its built-in, offline provider, which has no chat completions or realtime voice.";
export const ASSISTANT_MODEL_NOT_OFFERED =
  "That model is not offered here. Leave model out to use the configured one.";
export const ASSISTANT_MODEL_UNREACHABLE = "The AI model could not be reached. Please try again in a moment.";
export const ASSISTANT_MODEL_BUSY =
  "The AI model is busy (its rate limit was reached). Please wait and try again after the time given.";
export const ASSISTANT_DAILY_TOKENS_USED =
  "You have used today's allowance of the AI model. It starts again at midnight (Sydney time).";

/** The most messages one chat completion takes, and the longest text of one. */
export const CHAT_COMPLETION_MAX_MESSAGES = 50;
export const CHAT_COMPLETION_MAX_CONTENT = 8000;

export const ChatCompletionMessage = z.object({
  role: z.enum(["system", "user", "assistant"], { error: "role must be system, user or assistant" }),
  content: z
    .string({ error: "content must be text" })
    .max(CHAT_COMPLETION_MAX_CONTENT, `content must be ${CHAT_COMPLETION_MAX_CONTENT} characters or fewer`),
});
export type ChatCompletionMessage = z.infer<typeof ChatCompletionMessage>;

const modelName = z
  .string({ error: "model must be text" })
  .trim()
  .min(1, "model must not be empty")
  .max(100, "model must be 100 characters or fewer");

/** POST /api/ai/chat-completions */
export const ChatCompletionRequest = z.object({
  model: modelName.optional().describe("The configured chat model when left out; no other is offered."),
  messages: z
    .array(ChatCompletionMessage, { error: "messages must be a list" })
    .min(1, "messages must hold at least one message")
    .max(CHAT_COMPLETION_MAX_MESSAGES, `messages must hold ${CHAT_COMPLETION_MAX_MESSAGES} or fewer`),
});
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequest>;

export const ChatCompletionResult = z.object({
  choices: z.array(z.object({ message: z.object({ role: z.literal("assistant"), content: z.string() }) })),
});
export type ChatCompletionResult = z.infer<typeof ChatCompletionResult>;
export const ChatCompletionResponse = envelope(ChatCompletionResult);

/** POST /api/ai/get-temp-token */
export const TempTokenRequest = z.object({
  model: modelName.optional().describe("The configured realtime model when left out; no other is offered."),
  modalities: z
    .array(z.enum(["text", "audio"], { error: "a modality is text or audio" }))
    .min(1, "modalities must name at least one")
    .max(2)
    .optional(),
  instructions: z
    .string({ error: "instructions must be text" })
    .max(20_000, "instructions must be 20000 characters or fewer")
    .optional(),
});
export type TempTokenRequest = z.infer<typeof TempTokenRequest>;

export const TempTokenResult = z.object({
  /** The realtime session's ephemeral key (never the server's own key), and when it expires (Unix seconds). */
  client_secret: z.object({ value: z.string(), expires_at: z.number().int() }),
});
export type TempTokenResult = z.infer<typeof TempTokenResult>;
export const TempTokenResponse = envelope(TempTokenResult);
