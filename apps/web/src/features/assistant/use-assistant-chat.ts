import type { AssistantMode, AssistantReply, ChatMessage } from "@precedent/contracts";
import {
  type QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { createAssistantThread, getAssistantThread, postAssistantMessage } from "../../api/assistant";
import { membershipKey } from "../../api/catalogue";
import { isApiError } from "../../api/client";
import { documentsKey } from "../../api/documents";
import { interviewKey } from "../../api/interview";
import { saveOpenInterview } from "../../open-interview/open-interview";
import { interviewHref } from "../documents/interview-address";
import {
  answeredDocumentOf,
  draftRedirectOf,
  forgetStoredThread,
  readStoredThread,
  sendErrorMessage,
  shownReplyText,
  storeThread,
  withChatBoxSession,
} from "./chat-model";

/** A conversation as the panel holds it: the server's history plus the last reply's chips. */
export type Conversation = {
  threadId: string;
  mode: AssistantMode;
  docId: number | null;
  messages: ChatMessage[];
  suggestions: string[];
};

const conversationKey = (teamId: number, userId: number) => ["assistant-chat", teamId, userId] as const;

/** The remembered thread if the server still has it for this person, else a new one. */
async function openConversation(
  teamId: number,
  userId: number,
  docId: number | undefined,
  chatBoxSession: string | undefined,
  signal: AbortSignal,
): Promise<Conversation> {
  // The thread the page's chatBoxSession names (the person came from that chat), else the one
  // this tab remembers. The server answers only the person's own.
  for (const candidate of new Set([chatBoxSession, readStoredThread(userId, teamId)])) {
    if (!candidate) continue;
    try {
      const thread = await getAssistantThread(teamId, candidate, signal);
      storeThread(userId, teamId, thread.thread_id);
      return {
        threadId: thread.thread_id,
        mode: thread.mode,
        docId: thread.doc_id,
        messages: thread.messages,
        suggestions: [],
      };
    } catch (error) {
      // Gone (or never this person's): start afresh. Anything else is shown, with a retry.
      if (!isApiError(error) || error.status !== 404) throw error;
      if (candidate !== chatBoxSession) forgetStoredThread(userId, teamId);
    }
  }
  return startConversation(teamId, userId, docId, "assistant");
}

async function startConversation(
  teamId: number,
  userId: number,
  docId: number | undefined,
  mode: AssistantMode,
): Promise<Conversation> {
  const created = await createAssistantThread(teamId, docId, mode);
  storeThread(userId, teamId, created.thread_id);
  return {
    threadId: created.thread_id,
    mode: created.mode,
    docId: mode === "sales" ? null : (docId ?? null),
    messages: created.messages,
    suggestions: [],
  };
}

const now = () => new Date().toISOString();

/** Resolves once no fetch of `key` is under way. */
function fetchesSettled(queryClient: QueryClient, key: QueryKey): Promise<void> {
  const idle = () => queryClient.isFetching({ queryKey: key, exact: true }) === 0;
  if (idle()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (!idle()) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The panel's conversation: loads or starts the thread, sends messages, and acts on replies (a
 * started document opens its interview; an answer set reloads the interview page's answers).
 * `pageDocId` is the document of the interview page on screen, if any.
 */
export function useAssistantChat({
  teamId,
  userId,
  pageDocId,
  chatBoxSession,
}: {
  teamId: number;
  userId: number;
  pageDocId: number | undefined;
  /** The page's chatBoxSession: the thread the person came from. */
  chatBoxSession?: string;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = conversationKey(teamId, userId);
  const [error, setError] = useState<string>();

  const conversation = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => openConversation(teamId, userId, pageDocId, chatBoxSession, signal),
    // The history is kept here for the tab's life and changed only by this panel's sends.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // Opened on another document's interview than the thread's: that document gets its own thread,
  // so the assistant asks about the form on screen.
  const threadDocId = conversation.data?.docId;
  const threadMode = conversation.data?.mode;
  useEffect(() => {
    // A sales conversation is about no document: it goes on whatever page is on screen.
    if (threadMode === "sales") return;
    if (pageDocId === undefined || threadDocId === undefined || threadDocId === pageDocId) return;
    forgetStoredThread(userId, teamId);
    void queryClient.resetQueries({ queryKey: conversationKey(teamId, userId), exact: true });
  }, [pageDocId, threadDocId, threadMode, userId, teamId, queryClient]);

  const update = useCallback(
    (change: (current: Conversation) => Conversation) =>
      queryClient.setQueryData<Conversation>(conversationKey(teamId, userId), (current) =>
        current ? change(current) : current,
      ),
    [queryClient, teamId, userId],
  );

  /**
   * The interview page's token, when the page on screen shows the document the thread fills. A
   * reload of the page (after the last answer) takes a new token, which makes the one before it
   * stale: the message waits for that reload, else its answer would be refused as another tab's.
   */
  const pageActionToken = async () => {
    if (pageDocId === undefined || conversation.data?.docId !== pageDocId) return undefined;
    // What was typed on the page since its last autosave is saved first: the answer this message
    // may give reloads the form from the server.
    await saveOpenInterview(pageDocId);
    const key = interviewKey(teamId, pageDocId);
    await fetchesSettled(queryClient, key);
    const load = queryClient.getQueryData<{ actionToken?: unknown }>(key);
    return typeof load?.actionToken === "string" ? load.actionToken : undefined;
  };

  const threadId = conversation.data?.threadId;
  const actOn = useCallback(
    (reply: AssistantReply) => {
      const answered = answeredDocumentOf(reply);
      if (answered !== undefined)
        void queryClient.invalidateQueries({ queryKey: interviewKey(teamId, answered) });
      const draft = draftRedirectOf(reply);
      if (draft) {
        // As the start wizard does once a document has started (catalogue/StartWizard.tsx).
        void queryClient.invalidateQueries({ queryKey: documentsKey(teamId) });
        void queryClient.invalidateQueries({ queryKey: membershipKey(teamId) });
        // The interview page is told the person came from this chat (its chatBoxSession).
        const href = interviewHref(draft);
        navigate(threadId ? withChatBoxSession(href, threadId) : href);
      }
    },
    [queryClient, teamId, navigate, threadId],
  );

  const send = useMutation({
    mutationFn: async ({
      threadId,
      text,
      isPrompt,
      audioSeconds,
    }: {
      threadId: string;
      text: string;
      isPrompt: boolean;
      audioSeconds?: number;
    }) =>
      postAssistantMessage(teamId, threadId, {
        text,
        isPrompt,
        actionToken: await pageActionToken(),
        audioSeconds,
      }),
    onMutate: ({ text }) => {
      setError(undefined);
      // Shown at once; taken back if the message does not reach the assistant.
      update((current) => ({
        ...current,
        messages: [...current.messages, { role: "user", text: text.trim(), created_at: now() }],
        suggestions: [],
      }));
    },
    onSuccess: ({ reply }, { text }) => {
      update((current) => ({
        ...current,
        // The thread follows the document the assistant started or interviews.
        docId: reply.doc_id ?? current.docId,
        messages: [
          ...current.messages,
          { role: "assistant", text: shownReplyText(text, reply.text), created_at: now() },
        ],
        suggestions: reply.suggestions,
      }));
      actOn(reply);
    },
    onError: (failure, { text }) => {
      update((current) => {
        const last = current.messages.at(-1);
        const sent = last?.role === "user" && last.text === text.trim();
        return sent ? { ...current, messages: current.messages.slice(0, -1) } : current;
      });
      setError(sendErrorMessage(failure));
    },
  });

  const sendMessage = useCallback(
    async (text: string, isPrompt: boolean): Promise<boolean> => {
      const threadId = conversation.data?.threadId;
      if (!threadId || send.isPending || !text.trim()) return false;
      try {
        await send.mutateAsync({ threadId, text, isPrompt });
        return true;
      } catch {
        return false;
      }
    },
    [conversation.data?.threadId, send],
  );

  /**
   * One spoken turn of the voice chat: the reply as shown, or the failure itself, so the voice chat
   * can apply its own rules to it (wait and send again, refresh, say it went wrong).
   */
  const sendTurn = useCallback(
    async (
      text: string,
      audioSeconds: number,
    ): Promise<{ ok: true; text: string } | { ok: false; error: unknown }> => {
      const threadId = conversation.data?.threadId;
      if (!threadId || !text.trim()) return { ok: false, error: new Error("No conversation yet.") };
      try {
        const { reply } = await send.mutateAsync({ threadId, text, isPrompt: false, audioSeconds });
        return { ok: true, text: shownReplyText(text, reply.text) };
      } catch (error) {
        return { ok: false, error };
      }
    },
    [conversation.data?.threadId, send],
  );

  /** A new conversation in the other mode (the one before stays on the server, as the person's). */
  const switchMode = useMutation({
    mutationFn: (mode: AssistantMode) => startConversation(teamId, userId, pageDocId, mode),
    onMutate: () => setError(undefined),
    onSuccess: (started) => queryClient.setQueryData(conversationKey(teamId, userId), started),
    onError: (failure) => setError(sendErrorMessage(failure)),
  });

  return {
    conversation,
    /** A new conversation in the same mode (the voice chat's Refresh). */
    restart: () => {
      if (!switchMode.isPending && !send.isPending) switchMode.mutate(conversation.data?.mode ?? "assistant");
    },
    switchMode: (mode: AssistantMode) => {
      if (!switchMode.isPending && !send.isPending && conversation.data?.mode !== mode)
        switchMode.mutate(mode);
    },
    switching: switchMode.isPending,
    sending: send.isPending,
    error,
    dismissError: () => setError(undefined),
    sendMessage,
    sendTurn,
  };
}
