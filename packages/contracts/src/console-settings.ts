import { z } from "zod";
import { envelope } from "./envelope.ts";
import { idParam } from "./folders.ts";

/**
 * The operator console's Settings and Announcements areas (issue 37 item 4). A setting edited in
 * the console overrides the server's configured default; each change keeps who, before, after,
 * when and why. Secrets (API keys, passwords) are never settings here: they stay in the server's
 * environment.
 */
export const CONSOLE_SETTINGS_MESSAGES = {
  stale: "Someone changed this setting since you opened it: reload it and make your change again.",
  announcementNotFound: "No such announcement.",
  endsBeforeStart: "The end must be after the start.",
  assistantNeedsKey:
    "The OpenAI-compatible provider needs its API key in the server's environment (ASSISTANT_OPENAI_API_KEY), and none is set there: nothing was changed. Set the key on every server first, or keep the built-in provider.",
  assistantNeedsBaseUrl:
    "The OpenAI-compatible provider needs its base URL: set the assistant's model base URL first. Nothing was changed.",
  assistantNeedsChatModel:
    "The OpenAI-compatible provider needs its chat model: set the assistant's chat model first. Nothing was changed.",
} as const;

/** The settings the console edits, by the key the store and its history use. */
export const SETTING_KEYS = [
  "sales_phone",
  "sales_email",
  "legal_review_fees",
  "legal_review_email",
  "hard_copy_price",
  "hard_copy_max_copies",
  "hard_copy_shipping",
  "hard_copy_email",
  "assistant_enabled",
  "assistant_provider",
  "assistant_base_url",
  "assistant_chat_model",
  "assistant_realtime_model",
  "assistant_transcription_model",
  "assistant_speech_model",
] as const;
export const SettingKey = z.enum(SETTING_KEYS, { error: "No such setting" });
export type SettingKey = z.infer<typeof SettingKey>;

export const SettingParams = z.object({ key: SettingKey });

const reason = z
  .string({ error: "Enter a reason" })
  .trim()
  .min(3, "Enter a reason of at least 3 characters")
  .max(500, "Use at most 500 characters");

export const ChangeSettingRequest = z.object({
  value: z
    .string({ error: "Enter a value" })
    .trim()
    .min(1, "Enter a value")
    .max(2000, "Use at most 2000 characters")
    .describe("In the same form as the server's environment setting of the same name"),
  version: z
    .number({ error: "version must be a number" })
    .int()
    .min(0)
    .describe("The version read with the setting: a change made since is refused (409)"),
  reason,
});
export type ChangeSettingRequest = z.infer<typeof ChangeSettingRequest>;

export const Setting = z.object({
  key: SettingKey,
  label: z.string(),
  description: z.string(),
  /** The server's environment name of the setting whose default this overrides. */
  environment_name: z.string(),
  value: z.string(),
  default_value: z.string(),
  /** True when the console's value stands in for the default. */
  overridden: z.boolean(),
  /** 0 while the default stands; each change adds one. */
  version: z.number().int(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
  /** The only values the setting takes (the console offers them as a list); null: free text. */
  choices: z.array(z.string()).nullable(),
});
export type Setting = z.infer<typeof Setting>;

/** A secret a setting needs: only whether the server's environment has it, never its value. */
export const SettingSecret = z.object({
  environment_name: z.string(),
  label: z.string(),
  set: z.boolean(),
});
export type SettingSecret = z.infer<typeof SettingSecret>;

/** An outside service's provider as the environment chooses it: shown, not edited in the console. */
export const ServiceProvider = z.object({
  service: z.string(),
  provider: z.string(),
  /** Where it is chosen: the environment's names. */
  configured_by: z.string(),
});
export type ServiceProvider = z.infer<typeof ServiceProvider>;

export const SettingsList = z.object({
  rows: z.array(Setting),
  secrets: z.array(SettingSecret),
  providers: z.array(ServiceProvider),
  abilities: z.object({ edit: z.boolean() }),
});
export const SettingsListResponse = envelope(SettingsList);
export const SettingResponse = envelope(Setting);

export const SettingChange = z.object({
  id: z.number().int(),
  key: SettingKey,
  before: z.string().nullable().describe("null: the default stood"),
  after: z.string(),
  reason: z.string(),
  staff_name: z.string(),
  at: z.string(),
});
export type SettingChange = z.infer<typeof SettingChange>;
export const SettingHistoryResponse = envelope(z.object({ rows: z.array(SettingChange) }));

// Announcements (account-area §3 Announcement: content and url), edited and scheduled by staff.

const dateTime = (field: string) =>
  z.iso
    .datetime({ offset: true, error: `${field} must be a date and time` })
    .describe("An ISO date and time with its offset");

export const AnnouncementParams = z.object({ id: idParam("id") });

const announcementFields = {
  content: z
    .string({ error: "Enter the announcement" })
    .trim()
    .min(1, "Enter the announcement")
    .max(500, "Use at most 500 characters"),
  url: z
    .url({ protocol: /^https$/, error: "The link must be an https:// address" })
    .max(2000)
    .nullable()
    .default(null),
  starts_at: dateTime("The start"),
  ends_at: dateTime("The end").nullable().default(null),
};

export const AnnouncementRequest = z
  .object({ ...announcementFields, published: z.boolean().default(false) })
  .refine((a) => a.ends_at === null || Date.parse(a.ends_at) > Date.parse(a.starts_at), {
    message: CONSOLE_SETTINGS_MESSAGES.endsBeforeStart,
    path: ["ends_at"],
  });
export type AnnouncementRequest = z.input<typeof AnnouncementRequest>;
export type AnnouncementFields = z.output<typeof AnnouncementRequest>;

export const PublishAnnouncementRequest = z.object({ published: z.boolean() });

export const ConsoleAnnouncement = z.object({
  id: z.number().int(),
  content: z.string(),
  url: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  published: z.boolean(),
  /** Published and inside its window now: what signed-in people see (the newest such wins). */
  in_force: z.boolean(),
  created_at: z.string(),
});
export type ConsoleAnnouncement = z.infer<typeof ConsoleAnnouncement>;
export const ConsoleAnnouncementResponse = envelope(ConsoleAnnouncement);
export const ConsoleAnnouncementsResponse = envelope(z.object({ rows: z.array(ConsoleAnnouncement) }));
