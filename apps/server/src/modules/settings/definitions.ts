import { ASSISTANT_PROVIDERS, CONSOLE_SETTINGS_MESSAGES, type SettingKey } from "@precedent/contracts";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { parseLegalReviewFees, parseShippingOptions } from "../fulfilment/index.ts";

/**
 * The settings the operator console edits (issue 37 item 4), each with the environment setting
 * whose default it overrides and the check that setting's value gets at start, so a value the
 * server would refuse to start with is refused in the console with the same message.
 *
 * Secrets (API keys, the secret key, SMTP and provider passwords) are not here and never will be:
 * they stay in the environment, out of the database, its backups and the audit trail.
 */
export type EditableConfig = Pick<
  Config,
  | "SALES_PHONE"
  | "SALES_EMAIL"
  | "LEGAL_REVIEW_FEES"
  | "LEGAL_REVIEW_EMAIL"
  | "HARD_COPY_PRICE"
  | "HARD_COPY_MAX_COPIES"
  | "HARD_COPY_SHIPPING"
  | "HARD_COPY_EMAIL"
  | "ASSISTANT_ENABLED"
  | "ASSISTANT_PROVIDER"
  | "ASSISTANT_OPENAI_BASE_URL"
  | "ASSISTANT_OPENAI_MODEL"
  | "ASSISTANT_OPENAI_REALTIME_MODEL"
  | "ASSISTANT_OPENAI_TRANSCRIPTION_MODEL"
  | "ASSISTANT_OPENAI_SPEECH_MODEL"
>;

/** The secrets some settings need, by their environment names: only whether each is set. */
export const SETTING_SECRETS = [
  { environmentName: "ASSISTANT_OPENAI_API_KEY", label: "The assistant model's API key" },
] as const;
export type SecretsSet = Partial<Record<(typeof SETTING_SECRETS)[number]["environmentName"], boolean>>;

type Definition = {
  environmentName: keyof EditableConfig;
  label: string;
  description: string;
  /**
   * The default when the environment does not set it (as fulfilment's own settings default), or
   * worked out from the other environment values ("" for none).
   */
  fallback: string | ((config: Partial<EditableConfig>) => string);
  /** The only values it takes, offered as a list in the console. */
  choices?: readonly string[];
  /** Throws an Error whose message is what the person is told; returns the value as stored. */
  check: (value: string) => string;
};

const email = (setting: string) => (value: string) => {
  if (!z.email().safeParse(value).success) throw new Error(`${setting}: "${value}" is not an e-mail address`);
  return value;
};

const dollars = (setting: string, max: number) => (value: string) => {
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(value) || Number(value) > max)
    throw new Error(`${setting}: "${value}" is not an amount in dollars from 0 to ${max} (e.g. 55 or 12.50)`);
  return value;
};

const wholeNumber = (setting: string, min: number, max: number) => (value: string) => {
  if (!/^\d{1,6}$/.test(value) || Number(value) < min || Number(value) > max)
    throw new Error(`${setting}: "${value}" is not a whole number from ${min} to ${max}`);
  return String(Number(value));
};

const oneOf = (setting: string, choices: readonly string[]) => (value: string) => {
  const chosen = value.toLowerCase();
  if (!choices.includes(chosen))
    throw new Error(`${setting}: "${value}" is not one of ${choices.join(", ")}`);
  return chosen;
};

// A model's name as OpenAI-compatible servers spell them: gpt-4o-mini, llama3.1:8b, org/model@rev.
const modelName = (setting: string) => (value: string) => {
  if (!/^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,199}$/.test(value))
    throw new Error(
      `${setting}: "${value}" is not a model name (letters, digits and . _ : / @ + -, no spaces)`,
    );
  return value;
};

const modelServerUrl = (value: string) => {
  const problem = `ASSISTANT_OPENAI_BASE_URL: "${value}" is not the model server's address (http:// or https://, up to its API version, e.g. https://api.openai.com/v1)`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(problem);
  }
  if (!/^https?:$/.test(url.protocol) || !url.hostname || url.search || url.hash) throw new Error(problem);
  // A key written into the address would be kept in the database and its history: refused.
  if (url.username || url.password)
    throw new Error(
      "ASSISTANT_OPENAI_BASE_URL: the address must not hold a user name or key; the key stays in ASSISTANT_OPENAI_API_KEY",
    );
  return value;
};

