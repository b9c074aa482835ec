import { isIP } from "node:net";
import path from "node:path";
import { isValidAbn } from "@precedent/docgen/forms";
import { z } from "zod";
import {
  DEFAULT_REPLY_CACHE_MB,
  IDLE_TIMEOUT_MS,
  KEEP_ALIVE_MS,
  SESSION_MAX_AGE_MS,
  SIGNING_SMS_CODE_VALID_MS,
  WORKER_MEMORY_LIMIT_MB,
  WORKER_QUEUE_LIMIT,
  WORKER_TASK_TIMEOUT_MS,
} from "./constants.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

/** What the assistant's sales mode offers unless the settings say otherwise (prices inc. GST). */
export const DEFAULT_ASSISTANT_SALES_COURSES =
  "estate-planning|Estate Planning for Advisers|1795|https://www.precedent.com.au/training/estate-planning;" +
  "smsf-deeds|SMSF Deeds and Strategy|2195|https://www.precedent.com.au/training/smsf-deeds;" +
  "business-succession|Business Structures and Succession|2495|https://www.precedent.com.au/training/business-succession";
export const DEFAULT_ASSISTANT_SALES_OFFERS =
  "successor-director|Successor Director|750|per company|https://www.precedent.com.au/successor-director";

/** An address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
const isAddressOrRange = (entry: string) => {
  const [address = "", bits, extra] = entry.split("/");
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (version === 4 ? 32 : 128);
};

const ConfigSchema = z.object({
  /** `production` turns the demo data off unless asked for, and requires PAYMENT_PROVIDER. */
  NODE_ENV: z.string().default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** PGlite data folder, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().default("./data"),
  /** A PostgreSQL server; when set, PGlite is not used. */
  DATABASE_URL: z.string().optional(),
  /**
   * A PostgreSQL streaming replica of DATABASE_URL: document lists and folder trees are read
   * there when it has replayed the firm's latest change, otherwise from DATABASE_URL.
   */
  DATABASE_REPLICA_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^postgres(ql)?:$/.test(URL.parse(v)?.protocol ?? ""), {
      message: "must be a postgres:// or postgresql:// address",
    }),
  /** Default: on, except in production (where it must be asked for). */
  DEMO_DATA: z.enum(["on", "off"]).optional(),
  /** Shortened in browser tests to see the idle modal without waiting half an hour. */
  IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(IDLE_TIMEOUT_MS),
  KEEP_ALIVE_MS: z.coerce.number().int().positive().default(KEEP_ALIVE_MS),
  /** However active, a session ends this long after sign-in (default 12 hours). */
  SESSION_MAX_AGE_MS: z.coerce.number().int().positive().default(SESSION_MAX_AGE_MS),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Built web app to serve; absent in API-only runs. */
  WEB_DIST: z.string().default(path.join(repoRoot, "apps/web/dist")),
  /**
   * Whether the session cookie is marked Secure: `auto` follows the request's protocol (behind a
   * TLS-terminating proxy that needs TRUST_PROXY=true); `true` always. Default: `true` in
   * production (a proxy not trusted would otherwise make it plain), `auto` elsewhere.
   */
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).optional(),
  /**
   * Payments: the built-in sandbox checkout (default outside production) or Stripe Checkout.
   * Production must name one, so a sandbox taking test cards is never there by default.
   */
  PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  /**
   * The certificate that seals signed PDFs (PKCS#12 and its passphrase): one the firms' PDF
   * readers trust. Without it the server makes a self-signed one in DATA_DIR/sealing at first use.
   */
  SEALING_P12_PATH: z.string().optional(),
  SEALING_P12_PASSPHRASE: z.string().optional(),
  /**
   * FuseSign, for firms that sign with it (issue 15 item 7): the API token and tenant from FuseSign's
   * settings, and the secret its webhooks are signed with. Unset, only the built-in signing is offered.
   */
  FUSESIGN_API_TOKEN: z.string().optional(),
  FUSESIGN_TENANT_ID: z.string().optional(),
  FUSESIGN_WEBHOOK_SECRET: z.string().optional(),
  /** FuseSign's API address, for tests against a local fake (default https://api.fuse.work). */
  FUSESIGN_API_BASE: z.url().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /**
   * The signing secret of the webhook endpoint for subscription events
   * (/api/membership/stripe-webhook); defaults to STRIPE_WEBHOOK_SECRET.
   */
  STRIPE_BILLING_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe's API address, for tests against a local fake (e.g. http://127.0.0.1:12111). */
  STRIPE_API_BASE: z.url().optional(),
  /**
   * SMS one-time codes for signing: `sandbox` (kept in the sms_outbox table and listed at
   * GET /api/dev/sms, the default) or `messagemedia` (MESSAGEMEDIA_API_KEY and _SECRET). In
   * production the developer page exists only when SMS_PROVIDER=sandbox is set on purpose.
   */
  SMS_PROVIDER: z.enum(["sandbox", "messagemedia"]).optional(),
  MESSAGEMEDIA_API_KEY: z.string().optional(),
  MESSAGEMEDIA_API_SECRET: z.string().optional(),
  /** MessageMedia's API address, for tests against a local fake (default https://api.messagemedia.com). */
  MESSAGEMEDIA_API_BASE: z.url().optional(),
  /** How long a texted signing code lasts (default 10 minutes); shorter only to test expiry. */
  SMS_CODE_VALID_MS: z.coerce.number().int().min(1000).default(SIGNING_SMS_CODE_VALID_MS),
  /**
   * Automatic signing reminders: every this many days after a request is sent, plus a final one the
   * day before its due date, to signers who have not signed; 0 turns them off.
   */
  SIGNING_REMINDER_EVERY_DAYS: z.coerce.number().int().min(0).max(60).default(3),
  /**
   * Where file bytes are kept: `database` (the file_blobs table, default) or `s3`, an S3-compatible
   * bucket (AWS S3, Cloudflare R2, MinIO, Ceph) named by the S3_* settings. Moving a database's
   * files to the bucket: `npm run files:move-to-s3 --workspace @precedent/server`.
   */
  FILE_STORE: z.enum(["database", "s3"]).default("database"),
  /** The S3-compatible server's address (https://minio.example:9000); unset for AWS S3. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  /** Unset: the AWS SDK's own credential chain (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `true` puts the bucket in the path, as MinIO and most self-hosted servers need. */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Mail: sent by SMTP when set (smtp://user:pass@host:587); otherwise kept in the outbox table. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Precedent <no-reply@precedent.example>"),
  /**
   * ASIC's fee to register a proprietary company limited by shares, in dollars: $597 from
   * 1 July 2024. ASIC indexes its fees each 1 July; set the new fee then.
   */
  ASIC_REGISTRATION_FEE: z.coerce.number().positive().max(100_000).default(597),
  /** How long the sandbox regulator takes to decide a lodgement, in ms (ASIC: minutes to days). */
  ASIC_SANDBOX_PROCESSING_MS: z.coerce.number().int().min(0).default(60_000),
  /** How often a lodgement's status is asked for while ASIC decides it, in ms. */
  ASIC_STATUS_POLL_MS: z.coerce.number().int().min(100).default(30_000),
  /** Seller named on tax invoices. */
  SELLER_NAME: z.string().default("Precedent Legal Documents Pty Ltd"),
  SELLER_ABN: z
    .string()
    .default("53 004 085 616")
    .refine((v) => isValidAbn(v), "SELLER_ABN must be a valid ABN"),
  /** The sales contact 'Talk to Sales' shows (account-area §2 Session modals). */
  SALES_PHONE: z.string().trim().min(1).default("1800 160 401"),
  SALES_EMAIL: z.email().default("sales@precedent.com.au"),
  /**
   * Legal review fees in dollars inc. GST by template identifier (documents spec §4: a legal review
   * of a non-foreign trust deed costs $220; every trust deed of the library is made under
   * Australian law). `*=440` would price every other template; without it, others are quoted on
   * request through the sales contact.
   */
  LEGAL_REVIEW_FEES: z
    .string()
    .default("discretionary-trust-deed=220,unit-trust-deed=220,smsf-trust-deed=220"),
  /** Where a paid legal review request is emailed. */
  LEGAL_REVIEW_EMAIL: z.email().default("legal-review@precedent.com.au"),
  /** A printed, bound copy of a document, in dollars inc. GST. */
  HARD_COPY_PRICE: z.coerce.number().min(0).max(10_000).default(55),
  HARD_COPY_MAX_COPIES: z.coerce.number().int().min(1).max(100).default(10),
  /** Shipping options of a hard copy: `id|label|dollars` separated by `;`, offered in this order. */
  HARD_COPY_SHIPPING: z
    .string()
    .default(
      "standard|Australia Post parcel (2 to 6 business days)|12.50;express|Australia Post Express (1 to 3 business days)|19.95",
    ),
  /** Where a paid hard copy order is emailed. */
  HARD_COPY_EMAIL: z.email().default("fulfilment@precedent.com.au"),
  /**
   * The post-completion next steps' links (documents spec §4), each https: or mailto:, checked at
   * start (modules/next-steps/settings.ts): apply for the new entity's ABN and TFN; have a trust
   * deed stamped; a protector's next steps; register a security interest on the PPSR; view the
   * company in CAS 360 or the fund in Simple Fund 360.
   */
  NEXT_STEP_ABN_TFN_URL: z.string().default("https://www.abr.gov.au/"),
  NEXT_STEP_TRUST_DEED_STAMPING_URL: z
    .string()
    .default("mailto:fulfilment@precedent.com.au?subject=Trust%20deed%20stamping"),
  NEXT_STEP_PROTECTOR_URL: z
    .string()
    .default("mailto:legal-review@precedent.com.au?subject=Protector%20next%20steps"),
  NEXT_STEP_PPSR_URL: z.string().default("https://www.ppsr.gov.au/"),
  CAS360_APP_URL: z.string().default("https://cas360.bgl360.com.au/"),
  SF360_APP_URL: z.string().default("https://sf360.bgl360.com.au/"),
  /**
   * Memory for cached replies of the document lists and folder trees, in MB (0 turns the cache
   * off). See src/platform/freshness/reply-cache.ts.
   */
  REPLY_CACHE_MB: z.coerce.number().int().min(0).default(DEFAULT_REPLY_CACHE_MB),
  /**
   * The worker pool that assembles, previews and seals off the request thread
   * (src/platform/workers): its threads (default: the cores, `os.availableParallelism()`), how many
   * tasks may wait before the API answers 503, one task's time limit and one worker's heap limit.
   */
  WORKER_THREADS: z.coerce.number().int().min(1).optional(),
  WORKER_QUEUE_LIMIT: z.coerce.number().int().min(0).default(WORKER_QUEUE_LIMIT),
  WORKER_TASK_TIMEOUT_MS: z.coerce.number().int().min(100).default(WORKER_TASK_TIMEOUT_MS),
  WORKER_MEMORY_LIMIT_MB: z.coerce.number().int().min(64).default(WORKER_MEMORY_LIMIT_MB),
  /**
   * Encrypts secrets kept in the database (two-factor authenticator secrets): at least 32
   * characters, e.g. `openssl rand -base64 48`. Required in production; development and tests use
   * a fixed key of their own. Changing it makes every two-factor secret unreadable.
   */
  SECRET_KEY: z.string().min(32, "SECRET_KEY must be at least 32 characters").optional(),
  /**
   * Practice software (integrations): each app uses the built-in sandbox provider (its own consent
   * page and seeded clients) unless its real adapter is configured. Xero's real adapter is used
   * when XERO_CLIENT_ID and XERO_CLIENT_SECRET are set; its redirect address is
   * PUBLIC_URL/my-account/my-integration/Xero, registered in Xero's developer portal.
   */
  XERO_CLIENT_ID: z.string().optional(),
  XERO_CLIENT_SECRET: z.string().optional(),
  /** Xero's addresses, for tests against a local fake (e.g. http://127.0.0.1:12112). */
  XERO_LOGIN_BASE: z.url().optional(),
  XERO_IDENTITY_BASE: z.url().optional(),
  XERO_API_BASE: z.url().optional(),
  /** HubSpot's real adapter, when both are set (redirect PUBLIC_URL/my-account/my-integration/HubSpot). */
  HUBSPOT_CLIENT_ID: z.string().optional(),
  HUBSPOT_CLIENT_SECRET: z.string().optional(),
  HUBSPOT_APP_BASE: z.url().optional(),
  HUBSPOT_API_BASE: z.url().optional(),
  /** BGL's API client, for CAS 360 and Simple Fund 360 (api.staging.bgl360.com.au to test). */
  BGL_CLIENT_ID: z.string().optional(),
  BGL_CLIENT_SECRET: z.string().optional(),
  BGL_API_BASE: z.url().optional(),
  /**
   * The assistant's language model (issue 32): any server speaking OpenAI's chat completions
   * (OpenAI, Azure, Ollama, vLLM, llama.cpp). Unset (the default), the built-in provider answers
   * and nothing leaves the server. The base URL goes up to the API version
   * (https://api.openai.com/v1); the model is required with it, the key only where the server asks.
   */
  ASSISTANT_OPENAI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The assistant for every firm, `on` or `off` (issue 37 item 4); the console's setting of the
   * same name overrides it on every server at once.
   */
  ASSISTANT_ENABLED: z.enum(["on", "off"]).default("on"),
  /**
   * Which provider answers: `built-in` or `openai-compatible`. Unset, the OpenAI-compatible one
   * when ASSISTANT_OPENAI_BASE_URL and ASSISTANT_OPENAI_MODEL are set, else the built-in one.
   */
  ASSISTANT_PROVIDER: z.enum(["built-in", "openai-compatible"]).optional(),
  ASSISTANT_OPENAI_API_KEY: z.string().optional(),
  ASSISTANT_OPENAI_MODEL: z.string().trim().min(1).optional(),
  /** How long one request to the model may take before the built-in provider answers instead. */
  ASSISTANT_OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  /** The realtime voice model `POST /api/ai/get-temp-token` opens sessions of (spec §7: a small realtime model). */
  ASSISTANT_OPENAI_REALTIME_MODEL: z.string().trim().min(1).default("gpt-4o-mini-realtime-preview"),
  /** The model's tokens one person may use a day (Sydney), across the chat and chat completions. */
  ASSISTANT_TOKENS_PER_PERSON_PER_DAY: z.coerce.number().int().min(1).max(100_000_000).default(200_000),
  /** The thread's latest messages sent to the model with each new one. */
  ASSISTANT_HISTORY_MESSAGES: z.coerce.number().int().min(0).max(100).default(20),
  /**
   * The training courses the sales mode speaks of: `id|name|dollars|address` separated by `;`
   * (dollars inc. GST; the address is where a person enrols: the chat sells nothing).
   */
  ASSISTANT_SALES_COURSES: z.string().default(DEFAULT_ASSISTANT_SALES_COURSES),
  /** The offers the sales mode speaks of: `id|name|dollars|unit|address` separated by `;`. */
  ASSISTANT_SALES_OFFERS: z.string().default(DEFAULT_ASSISTANT_SALES_OFFERS),
  /** The voice interview's speech on the same provider: its transcription and speech models. */
  ASSISTANT_OPENAI_TRANSCRIPTION_MODEL: z.string().trim().min(1).default("whisper-1"),
  ASSISTANT_OPENAI_SPEECH_MODEL: z.string().trim().min(1).default("tts-1"),
  /**
   * The address people reach the web app at (https://app.example.com): every link the product
   * sends or shows (signing links, invitations, providers' redirects, payment returns) is built on
   * it, never on a request's Host or X-Forwarded-Host, which a client chooses. Required in
   * production; elsewhere `http://localhost:${PORT}`.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .refine((v) => v === undefined || URL.parse(v)?.pathname === "/", {
      message: "PUBLIC_URL must be an origin (scheme, host and port) with no path",
    }),
  /**
   * The proxies whose X-Forwarded-For is believed: a comma-separated list of addresses or CIDR
   * ranges (`10.0.0.5,10.1.0.0/16`). `false` (default) believes none; `true` believes any hop,
   * which lets any client choose its own address: only for a proxy that is the sole way in.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v, ctx) => {
      const value = v.trim();
      if (value === "true" || value === "false") return value === "true";
      const entries = value
        .split(",")
        .map((e) => e.trim())
        .filter(Boolean);
      const bad = entries.filter((e) => !isAddressOrRange(e));
      if (entries.length === 0 || bad.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `expected true, false or a list of proxy addresses or ranges; not ${bad.join(", ") || "empty"}`,
        });
        return z.NEVER;
      }
      return entries;
    }),
});

export type Config = Omit<
  z.infer<typeof ConfigSchema>,
  "DEMO_DATA" | "PAYMENT_PROVIDER" | "SECRET_KEY" | "COOKIE_SECURE" | "PUBLIC_URL"
> & {
  COOKIE_SECURE: "auto" | "true" | "false";
  DEMO_DATA: "on" | "off";
  /** An origin without a trailing slash: `https://app.example.com`. */
  PUBLIC_URL: string;
  PAYMENT_PROVIDER: "sandbox" | "stripe";
  SECRET_KEY: string;
};

