import type { Config } from "./config.ts";
import type { AssistantSettings } from "./modules/assistant/index.ts";
import type { FileStoreSettings } from "./modules/files/index.ts";
import type { FulfilmentConfig } from "./modules/fulfilment/index.ts";
import type { IntegrationProviderSettings } from "./modules/integrations/index.ts";
import type { NextStepsConfig } from "./modules/next-steps/index.ts";
import type { SmsSettings } from "./modules/sms/index.ts";

/**
 * The settings `createServices` reads: the two the session rules need, and the rest optional, so a
 * test passes only what it is about (every module falls back to its default from constants.ts or
 * its own settings). `loadConfig` gives all of them.
 */
export type ServicesConfig = Pick<Config, "IDLE_TIMEOUT_MS" | "KEEP_ALIVE_MS"> &
  Partial<
    Pick<
      Config,
      | "ASIC_REGISTRATION_FEE"
      | "ASIC_SANDBOX_PROCESSING_MS"
      | "ASIC_STATUS_POLL_MS"
      | "SESSION_MAX_AGE_MS"
      | "PAYMENT_PROVIDER"
      | "STRIPE_SECRET_KEY"
      | "STRIPE_WEBHOOK_SECRET"
      | "STRIPE_BILLING_WEBHOOK_SECRET"
      | "STRIPE_API_BASE"
      | "SMTP_URL"
      | "SIGNING_REMINDER_EVERY_DAYS"
      | "NODE_ENV"
      | "SMS_CODE_VALID_MS"
      | "MAIL_FROM"
      | "SELLER_NAME"
      | "SELLER_ABN"
      | "REPLY_CACHE_MB"
      | "SALES_PHONE"
      | "SALES_EMAIL"
      | "SECRET_KEY"
      | "PUBLIC_URL"
      | "DATA_DIR"
      | "SEALING_P12_PATH"
      | "SEALING_P12_PASSPHRASE"
      | "FUSESIGN_API_TOKEN"
      | "FUSESIGN_TENANT_ID"
      | "FUSESIGN_WEBHOOK_SECRET"
      | "FUSESIGN_API_BASE"
      | "WORKER_THREADS"
      | "WORKER_QUEUE_LIMIT"
      | "WORKER_TASK_TIMEOUT_MS"
      | "WORKER_MEMORY_LIMIT_MB"
    >
  > &
  AssistantSettings &
  FileStoreSettings &
  IntegrationProviderSettings &
  FulfilmentConfig &
  NextStepsConfig &
  SmsSettings;
