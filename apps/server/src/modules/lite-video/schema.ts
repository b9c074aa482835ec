import { integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

/** People who chose 'Do not display again' on the Lite plan's intro video, and when. */
export const liteVideoPreferences = pgTable("lite_video_preferences", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  hiddenAt: timestamp({ withTimezone: true }).notNull(),
});
