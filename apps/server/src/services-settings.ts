import type { PublicSettings } from "@precedent/contracts";
import type { Database } from "./db/client.ts";
import { fulfilmentSettingsOf } from "./modules/fulfilment/index.ts";
import { createSettingsStore, type EditableConfig } from "./modules/settings/index.ts";
import type { ChangeFeed } from "./platform/freshness/index.ts";
import type { Clock } from "./platform/kernel/index.ts";

/**
 * The settings the operator console edits (issue 37 item 4) and their readers: the public sales
 * contact and fulfilment's prices and addresses are read from the store on each use, so a change
 * shows on every server as soon as its notification arrives, with no restart.
 */
export function createSettingsReaders(deps: {
  db: Database;
  clock: Clock;
  config: Partial<EditableConfig>;
  changes?: ChangeFeed | undefined;
}) {
  const settings = createSettingsStore(deps);
  const publicSettings = settings.derive(
    "public",
    (effective): PublicSettings => ({
      sales_phone: effective.SALES_PHONE,
      sales_email: effective.SALES_EMAIL,
    }),
  );
  const fulfilmentSettings = settings.derive("fulfilment", (effective) =>
    fulfilmentSettingsOf(effective, {
      sales_phone: effective.SALES_PHONE,
      sales_email: effective.SALES_EMAIL,
    }),
  );
  return { settings, publicSettings, fulfilmentSettings };
}
