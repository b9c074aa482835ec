import {
  ASSISTANT_OFF_FOR_EVERYONE,
  ASSISTANT_TURNED_OFF,
  AssistantSettingsResponse,
  AssistantThreadQuery,
  AssistantUsageQuery,
  AssistantUsageResponse,
  ChatCompletionRequest,
  ChatCompletionResponse,
  CreateThreadRequest,
  CreateThreadResponse,
  ErrorEnvelope,
  PostMessageRequest,
  PostMessageResponse,
  TempTokenRequest,
  TempTokenResponse,
  ThreadIdParams,
  ThreadResponse,
  UpdateAssistantSettingsRequest,
} from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AssistantService } from "./service.ts";

const noThread = ErrorEnvelope.describe(
  "No such conversation of the caller's in this firm (another person's or firm's is never found), or no such firm",
);

const turnedOff = ErrorEnvelope.describe(
  `The operator switched the assistant off for every firm ("${ASSISTANT_OFF_FOR_EVERYONE}"), or the firm's owner or a manager turned it off for the firm ("${ASSISTANT_TURNED_OFF}")`,
);

export const assistantRoutes: FastifyPluginAsyncZod<{ assistant: AssistantService }> = async (
  app,
  { assistant },
) => {
  const tags = ["assistant"];

  app.post(
    "/ai/threads",
    {
      schema: {
        tags,
        summary: "Starts a conversation with the assistant; the first message is its greeting",
        querystring: AssistantThreadQuery,
        body: CreateThreadRequest,
        response: {
          200: CreateThreadResponse,
          403: turnedOff,
          404: ErrorEnvelope.describe("No such firm of the caller's, or no such document they may interview"),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await assistant.createThread(ctx, request.body) };
    },
  );

  app.get(
    "/ai/threads/:thread_id",
    {
      schema: {
        tags,
        summary: "A conversation with the assistant, its messages oldest first",
        params: ThreadIdParams,
        querystring: AssistantThreadQuery,
        response: { 200: ThreadResponse, 403: turnedOff, 404: noThread },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await assistant.thread(ctx, request.params.thread_id) };
    },
  );

  app.post(
    "/ai/threads/:thread_id/messages",
    {
      schema: {
        tags,
        summary:
          "Sends a message to the assistant and answers its reply: a proposed template, a started draft (createDraft, with doc_id) or the interview's next question",
        params: ThreadIdParams,
        querystring: AssistantThreadQuery,
        body: PostMessageRequest,
        response: {
          200: PostMessageResponse,
          403: turnedOff,
          404: noThread,
          409: ErrorEnvelope.describe("Another message of this conversation is being answered"),
          429: ErrorEnvelope.describe(
            "More messages a minute than the assistant takes from one person: `data.retry_after_seconds` says how long to wait",
          ),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await assistant.postMessage(ctx, request.params.thread_id, request.body) };
    },
  );

  app.get(
    "/ai/settings",
    {
      schema: {
        tags,
        summary:
          "Whether the firm has the assistant on (the web shows its launcher only then), which provider answers, whether the caller may change it, and the realtime voice model if one is configured",
        description:
          "`available` is false while the operator has the assistant switched off for every firm (the console's setting): the web then shows no launcher, whatever the firm's own `enabled` says, and every assistant call answers 403. `realtime` names the configured realtime model and its WebSocket address (the voice chat opens it with the ephemeral key of `POST /api/ai/get-temp-token`); it is null with the built-in provider, and the voice chat then runs turn by turn on the browser's speech.",
        querystring: AssistantThreadQuery,
        response: {
          200: AssistantSettingsResponse,
          404: ErrorEnvelope.describe("No such firm of the caller's"),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await assistant.settings(ctx) };
    },
  );

  app.post(
    "/ai/settings",
    {
      schema: {
        tags,
        summary: "Turns the assistant on or off for the firm (the firm's owner or a manager)",
        querystring: AssistantThreadQuery,
        body: UpdateAssistantSettingsRequest,
        response: {
          200: AssistantSettingsResponse,
          403: ErrorEnvelope.describe("The caller is a member, not the firm's owner or a manager"),
          404: ErrorEnvelope.describe("No such firm of the caller's"),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await assistant.updateSettings(ctx, request.body) };
    },
  );

  app.get(
    "/ai/usage",
    {
      schema: {
        tags,
        summary:
          "The assistant's use summed from the activity log (messages, voice answers, tokens, audio seconds, realtime sessions): the firm's for its owner and managers, a member's own",
        description:
          "Counted whether the assistant is on or off, so a firm that turned it off still sees what it used. `date_from` and `date_to` are Sydney days, as the activity log's period.",
        querystring: AssistantUsageQuery,
        response: {
          200: AssistantUsageResponse,
          400: ErrorEnvelope.describe("A date is not a YYYY-MM-DD day"),
          404: ErrorEnvelope.describe("No such firm of the caller's"),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await assistant.usage(ctx, request.query) };
    },
  );

  // The direct model calls (interview spec "AI backend"): the same switch, limits and usage log as
  // the chat, through the configured OpenAI-compatible server; refused with the built-in provider.
  const modelErrors = {
    400: ErrorEnvelope.describe(
      "A field is not valid, or the model refused the request (its `invalid_request_error`, with its reason)",
    ),
    403: turnedOff,
    404: ErrorEnvelope.describe("No such firm of the caller's"),
    409: ErrorEnvelope.describe(
      "No AI model is configured (the built-in provider answers offline), or the model named is not the configured one",
    ),
    429: ErrorEnvelope.describe(
      "More requests a minute than the assistant takes from one person, today's token allowance used, or the model's own rate limit: `data.retry_after_seconds` says how long to wait",
    ),
    502: ErrorEnvelope.describe("The AI model could not be reached, or its answer was cut off or unreadable"),
  };

  app.post(
    "/ai/chat-completions",
    {
      schema: {
        tags,
        summary:
          "One chat completion of the configured model (no tools): the reply in choices[0].message.content",
        querystring: AssistantThreadQuery,
        body: ChatCompletionRequest,
        response: { 200: ChatCompletionResponse, ...modelErrors },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await assistant.chatCompletions(ctx, request.body) };
    },
  );

  app.post(
    "/ai/get-temp-token",
    {
      schema: {
        tags,
        summary:
          "Opens a realtime voice session with the configured model (voice ash, temperature 0.8, up to 4096 response tokens) and answers its short-lived key, never the server's",
        querystring: AssistantThreadQuery,
        body: TempTokenRequest,
        response: { 200: TempTokenResponse, ...modelErrors },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await assistant.tempToken(ctx, request.body) };
    },
  );
};
