import type { LiteVideo } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { LITE_PLAN_SLUG } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { forbidden } from "../../errors.ts";
import type { Actor, Clock, FirmContext } from "../../platform/kernel/index.ts";
import { planVideoUrl } from "../teams/index.ts";
import { canSetLiteVideoPreference, shouldOfferLiteVideo } from "./policy.ts";
import { liteVideoPreferences } from "./schema.ts";

export type LiteVideoService = ReturnType<typeof createLiteVideoService>;

export const NOT_YOUR_PREFERENCE = "You can only change your own preferences.";

export function createLiteVideoService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  const isHidden = async (userId: number) => {
    const [row] = await db
      .select({ userId: liteVideoPreferences.userId })
      .from(liteVideoPreferences)
      .where(eq(liteVideoPreferences.userId, userId));
    return row !== undefined;
  };

  return {
    /** POST /user/set-hide-lite-video: 'Do not display again', for yourself only; repeating it is harmless. */
    async hide(actor: Actor, userId: number) {
      if (!canSetLiteVideoPreference(actor.userId, userId)) throw forbidden(NOT_YOUR_PREFERENCE);
      await db
        .insert(liteVideoPreferences)
        .values({ userId, hiddenAt: clock() })
        .onConflictDoNothing({ target: liteVideoPreferences.userId });
    },

    /** GET /user/lite-video: whether to offer the firm's Lite plan video to this person, and its address. */
    async state(ctx: FirmContext): Promise<LiteVideo> {
      const onLitePlan = ctx.planSlug === LITE_PLAN_SLUG;
      const videoUrl = onLitePlan ? await planVideoUrl(db, ctx.planSlug) : null;
      const hidden = onLitePlan ? await isHidden(ctx.userId) : false;
      return { show_video: shouldOfferLiteVideo({ onLitePlan, hidden, videoUrl }), video_url: videoUrl };
    },
  };
}
