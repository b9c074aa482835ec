import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 240_000);
afterAll(() => t.close());

const fields = {
  redirect_uri: "/my-account/my-integration/Xero",
  state: "s".repeat(43),
  code_challenge: "c".repeat(43),
  code_challenge_method: "S256",
};
const page = (query: string) =>
  t.app.inject({ method: "GET", url: `/sandbox/oauth/xero/authorize?${query}` });

describe("GET /sandbox/oauth/:app/authorize (the sandbox provider's consent page)", () => {
  it("writes no parameter name of the address into the page", async () => {
    const hostile = `${new URLSearchParams(fields)}&${encodeURIComponent('"><script>alert(1)</script>')}=x&scope=offline_access`;
    const reply = await page(hostile);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.body).not.toContain("<script>alert(1)</script>");
    expect(reply.body).not.toContain('name="scope"');
    expect(reply.body.match(/<input type="hidden"/g)).toHaveLength(4);
    expect(reply.body).toContain(`name="state" value="${fields.state}"`);
  });

  it("answers a repeated parameter with 400 naming it, never 500", async () => {
    const repeatedOther = await page(`${new URLSearchParams(fields)}&scope=a&scope=b`);
    expect(repeatedOther.statusCode).toBe(200);
    const repeatedOwn = await page(`${new URLSearchParams(fields)}&state=other`);
    expect(repeatedOwn.statusCode).toBe(400);
    expect(repeatedOwn.json().data.errors).toEqual([
      expect.objectContaining({ field: "state", message: "must be given once" }),
    ]);
  });
});
