import { API } from "@precedent/contracts";
import { call } from "./call";

/** The assistant's chat (issue 32): every call names the firm, and a thread is its person's own. */
const scope = (teamId: number) => ({ id_team: teamId });

/** Starts a conversation; on an interview page, about that document. */
export const createAssistantThread = (teamId: number, docId: number | undefined) =>
  call(API.assistant.createThread, {
    query: scope(teamId),
    body: docId === undefined ? {} : { doc_id: docId },
  });

export const getAssistantThread = (teamId: number, threadId: string, signal?: AbortSignal) =>
  call(API.assistant.thread, { params: { thread_id: threadId }, query: scope(teamId), signal });

/** `isPrompt`: the text is a suggestion the person chose rather than typed. */
export const postAssistantMessage = (teamId: number, threadId: string, text: string, isPrompt: boolean) =>
  call(API.assistant.postMessage, {
    params: { thread_id: threadId },
    query: scope(teamId),
    body: { text, is_prompt: isPrompt },
  });
