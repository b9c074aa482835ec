import type { AssistantReply, ChatMessage } from "@precedent/contracts";
import { ApiError } from "../../api/client";
import { INTERVIEW_PATH } from "../../constants";

/** Documents spec §4 "Assistant chat": said instead of a reply that only repeats the user's text. */
export const REPEATED_TEXT_REPLY = "Somethings went wrong. Could you try again?";

/** The panel's size on a wider screen: the spec's 350 × 500 beside an interview. */
export const PANEL_SIZE_WITH_TEMPLATE = { width: 350, height: 500 } as const;
/** Elsewhere there is no form beside it to keep in view, so a conversation gets more room. */
export const PANEL_SIZE_DEFAULT = { width: 400, height: 560 } as const;
/** At 600 px and narrower (a phone) the panel is a sheet over the whole screen. */
export const PANEL_SHEET_MEDIA = "(max-width: 600px)";

const normalised = (text: string) => text.trim().replace(/\s+/g, " ");

/** Whether an assistant's text only echoes what the user sent (the spec's failed-reply sign). */
export function isEcho(userText: string, replyText: string): boolean {
  return normalised(userText) === normalised(replyText);
}

/** The text to show for a reply to `userText`. */
export function shownReplyText(userText: string, replyText: string): string {
  return isEcho(userText, replyText) ? REPEATED_TEXT_REPLY : replyText;
}

/**
 * A thread's history as it is shown: an assistant message that repeats the user message just
 * before it reads as the spec's failure message, the same as when it arrived.
 */
export function shownConversation(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.map((message, index) => {
    const before = messages[index - 1];
    if (message.role !== "assistant" || before?.role !== "user") return message;
    return { ...message, text: shownReplyText(before.text, message.text) };
  });
}

/** The slice of Web Storage the thread memory uses (sessionStorage in the browser). */
export type ThreadStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

// A thread belongs to one person in one firm (the server answers 404 to anyone else), so the
// tab remembers one per person and firm: a colleague signing in on this tab, or the firm switched
// in the header, never reopens someone else's conversation.
export const threadStorageKey = (userId: number, teamId: number) =>
  `precedent.assistant-thread.${userId}.${teamId}`;

const sessionStore = (): ThreadStorage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

export function readStoredThread(
  userId: number,
  teamId: number,
  storage: ThreadStorage | undefined = sessionStore(),
): string | undefined {
  try {
    const stored = storage?.getItem(threadStorageKey(userId, teamId));
    return stored?.trim() ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function storeThread(
  userId: number,
  teamId: number,
  threadId: string,
  storage: ThreadStorage | undefined = sessionStore(),
): void {
  try {
    storage?.setItem(threadStorageKey(userId, teamId), threadId);
  } catch {
    // Storage refused (private mode, quota): the conversation lasts until the page reloads.
  }
}

export function forgetStoredThread(
  userId: number,
  teamId: number,
  storage: ThreadStorage | undefined = sessionStore(),
): void {
  try {
    storage?.removeItem(threadStorageKey(userId, teamId));
  } catch {
    // Nothing was stored.
  }
}

/** The document whose interview the page at this address shows, if it is the interview page. */
export function interviewDocumentOf(pathname: string, search: string): number | undefined {
  if (pathname.replace(/\/$/, "") !== INTERVIEW_PATH) return undefined;
  const docId = Number(new URLSearchParams(search).get("docId"));
  return Number.isInteger(docId) && docId > 0 ? docId : undefined;
}

export type PanelLayout = { kind: "sheet" } | { kind: "floating"; width: number; height: number };

/** Full screen on a phone; beside an interview the spec's 350 × 500; elsewhere a little larger. */
export function panelLayout(phone: boolean, templateActive: boolean): PanelLayout {
  if (phone) return { kind: "sheet" };
  return { kind: "floating", ...(templateActive ? PANEL_SIZE_WITH_TEMPLATE : PANEL_SIZE_DEFAULT) };
}

/** Where a reply sends the person: the interview of the document it has just started. */
export function draftRedirectOf(
  reply: AssistantReply,
): { docId: number; templateIdentifier?: string } | undefined {
  if (reply.intent !== "createDraft" || reply.doc_id === null) return undefined;
  return reply.template
    ? { docId: reply.doc_id, templateIdentifier: reply.template.template_identifier }
    : { docId: reply.doc_id };
}

/** The document whose answers a reply changed, so its interview page reloads them. */
export function answeredDocumentOf(reply: AssistantReply): number | undefined {
  return reply.intent === "answer" && reply.doc_id !== null ? reply.doc_id : undefined;
}

export const SEND_FAILED_MESSAGE = "Your message was not sent. Please try again.";

/** What to tell the person when a message could not be sent; their text stays in the box. */
export function sendErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return SEND_FAILED_MESSAGE;
  // 429: the server's own words, with its wait when it gave one.
  if (error.status === 429 && error.retryAfterSeconds !== undefined && error.retryAfterSeconds > 0) {
    const seconds = Math.ceil(error.retryAfterSeconds);
    return `${error.message} (Try again in ${seconds} second${seconds === 1 ? "" : "s"}.)`;
  }
  return error.message || SEND_FAILED_MESSAGE;
}

/**
 * The interview page's `chatBoxSession` (interview spec: the page's query parameters): the person
 * came from the chat, whose thread it names, so the panel opens by itself on that conversation.
 */
export const CHAT_BOX_SESSION_PARAM = "chatBoxSession";

export function chatBoxSessionOf(search: string): string | undefined {
  const value = new URLSearchParams(search).get(CHAT_BOX_SESSION_PARAM)?.trim();
  return value && value.length <= 100 ? value : undefined;
}

/** An address with the chat's thread added as `chatBoxSession`. */
export function withChatBoxSession(href: string, threadId: string): string {
  const [path = "", query = ""] = href.split("?", 2);
  const params = new URLSearchParams(query);
  params.set(CHAT_BOX_SESSION_PARAM, threadId);
  return `${path}?${params}`;
}

export type TextPart = { kind: "text"; text: string } | { kind: "link"; href: string };

/**
 * A reply's text with its web addresses as links (the sales mode points to where a person enrols
 * or buys). Only http(s) addresses; a full stop or bracket that ends a sentence is not part of one.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    let href = match[0];
    while (/[.,;:!?)\]]$/.test(href)) href = href.slice(0, -1);
    const start = match.index ?? 0;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    parts.push({ kind: "link", href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
