import { z } from "zod";
import { AssistantMode } from "./assistant-model.ts";
import { envelope } from "./envelope.ts";
import { idParam, TeamScopeQuery } from "./folders.ts";

/**
 * The assistant's chat (documents spec §1, §4 "Assistant chat"; interview spec §1, §4 "AI assistant
 * (chat and voice) on the template start"; issue 32). A thread belongs to one person in one firm;
 * every call names the firm with `?id_team=` like the documents calls, and a thread of another
 * person or firm is answered 404.
 */

/** The longest message the chat takes, after trimming. */
export const ASSISTANT_MESSAGE_MAX_LENGTH = 2000;
/** Messages a person may send a minute, across their threads. */
export const ASSISTANT_MESSAGES_PER_MINUTE = 30;

export const ASSISTANT_THREAD_NOT_FOUND = "No such conversation.";
export const ASSISTANT_MESSAGE_REQUIRED = "Please type a message.";
export const ASSISTANT_MESSAGE_TOO_LONG = `A message must be ${ASSISTANT_MESSAGE_MAX_LENGTH} characters or fewer.`;
export const ASSISTANT_TOO_MANY_MESSAGES =
  "You are sending messages faster than the assistant can answer. Please wait a moment and try again.";

export const CHAT_ROLES = ["user", "assistant"] as const;
export const ChatRole = z.enum(CHAT_ROLES);
export type ChatRole = z.infer<typeof ChatRole>;

