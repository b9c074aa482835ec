import type { Database } from "../../db/client.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import type { LogsService } from "../logs/index.ts";

/**
 * How the assistant's usage reads in the firm's activity log: each answered message or spoken
 * answer is one row, with the provider, the model's tokens and the seconds of speech it took (the
 * browser's listening and speaking, or the server's speech). Never the words.
 */

/** The activity log's action for one message to the assistant. */
export const ASSISTANT_MESSAGE_ACTION = "Assistant message";
/** The activity log's actions for the direct model calls. */
export const ASSISTANT_COMPLETION_ACTION = "Assistant chat completion";
export const ASSISTANT_REALTIME_ACTION = "Assistant realtime session";

/** The action of a voice interview answer's row (one per answer given, kept or asked again). */
export const VOICE_ANSWER_ACTION = "Voice answer";

/** "built-in", "openai-compatible, 120 tokens", "built-in, 4 audio seconds". */
export function usageNote(provider: string, tokens: number, audioSeconds: number | undefined): string {
  const parts = [provider];
  if (tokens > 0) parts.push(`${tokens} tokens`);
  if (audioSeconds && audioSeconds > 0)
    parts.push(`${audioSeconds} audio second${audioSeconds === 1 ? "" : "s"}`);
  return parts.join(", ");
}

/** The actions of the server's speech rows (a configured provider transcribed or spoke). */
export const SPEECH_TO_TEXT_ACTION = "Speech to text";
export const TEXT_TO_SPEECH_ACTION = "Text to speech";

/** Whole seconds for the usage: any part of a second counts as one. */
export const wholeSeconds = (seconds: number) => Math.ceil(Math.max(0, seconds));

/** The server's speech in the firm's usage: one row for each recording heard or text spoken. */
export function createSpeechUsage(deps: { db: Database; logs?: Pick<LogsService, "recordAction"> }) {
  return async (ctx: FirmContext, action: string, provider: string, audioSeconds: number) => {
    await deps.db.transaction(async (tx) => {
      await deps.logs?.recordAction(tx, {
        teamId: ctx.teamId,
        docId: null,
        docType: "DOC",
        userId: ctx.userId,
        action,
        isSuccess: true,
        response: { status: 200, provider, audio_seconds: audioSeconds },
        message: `${action} (${usageNote(provider, 0, audioSeconds)})`,
      });
    });
  };
}