/** Outside production only: a key anyone can read, so a production server never starts with it. */
export const DEVELOPMENT_SECRET_KEY = "precedent-development-secret-key-not-for-production-use";

/** The providers standing in for real ones, named at every start (see main.ts). */
export function sandboxProviders(
  config: Pick<Config, "PAYMENT_PROVIDER" | "SMTP_URL" | "SMS_PROVIDER" | "NODE_ENV">,
): string[] {
  const sandboxes: string[] = [];
  if (config.PAYMENT_PROVIDER === "sandbox")
    sandboxes.push("payments (built-in checkout: test cards, no money taken)");
  if (!config.SMTP_URL) sandboxes.push("mail (kept in the outbox table, not sent)");
  if ((config.SMS_PROVIDER ?? "sandbox") === "sandbox") {
    sandboxes.push(
      smsDevPageOn(config)
        ? "sms (kept in the sms_outbox table and shown at /api/dev/sms, not sent)"
        : "sms (kept in the sms_outbox table, not sent; set SMS_PROVIDER to sandbox or messagemedia)",
    );
  }
  return sandboxes;
}

/**
 * Which provider each outside service uses and the environment names that choose it, for the
 * console's Settings area to show (issue 37 item 4). Read only there: a provider with credentials
 * is chosen where its credentials are, in the environment. Names only, never a value.
 */
