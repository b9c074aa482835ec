import type { AssistantUsage, AssistantUsageQuery, AssistantUsageTotals } from "@precedent/contracts";
import type { Database } from "../../db/client.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import { actionTotals, firmLogScope } from "../logs/index.ts";
import {
  ASSISTANT_COMPLETION_ACTION,
  ASSISTANT_MESSAGE_ACTION,
  ASSISTANT_REALTIME_ACTION,
  SPEECH_TO_TEXT_ACTION,
  TEXT_TO_SPEECH_ACTION,
  VOICE_ANSWER_ACTION,
} from "./usage.ts";
import { VOICE_INTERVIEW_ACTION } from "./voice-session.ts";

/**
 * The assistant's use summed per firm (issue 32 item 8): the activity log already holds a row for
 * each message, spoken answer, voice interview, speech call and realtime session, with its
 * provider, tokens and seconds of speech, so the totals are the log's sums over those rows (in the
 * database), with the activity log's own period and scope (the firm's, or a member's own).
 */

/** Every action the assistant writes to the activity log. */
const ASSISTANT_ACTIONS = [
  ASSISTANT_MESSAGE_ACTION,
  ASSISTANT_COMPLETION_ACTION,
  ASSISTANT_REALTIME_ACTION,
  VOICE_ANSWER_ACTION,
  VOICE_INTERVIEW_ACTION,
  SPEECH_TO_TEXT_ACTION,
  TEXT_TO_SPEECH_ACTION,
];

/** A firm's assistant use (or one person's in it), over Sydney days when given. */
export async function assistantUsageOf(
  db: Database,
  query: {
    teamId: number;
    userId?: number | undefined;
    dateFrom?: string | undefined;
    dateTo?: string | undefined;
  },
): Promise<AssistantUsageTotals> {
  const totals = await actionTotals(db, {
    ...query,
    actions: ASSISTANT_ACTIONS,
    sums: ["tokens", "audio_seconds", "answers"],
  });
  const all = [...totals.values()];
  const sum = (key: string) => all.reduce((total, t) => total + (t.sums[key] ?? 0), 0);
  const rowsOf = (action: string) => totals.get(action)?.rows ?? 0;
  return {
    messages: rowsOf(ASSISTANT_MESSAGE_ACTION) + rowsOf(ASSISTANT_COMPLETION_ACTION),
    voice_answers: totals.get(VOICE_INTERVIEW_ACTION)?.sums.answers ?? 0,
    tokens: sum("tokens"),
    audio_seconds: sum("audio_seconds"),
    realtime_sessions: rowsOf(ASSISTANT_REALTIME_ACTION),
  };
}

/**
 * GET /ai/usage: the firm's use for its owner and managers, a member's own — the activity log's
 * own scope (logs' `firmLogScope`), since the totals are sums of that log's rows.
 */
export function createUsageTotals(deps: { db: Database }) {
  return async (ctx: FirmContext, query: AssistantUsageQuery): Promise<AssistantUsage> => {
    const scope = firmLogScope(ctx.role);
    const totals = await assistantUsageOf(deps.db, {
      teamId: ctx.teamId,
      userId: scope === "own" ? ctx.userId : undefined,
      dateFrom: query.date_from,
      dateTo: query.date_to,
    });
    return { scope, ...totals };
  };
}
