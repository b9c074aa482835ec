import { AssistantThreadQuery } from "../assistant.ts";
import {
  EndVoiceSessionRequest,
  EndVoiceSessionResponse,
  InitVoiceSessionRequest,
  InitVoiceSessionResponse,
  VoiceAnswerRequest,
  VoiceAnswerResponse,
  VoiceLogResponse,
  VoiceSessionParams,
} from "../assistant-voice.ts";
import { defineCall } from "./define.ts";

/** The voice interview (interview spec §4 "AI interview (voice)", §7 "AI backend"). */
export const assistantVoiceCalls = {
  initSession: defineCall({
    method: "POST",
    path: "/api/ai/init-session",
    query: AssistantThreadQuery,
    body: InitVoiceSessionRequest,
    reply: InitVoiceSessionResponse,
    errors: {
      400: "The template is not the document's, or a field is not valid",
      403: "The assistant is turned off for this firm",
      404: "No such document the caller may interview",
      409: "The document is completed",
    },
  }),
  answer: defineCall({
    method: "POST",
    path: "/api/ai/sessions/:session_id/answer",
    params: VoiceSessionParams,
    query: AssistantThreadQuery,
    body: VoiceAnswerRequest,
    reply: VoiceAnswerResponse,
    errors: {
      400: "The answer is empty or too long",
      403: "The assistant is turned off for this firm",
      404: "No such voice interview of the caller's in this firm",
      409: "The session has ended, or another answer is being checked",
      429: "Too many answers a minute",
    },
  }),
  log: defineCall({
    method: "GET",
    path: "/api/ai/get-log/:session_id",
    params: VoiceSessionParams,
    query: AssistantThreadQuery,
    reply: VoiceLogResponse,
    errors: {
      403: "The assistant is turned off for this firm",
      404: "No such voice interview of the caller's in this firm",
    },
  }),
  endSession: defineCall({
    method: "POST",
    path: "/api/ai/end-session",
    query: AssistantThreadQuery,
    body: EndVoiceSessionRequest,
    reply: EndVoiceSessionResponse,
    errors: {
      400: "The interview's save refused an answer",
      403: "The assistant is turned off for this firm",
      404: "No such voice interview of the caller's in this firm",
      409: "The interview is open in another tab, or the document is completed",
    },
  }),
};
