import type { PublicSettings } from "@precedent/contracts";
import type { Database } from "./db/client.ts";
import {
  type AssistantChoice,
  type AssistantSettings,
  assistantChoiceOf,
} from "./modules/assistant/index.ts";
import { fulfilmentSettingsOf } from "./modules/fulfilment/index.ts";
import { createSettingsStore, type EditableConfig } from "./modules/settings/index.ts";
import type { ChangeFeed } from "./platform/freshness/index.ts";
import type { Clock } from "./platform/kernel/index.ts";

/**
 * The settings the operator console edits (issue 37 item 4) and their readers: the public sales
 * contact and fulfilment's prices and addresses are read from the store on each use, so a change
 * shows on every server as soon as its notification arrives, with no restart. So is the
 * assistant's switch for every firm and its provider; its API key stays in the environment.
 */
export function createSettingsReaders(deps: {
  db: Database;
  clock: Clock;
  config: Partial<EditableConfig> & AssistantSettings;
  changes?: ChangeFeed | undefined;
}) {
  const { config } = deps;
  const settings = createSettingsStore({
    ...deps,
    secrets: { ASSISTANT_OPENAI_API_KEY: Boolean(config.ASSISTANT_OPENAI_API_KEY) },
  });
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
  // Made again only when one of its settings changed: without a change feed every read is a new
  // snapshot, and the providers would otherwise be built on every assistant call.
  let lastChoice: { key: string; choice: AssistantChoice } | undefined;
  const assistantChoice = settings.derive("assistant", (effective): AssistantChoice => {
    const chosen: AssistantSettings = {
      ...config,
      ASSISTANT_ENABLED: effective.ASSISTANT_ENABLED,
      ASSISTANT_PROVIDER: effective.ASSISTANT_PROVIDER,
      ASSISTANT_OPENAI_BASE_URL: effective.ASSISTANT_OPENAI_BASE_URL || undefined,
      ASSISTANT_OPENAI_MODEL: effective.ASSISTANT_OPENAI_MODEL || undefined,
      ASSISTANT_OPENAI_REALTIME_MODEL: effective.ASSISTANT_OPENAI_REALTIME_MODEL,
      ASSISTANT_OPENAI_TRANSCRIPTION_MODEL: effective.ASSISTANT_OPENAI_TRANSCRIPTION_MODEL,
      ASSISTANT_OPENAI_SPEECH_MODEL: effective.ASSISTANT_OPENAI_SPEECH_MODEL,
    };
    const key = JSON.stringify([
      chosen.ASSISTANT_ENABLED,
      chosen.ASSISTANT_PROVIDER,
      chosen.ASSISTANT_OPENAI_BASE_URL,
      chosen.ASSISTANT_OPENAI_MODEL,
      chosen.ASSISTANT_OPENAI_REALTIME_MODEL,
      chosen.ASSISTANT_OPENAI_TRANSCRIPTION_MODEL,
      chosen.ASSISTANT_OPENAI_SPEECH_MODEL,
    ]);
    if (lastChoice?.key !== key) lastChoice = { key, choice: assistantChoiceOf(chosen) };
    return lastChoice.choice;
  });
  return { settings, publicSettings, fulfilmentSettings, assistantChoice: () => assistantChoice() };
}
