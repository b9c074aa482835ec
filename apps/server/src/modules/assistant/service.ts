import { randomUUID } from "node:crypto";
import {
  ASSISTANT_MODEL_NOT_OFFERED,
  ASSISTANT_NO_MODEL,
  ASSISTANT_SETTINGS_FORBIDDEN,
  ASSISTANT_THREAD_NOT_FOUND,
  type AssistantProviderName,
  type AssistantSettingsResult,
  type ChatCompletionRequest,
  type ChatCompletionResult,
  type ChatMessage,
  type CreateThreadRequest,
  type CreateThreadResult,
  INTERVIEW_OPENED_IN_ANOTHER_TAB,
  type PostMessageRequest,
  type PostMessageResult,
  type StartDocumentRequest,
  type StartDocumentResult,
  type TempTokenRequest,
  type TempTokenResult,
  type ThreadResult,
  type UpdateAssistantSettingsRequest,
} from "@precedent/contracts";
import type { Answers } from "@precedent/docgen";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, forbidden, notFound } from "../../errors.ts";
import { sydneyDay } from "../../platform/kernel/calendar.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { Throttle } from "../../platform/throttle/index.ts";
import type { InterviewService } from "../interview/index.ts";
import type { LogsService } from "../logs/index.ts";
import type { TemplateLibrary } from "../templates/index.ts";
import { createBuiltInProvider } from "./built-in-provider.ts";
import { type CatalogueEntries, createCatalogueEntries } from "./catalogue-entries.ts";
import { createAssistantGate } from "./gate.ts";
import type { ModelGateway } from "./model-gateway.ts";
import { canChangeAssistantSettings, canUseThread, chatStartRefusal } from "./policy.ts";
import {
  type AssistantOutcome,
  type AssistantProvider,
  type AssistantTools,
  INITIAL_STATE,
} from "./provider.ts";
import type { AssistantChoice } from "./provider-choice.ts";
import { createSalesResponder, type SalesCatalogue } from "./sales.ts";
import { assistantFirmSettings, assistantMessages, assistantThreads, type ThreadState } from "./schema.ts";
import { createTokenAllowance } from "./token-allowance.ts";
import {
  ASSISTANT_COMPLETION_ACTION,
  ASSISTANT_MESSAGE_ACTION,
  ASSISTANT_REALTIME_ACTION,
  createSpeechUsage,
  usageNote,
} from "./usage.ts";
import { createUsageTotals } from "./usage-totals.ts";
import { createVoiceSessions } from "./voice-session.ts";
import type { SpeechPort } from "./voice-speech.ts";

export type AssistantService = ReturnType<typeof createAssistantService>;

/**
 * POST /doc/start's service call (the orders module's), which the chat's start goes through;
 * `byAssistant` marks the document is_interview_ai in the start's transaction.
 */
export type DocumentStartCall = (
  ctx: FirmContext,
  input: StartDocumentRequest,
  options: { byAssistant: boolean },
) => Promise<StartDocumentResult>;

// The activity log's actions, kept with the usage they count (usage.ts).
export { ASSISTANT_COMPLETION_ACTION, ASSISTANT_MESSAGE_ACTION, ASSISTANT_REALTIME_ACTION };

/** The thread's latest messages sent to a model with a new one, unless the settings say otherwise. */
const DEFAULT_HISTORY_MESSAGES = 20;
const DEFAULT_TOKENS_PER_DAY = 200_000;

