import {
  type ChangeSettingRequest,
  SETTING_KEYS,
  type ServiceProvider,
  type Setting,
  type SettingChange,
  type SettingKey,
  type SettingSecret,
} from "@precedent/contracts";
import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { SETTING_DEFINITIONS, SETTING_SECRETS, type SettingsStore } from "../settings/index.ts";
import { recordAction } from "./audit.ts";
import { mayUse } from "./policy.ts";
import { type StaffAccountRow, staffAccounts } from "./schema.ts";

/**
 * The console's Settings area (issue 37 item 4): the settings store's values with their
 * defaults, changes (administrators only, the route's rule) each with its audit entry written in
 * the store's transaction, and each setting's history with who made each change.
 */
export function createConsoleSettings(deps: {
  db: Database;
  clock: Clock;
  settings: SettingsStore;
  serviceProviders?: ServiceProvider[];
}) {
  const { db, clock, settings } = deps;
  // Whether each secret is set, never its value: the console shows only that.
  const secrets: SettingSecret[] = SETTING_SECRETS.map((secret) => ({
    environment_name: secret.environmentName,
    label: secret.label,
    set: settings.secrets()[secret.environmentName] === true,
  }));

  const namesOf = async (ids: number[]) => {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map<number, string>();
    const rows = await db
      .select({ id: staffAccounts.id, name: staffAccounts.name })
      .from(staffAccounts)
      .where(inArray(staffAccounts.id, unique));
    return new Map(rows.map((r) => [r.id, r.name]));
  };

  async function rows(): Promise<Setting[]> {
    const snapshot = await settings.snapshot();
    const defaults = settings.defaults();
    const names = await namesOf([...snapshot.rows.values()].map((r) => r.updatedBy));
    return SETTING_KEYS.map((key) => {
      const definition = SETTING_DEFINITIONS[key];
      const row = snapshot.rows.get(key);
      return {
        key,
        label: definition.label,
        description: definition.description,
        environment_name: definition.environmentName,
        value: row?.value ?? defaults[key],
        default_value: defaults[key],
        overridden: row !== undefined,
        version: row?.version ?? 0,
        updated_at: row?.updatedAt.toISOString() ?? null,
        updated_by: row ? (names.get(row.updatedBy) ?? null) : null,
        choices: definition.choices ? [...definition.choices] : null,
      };
    });
  }

  return {
    async list(staff: StaffAccountRow) {
      return {
        rows: await rows(),
        secrets,
        providers: deps.serviceProviders ?? [],
        abilities: { edit: mayUse(staff.role, "settings_edit") },
      };
    },

    async change(staff: StaffAccountRow, key: SettingKey, body: ChangeSettingRequest): Promise<Setting> {
      await settings.change(
        { key, value: body.value, version: body.version, reason: body.reason, staffId: staff.id },
        (tx, made) =>
          recordAction(tx, clock, {
            staffId: staff.id,
            action: "setting.changed",
            target: `setting:${key}`,
            before: { value: made.before, version: made.version - 1 },
            after: { value: made.after, version: made.version, reason: body.reason },
          }),
      );
      const changed = (await rows()).find((row) => row.key === key);
      if (!changed) throw new Error(`setting ${key} not listed`);
      return changed;
    },

    async history(key: SettingKey): Promise<{ rows: SettingChange[] }> {
      const changes = await settings.history(key);
      const names = await namesOf(changes.map((c) => c.staffId));
      return {
        rows: changes.map((c) => ({
          id: c.id,
          key,
          before: c.before,
          after: c.after,
          reason: c.reason,
          staff_name: names.get(c.staffId) ?? `Staff #${c.staffId}`,
          at: c.at.toISOString(),
        })),
      };
    },
  };
}

export type ConsoleSettings = ReturnType<typeof createConsoleSettings>;
