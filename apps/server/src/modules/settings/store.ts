import { CONSOLE_SETTINGS_MESSAGES, SETTING_KEYS, type SettingKey } from "@precedent/contracts";
import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest } from "../../errors.ts";
import type { ChangeFeed } from "../../platform/freshness/index.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import {
  asConfigValue,
  combinationProblem,
  type EditableConfig,
  SETTING_DEFINITIONS,
  type SecretsSet,
  settingDefaults,
} from "./definitions.ts";
import { type SettingValueRow, settingHistory, settingValues } from "./schema.ts";

/** What every reader gets: the settings in force, the environment's defaults overridden. */
export type SettingsSnapshot = {
  readonly effective: Readonly<EditableConfig>;
  readonly rows: ReadonlyMap<SettingKey, SettingValueRow>;
};

export type SettingChangeInput = {
  key: SettingKey;
  value: string;
  version: number;
  reason: string;
  staffId: number;
};

/** One change as made, for the caller's audit entry in the same transaction. */
export type SettingChangeMade = { key: SettingKey; before: string | null; after: string; version: number };

export type SettingsStore = ReturnType<typeof createSettingsStore>;

/**
 * The settings store (issue 37 item 4). Read on every request that prices or shows a setting, so
 * it is kept in memory while the change feed hears no 'settings' (any statement on
 * `setting_values`, by any server, migration 0061); without a listening feed every read asks the
 * database, so another server's change is never missed, only read more often. This server's own
 * change counts at once, before its notification comes back.
 */
export function createSettingsStore(deps: {
  db: Database;
  clock: Clock;
  config: Partial<EditableConfig>;
  /** Which of the secrets settings need the environment holds (never their values). */
  secrets?: SecretsSet;
  changes?: ChangeFeed | undefined;
}) {
  const { db, clock, changes } = deps;
  const secrets = deps.secrets ?? {};
  const defaults = settingDefaults(deps.config);
  let kept: { mark: number; snapshot: SettingsSnapshot } | undefined;
  let changedHereAt = 0;
  const derived = new WeakMap<SettingsSnapshot, Map<string, unknown>>();

  function snapshotOf(rows: SettingValueRow[]): SettingsSnapshot {
    const byKey = new Map<SettingKey, SettingValueRow>();
    const effective: Record<string, string | number> = {};
    for (const key of SETTING_KEYS)
      effective[SETTING_DEFINITIONS[key].environmentName] = asConfigValue(key, defaults[key]);
    for (const row of rows) {
      if (!(SETTING_KEYS as readonly string[]).includes(row.key)) continue;
      const key = row.key as SettingKey;
      byKey.set(key, row);
      // A value stored under an older, looser check falls back to the default rather than
      // stopping every request that prices something.
      try {
        effective[SETTING_DEFINITIONS[key].environmentName] = asConfigValue(
          key,
          SETTING_DEFINITIONS[key].check(row.value),
        );
      } catch {}
    }
    return { effective: effective as EditableConfig, rows: byKey };
  }

  /** `reader`: the caller's transaction when it is in one (the embedded database runs one at a time). */
  async function snapshot(reader: Database = db): Promise<SettingsSnapshot> {
    if (kept && kept.mark > changedHereAt && changes?.settingsUnchangedSince(kept.mark)) return kept.snapshot;
    const mark = changes?.mark() ?? 0;
    const read = snapshotOf(await reader.select().from(settingValues));
    if (changes && mark > changedHereAt) kept = { mark, snapshot: read };
    return read;
  }

  return {
    snapshot,
    defaults: (): Readonly<Record<SettingKey, string>> => defaults,
    secrets: (): Readonly<SecretsSet> => secrets,

    /**
     * A value worked out from the settings (fulfilment's prices, the public contact), made once
     * per snapshot: readers on every request pay for parsing only after a change.
     */
    derive<T>(
      name: string,
      make: (effective: Readonly<EditableConfig>) => T,
    ): (reader?: Database) => Promise<T> {
      return async (reader) => {
        const current = await snapshot(reader);
        let made = derived.get(current);
        if (!made) {
          made = new Map();
          derived.set(current, made);
        }
        if (!made.has(name)) made.set(name, make(current.effective));
        return made.get(name) as T;
      };
    },

    /**
     * Changes a setting: checked as the environment's value is (400 with the check's message,
     * nothing written), against the version the editor read (409 when someone changed it since),
     * with its history row and the caller's own work (the console's audit entry) in one transaction.
     */
    async change(
      input: SettingChangeInput,
      within?: (tx: Database, made: SettingChangeMade) => Promise<void>,
    ): Promise<SettingChangeMade> {
      const definition = SETTING_DEFINITIONS[input.key];
      let value: string;
      try {
        value = definition.check(input.value.trim());
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw badRequest(message, [{ field: "value", message }]);
      }
      const now = clock();
      const made = await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(settingValues)
          .where(eq(settingValues.key, input.key))
          .for("update");
        if ((current?.version ?? 0) !== input.version)
          throw new AppError(409, CONSOLE_SETTINGS_MESSAGES.stale);
        // The settings as they would stand after this change, checked together (the assistant's
        // provider with its address, model and key). Refused when choosing the provider, or when
        // the change makes the problem: an environment already without a key (a local model
        // server) still lets its other settings change. Two changes of different settings at once
        // each see the other's old value; the assistant's reader copes with what slips through.
        const before: Record<SettingKey, string> = { ...defaults };
        for (const row of await tx.select().from(settingValues))
          if ((SETTING_KEYS as readonly string[]).includes(row.key))
            before[row.key as SettingKey] = row.value;
        const problem = combinationProblem({ ...before, [input.key]: value }, secrets);
        if (problem && (input.key === "assistant_provider" || !combinationProblem(before, secrets)))
          throw badRequest(problem, [{ field: "value", message: problem }]);
        const version = input.version + 1;
        const written = current
          ? await tx
              .update(settingValues)
              .set({ value, version, updatedAt: now, updatedBy: input.staffId })
              .where(eq(settingValues.key, input.key))
              .returning()
          : // Two first edits at once both find no row: the second's insert waits for the first's
            // commit and then writes nothing, so it is refused as any late edit is.
            await tx
              .insert(settingValues)
              .values({ key: input.key, value, version, updatedAt: now, updatedBy: input.staffId })
              .onConflictDoNothing()
              .returning();
        if (written.length === 0) throw new AppError(409, CONSOLE_SETTINGS_MESSAGES.stale);
        const change = { key: input.key, before: current?.value ?? null, after: value, version };
        await tx.insert(settingHistory).values({
          key: input.key,
          before: change.before,
          after: value,
          reason: input.reason,
          staffId: input.staffId,
          at: now,
        });
        await within?.(tx, change);
        return change;
      });
      if (changes) changedHereAt = changes.mark();
      kept = undefined;
      return made;
    },

    /** A setting's changes, newest first. */
    history: (key: SettingKey) =>
      db
        .select()
        .from(settingHistory)
        .where(eq(settingHistory.key, key))
        .orderBy(desc(settingHistory.id))
        .limit(200),
  };
}
