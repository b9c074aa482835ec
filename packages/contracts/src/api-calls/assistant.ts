import {
  AssistantSettingsResponse,
  AssistantThreadQuery,
  CreateThreadRequest,
  CreateThreadResponse,
  PostMessageRequest,
  PostMessageResponse,
  ThreadIdParams,
  ThreadResponse,
  UpdateAssistantSettingsRequest,
} from "../assistant.ts";
import {
  ChatCompletionRequest,
  ChatCompletionResponse,
  TempTokenRequest,
  TempTokenResponse,
} from "../assistant-model.ts";
import { AssistantUsageQuery, AssistantUsageResponse } from "../assistant-usage.ts";
import { defineCall } from "./define.ts";

/** The assistant's chat threads (documents-catalogue-purchase §4 "Assistant chat"). */
export const assistantCalls = {
  createThread: defineCall({
    method: "POST",
    path: "/api/ai/threads",
    query: AssistantThreadQuery,
    body: CreateThreadRequest,
    reply: CreateThreadResponse,
    errors: {
      400: "A field is not valid",
      403: "The assistant is turned off for this firm",
      404: "Not a member of this firm, or no such document the caller may edit",
    },
  }),
  thread: defineCall({
    method: "GET",
    path: "/api/ai/threads/:thread_id",
    params: ThreadIdParams,
    query: AssistantThreadQuery,
    reply: ThreadResponse,
    errors: {
      403: "The assistant is turned off for this firm",
      404: "No such conversation of the caller's in this firm",
    },
  }),
  postMessage: defineCall({
    method: "POST",
    path: "/api/ai/threads/:thread_id/messages",
    params: ThreadIdParams,
    query: AssistantThreadQuery,
    body: PostMessageRequest,
    reply: PostMessageResponse,
    errors: {
      400: "The message is empty or too long",
      403: "The assistant is turned off for this firm",
      404: "No such conversation of the caller's in this firm",
      409: "Another message of this conversation is being answered",
      429: "Too many messages a minute",
    },
  }),
  settings: defineCall({
    method: "GET",
    path: "/api/ai/settings",
    query: AssistantThreadQuery,
    reply: AssistantSettingsResponse,
    errors: { 404: "Not a member of this firm" },
  }),
  usage: defineCall({
    method: "GET",
    path: "/api/ai/usage",
    query: AssistantUsageQuery,
    reply: AssistantUsageResponse,
    errors: { 400: "A date is not a YYYY-MM-DD day", 404: "Not a member of this firm" },
  }),
  updateSettings: defineCall({
    method: "POST",
    path: "/api/ai/settings",
    query: AssistantThreadQuery,
    body: UpdateAssistantSettingsRequest,
    reply: AssistantSettingsResponse,
    errors: {
      400: "enabled is not true or false",
      403: "Only the firm's owner or a manager may turn the assistant on or off",
      404: "Not a member of this firm",
    },
  }),
  chatCompletions: defineCall({
    method: "POST",
    path: "/api/ai/chat-completions",
    query: AssistantThreadQuery,
    body: ChatCompletionRequest,
    reply: ChatCompletionResponse,
    errors: {
      400: "A field is not valid, or the model refused the request",
      403: "The assistant is turned off for this firm",
      404: "Not a member of this firm",
      409: "No AI model is configured (the built-in provider), or the model named is not offered",
      429: "Too many messages a minute, today's token allowance used, or the model's own rate limit",
      502: "The AI model could not be reached",
    },
  }),
  tempToken: defineCall({
    method: "POST",
    path: "/api/ai/get-temp-token",
    query: AssistantThreadQuery,
    body: TempTokenRequest,
    reply: TempTokenResponse,
    errors: {
      400: "A field is not valid, or the model refused the request",
      403: "The assistant is turned off for this firm",
      404: "Not a member of this firm",
      409: "No AI model is configured (the built-in provider), or the model named is not offered",
      429: "Too many requests a minute, today's token allowance used, or the model's own rate limit",
      502: "The AI model could not be reached",
    },
  }),
};
