import { describe, expect, it } from "vitest";
import { webAppCsp } from "./security-headers.ts";

describe("the web app's content security policy", () => {
  it("connects to our origin only, and with a model configured also to its realtime WebSocket", () => {
    expect(webAppCsp(undefined)).toContain("connect-src 'self';");
    expect(webAppCsp("https://api.openai.com/v1")).toContain("connect-src 'self' wss://api.openai.com;");
    expect(webAppCsp("http://127.0.0.1:4324/v1")).toContain("connect-src 'self' ws://127.0.0.1:4324;");
    // Nothing else opens up: scripts stay our own.
    expect(webAppCsp("https://api.openai.com/v1")).toContain("script-src 'self';");
  });
});