export function createAssistantService(deps: {
  db: Database;
  clock: Clock;
  catalogue: Parameters<typeof createCatalogueEntries>[0]["catalogue"];
  templates: TemplateLibrary;
  interview: Pick<InterviewService, "interview" | "issueToken" | "save">;
  startDocument: DocumentStartCall;
  /** A person's paid, unused orders in a firm (the orders module's `paidOrdersOf`). */
  paidOrders: (teamId: number, userId: number) => Promise<{ order_id: number; product_id: number }[]>;
  throttle: Throttle;
  /** The firm's activity log, where each message is counted (not its words). */
  logs?: Pick<LogsService, "recordAction">;
  provider?: AssistantProvider;
  entries?: CatalogueEntries;
  /** The configured OpenAI-compatible server's direct calls; none with the built-in provider. */
  gateway?: ModelGateway | null;
  /** The courses and offers the sales mode speaks of (the settings'). */
  sales?: SalesCatalogue;
  /** The model's tokens one person may use a day. */
  tokensPerDay?: number;
  /** The thread's latest messages a model is sent with a new one. */
  historyMessages?: number;
  /** The voice interview's speech on the server; none (the browser speaks) unless configured. */
  speech?: SpeechPort | null;
  /**
   * The switch for every firm, the provider, the direct calls and the speech as the console's
   * settings have them now, read on each call; without it, `provider`, `gateway` and `speech`
   * stand for good and the assistant is on.
   */
  choice?: () => Promise<AssistantChoice>;
}) {
  const { db, clock, interview, templates, throttle } = deps;
  const fixed: AssistantChoice = {
    on: true,
    provider: deps.provider ?? createBuiltInProvider(),
    gateway: deps.gateway ?? null,
    speech: deps.speech ?? null,
  };
  const current = deps.choice ?? (async () => fixed);
  const entries = deps.entries ?? createCatalogueEntries({ catalogue: deps.catalogue, templates, clock });
  const salesResponder = createSalesResponder(deps.sales ?? { courses: [], offers: [] });
  const allowance = createTokenAllowance({
    db,
    clock,
    tokensPerDay: deps.tokensPerDay ?? DEFAULT_TOKENS_PER_DAY,
  });
  const historyMessages = deps.historyMessages ?? DEFAULT_HISTORY_MESSAGES;
  const gate = createAssistantGate({ db, throttle, onForEveryone: async () => (await current()).on });

  /** The tools of one request: each a call of another module's service as this person in this firm. */
  function toolsFor(ctx: FirmContext, actionToken: string | undefined): AssistantTools {
    return {
      today: () => sydneyDay(clock()),
      findTemplates: async (request, limit) =>
        (await entries.finder()).search(request, limit).map(({ entry }) => ({
          id: entry.id,
          name: entry.name,
          template_identifier: entry.templateIdentifier,
        })),
      async startDocument(template) {
        const product = await deps.catalogue.get(template.id);
        const refusal = chatStartRefusal(product);
        if (refusal === "asic") {
          return {
            ok: false,
            message: `"${product.name}" registers a company with ASIC, and its start asks for the company's name and type first. Please start it from the catalogue (Start Document on its card).`,
          };
        }
        if (refusal === "acknowledgement") {
          return {
            ok: false,
            message: `"${product.name}" asks you to read and accept an acknowledgement before it starts. Please start it from the catalogue.`,
          };
        }
        // A paid, unused order for the template is used first, as the catalogue's Start Document does.
        const order = (await deps.paidOrders(ctx.teamId, ctx.userId)).find(
          (o) => o.product_id === product.id,
        );
        try {
          const started = await deps.startDocument(
            ctx,
            order
              ? { order_id: order.order_id, name: product.name }
              : { product_id: product.id, name: product.name },
            { byAssistant: true },
          );
          return { ok: true, docId: started.id };
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          return {
            ok: false,
            message: `${error.message} You can see your options for "${product.name}" in the catalogue.`,
          };
        }
      },
      async readInterview(docId) {
        const read = await interview.interview(ctx, docId);
        const template = await templates.get(read.template_identifier);
        if (!template) throw new AppError(409, "This document's template is not available.");
        return { name: read.name, definition: template.definition, answers: read.xml as Answers };
      },
      async saveAnswers(docId, answers) {
        // The interview page's own token when the chat sits on that page (the page keeps saving);
        // otherwise a token of the chat's own, as another tab of the interview would take.
        const token = actionToken ?? (await interview.issueToken(ctx, docId));
        try {
          // Marked is_interview_ai by the save itself, so a refused save marks nothing.
          const saved = await interview.save(ctx, docId, answers as Record<string, unknown>, token, {
            byAssistant: true,
          });
          return saved.status ? { ok: true } : { ok: false, message: INTERVIEW_OPENED_IN_ANOTHER_TAB };
        } catch (error) {
          if (error instanceof AppError && error.status < 500) return { ok: false, message: error.message };
          throw error;
        }
      },
    };
  }

  /** The thread's latest messages, oldest first, for a model to read the conversation. */
  async function historyOf(threadId: string) {
    if (historyMessages === 0) return [];
    const rows = await db
      .select({ role: assistantMessages.role, text: assistantMessages.text })
      .from(assistantMessages)
      .where(eq(assistantMessages.threadId, threadId))
      .orderBy(desc(assistantMessages.id))
      .limit(historyMessages);
    return rows.reverse();
  }

  async function ownThread(ctx: FirmContext, threadId: string) {
    const [thread] = await db
      .select()
      .from(assistantThreads)
      .where(
        and(
          eq(assistantThreads.id, threadId),
          eq(assistantThreads.teamId, ctx.teamId),
          eq(assistantThreads.userId, ctx.userId),
        ),
      );
    if (!thread || !canUseThread(ctx, thread)) throw notFound(ASSISTANT_THREAD_NOT_FOUND);
    return thread;
  }

  const messageOf = (row: { role: "user" | "assistant"; text: string; createdAt: Date }): ChatMessage => ({
    role: row.role,
    text: row.text,
    created_at: row.createdAt.toISOString(),
  });

  const { enabledFor, requireOn } = gate;

  const settingsOf = async (ctx: FirmContext, enabled: boolean): Promise<AssistantSettingsResult> => {
    const { on, provider, gateway } = await current();
    return {
      enabled,
      available: on,
      provider: provider.name as AssistantProviderName,
      can_change: canChangeAssistantSettings(ctx),
      realtime: gateway
        ? {
            provider: provider.name as AssistantProviderName,
            model: gateway.realtimeModel,
            websocket_url: gateway.realtimeWebSocketUrl,
          }
        : null,
    };
  };

  /** The model a direct call may use: the configured one (a person cannot pick a dearer one). */
  function modelFor(requested: string | undefined, configured: string) {
    if (requested !== undefined && requested !== configured)
      throw new AppError(409, ASSISTANT_MODEL_NOT_OFFERED);
    return configured;
  }

  /** The checks every direct model call passes first: both switches, a model, the limits. */
  async function admitModelCall(
    ctx: FirmContext,
  ): Promise<{ model: ModelGateway; provider: AssistantProvider }> {
    await requireOn(ctx);
    const { gateway, provider } = await current();
    if (!gateway) throw new AppError(409, ASSISTANT_NO_MODEL);
    await gate.takeMessage(ctx);
    await allowance.requireLeft(ctx);
    return { model: gateway, provider };
  }

  return {
    /** The provider answering now (the console's setting, or the environment's). */
    provider: async () => (await current()).provider.name,
    /** GET /ai/usage: the assistant's use summed from the activity log (usage-totals.ts). */
    usage: createUsageTotals({ db }),

    /** The voice interview (voice-routes.ts), behind the same switch and rate as the chat. */
    voice: {
      sessions: createVoiceSessions({ db, clock, templates, interview, gate, logs: deps.logs }),
      gate,
      speech: async () => (await current()).speech,
      countSpeech: createSpeechUsage({ db, logs: deps.logs }),
    },

    /** POST /ai/chat-completions: one completion of the configured chat model, no tools. */
    async chatCompletions(ctx: FirmContext, input: ChatCompletionRequest): Promise<ChatCompletionResult> {
      const { model, provider } = await admitModelCall(ctx);
      const chosen = modelFor(input.model, model.chatModel);
      const { content, tokens } = await model.chatCompletion(chosen, input.messages);
      await db.transaction(async (tx) => {
        await allowance.count(tx, ctx, tokens);
        await deps.logs?.recordAction(tx, {
          teamId: ctx.teamId,
          docId: null,
          docType: "DOC",
          userId: ctx.userId,
          action: ASSISTANT_COMPLETION_ACTION,
          isSuccess: true,
          request: { model: chosen, messages: input.messages.length },
          response: { status: 200, provider: provider.name, tokens },
          message: `Chat completion (${chosen}, ${tokens} tokens)`,
        });
      });
      return { choices: [{ message: { role: "assistant", content } }] };
    },

    /** POST /ai/get-temp-token: a realtime voice session's ephemeral key (never the server's key). */
    async tempToken(ctx: FirmContext, input: TempTokenRequest): Promise<TempTokenResult> {
      const { model, provider } = await admitModelCall(ctx);
      const chosen = modelFor(input.model, model.realtimeModel);
      const secret = await model.realtimeSession({
        model: chosen,
        modalities: input.modalities,
        instructions: input.instructions,
      });
      await db.transaction(async (tx) => {
        await deps.logs?.recordAction(tx, {
          teamId: ctx.teamId,
          docId: null,
          docType: "DOC",
          userId: ctx.userId,
          action: ASSISTANT_REALTIME_ACTION,
          isSuccess: true,
          request: { model: chosen, modalities: input.modalities ?? null },
          response: { status: 200, provider: provider.name, expires_at: secret.expires_at },
          message: `Realtime voice session (${chosen})`,
        });
      });
      return { client_secret: secret };
    },

    /** GET /ai/settings: whether the firm has the assistant on, and which provider answers. */
    async settings(ctx: FirmContext): Promise<AssistantSettingsResult> {
      return settingsOf(ctx, await enabledFor(ctx.teamId));
    },

    /** POST /ai/settings: the firm's owner or a manager turns the assistant on or off. */
    async updateSettings(
      ctx: FirmContext,
      input: UpdateAssistantSettingsRequest,
    ): Promise<AssistantSettingsResult> {
      if (!canChangeAssistantSettings(ctx)) throw forbidden(ASSISTANT_SETTINGS_FORBIDDEN);
      const values = { enabled: input.enabled, updatedBy: ctx.userId, updatedAt: clock() };
      await db
        .insert(assistantFirmSettings)
        .values({ teamId: ctx.teamId, ...values })
        .onConflictDoUpdate({ target: assistantFirmSettings.teamId, set: values });
      return settingsOf(ctx, input.enabled);
    },

    /** POST /ai/threads: a new conversation, opened with the assistant's greeting. */
    async createThread(ctx: FirmContext, input: CreateThreadRequest): Promise<CreateThreadResult> {
      await requireOn(ctx);
      const { provider } = await current();
      const mode = input.mode ?? "assistant";
      // A sales conversation is about what is on sale, never a document.
      const docId = mode === "sales" ? null : (input.doc_id ?? null);
      const greeting: AssistantOutcome =
        mode === "sales"
          ? { reply: salesResponder.greeting(), state: INITIAL_STATE, docId: null }
          : await provider.greet(docId, toolsFor(ctx, undefined));
      const id = randomUUID();
      const now = clock();
      await db.transaction(async (tx) => {
        await tx.insert(assistantThreads).values({
          id,
          teamId: ctx.teamId,
          userId: ctx.userId,
          docId: greeting.docId,
          state: greeting.state,
          mode,
          createdAt: now,
          updatedAt: now,
        });
        await tx.insert(assistantMessages).values({
          threadId: id,
          teamId: ctx.teamId,
          userId: ctx.userId,
          role: "assistant",
          text: greeting.reply.text,
          createdAt: now,
        });
      });
      return {
        thread_id: id,
        mode,
        messages: [{ role: "assistant", text: greeting.reply.text, created_at: now.toISOString() }],
      };
    },

    /** GET /ai/threads/{thread_id}: the conversation so far. */
    async thread(ctx: FirmContext, threadId: string): Promise<ThreadResult> {
      await requireOn(ctx);
      const thread = await ownThread(ctx, threadId);
      const rows = await db
        .select()
        .from(assistantMessages)
        .where(eq(assistantMessages.threadId, thread.id))
        .orderBy(asc(assistantMessages.id));
      return { thread_id: thread.id, mode: thread.mode, doc_id: thread.docId, messages: rows.map(messageOf) };
    },

    /** POST /ai/threads/{thread_id}/messages: the assistant's reply, kept with the message. */
    async postMessage(
      ctx: FirmContext,
      threadId: string,
      input: PostMessageRequest,
    ): Promise<PostMessageResult> {
      await requireOn(ctx);
      await gate.takeMessage(ctx);
      const thread = await ownThread(ctx, threadId);
      const sales = thread.mode === "sales";
      const { provider } = await current();
      // Only a model spends tokens: the built-in provider and the sales answers are not limited.
      if (!sales && provider.name !== "built-in") await allowance.requireLeft(ctx);
      const sentAt = clock();
      let result: AssistantOutcome;
      try {
        result = sales
          ? { reply: salesResponder.answer(input.text), state: thread.state, docId: null }
          : await provider.respond(
              {
                text: input.text,
                isPrompt: input.is_prompt,
                state: thread.state,
                docId: thread.docId,
                history: await historyOf(thread.id),
              },
              toolsFor(ctx, input.action_token),
            );
      } catch (error) {
        // The document went away or out of reach (deleted, completed, no longer shared): say so
        // and go back to finding templates, rather than failing the whole chat.
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        const state: ThreadState = { ...INITIAL_STATE, role: "templateFinder" };
        result = {
          reply: {
            text: `${error.message} I have stopped the interview. What document do you need?`,
            intent: "unknown",
            template: null,
            doc_id: null,
            question: null,
            suggestions: [],
          },
          state,
          docId: null,
        };
      }
      const repliedAt = clock();
      await db.transaction(async (tx) => {
        const moved = await tx
          .update(assistantThreads)
          .set({
            state: result.state,
            docId: result.docId,
            version: sql`${assistantThreads.version} + 1`,
            updatedAt: repliedAt,
          })
          .where(and(eq(assistantThreads.id, thread.id), eq(assistantThreads.version, thread.version)))
          .returning({ id: assistantThreads.id });
        if (moved.length === 0) {
          throw new AppError(409, "Please wait for the assistant's reply before sending another message.");
        }
        await tx.insert(assistantMessages).values([
          {
            threadId: thread.id,
            teamId: ctx.teamId,
            userId: ctx.userId,
            role: "user",
            text: input.text,
            createdAt: sentAt,
          },
          {
            threadId: thread.id,
            teamId: ctx.teamId,
            userId: ctx.userId,
            role: "assistant",
            text: result.reply.text,
            createdAt: repliedAt,
          },
        ]);
        // Usage for the firm's activity log: that a message was answered, by whom and how — never
        // its words nor the reply's, which are the person's own conversation.
        const usage = result.usage ?? { provider: sales ? "sales" : provider.name, tokens: 0 };
        await allowance.count(tx, ctx, usage.tokens);
        await deps.logs?.recordAction(tx, {
          teamId: ctx.teamId,
          docId: result.docId,
          docType: "DOC",
          userId: ctx.userId,
          action: ASSISTANT_MESSAGE_ACTION,
          isSuccess: true,
          request: { thread_id: thread.id, is_prompt: input.is_prompt, characters: input.text.length },
          response: {
            status: 200,
            intent: result.reply.intent,
            provider: usage.provider,
            tokens: usage.tokens,
            audio_seconds: input.audio_seconds ?? 0,
          },
          message: `Message to the assistant (${usageNote(usage.provider, usage.tokens, input.audio_seconds)}): ${result.reply.intent}`,
        });
      });
      return { reply: result.reply };
    },
  };
}
