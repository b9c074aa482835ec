import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A setting's value as edited in the operator console, overriding the environment's default
 * (issue 37 item 4). No row: the default stands. `version` counts the changes, so an edit made
 * against a value since replaced is refused rather than silently undoing the other edit.
 */
export const settingValues = pgTable("setting_values", {
  key: text().primaryKey(),
  value: text().notNull(),
  version: integer().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
  /** The staff account that made the change (staff accounts are never deleted). */
  updatedBy: integer().notNull(),
});

/** Every change of a setting: append-only (migration 0061's triggers refuse UPDATE and DELETE). */
export const settingHistory = pgTable(
  "setting_history",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull(),
    /** null: the environment's default stood before. */
    before: text(),
    after: text().notNull(),
    reason: text().notNull(),
    staffId: integer().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("setting_history_key_idx").on(t.key, t.id)],
);

export type SettingValueRow = typeof settingValues.$inferSelect;
export type SettingHistoryRow = typeof settingHistory.$inferSelect;
