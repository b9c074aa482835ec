import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNING_LINK_GUESS_WINDOW_MS, SIGNING_LINK_GUESSES_PER_ADDRESS } from "../../../constants.ts";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { SIGNING_LINK_MESSAGES } from "./service.ts";
import { buildSigningEnvelope } from "./testing.ts";

// Issue 31: 950 random signing tokens from one address met no 429. Unknown links are now counted
// per address in the database (shared by every server), each before it is looked up.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const view = (token: string, ip: string) =>
  t.app.inject({ method: "GET", url: `/api/sign/${token}`, remoteAddress: ip });

async function liveLink() {
  const { team, owner } = await t.buildTeam();
  const doc = await t.buildDocument({ teamId: team.id, createdBy: owner.id, status: 4 });
  const built = await buildSigningEnvelope(t.db, t.services.fileStore, {
    teamId: team.id,
    documentId: doc.id,
    senderUserId: owner.id,
    recipients: [{ name: "Jane Citizen" }],
    now: t.clock.now(),
  });
  return built.tokens["Jane Citizen"] as string;
}

describe("GET /api/sign/:token from a guessing address", () => {
  it("answers 404 to the allowed number of unknown links sent at once, then 429", async () => {
    const replies = await Promise.all(
      Array.from({ length: 100 }, () => view(randomBytes(32).toString("base64url"), "10.77.0.1")),
    );
    const unknown = replies.filter((r) => r.statusCode === 404);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(unknown.length).toBe(SIGNING_LINK_GUESSES_PER_ADDRESS);
    expect(refused.length).toBe(100 - SIGNING_LINK_GUESSES_PER_ADDRESS);
    expect(unknown[0]?.json().message).toBe(SIGNING_LINK_MESSAGES.unknown);
    expect(refused[0]?.json()).toEqual({
      message: "Too many signing links tried from this address. Please wait 15 minutes and try again.",
      data: { retry_after_seconds: SIGNING_LINK_GUESS_WINDOW_MS / 1000 },
    });
    // Another address is not held; this one is again once the window has passed.
    const link = await liveLink();
    expect((await view(link, "10.77.0.2")).statusCode).toBe(200);
    expect((await view(link, "10.77.0.1")).statusCode).toBe(429);
    t.clock.advance(SIGNING_LINK_GUESS_WINDOW_MS);
    expect((await view(link, "10.77.0.1")).statusCode).toBe(200);
  });

  it("does not count a live link's own requests against the address", async () => {
    const link = await liveLink();
    for (let i = 0; i < SIGNING_LINK_GUESSES_PER_ADDRESS + 5; i++) {
      expect((await view(link, "10.77.1.1")).statusCode).toBe(200);
    }
    expect((await view(randomBytes(32).toString("base64url"), "10.77.1.1")).statusCode).toBe(404);
  });
});
