import type { AssistantReply, AssistantTemplate } from "@precedent/contracts";
import type { Answers, InterviewDefinition } from "@precedent/docgen";
import type { ThreadState } from "./schema.ts";

/**
 * What a provider may do, bound by the service to the person and firm of the request: every tool
 * is a call of another module's service with their own firm context, so a provider can do nothing
 * the API would not let this person do (and a message asking it to ignore its rules changes none
 * of that).
 */
export type AssistantTools = {
  /** The firm's day (Sydney), YYYY-MM-DD, for "today" and "next Friday". */
  today(): string;
  /** Catalogue templates the firm may see, best match first. */
  findTemplates(request: string, limit: number): Promise<AssistantTemplate[]>;
  /** Starts a document of the template by the start wizard's rules, or says why not. */
  startDocument(
    template: AssistantTemplate,
  ): Promise<{ ok: true; docId: number } | { ok: false; message: string }>;
  /** The document's interview, if this person may interview it now (throws the interview's refusal). */
  readInterview(docId: number): Promise<{ name: string; definition: InterviewDefinition; answers: Answers }>;
  /** Saves the answers through the interview's own save, or says why they were not saved. */
  saveAnswers(docId: number, answers: Answers): Promise<{ ok: true } | { ok: false; message: string }>;
};

export type AssistantTurn = {
  readonly text: string;
  readonly isPrompt: boolean;
  readonly state: ThreadState;
  readonly docId: number | null;
  /**
   * The thread's latest messages before this one, oldest first (a model reads the conversation;
   * the built-in provider keeps its place in `state`). Words only: they carry no authority, and
   * every tool call is checked as if the message were new.
   */
  readonly history?: readonly { readonly role: "user" | "assistant"; readonly text: string }[];
};

export type AssistantOutcome = {
  readonly reply: AssistantReply;
  readonly state: ThreadState;
  readonly docId: number | null;
  /** Who answered and the model's tokens it took, for the activity log (the built-in: none). */
  readonly usage?: { readonly provider: string; readonly tokens: number };
};

/** The assistant's one port: the built-in provider (offline, the default) or an OpenAI-compatible model. */
export type AssistantProvider = {
  readonly name: string;
  /** The first message of a new thread (on an interview page: the document's first question). */
  greet(docId: number | null, tools: AssistantTools): Promise<AssistantOutcome>;
  /** The reply to one message. */
  respond(turn: AssistantTurn, tools: AssistantTools): Promise<AssistantOutcome>;
};

export const INITIAL_STATE: ThreadState = { role: "greeter", proposal: null, asking: null, skipped: [] };