export function serviceProvidersOf(
  config: Partial<
    Pick<
      Config,
      | "PAYMENT_PROVIDER"
      | "SMTP_URL"
      | "SMS_PROVIDER"
      | "FUSESIGN_API_TOKEN"
      | "FILE_STORE"
      | "XERO_CLIENT_ID"
      | "XERO_CLIENT_SECRET"
      | "HUBSPOT_CLIENT_ID"
      | "HUBSPOT_CLIENT_SECRET"
      | "BGL_CLIENT_ID"
      | "BGL_CLIENT_SECRET"
    >
  >,
): { service: string; provider: string; configured_by: string }[] {
  const practice = [
    config.XERO_CLIENT_ID && config.XERO_CLIENT_SECRET ? "Xero" : null,
    config.HUBSPOT_CLIENT_ID && config.HUBSPOT_CLIENT_SECRET ? "HubSpot" : null,
    config.BGL_CLIENT_ID && config.BGL_CLIENT_SECRET ? "BGL" : null,
  ].filter((name) => name !== null);
  return [
    {
      service: "Payments",
      provider:
        config.PAYMENT_PROVIDER === "stripe" ? "Stripe" : "Sandbox checkout (test cards, no money taken)",
      configured_by: "PAYMENT_PROVIDER, STRIPE_SECRET_KEY",
    },
    {
      service: "Mail",
      provider: config.SMTP_URL ? "SMTP" : "Outbox table (kept, not sent)",
      configured_by: "SMTP_URL, MAIL_FROM",
    },
    {
      service: "SMS signing codes",
      provider: config.SMS_PROVIDER === "messagemedia" ? "MessageMedia" : "Sandbox (kept, not sent)",
      configured_by: "SMS_PROVIDER, MESSAGEMEDIA_API_KEY, MESSAGEMEDIA_API_SECRET",
    },
    {
      service: "E-signing",
      provider: config.FUSESIGN_API_TOKEN ? "Built-in signing and FuseSign" : "Built-in signing",
      configured_by: "FUSESIGN_API_TOKEN, FUSESIGN_TENANT_ID",
    },
    {
      service: "ASIC company registration",
      provider: "Sandbox regulator (nothing lodged with ASIC)",
      configured_by: "ASIC_SANDBOX_PROCESSING_MS",
    },
    {
      service: "Practice software",
      provider:
        practice.length > 0 ? `${practice.join(", ")}; sandbox for the others` : "Sandbox for every app",
      configured_by: "XERO_CLIENT_ID, HUBSPOT_CLIENT_ID, BGL_CLIENT_ID and their secrets",
    },
    {
      service: "File storage",
      provider: config.FILE_STORE === "s3" ? "S3-compatible bucket" : "Database",
      configured_by: "FILE_STORE, S3_BUCKET, S3_ENDPOINT",
    },
  ];
}

