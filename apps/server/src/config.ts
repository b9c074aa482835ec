import path from "node:path";
import { isValidAbn } from "@precedent/docgen/forms";
import { z } from "zod";
import { DEFAULT_REPLY_CACHE_MB, IDLE_TIMEOUT_MS, KEEP_ALIVE_MS } from "./constants.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** PGlite data folder, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().default("./data"),
  /** A PostgreSQL server; when set, PGlite is not used. */
  DATABASE_URL: z.string().optional(),
  DEMO_DATA: z.enum(["on", "off"]).default("on"),
  /** Shortened in browser tests to see the idle modal without waiting half an hour. */
  IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(IDLE_TIMEOUT_MS),
  KEEP_ALIVE_MS: z.coerce.number().int().positive().default(KEEP_ALIVE_MS),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Built web app to serve; absent in API-only runs. */
  WEB_DIST: z.string().default(path.join(repoRoot, "apps/web/dist")),
  /**
   * Whether the session cookie is marked Secure: `auto` follows the request's protocol (behind a
   * TLS-terminating proxy that needs TRUST_PROXY=true); `true` always, as production should.
   */
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  /** Payments: the built-in sandbox checkout (default) or Stripe Checkout. */
  PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).default("sandbox"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe's API address, for tests against a local fake (e.g. http://127.0.0.1:12111). */
  STRIPE_API_BASE: z.url().optional(),
  /** Mail: sent by SMTP when set (smtp://user:pass@host:587); otherwise kept in the outbox table. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Precedent <no-reply@precedent.example>"),
  /** Seller named on tax invoices. */
  SELLER_NAME: z.string().default("Precedent Legal Documents Pty Ltd"),
  SELLER_ABN: z
    .string()
    .default("53 004 085 616")
    .refine((v) => isValidAbn(v), "SELLER_ABN must be a valid ABN"),
  /**
   * Memory for cached replies of the document lists and folder trees, in MB (0 turns the cache
   * off). See src/plugins/firm-reply-cache.ts.
   */
  REPLY_CACHE_MB: z.coerce.number().int().min(0).default(DEFAULT_REPLY_CACHE_MB),
  /** Set when the server sits behind a proxy that sets X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Reads configuration from the environment; a bad value stops start-up with the variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
