import { randomUUID } from "node:crypto";
import {
  type AssistantQuestion,
  type EndVoiceSessionRequest,
  type EndVoiceSessionResult,
  INTERVIEW_OPENED_IN_ANOTHER_TAB,
  type InitVoiceSessionRequest,
  type InitVoiceSessionResult,
  VOICE_ANSWER_NEEDED,
  VOICE_SESSION_ENDED,
  VOICE_SESSION_NOT_FOUND,
  VOICE_TEMPLATE_MISMATCH,
  type VoiceAnswerRequest,
  type VoiceAnswerResult,
  type VoiceLogEntry,
  type VoiceStep,
} from "@precedent/contracts";
import { type Answers, type InterviewDefinition, requestedActions } from "@precedent/docgen";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, notFound } from "../../errors.ts";
import { sydneyDay } from "../../platform/kernel/calendar.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { InterviewService } from "../interview/index.ts";
import type { LogsService } from "../logs/index.ts";
import type { TemplateLibrary } from "../templates/index.ts";
import type { AssistantGate } from "./gate.ts";
import { type AskedQuestion, applyAnswer, nextQuestion, openQuestions } from "./interviewer.ts";
import { canUseThread } from "./policy.ts";
import { assistantVoiceSessions } from "./schema.ts";
import { usageNote, VOICE_ANSWER_ACTION } from "./usage.ts";

/**
 * The voice interview's sessions (interview spec §4 "AI interview (voice)"). The questions are the
 * interviewer's (the engine's visible questions, groups asked "how many?" and expanded), every
 * answer goes through the same conversion and engine checks as the chat's (`applyAnswer`), and the
 * answers reach the document only through the interview's own save with the page's action token,
 * so they are ordinary answers: in the change log and versions as the person's.
 */

export type VoiceSessions = ReturnType<typeof createVoiceSessions>;

/** The activity log's action for a finished or abandoned voice interview. */
export const VOICE_INTERVIEW_ACTION = "Voice interview";

/** Said to skip a question that needs no answer. */
const SKIP_WORDS = /^(skip( it| this( one)?)?|pass|next|no answer)[.!]?$/i;

/** The open questions counted for the step indicator; far more than any interview shows at once. */
const STEPS_COUNTED = 1000;

