import { API, type AssistantMode } from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { call } from "./call";

/** The assistant's chat (issue 32): every call names the firm, and a thread is its person's own. */
const scope = (teamId: number) => ({ id_team: teamId });

/** Starts a conversation; on an interview page, about that document. */
export const createAssistantThread = (
  teamId: number,
  docId: number | undefined,
  mode: AssistantMode = "assistant",
) =>
  call(API.assistant.createThread, {
    query: scope(teamId),
    body: {
      ...(docId === undefined || mode === "sales" ? {} : { doc_id: docId }),
      ...(mode === "sales" ? { mode } : {}),
    },
  });

export const getAssistantThread = (teamId: number, threadId: string, signal?: AbortSignal) =>
  call(API.assistant.thread, { params: { thread_id: threadId }, query: scope(teamId), signal });

/**
 * `isPrompt`: the text is a suggestion the person chose rather than typed. `actionToken`: the
 * interview page's own, when the page shows the document the assistant fills, so the answers it
 * sets are saved with it and the page's autosave goes on working.
 */
export const postAssistantMessage = (
  teamId: number,
  threadId: string,
  message: { text: string; isPrompt: boolean; actionToken: string | undefined; audioSeconds?: number },
) =>
  call(API.assistant.postMessage, {
    params: { thread_id: threadId },
    query: scope(teamId),
    body: {
      text: message.text,
      is_prompt: message.isPrompt,
      ...(message.actionToken ? { action_token: message.actionToken } : {}),
      ...(message.audioSeconds ? { audio_seconds: message.audioSeconds } : {}),
    },
  });

/**
 * Whether the firm has the assistant on (its owner or a manager may turn it off) and which
 * provider answers: the account shell shows the launcher only when it is on.
 */
export const assistantSettingsQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["assistant-settings", teamId] as const,
    queryFn: async ({ signal }) => call(API.assistant.settings, { query: scope(teamId), signal }),
    staleTime: 60_000,
  });

/** Turns the assistant on or off for the firm (its owner or a manager; the server refuses others). */
export const updateAssistantSettings = (teamId: number, enabled: boolean) =>
  call(API.assistant.updateSettings, { query: scope(teamId), body: { enabled } });

/**
 * The assistant's use summed by the server from the activity log, for the log's period: the firm's
 * for its owner and managers, a member's own (the server decides, and says which in `scope`).
 */
export const assistantUsageQuery = (teamId: number, period: { dateFrom?: string; dateTo?: string }) =>
  queryOptions({
    queryKey: ["assistant-usage", teamId, period.dateFrom ?? null, period.dateTo ?? null] as const,
    queryFn: async ({ signal }) =>
      call(API.assistant.usage, {
        query: { id_team: teamId, date_from: period.dateFrom, date_to: period.dateTo },
        signal,
      }),
    staleTime: 0,
  });
