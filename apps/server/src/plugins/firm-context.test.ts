import Fastify from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FirmContext, FirmContexts } from "../platform/kernel/index.ts";
import { registerErrorHandler } from "./error-handler.ts";
import { registerFirmContext } from "./firm-context.ts";

// The decorator alone, on a bare server with a counting firmContext: no database needed.
const lookups: number[] = [];
const firmContext: FirmContexts = async (actor, teamId) => {
  lookups.push(teamId);
  return { teamId, userId: actor.userId, role: "owner", planSlug: "pro" } as FirmContext;
};

const app = Fastify();
beforeAll(async () => {
  registerErrorHandler(app);
  app.decorateRequest("actor", null);
  app.addHook("preHandler", async (request) => {
    if (request.headers["x-user"])
      request.actor = { userId: Number(request.headers["x-user"]), sessionId: 1 };
    // What a route's zod querystring does: id_team arrives as a number.
    const query = request.query as { id_team?: string | number };
    if (typeof query.id_team === "string") query.id_team = Number(query.id_team);
  });
  registerFirmContext(app, firmContext);
  app.get("/twice", async (request) => {
    const first = await request.firm();
    const second = await request.firm();
    return { same: first === second, teamId: first.teamId, userId: first.userId };
  });
  app.get("/no-firm", async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  lookups.length = 0;
});

describe("request.firm()", () => {
  it("looks the firm up once however often a request asks", async () => {
    const reply = await app.inject({ url: "/twice?id_team=7", headers: { "x-user": "3" } });
    expect(reply.json()).toEqual({ same: true, teamId: 7, userId: 3 });
    expect(lookups).toEqual([7]);
  });

  it("looks up afresh for each request", async () => {
    await app.inject({ url: "/twice?id_team=7", headers: { "x-user": "3" } });
    await app.inject({ url: "/twice?id_team=8", headers: { "x-user": "3" } });
    expect(lookups).toEqual([7, 8]);
  });

  it("costs a route that does not ask nothing", async () => {
    await app.inject({ url: "/no-firm?id_team=7", headers: { "x-user": "3" } });
    expect(lookups).toEqual([]);
  });

  it("answers 401 without a signed-in caller, before any lookup", async () => {
    const reply = await app.inject({ url: "/twice?id_team=7" });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toBe("Please sign in.");
    expect(lookups).toEqual([]);
  });
});