export function createVoiceSessions(deps: {
  db: Database;
  clock: Clock;
  templates: TemplateLibrary;
  interview: Pick<InterviewService, "interview" | "save">;
  gate: AssistantGate;
  logs?: Pick<LogsService, "recordAction">;
}) {
  const { db, clock, templates, interview, gate } = deps;

  /**
   * The document's interview, if this person may interview it now: the interview's own refusals
   * ('Invalid document.', 'You can not interview a completed document.' for signed and completed).
   */
  async function interviewOf(ctx: FirmContext, docId: number) {
    const read = await interview.interview(ctx, docId);
    const template = await templates.get(read.template_identifier);
    if (!template) throw new AppError(409, "This document's template is not available.");
    return { read, definition: template.definition };
  }

  async function ownSession(ctx: FirmContext, sessionId: string) {
    const [session] = await db
      .select()
      .from(assistantVoiceSessions)
      .where(
        and(
          eq(assistantVoiceSessions.id, sessionId),
          eq(assistantVoiceSessions.teamId, ctx.teamId),
          eq(assistantVoiceSessions.userId, ctx.userId),
        ),
      );
    if (!session || !canUseThread(ctx, session)) throw notFound(VOICE_SESSION_NOT_FOUND);
    return session;
  }

  const questionOf = (q: AskedQuestion): AssistantQuestion => ({
    field: q.path,
    label: q.label,
    kind: q.kind,
    options: q.options?.map((o) => o.text) ?? null,
  });

  /** The question to ask now and where it stands among those asked and still to ask. */
  function stepOf(
    definition: InterviewDefinition,
    answers: Answers,
    skipped: readonly string[],
    asked: number,
  ): VoiceStep & { asking: AskedQuestion | undefined } {
    const asking = nextQuestion(definition, answers, skipped);
    if (!asking) return { asking, question: null, instruction: null, step: asked, steps: asked, done: true };
    const open = openQuestions(definition, answers, skipped, STEPS_COUNTED).length;
    return {
      asking,
      question: questionOf(asking),
      instruction: asking.instruction,
      step: asked + 1,
      steps: asked + open,
      done: false,
    };
  }

  /**
   * A spoken answer's seconds of speech in the firm's usage, kept or asked again alike (the speech
   * was heard either way). A typed answer has none and is counted by the session's own row.
   */
  async function countAudio(
    tx: Database,
    ctx: FirmContext,
    session: Pick<typeof assistantVoiceSessions.$inferSelect, "id" | "docId" | "docType">,
    audioSeconds: number | undefined,
    valid: boolean,
  ) {
    if (!audioSeconds) return;
    await deps.logs?.recordAction(tx, {
      teamId: ctx.teamId,
      docId: session.docId,
      docType: session.docType,
      userId: ctx.userId,
      action: VOICE_ANSWER_ACTION,
      isSuccess: true,
      request: { session_id: session.id },
      response: { status: 200, valid, provider: "built-in", audio_seconds: audioSeconds },
      message: `Voice answer (${usageNote("built-in", 0, audioSeconds)})${valid ? "" : ": asked again"}`,
    });
  }

  const publicStep = ({ asking: _asking, ...step }: ReturnType<typeof stepOf>): VoiceStep => step;

  return {
    /** POST /ai/init-session: a session on the document, with its first question. */
    async init(ctx: FirmContext, input: InitVoiceSessionRequest): Promise<InitVoiceSessionResult> {
      await gate.requireOn(ctx);
      const { read, definition } = await interviewOf(ctx, input.doc_id);
      if (input.template_id !== undefined && read.template_identifier !== input.template_id)
        throw badRequest(VOICE_TEMPLATE_MISMATCH);
      const answers = (input.data ?? read.xml ?? {}) as Answers;
      // Answers the engine cannot read are refused now rather than met at the end's save.
      let step: ReturnType<typeof stepOf>;
      try {
        step = stepOf(definition, answers, [], 0);
      } catch {
        throw badRequest("data must be the interview's answers.");
      }
      const id = randomUUID();
      const now = clock();
      await db.insert(assistantVoiceSessions).values({
        id,
        teamId: ctx.teamId,
        userId: ctx.userId,
        docId: read.doc_id,
        docType: read.is_asic_document ? "ASIC" : "DOC",
        answers: answers as Record<string, unknown>,
        log: [],
        actions: [],
        skipped: [],
        createdAt: now,
        updatedAt: now,
      });
      return { session_id: id, ...publicStep(step) };
    },

    /**
     * POST /ai/sessions/{id}/answer: the answer to the question asked now, converted and checked;
     * kept and the next question asked, or refused with what to say before asking again.
     */
    async answer(ctx: FirmContext, sessionId: string, input: VoiceAnswerRequest): Promise<VoiceAnswerResult> {
      await gate.requireOn(ctx);
      // Someone else's session is not found before it could use up this person's allowance.
      const session = await ownSession(ctx, sessionId);
      await gate.takeMessage(ctx);
      if (session.endedAt) throw new AppError(409, VOICE_SESSION_ENDED);
      const { definition } = await interviewOf(ctx, session.docId);
      const answers = session.answers as Answers;
      const current = stepOf(definition, answers, session.skipped, session.log.length);
      const actions = session.actions;
      if (!current.asking)
        return { ...publicStep(current), valid: false, value: null, suggestion: null, actions };
      const question = current.asking;

      let kept: { answers: Answers; value: string; skipped: string[] };
      if (SKIP_WORDS.test(input.text)) {
        // "Skip" is never taken as the answer itself: a question that needs an answer is asked again.
        if (question.required) {
          await countAudio(db, ctx, session, input.audio_seconds, false);
          return {
            ...publicStep(current),
            valid: false,
            value: null,
            suggestion: VOICE_ANSWER_NEEDED,
            actions,
          };
        }
        kept = { answers, value: "(skipped)", skipped: [...session.skipped, question.path] };
      } else {
        const attempt = applyAnswer(definition, answers, question, input.text, sydneyDay(clock()));
        if (!attempt.ok) {
          await countAudio(db, ctx, session, input.audio_seconds, false);
          return { ...publicStep(current), valid: false, value: null, suggestion: attempt.message, actions };
        }
        kept = { answers: attempt.answers, value: attempt.understood, skipped: session.skipped };
      }

      const log = [...session.log, { ask: question.label, answer: kept.value }];
      // An is_qaction question answered Yes adds its integration action (spec §4 step 4); the
      // actions already listed stay, as the interview's answers cannot be edited from here.
      const keptActions = [...new Set([...actions, ...requestedActions(definition, kept.answers)])];
      await db.transaction(async (tx) => {
        const moved = await tx
          .update(assistantVoiceSessions)
          .set({
            answers: kept.answers as Record<string, unknown>,
            log,
            actions: keptActions,
            skipped: kept.skipped,
            changed: session.changed || kept.value !== "(skipped)",
            version: sql`${assistantVoiceSessions.version} + 1`,
            updatedAt: clock(),
          })
          .where(
            and(
              eq(assistantVoiceSessions.id, session.id),
              eq(assistantVoiceSessions.version, session.version),
            ),
          )
          .returning({ id: assistantVoiceSessions.id });
        if (moved.length === 0)
          throw new AppError(409, "Please wait: the last answer is still being checked.");
        await countAudio(tx, ctx, session, input.audio_seconds, true);
      });
      const next = stepOf(definition, kept.answers, kept.skipped, log.length);
      return { ...publicStep(next), valid: true, value: kept.value, suggestion: null, actions: keptActions };
    },

    /** GET /ai/get-log/{id}: the questions asked and the answers kept, oldest first. */
    async log(ctx: FirmContext, sessionId: string): Promise<VoiceLogEntry[]> {
      await gate.requireOn(ctx);
      return (await ownSession(ctx, sessionId)).log;
    },

    /**
     * POST /ai/end-session: ends the session; with the page's action token, saves the answers given
     * through the interview's own save first (nothing is ended if the save is refused).
     */
    async end(ctx: FirmContext, input: EndVoiceSessionRequest): Promise<EndVoiceSessionResult> {
      await gate.requireOn(ctx);
      const session = await ownSession(ctx, input.session_id);
      if (session.endedAt) return { saved: false, actions: session.actions };
      let saved = false;
      if (input.action_token && session.changed) {
        await interviewOf(ctx, session.docId);
        const result = await interview.save(ctx, session.docId, session.answers, input.action_token, {
          byAssistant: true,
        });
        if (!result.status) throw new AppError(409, INTERVIEW_OPENED_IN_ANOTHER_TAB);
        saved = true;
      }
      await db.transaction(async (tx) => {
        const ended = await tx
          .update(assistantVoiceSessions)
          .set({ endedAt: clock(), updatedAt: clock() })
          .where(
            and(
              eq(assistantVoiceSessions.id, session.id),
              eq(assistantVoiceSessions.version, session.version),
            ),
          )
          .returning({ id: assistantVoiceSessions.id });
        if (ended.length === 0)
          throw new AppError(409, "Please wait: the last answer is still being checked.");
        // Usage for the firm's activity log: that a voice interview ran and how far, never its words.
        await deps.logs?.recordAction(tx, {
          teamId: ctx.teamId,
          docId: session.docId,
          docType: session.docType,
          userId: ctx.userId,
          action: VOICE_INTERVIEW_ACTION,
          isSuccess: true,
          request: { session_id: session.id },
          response: { status: 200, answers: session.log.length, saved, provider: "built-in" },
          message: `Voice interview: ${session.log.length} answers${saved ? ", saved" : ", not saved"}`,
        });
      });
      return { saved, actions: session.actions };
    },
  };
}
