import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

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
});
