import { describe, expect, it } from "vitest";
import { DEVELOPMENT_SECRET_KEY, loadConfig, sandboxProviders } from "./config.ts";

const KEY = "a-production-secret-key-of-forty-eight-characters";

describe("loadConfig", () => {
  it("defaults to port 3000, ./data, demo data on and the spec's 30-minute idle timeout", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toMatch(/\/data$/);
    expect(config.DEMO_DATA).toBe("on");
    expect(config.IDLE_TIMEOUT_MS).toBe(1_800_000);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("keeps files in the database unless FILE_STORE=s3 names a bucket, with both keys or neither", () => {
    expect(loadConfig({}).FILE_STORE).toBe("database");
    const s3 = loadConfig({
      FILE_STORE: "s3",
      S3_BUCKET: "firm-files",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(s3).toMatchObject({
      FILE_STORE: "s3",
      S3_BUCKET: "firm-files",
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: true,
    });
    expect(() => loadConfig({ FILE_STORE: "s3" })).toThrow(
      "S3_BUCKET: must name the bucket when FILE_STORE=s3",
    );
    expect(() => loadConfig({ FILE_STORE: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "key" })).toThrow(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all",
    );
    expect(() => loadConfig({ FILE_STORE: "bucket" })).toThrow("FILE_STORE");
  });

  it("takes a PostgreSQL read replica only beside a PostgreSQL primary", () => {
    const primary = "postgres://app@db-primary:5432/precedent";
    const replica = "postgresql://app@db-replica:5432/precedent";
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: replica }).DATABASE_REPLICA_URL).toBe(
      replica,
    );
    expect(loadConfig({}).DATABASE_REPLICA_URL).toBeUndefined();
    expect(() => loadConfig({ DATABASE_REPLICA_URL: replica })).toThrow(
      "DATABASE_REPLICA_URL: needs DATABASE_URL (a replica of PostgreSQL; not with PGlite)",
    );
    expect(() =>
      loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: "mysql://db-replica/precedent" }),
    ).toThrow(/DATABASE_REPLICA_URL.*postgres:\/\/ or postgresql:\/\//);
  });

  it("takes the assistant's switch and provider, the OpenAI-compatible one only with its server", () => {
    expect(loadConfig({}).ASSISTANT_ENABLED).toBe("on");
    expect(loadConfig({ ASSISTANT_ENABLED: "off" }).ASSISTANT_ENABLED).toBe("off");
    expect(() => loadConfig({ ASSISTANT_ENABLED: "no" })).toThrow(/ASSISTANT_ENABLED/);
    expect(loadConfig({}).ASSISTANT_PROVIDER).toBeUndefined();
    expect(() => loadConfig({ ASSISTANT_PROVIDER: "openai-compatible" })).toThrow(
      "ASSISTANT_PROVIDER: openai-compatible needs ASSISTANT_OPENAI_BASE_URL and ASSISTANT_OPENAI_MODEL",
    );
    expect(
      loadConfig({
        ASSISTANT_PROVIDER: "built-in",
        ASSISTANT_OPENAI_BASE_URL: "https://api.openai.com/v1",
        ASSISTANT_OPENAI_MODEL: "gpt-4o-mini",
      }).ASSISTANT_PROVIDER,
    ).toBe("built-in");
  });

  it("takes a shortened idle timeout from the environment", () => {
    expect(loadConfig({ IDLE_TIMEOUT_MS: "5000" }).IDLE_TIMEOUT_MS).toBe(5000);
  });

  it("stops with the variable named when a value is bad", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DEMO_DATA: "maybe" })).toThrow(/DEMO_DATA/);
  });

  it("in production, has no demo data unless asked for and refuses to start without a payment provider named", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /PAYMENT_PROVIDER: must be set in production/,
    );
    const stripe = loadConfig({
      NODE_ENV: "production",
      PAYMENT_PROVIDER: "stripe",
      SECRET_KEY: KEY,
      PUBLIC_URL: "https://app.example.com",
    });
    expect(stripe.DEMO_DATA).toBe("off");
    expect(
      sandboxProviders({ ...stripe, SMTP_URL: "smtp://mail.example:587", SMS_PROVIDER: "messagemedia" }),
    ).toEqual([]);

    const trial = loadConfig({
      NODE_ENV: "production",
      PAYMENT_PROVIDER: "sandbox",
      DEMO_DATA: "on",
      SECRET_KEY: KEY,
      PUBLIC_URL: "https://app.example.com",
    });
    expect(trial.DEMO_DATA).toBe("on");
    expect(sandboxProviders(trial)).toEqual([
      "payments (built-in checkout: test cards, no money taken)",
      "mail (kept in the outbox table, not sent)",
      "sms (kept in the sms_outbox table, not sent; set SMS_PROVIDER to sandbox or messagemedia)",
    ]);
  });

  it("refuses to start in production without a SECRET_KEY, and uses a development key elsewhere", () => {
    expect(() => loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "stripe" })).toThrow(
      /SECRET_KEY: must be set in production/,
    );
    expect(() => loadConfig({ SECRET_KEY: "short" })).toThrow(/SECRET_KEY must be at least 32 characters/);
    expect(loadConfig({}).SECRET_KEY).toBe(DEVELOPMENT_SECRET_KEY);
    expect(loadConfig({ SECRET_KEY: KEY }).SECRET_KEY).toBe(KEY);
  });

  it("takes TRUST_PROXY as true, false or a list of proxy addresses and ranges", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.5, 10.1.0.0/16,fd00::/8" }).TRUST_PROXY).toEqual([
      "10.0.0.5",
      "10.1.0.0/16",
      "fd00::/8",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/40" })).toThrow(/TRUST_PROXY/);
  });

  // Issue 31: COOKIE_SECURE defaulted to `auto` in production, so a server behind a proxy it was
  // not told to trust sent the session cookie without Secure.
  it("marks the session cookie Secure in production unless told otherwise; follows the protocol elsewhere", () => {
    const production = {
      NODE_ENV: "production",
      PAYMENT_PROVIDER: "stripe",
      SECRET_KEY: KEY,
      PUBLIC_URL: "https://app.example.com",
    };
    expect(loadConfig(production).COOKIE_SECURE).toBe("true");
    expect(loadConfig({ ...production, COOKIE_SECURE: "auto" }).COOKIE_SECURE).toBe("auto");
    expect(loadConfig({}).COOKIE_SECURE).toBe("auto");
    expect(() => loadConfig({ COOKIE_SECURE: "yes" })).toThrow(/COOKIE_SECURE/);
  });
});