/** The sandbox SMS developer page: outside production by default, in production only when asked for. */
export function smsDevPageOn(config: Pick<Config, "SMS_PROVIDER" | "NODE_ENV">): boolean {
  if (config.SMS_PROVIDER === "sandbox") return true;
  return config.SMS_PROVIDER === undefined && config.NODE_ENV !== "production";
}

/** Reads configuration from the environment; a bad value stops start-up with the variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  const production = parsed.data?.NODE_ENV === "production";
  // In production nothing meant for trying the product out is there unless asked for by name.
  if (production && parsed.data?.PAYMENT_PROVIDER === undefined) {
    problems.push(
      "PAYMENT_PROVIDER: must be set in production: stripe, or sandbox to accept test cards on purpose",
    );
  }
  if (parsed.data?.ASSISTANT_OPENAI_BASE_URL && !parsed.data.ASSISTANT_OPENAI_MODEL) {
    problems.push("ASSISTANT_OPENAI_MODEL: must name the model when ASSISTANT_OPENAI_BASE_URL is set");
  }
  if (parsed.data?.ASSISTANT_PROVIDER === "openai-compatible" && !parsed.data.ASSISTANT_OPENAI_BASE_URL) {
    problems.push(
      "ASSISTANT_PROVIDER: openai-compatible needs ASSISTANT_OPENAI_BASE_URL and ASSISTANT_OPENAI_MODEL",
    );
  }
  if (
    parsed.data?.SMS_PROVIDER === "messagemedia" &&
    (!parsed.data.MESSAGEMEDIA_API_KEY || !parsed.data.MESSAGEMEDIA_API_SECRET)
  ) {
    problems.push("SMS_PROVIDER: messagemedia needs MESSAGEMEDIA_API_KEY and MESSAGEMEDIA_API_SECRET");
  }
  if (parsed.data?.DATABASE_REPLICA_URL && !parsed.data.DATABASE_URL) {
    problems.push("DATABASE_REPLICA_URL: needs DATABASE_URL (a replica of PostgreSQL; not with PGlite)");
  }
  if (parsed.data?.FILE_STORE === "s3" && !parsed.data.S3_BUCKET) {
    problems.push("S3_BUCKET: must name the bucket when FILE_STORE=s3");
  }
  if (parsed.data && !parsed.data.S3_ACCESS_KEY_ID !== !parsed.data.S3_SECRET_ACCESS_KEY) {
    problems.push(
      "S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all",
    );
  }
  if (production && parsed.data?.SECRET_KEY === undefined) {
    problems.push("SECRET_KEY: must be set in production (at least 32 random characters)");
  }
  if (production && parsed.data?.PUBLIC_URL === undefined) {
    problems.push(
      "PUBLIC_URL: must be set in production to the address people reach the app at (https://app.example.com): every emailed link is built on it",
    );
  }
  if (!parsed.success || problems.length > 0) {
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const data = parsed.data;
  return {
    ...data,
    DEMO_DATA: data.DEMO_DATA ?? (production ? "off" : "on"),
    COOKIE_SECURE: data.COOKIE_SECURE ?? (production ? "true" : "auto"),
    PAYMENT_PROVIDER: data.PAYMENT_PROVIDER ?? "sandbox",
    SECRET_KEY: data.SECRET_KEY ?? DEVELOPMENT_SECRET_KEY,
    PUBLIC_URL: publicOrigin(data.PUBLIC_URL ?? `http://localhost:${data.PORT}`),
    DATA_DIR: path.resolve(data.DATA_DIR),
  };
}

/** The configured address as an origin: `https://app.example.com` (no trailing slash, no path). */
export function publicOrigin(url: string): string {
  return new URL(url).origin;
}
