import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { plans } from "./schema.ts";

/** The intro video of a plan, by its slug; null when the plan has none. */
export async function planVideoUrl(db: Database, slug: string): Promise<string | null> {
  const [plan] = await db.select({ videoUrl: plans.videoUrl }).from(plans).where(eq(plans.slug, slug));
  return plan?.videoUrl ?? null;
}
