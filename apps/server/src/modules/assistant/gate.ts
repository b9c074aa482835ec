import {
  ASSISTANT_MESSAGES_PER_MINUTE,
  ASSISTANT_OFF_FOR_EVERYONE,
  ASSISTANT_TOO_MANY_MESSAGES,
  ASSISTANT_TURNED_OFF,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, forbidden } from "../../errors.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import type { Throttle, ThrottleRule } from "../../platform/throttle/index.ts";
import { assistantFirmSettings } from "./schema.ts";

/**
 * What every assistant call passes first, the chat's and the voice interview's alike: the
 * operator's switch for every firm (the console's setting), the firm's switch, and one per-person rate for messages and spoken or typed answers together (so switching
 * from chat to voice gives no one a second allowance).
 */

const messagesRule: ThrottleRule = { kind: "window", free: ASSISTANT_MESSAGES_PER_MINUTE, windowMs: 60_000 };

export type AssistantGate = ReturnType<typeof createAssistantGate>;

export function createAssistantGate(deps: {
  db: Database;
  throttle: Throttle;
  /** The operator's switch for every firm, read on each call (always on when not given). */
  onForEveryone?: () => Promise<boolean>;
}) {
  const { db, throttle } = deps;
  const onForEveryone = deps.onForEveryone ?? (async () => true);

  /** Whether the firm has the assistant on: no row is on, the default. */
  async function enabledFor(teamId: number) {
    const [row] = await db
      .select({ enabled: assistantFirmSettings.enabled })
      .from(assistantFirmSettings)
      .where(eq(assistantFirmSettings.teamId, teamId));
    return row?.enabled ?? true;
  }

  return {
    enabledFor,
    onForEveryone,

    /** Every assistant call is refused while it is off for everyone or for the firm, before anything else. */
    async requireOn(ctx: FirmContext) {
      if (!(await onForEveryone())) throw forbidden(ASSISTANT_OFF_FOR_EVERYONE);
      if (!(await enabledFor(ctx.teamId))) throw forbidden(ASSISTANT_TURNED_OFF);
    },

    /** One message or answer of this person's, or 429 with how long to wait. */
    async takeMessage(ctx: FirmContext) {
      const decision = await throttle.take(`assistant:user:${ctx.userId}`, messagesRule);
      if (!decision.allowed) {
        throw new AppError(429, ASSISTANT_TOO_MANY_MESSAGES, {
          retry_after_seconds: decision.retryAfterSeconds,
        });
      }
    },
  };
}
