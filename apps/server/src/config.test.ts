import { describe, expect, it } from "vitest";
import { loadConfig, sandboxProviders } from "./config.ts";

describe("loadConfig", () => {
  it("defaults to port 3000, ./data, demo data on and the spec's 30-minute idle timeout", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toMatch(/\/data$/);
    expect(config.DEMO_DATA).toBe("on");
    expect(config.IDLE_TIMEOUT_MS).toBe(1_800_000);
    expect(config.DATABASE_URL).toBeUndefined();
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
    const stripe = loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "stripe" });
    expect(stripe.DEMO_DATA).toBe("off");
    expect(sandboxProviders({ ...stripe, SMTP_URL: "smtp://mail.example:587" })).toEqual([]);

    const trial = loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox", DEMO_DATA: "on" });
    expect(trial.DEMO_DATA).toBe("on");
    expect(sandboxProviders(trial)).toEqual([
      "payments (built-in checkout: test cards, no money taken)",
      "mail (kept in the outbox table, not sent)",
    ]);
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
});
