import { ASSISTANT_TOO_MANY_MESSAGES, type AssistantReply, type ChatMessage } from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import { ApiError, NETWORK_ERROR_MESSAGE } from "../../api/client";
import {
  answeredDocumentOf,
  draftRedirectOf,
  forgetStoredThread,
  interviewDocumentOf,
  isEcho,
  PANEL_SIZE_DEFAULT,
  PANEL_SIZE_WITH_TEMPLATE,
  panelLayout,
  REPEATED_TEXT_REPLY,
  readStoredThread,
  SEND_FAILED_MESSAGE,
  sendErrorMessage,
  shownConversation,
  shownReplyText,
  storeThread,
  type ThreadStorage,
  threadStorageKey,
} from "./chat-model";

const memoryStorage = (): ThreadStorage & { items: Map<string, string> } => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
};

const refusingStorage: ThreadStorage = {
  getItem: () => {
    throw new Error("SecurityError");
  },
  setItem: () => {
    throw new Error("QuotaExceededError");
  },
  removeItem: () => {
    throw new Error("SecurityError");
  },
};

const reply = (change: Partial<AssistantReply>): AssistantReply => ({
  text: "Done.",
  intent: "answer",
  template: null,
  doc_id: null,
  question: null,
  suggestions: [],
  ...change,
});

const message = (role: ChatMessage["role"], text: string): ChatMessage => ({
  role,
  text,
  created_at: "2026-03-03T00:00:00.000Z",
});

describe("a reply that repeats the user's text", () => {
  it("is shown as the spec's message, verbatim", () => {
    expect(REPEATED_TEXT_REPLY).toBe("Somethings went wrong. Could you try again?");
    expect(shownReplyText("I need an NDA", "I need an NDA")).toBe(REPEATED_TEXT_REPLY);
  });

  it("counts as a repeat with other spacing around or inside it", () => {
    expect(isEcho("  I need   an NDA\n", "I need an NDA")).toBe(true);
  });

  it("is not a repeat when the words differ, even only by case or a letter", () => {
    expect(isEcho("yes", "Yes")).toBe(false);
    expect(isEcho("three", "threes")).toBe(false);
    expect(shownReplyText("I need an NDA", "Shall I start the Mutual Non-Disclosure Agreement?")).toBe(
      "Shall I start the Mutual Non-Disclosure Agreement?",
    );
  });

  it("reads the same in a thread's history as when it arrived", () => {
    const shown = shownConversation([
      message("assistant", "Hello"),
      message("user", "Hello"),
      message("assistant", "Hello"),
      message("user", "an NDA"),
      message("assistant", "Shall I start it?"),
    ]);
    expect(shown.map((m) => m.text)).toEqual([
      // The greeting follows no user message: nothing to repeat.
      "Hello",
      "Hello",
      REPEATED_TEXT_REPLY,
      "an NDA",
      "Shall I start it?",
    ]);
  });
});

describe("the thread kept for a reload", () => {
  it("is kept per person and firm", () => {
    const storage = memoryStorage();
    storeThread(7, 1, "thread-a", storage);
    storeThread(8, 1, "thread-b", storage);
    storeThread(7, 2, "thread-c", storage);
    expect(readStoredThread(7, 1, storage)).toBe("thread-a");
    expect(readStoredThread(8, 1, storage)).toBe("thread-b");
    expect(readStoredThread(7, 2, storage)).toBe("thread-c");
    expect(readStoredThread(9, 1, storage)).toBeUndefined();
    expect(storage.items.get(threadStorageKey(7, 1))).toBe("thread-a");
  });

  it("is forgotten for that person and firm only", () => {
    const storage = memoryStorage();
    storeThread(7, 1, "thread-a", storage);
    storeThread(7, 2, "thread-c", storage);
    forgetStoredThread(7, 1, storage);
    expect(readStoredThread(7, 1, storage)).toBeUndefined();
    expect(readStoredThread(7, 2, storage)).toBe("thread-c");
  });

  it("reads a blank entry as none", () => {
    const storage = memoryStorage();
    storage.setItem(threadStorageKey(7, 1), "  ");
    expect(readStoredThread(7, 1, storage)).toBeUndefined();
  });

  it("does without storage when the browser refuses it", () => {
    expect(() => storeThread(7, 1, "thread-a", refusingStorage)).not.toThrow();
    expect(readStoredThread(7, 1, refusingStorage)).toBeUndefined();
    expect(() => forgetStoredThread(7, 1, refusingStorage)).not.toThrow();
    expect(readStoredThread(7, 1, undefined)).toBeUndefined();
  });
});

