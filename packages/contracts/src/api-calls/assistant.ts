import {
  AssistantThreadQuery,
  CreateThreadRequest,
  CreateThreadResponse,
  PostMessageRequest,
  PostMessageResponse,
  ThreadIdParams,
  ThreadResponse,
} from "../assistant.ts";
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
      404: "Not a member of this firm, or no such document the caller may edit",
    },
  }),
  thread: defineCall({
    method: "GET",
    path: "/api/ai/threads/:thread_id",
    params: ThreadIdParams,
    query: AssistantThreadQuery,
    reply: ThreadResponse,
    errors: { 404: "No such conversation of the caller's in this firm" },
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
      404: "No such conversation of the caller's in this firm",
      409: "Another message of this conversation is being answered",
      429: "Too many messages a minute",
    },
  }),
};
