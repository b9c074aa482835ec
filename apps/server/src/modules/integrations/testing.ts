// Set-up shared by the integrations module's API tests (not part of the module's entry).
import { IntegrationLinkResponse } from "@precedent/contracts";
import { expect } from "vitest";
import type { FirmClient, TestApp } from "../../test/harness.ts";

/**
 * Answers the sandbox consent page for `url` (the provider link) as the person would, and reads
 * where it sends them (the redirect back, with its code and state, or the refusal).
 */
export async function answerSandboxConsent(t: TestApp, url: URL, decision: "allow" | "deny") {
  const q = url.searchParams;
  const reply = await t.app.inject({
    method: "POST",
    url: url.pathname,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      redirect_uri: q.get("redirect_uri") ?? "",
      state: q.get("state") ?? "",
      code_challenge: q.get("code_challenge") ?? "",
      code_challenge_method: q.get("code_challenge_method") ?? "",
      decision,
    }).toString(),
  });
  expect(reply.statusCode).toBe(303);
  return new URL(reply.headers.location as string, "http://localhost");
}

/**
 * Connects `client`'s person to the app `slug` as they would: asks for the link, allows on the
 * sandbox consent page, and follows the redirect back with its code and state.
 */
export async function connectThroughSandbox(t: TestApp, client: FirmClient, slug: string) {
  const link = await client.get(`/api/${slug}/auth/get-link-register`);
  const url = new URL(IntegrationLinkResponse.parse(link.json()).data.url, "http://localhost");
  const back = await answerSandboxConsent(t, url, "allow");
  const reply = await client.get(`/api/${slug}/auth/redirect`, {
    code: back.searchParams.get("code") ?? "",
    state: back.searchParams.get("state") ?? "",
  });
  expect(reply.statusCode, reply.body).toBe(200);
}