describe("the page the panel is on", () => {
  it("names the interview page's document", () => {
    expect(
      interviewDocumentOf("/my-account/my-document/template", "?docId=42&templateIdentifier=mutual-nda"),
    ).toBe(42);
    expect(interviewDocumentOf("/my-account/my-document/template/", "?docId=42")).toBe(42);
  });

  it("names none elsewhere or without a valid docId", () => {
    expect(interviewDocumentOf("/my-account/my-document", "?docId=42")).toBeUndefined();
    expect(interviewDocumentOf("/my-account/my-document/template", "")).toBeUndefined();
    expect(interviewDocumentOf("/my-account/my-document/template", "?docId=abc")).toBeUndefined();
    expect(interviewDocumentOf("/my-account/my-document/template", "?docId=-3")).toBeUndefined();
  });

  it("sizes the panel 350 × 500 beside an interview, larger elsewhere, and a sheet on a phone", () => {
    expect(panelLayout(false, true)).toEqual({ kind: "floating", width: 350, height: 500 });
    expect(PANEL_SIZE_WITH_TEMPLATE).toEqual({ width: 350, height: 500 });
    expect(panelLayout(false, false)).toEqual({ kind: "floating", ...PANEL_SIZE_DEFAULT });
    expect(panelLayout(true, true)).toEqual({ kind: "sheet" });
    expect(panelLayout(true, false)).toEqual({ kind: "sheet" });
  });
});

describe("what a reply does", () => {
  it("opens the interview of the document it started", () => {
    const started = reply({
      intent: "createDraft",
      doc_id: 91,
      template: { id: 3, name: "Mutual Non-Disclosure Agreement", template_identifier: "mutual-nda" },
    });
    expect(draftRedirectOf(started)).toEqual({ docId: 91, templateIdentifier: "mutual-nda" });
    expect(draftRedirectOf(reply({ intent: "createDraft", doc_id: 91 }))).toEqual({ docId: 91 });
  });

  it("opens nothing for another intent or without a document", () => {
    expect(draftRedirectOf(reply({ intent: "createDraft", doc_id: null }))).toBeUndefined();
    expect(draftRedirectOf(reply({ intent: "answer", doc_id: 91 }))).toBeUndefined();
    expect(draftRedirectOf(reply({ intent: "clarify", doc_id: 91 }))).toBeUndefined();
  });

  it("reloads the answers of the document an answer was set in, and only then", () => {
    expect(answeredDocumentOf(reply({ intent: "answer", doc_id: 91 }))).toBe(91);
    expect(answeredDocumentOf(reply({ intent: "answer", doc_id: null }))).toBeUndefined();
    expect(answeredDocumentOf(reply({ intent: "clarify", doc_id: 91 }))).toBeUndefined();
    expect(answeredDocumentOf(reply({ intent: "skip", doc_id: 91 }))).toBeUndefined();
  });
});

describe("a message that could not be sent", () => {
  it("says the connection failed in the client's words", () => {
    expect(sendErrorMessage(new ApiError(0, NETWORK_ERROR_MESSAGE))).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("gives the server's rate-limit message with its wait", () => {
    expect(sendErrorMessage(new ApiError(429, ASSISTANT_TOO_MANY_MESSAGES, [], 12))).toBe(
      `${ASSISTANT_TOO_MANY_MESSAGES} (Try again in 12 seconds.)`,
    );
    expect(sendErrorMessage(new ApiError(429, ASSISTANT_TOO_MANY_MESSAGES, [], 1))).toBe(
      `${ASSISTANT_TOO_MANY_MESSAGES} (Try again in 1 second.)`,
    );
    expect(sendErrorMessage(new ApiError(429, ASSISTANT_TOO_MANY_MESSAGES))).toBe(
      ASSISTANT_TOO_MANY_MESSAGES,
    );
  });

  it("falls back to a plain message for anything unexpected", () => {
    expect(sendErrorMessage(new Error("boom"))).toBe(SEND_FAILED_MESSAGE);
    expect(sendErrorMessage(new ApiError(500, ""))).toBe(SEND_FAILED_MESSAGE);
  });
});