export const ChatMessage = z.object({
  role: ChatRole,
  text: z.string(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** What the assistant did with a message. */
export const ASSISTANT_INTENTS = ["answer", "createDraft", "skip", "clarify", "unknown"] as const;
export const AssistantIntent = z.enum(ASSISTANT_INTENTS);
export type AssistantIntent = z.infer<typeof AssistantIntent>;

/** A template the assistant proposes or has started. */
export const AssistantTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  template_identifier: z.string(),
});
export type AssistantTemplate = z.infer<typeof AssistantTemplate>;

/** The interview question the assistant is asking now. */
export const AssistantQuestion = z.object({
  /** The answer's path in the interview answers (`Party[1].Name` inside a repeated group). */
  field: z.string(),
  label: z.string(),
  /** The engine's field kind (text, number, date, choice, yesno, …). */
  kind: z.string(),
  /** The choices of a choice question; null otherwise. */
  options: z.array(z.string()).nullable(),
});
export type AssistantQuestion = z.infer<typeof AssistantQuestion>;

export const AssistantReply = z.object({
  text: z.string(),
  intent: AssistantIntent,
  template: AssistantTemplate.nullable(),
  /** Set when this reply started a document (createDraft) or the thread is interviewing one. */
  doc_id: z.number().int().nullable(),
  question: AssistantQuestion.nullable(),
  /** Quick replies to offer as chips ("Yes, start it", a choice question's options). */
  suggestions: z.array(z.string()),
});
export type AssistantReply = z.infer<typeof AssistantReply>;

export const AssistantThreadQuery = TeamScopeQuery;

/** POST /api/ai/threads */
export const CreateThreadRequest = z.object({
  doc_id: idParam("doc_id")
    .optional()
    .describe(
      "Opened on an interview page: the document the assistant interviews (the caller must be able to edit it).",
    ),
  mode: AssistantMode.optional().describe(
    "assistant (the default): finds templates and runs interviews; sales: answers about the training courses and offers on sale (nothing is sold in the chat).",
  ),
});
export type CreateThreadRequest = z.infer<typeof CreateThreadRequest>;

export const CreateThreadResult = z.object({
  thread_id: z.string(),
  mode: AssistantMode,
  /** The first message is the assistant's greeting. */
  messages: z.array(ChatMessage),
});
export type CreateThreadResult = z.infer<typeof CreateThreadResult>;
export const CreateThreadResponse = envelope(CreateThreadResult);

export const ThreadIdParams = z.object({
  /** Any other text is simply not found (404), like a thread of another person. */
  thread_id: z.string().min(1, ASSISTANT_THREAD_NOT_FOUND).max(100, ASSISTANT_THREAD_NOT_FOUND),
});
export type ThreadIdParams = z.infer<typeof ThreadIdParams>;

/** GET /api/ai/threads/{thread_id} */
export const ThreadResult = z.object({
  thread_id: z.string(),
  mode: AssistantMode,
  doc_id: z.number().int().nullable(),
  messages: z.array(ChatMessage),
});
export type ThreadResult = z.infer<typeof ThreadResult>;
export const ThreadResponse = envelope(ThreadResult);

/** The longest spoken turn the usage counts, in seconds (ten minutes). */
export const AUDIO_SECONDS_MAX = 600;
export const AUDIO_SECONDS_INVALID = `audio_seconds must be a whole number of seconds from 0 to ${AUDIO_SECONDS_MAX}.`;
/**
 * The seconds of speech the browser heard and spoke for a spoken turn (the voice chat, the voice
 * interview), counted in the firm's usage. Absent for a typed message.
 */
export const AudioSeconds = z
  .number({ error: AUDIO_SECONDS_INVALID })
  .int(AUDIO_SECONDS_INVALID)
  .min(0, AUDIO_SECONDS_INVALID)
  .max(AUDIO_SECONDS_MAX, AUDIO_SECONDS_INVALID);

/** POST /api/ai/threads/{thread_id}/messages */
export const PostMessageRequest = z.object({
  text: z
    .string({ error: ASSISTANT_MESSAGE_REQUIRED })
    .trim()
    .min(1, ASSISTANT_MESSAGE_REQUIRED)
    .max(ASSISTANT_MESSAGE_MAX_LENGTH, ASSISTANT_MESSAGE_TOO_LONG),
  /** true when the text is a suggested prompt the user clicked rather than typed. */
  is_prompt: z.boolean({ error: "is_prompt must be true or false" }),
  /**
   * On the interview page: the page's own action token, so answers the assistant sets are saved
   * with it and the page's autosave goes on working. Without it the assistant takes a token of its
   * own, as opening the interview in another tab would.
   */
  action_token: z.string().min(1).max(200).optional(),
  audio_seconds: AudioSeconds.optional(),
});
export type PostMessageRequest = z.infer<typeof PostMessageRequest>;

export const PostMessageResult = z.object({ reply: AssistantReply });
export type PostMessageResult = z.infer<typeof PostMessageResult>;
export const PostMessageResponse = envelope(PostMessageResult);

/**
 * The firm's switch for the assistant (issue 32, Operations): on unless the firm's owner or a
 * manager turns it off; off, every chat call of the firm answers 403 with this message and the
 * web shows no launcher.
 */
export const ASSISTANT_TURNED_OFF =
  "The assistant is turned off for this firm. The firm's owner or a manager can turn it back on in the firm's settings.";
/**
 * The operator's switch for every firm (issue 37 item 4, the console's `assistant_enabled`): off,
 * every assistant call answers 403 with this message and the web shows no launcher.
 */
export const ASSISTANT_OFF_FOR_EVERYONE =
  "The assistant is switched off for everyone at the moment. Please try again later, or contact us if you need help now.";
export const ASSISTANT_SETTINGS_FORBIDDEN =
  "Only the firm's owner or a manager can turn the assistant on or off.";

/** Which provider answers: the built-in one (offline, nothing leaves the server) or a configured model. */
export const ASSISTANT_PROVIDERS = ["built-in", "openai-compatible"] as const;
export const AssistantProviderName = z.enum(ASSISTANT_PROVIDERS);
export type AssistantProviderName = z.infer<typeof AssistantProviderName>;

/** GET /api/ai/settings and the answer of POST /api/ai/settings. */
export const AssistantSettingsResult = z.object({
  /** The firm's own switch. */
  enabled: z.boolean(),
  /** False while the operator has the assistant off for every firm: no launcher, whatever `enabled` says. */
  available: z.boolean(),
  provider: AssistantProviderName,
  /** Whether the caller may change `enabled` (the firm's owner or a manager). */
  can_change: z.boolean(),
  /**
   * The realtime voice model when one is configured (the voice chat then talks to it over its
   * WebSocket with a key from POST /api/ai/get-temp-token); null with the built-in provider.
   */
  realtime: z
    .object({
      provider: AssistantProviderName,
      model: z.string(),
      /** The model server's realtime WebSocket address, without `?model=`. */
      websocket_url: z.string(),
    })
    .nullable(),
});
export type AssistantSettingsResult = z.infer<typeof AssistantSettingsResult>;
export const AssistantSettingsResponse = envelope(AssistantSettingsResult);

/** POST /api/ai/settings */
export const UpdateAssistantSettingsRequest = z.object({
  enabled: z.boolean({ error: "enabled must be true or false" }),
});
export type UpdateAssistantSettingsRequest = z.infer<typeof UpdateAssistantSettingsRequest>;