export const SETTING_DEFINITIONS: Record<SettingKey, Definition> = {
  sales_phone: {
    environmentName: "SALES_PHONE",
    fallback: "1800 160 401",
    label: "Sales phone",
    description: "Shown with 'Talk to Sales', the Lite plan notices and quoted legal reviews.",
    check: (value) => {
      if (!/^\+?[0-9][0-9 ()-]{5,24}$/.test(value))
        throw new Error(`SALES_PHONE: "${value}" is not a phone number (digits, spaces, brackets, dashes)`);
      return value;
    },
  },
  sales_email: {
    environmentName: "SALES_EMAIL",
    fallback: "sales@precedent.com.au",
    label: "Sales e-mail",
    description: "Shown beside the sales phone.",
    check: email("SALES_EMAIL"),
  },
  legal_review_fees: {
    environmentName: "LEGAL_REVIEW_FEES",
    fallback: "discretionary-trust-deed=220,unit-trust-deed=220,smsf-trust-deed=220",
    label: "Legal review fees",
    description:
      "template-identifier=dollars, separated by commas; * for any other template. A template with no fee is quoted on request.",
    check: (value) => {
      parseLegalReviewFees(value);
      return value;
    },
  },
  legal_review_email: {
    environmentName: "LEGAL_REVIEW_EMAIL",
    fallback: "legal-review@precedent.com.au",
    label: "Legal review team's e-mail",
    description: "Where paid legal review requests are sent.",
    check: email("LEGAL_REVIEW_EMAIL"),
  },
  hard_copy_price: {
    environmentName: "HARD_COPY_PRICE",
    fallback: "55",
    label: "Hard copy price per copy",
    description: "In dollars, e.g. 55 or 12.50.",
    check: dollars("HARD_COPY_PRICE", 10_000),
  },
  hard_copy_max_copies: {
    environmentName: "HARD_COPY_MAX_COPIES",
    fallback: "10",
    label: "Hard copies per order, at most",
    description: "A whole number from 1 to 100.",
    check: wholeNumber("HARD_COPY_MAX_COPIES", 1, 100),
  },
  hard_copy_shipping: {
    environmentName: "HARD_COPY_SHIPPING",
    fallback: "standard|Standard post|12.50",
    label: "Hard copy shipping options",
    description: "id|label|dollars, separated by semicolons, in the order offered.",
    check: (value) => {
      parseShippingOptions(value);
      return value;
    },
  },
  hard_copy_email: {
    environmentName: "HARD_COPY_EMAIL",
    fallback: "fulfilment@precedent.com.au",
    label: "Hard copy team's e-mail",
    description: "Where paid hard copy requests are sent.",
    check: email("HARD_COPY_EMAIL"),
  },
  assistant_enabled: {
    environmentName: "ASSISTANT_ENABLED",
    fallback: "on",
    choices: ["on", "off"],
    label: "Assistant for every firm",
    description:
      "on or off. Off, no firm sees the assistant and its calls are refused; each firm's own switch applies only while this is on.",
    check: oneOf("ASSISTANT_ENABLED", ["on", "off"]),
  },
  assistant_provider: {
    environmentName: "ASSISTANT_PROVIDER",
    fallback: (config) =>
      config.ASSISTANT_OPENAI_BASE_URL && config.ASSISTANT_OPENAI_MODEL ? "openai-compatible" : "built-in",
    choices: ASSISTANT_PROVIDERS,
    label: "Assistant provider",
    description:
      "built-in (offline: nothing leaves the server) or openai-compatible (the model server below, with the API key from the server's environment).",
    check: oneOf("ASSISTANT_PROVIDER", ASSISTANT_PROVIDERS),
  },
  assistant_base_url: {
    environmentName: "ASSISTANT_OPENAI_BASE_URL",
    fallback: "",
    label: "Assistant model server's base URL",
    description:
      "The OpenAI-compatible server's address up to its API version, e.g. https://api.openai.com/v1.",
    check: modelServerUrl,
  },
  assistant_chat_model: {
    environmentName: "ASSISTANT_OPENAI_MODEL",
    fallback: "",
    label: "Assistant chat model",
    description: "The model that answers the chat and chat completions, e.g. gpt-4o-mini.",
    check: modelName("ASSISTANT_OPENAI_MODEL"),
  },
  assistant_realtime_model: {
    environmentName: "ASSISTANT_OPENAI_REALTIME_MODEL",
    fallback: "gpt-4o-mini-realtime-preview",
    label: "Assistant realtime voice model",
    description: "The model of the realtime voice chat's sessions.",
    check: modelName("ASSISTANT_OPENAI_REALTIME_MODEL"),
  },
  assistant_transcription_model: {
    environmentName: "ASSISTANT_OPENAI_TRANSCRIPTION_MODEL",
    fallback: "whisper-1",
    label: "Assistant transcription model",
    description: "The voice interview's speech to text.",
    check: modelName("ASSISTANT_OPENAI_TRANSCRIPTION_MODEL"),
  },
  assistant_speech_model: {
    environmentName: "ASSISTANT_OPENAI_SPEECH_MODEL",
    fallback: "tts-1",
    label: "Assistant speech model",
    description: "The voice interview's text to speech.",
    check: modelName("ASSISTANT_OPENAI_SPEECH_MODEL"),
  },
};

/**
 * What no single setting's check can see: the OpenAI-compatible provider chosen without its base
 * URL, its chat model or its key in the environment. The message of the first problem, or null.
 */
export function combinationProblem(values: Readonly<Record<SettingKey, string>>, secrets: SecretsSet) {
  if (values.assistant_provider !== "openai-compatible") return null;
  if (!values.assistant_base_url) return CONSOLE_SETTINGS_MESSAGES.assistantNeedsBaseUrl;
  if (!values.assistant_chat_model) return CONSOLE_SETTINGS_MESSAGES.assistantNeedsChatModel;
  if (!secrets.ASSISTANT_OPENAI_API_KEY) return CONSOLE_SETTINGS_MESSAGES.assistantNeedsKey;
  return null;
}

/** A stored value as the configuration holds it (numbers for the two numeric settings). */
export function asConfigValue(key: SettingKey, value: string): string | number {
  return key === "hard_copy_price" || key === "hard_copy_max_copies" ? Number(value) : value;
}

/** Each setting's default: the environment's value, else the built-in one. */
export function settingDefaults(config: Partial<EditableConfig>): Record<SettingKey, string> {
  return Object.fromEntries(
    Object.entries(SETTING_DEFINITIONS).map(([key, definition]) => {
      const configured = config[definition.environmentName];
      if (configured !== undefined) return [key, String(configured)];
      return [
        key,
        typeof definition.fallback === "string" ? definition.fallback : definition.fallback(config),
      ];
    }),
  ) as Record<SettingKey, string>;
}
