import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { IntegrationLinkResponse } from "@precedent/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { ProviderLimitReached } from "./provider.ts";
import { integrationConnections } from "./schema.ts";
import { createXeroProvider, XERO_LIMITS } from "./xero-provider.ts";

/**
 * A local fake of exactly the Xero endpoints the adapter calls: identity.xero.com's token and
 * revocation endpoints and api.xero.com/connections and Contacts, checking what Xero checks
 * (client credentials, PKCE verifier, single-use codes, rotating refresh tokens).
 */
function xeroFake() {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Set<string>();
  const calls: string[] = [];
  let tokenCalls = 0;
  let next = 0;
  let throttle = false;
  /** Answers for the next Contacts calls, in order (Xero's 429s with their headers). */
  const contactAnswers: { status: number; headers: Record<string, string> }[] = [];
  let contactsDelayMs = 0;
  let contactsInFlight = 0;
  let mostContactsInFlight = 0;
  const basic = `Basic ${Buffer.from("client-id:client-secret").toString("base64")}`;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      calls.push(`${req.method} ${url.pathname}`);
      const form = new URLSearchParams(body);
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(value));
      };
      if (throttle) return json(429, { Title: "Too many requests" }, { "retry-after": "42" });
      if (req.method === "POST" && url.pathname === "/connect/token") {
        if (req.headers.authorization !== basic) return json(401, { error: "invalid_client" });
        tokenCalls++;
        const issue = () => {
          next++;
          const access = `xero-at-${next}`;
          const refresh = `xero-rt-${next}`;
          accessTokens.add(access);
          refreshTokens.add(refresh);
          return json(200, {
            access_token: access,
            refresh_token: refresh,
            expires_in: 1800,
            token_type: "Bearer",
          });
        };
        if (form.get("grant_type") === "authorization_code") {
          const code = codes.get(form.get("code") ?? "");
          codes.delete(form.get("code") ?? "");
          const verifier = form.get("code_verifier") ?? "";
          const s256 = createHash("sha256").update(verifier).digest("base64url");
          if (!code || code.challenge !== s256 || code.redirectUri !== form.get("redirect_uri"))
            return json(400, { error: "invalid_grant" });
          return issue();
        }
        if (form.get("grant_type") === "refresh_token") {
          const token = form.get("refresh_token") ?? "";
          if (!refreshTokens.delete(token)) return json(400, { error: "invalid_grant" });
          return issue();
        }
        return json(400, { error: "unsupported_grant_type" });
      }
      if (req.method === "POST" && url.pathname === "/connect/revocation") {
        if (req.headers.authorization !== basic) return json(401, { error: "invalid_client" });
        refreshTokens.delete(form.get("token") ?? "");
        res.writeHead(200);
        return res.end();
      }
      const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!accessTokens.has(bearer)) return json(401, { Title: "Unauthorized" });
      if (req.method === "GET" && url.pathname === "/connections")
        return json(200, [
          { id: "c1", tenantId: "tenant-1", tenantType: "ORGANISATION", tenantName: "Harbour Accounting" },
          {
            id: "c2",
            tenantId: "xpm-1",
            tenantType: "PRACTICEMANAGER",
            tenantName: "Harbour Practice Manager",
          },
          { id: "c3", tenantId: "tenant-2", tenantType: "ORGANISATION", tenantName: "Bayside Bookkeeping" },
        ]);
      if (req.method === "GET" && url.pathname === "/api.xro/2.0/Contacts") {
        if (req.headers["xero-tenant-id"] === "tenant-2")
          return json(200, { Contacts: [{ ContactID: "def", Name: "Bayside Cafe Pty Ltd" }] });
        if (req.headers["xero-tenant-id"] !== "tenant-1") return json(403, { Title: "Forbidden" });
        const scripted = contactAnswers.shift();
        if (scripted) return json(scripted.status, { Title: "Too many requests" }, scripted.headers);
        contactsInFlight++;
        mostContactsInFlight = Math.max(mostContactsInFlight, contactsInFlight);
        setTimeout(() => {
          contactsInFlight--;
          json(
            200,
            { Contacts: [{ ContactID: "abc", Name: "Banksia Holdings Pty Ltd" }] },
            {
              "x-daylimit-remaining": "4990",
              "x-minlimit-remaining": "55",
              "x-appminlimit-remaining": "9000",
            },
          );
        }, contactsDelayMs);
        return;
      }
      json(404, {});
    });
  });
  return {
    server,
    calls,
    codes,
    refreshTokens,
    accessTokens,
    contactAnswers,
    setContactsDelay(ms: number) {
      contactsDelayMs = ms;
      mostContactsInFlight = 0;
    },
    get mostContactsInFlight() {
      return mostContactsInFlight;
    },
    get tokenCalls() {
      return tokenCalls;
    },
    setThrottle(on: boolean) {
      throttle = on;
    },
    /** What Xero's consent page would do: remember the challenge and issue a code. */
    grant(authoriseUrl: string) {
      const q = new URL(authoriseUrl).searchParams;
      const code = `xero-code-${codes.size + next + 1}`;
      codes.set(code, { challenge: q.get("code_challenge") ?? "", redirectUri: q.get("redirect_uri") ?? "" });
      return { code, state: q.get("state") ?? "" };
    },
  };
}

let fake: ReturnType<typeof xeroFake>;
let base: string;
let t: TestApp;
let people: FirmWithPeople;

/**
 * Brings the stored access tokens to within a minute of expiry. (Moving the clock instead would
 * also end the test sessions, whose idle timeout is 30 minutes.)
 */
const expireAccessTokens = (inMs = 60_000) =>
  t.db.update(integrationConnections).set({ accessExpiresAt: new Date(t.clock.now().getTime() + inMs) });

beforeAll(async () => {
  fake = xeroFake();
  await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: {
      XERO_CLIENT_ID: "client-id",
      XERO_CLIENT_SECRET: "client-secret",
      XERO_LOGIN_BASE: base,
      XERO_IDENTITY_BASE: base,
      XERO_API_BASE: base,
      PUBLIC_URL: "https://app.precedent.test",
    },
  });
  people = await buildFirmWithPeople(t);
}, 240_000);
afterAll(async () => {
  await t?.close();
  fake?.server.close();
});
beforeEach(async () => {
  await t.db.delete(integrationConnections);
  fake.setThrottle(false);
  fake.contactAnswers.length = 0;
  fake.setContactsDelay(0);
});

async function connect() {
  const link = IntegrationLinkResponse.parse(
    (await people.as.owner.get("/api/xero/auth/get-link-register")).json(),
  );
  const { code, state } = fake.grant(link.data.url);
  return people.as.owner.get("/api/xero/auth/redirect", { code, state });
}

describe("the Xero adapter against a local fake of Xero's endpoints", () => {
  it("sends the person to Xero's authorise page with state, S256 PKCE and our redirect address", async () => {
    const link = IntegrationLinkResponse.parse(
      (await people.as.owner.get("/api/xero/auth/get-link-register")).json(),
    );
    const url = new URL(link.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/identity/connect/authorize`);
    expect(url.searchParams.get("client_id")).toBe("client-id");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe(
      "https://app.precedent.test/my-account/my-integration/Xero",
    );
    expect(url.searchParams.get("scope")).toContain("offline_access");
    // The sandbox consent page is not served for an app with its real adapter.
    const consentAddress = `/sandbox/oauth/xero/authorize?${new URLSearchParams({
      redirect_uri: "/my-account/my-integration/Xero",
      state: "s",
      code_challenge: "c",
      code_challenge_method: "S256",
    })}`;
    const consentPage = await t.app.inject({ method: "GET", url: consentAddress });
    expect(consentPage.statusCode, consentPage.body).toBe(404);
  });

  it("exchanges the code with the verifier, reads the organisation, and lists contacts", async () => {
    const reply = await connect();
    expect(reply.statusCode, reply.body).toBe(200);
    const [row] = await t.db.select().from(integrationConnections);
    expect(row).toMatchObject({
      tenantId: "tenant-1",
      tenantName: "Harbour Accounting",
      status: "connected",
    });
    const clients = await people.as.owner.get("/api/integrations/xero/clients", { type: "Company" });
    expect(clients.json().data).toEqual([{ id: "abc", name: "Banksia Holdings Pty Ltd", type: "Company" }]);
  });

  it("a code Xero refuses (replayed) connects nothing", async () => {
    const link = IntegrationLinkResponse.parse(
      (await people.as.owner.get("/api/xero/auth/get-link-register")).json(),
    );
    const { code, state } = fake.grant(link.data.url);
    fake.codes.delete(code);
    const reply = await people.as.owner.get("/api/xero/auth/redirect", { code, state });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe("Fail to connect your Xero account! Please try again!");
    expect(await t.db.select().from(integrationConnections)).toEqual([]);
  });

  it("refreshes once for racing requests and stores Xero's rotated refresh token", async () => {
    await connect();
    const callsBefore = fake.tokenCalls;
    await expireAccessTokens();
    const replies = await Promise.all([
      people.as.owner.get("/api/integrations/xero/clients", { type: "Company" }),
      people.as.owner.get("/api/integrations/xero/clients", { type: "Company" }),
    ]);
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    expect(fake.tokenCalls - callsBefore).toBe(1);
    // Xero's old refresh token is gone; the stored one is the rotated one, so the next refresh works.
    await expireAccessTokens();
    expect(
      (await people.as.owner.get("/api/integrations/xero/clients", { type: "Company" })).statusCode,
    ).toBe(200);
    expect(fake.tokenCalls - callsBefore).toBe(2);
  });

  it("a refresh token Xero refuses marks the connection as needing renewal", async () => {
    await connect();
    fake.refreshTokens.clear();
    await expireAccessTokens(-60_000);
    expect(
      (await people.as.owner.get("/api/integrations/xero/clients", { type: "Company" })).statusCode,
    ).toBe(409);
    expect((await t.db.select().from(integrationConnections))[0]?.status).toBe("needs_renewal");
  });

  it("a 429 is answered 502 with Xero's Retry-After, and changes nothing", async () => {
    await connect();
    fake.setThrottle(true);
    const reply = await people.as.owner.get("/api/integrations/xero/clients", { type: "Company" });
    expect(reply.statusCode).toBe(502);
    expect(reply.json().data).toEqual({ retry_after_seconds: 42 });
    expect((await t.db.select().from(integrationConnections))[0]?.status).toBe("connected");
  });

  it("lists the accounting organisations of Xero's /connections and switches the tenant the contacts are read from", async () => {
    await connect();
    const list = await people.as.owner.get("/api/xero/auth/organization");
    expect(list.json().data).toEqual([
      { tenant_id: "tenant-1", tenant_name: "Harbour Accounting", selected: true },
      { tenant_id: "tenant-2", tenant_name: "Bayside Bookkeeping", selected: false },
    ]);
    const refused = await people.as.owner.put("/api/xero/auth/set-tenant", { tenant_id: "xpm-1" });
    expect(refused.statusCode).toBe(400);
    const reply = await people.as.owner.put("/api/xero/auth/set-tenant", { tenant_id: "tenant-2" });
    expect(reply.statusCode, reply.body).toBe(200);
    const clients = await people.as.owner.get("/api/integrations/xero/clients", { type: "Company" });
    expect(clients.json().data).toEqual([{ id: "def", name: "Bayside Cafe Pty Ltd", type: "Company" }]);
  });

  it("disconnect revokes at Xero's revocation endpoint", async () => {
    await connect();
    expect(fake.refreshTokens.size).toBeGreaterThan(0);
    const stored = [...fake.refreshTokens];
    const reply = await people.as.owner.get("/api/xero/auth/disconnect");
    expect(reply.statusCode).toBe(200);
    expect(fake.calls.at(-1)).toBe("POST /connect/revocation");
    for (const token of stored.slice(-1)) expect(fake.refreshTokens.has(token)).toBe(false);
    expect(await t.db.select().from(integrationConnections)).toEqual([]);
  });

  it("Xero down on disconnect keeps the connection, with the spec's failure message", async () => {
    await connect();
    fake.setThrottle(true);
    const reply = await people.as.owner.get("/api/xero/auth/disconnect");
    expect(reply.statusCode).toBe(502);
    expect(reply.json().message).toBe("Fail to disconnect your Xero account! Please try again!");
    expect((await t.db.select().from(integrationConnections)).length).toBe(1);
  });
});

describe("Xero's limits per organisation, through the shared vendor client", () => {
  /** The adapter on its own, against the fake, with a clock the recorded waits move. */
  function adapter() {
    let now = Date.parse("2026-11-27T10:00:00Z");
    const waits: number[] = [];
    const xero = createXeroProvider({
      clientId: "client-id",
      clientSecret: "client-secret",
      loginBase: base,
      identityBase: base,
      apiBase: base,
      now: () => now,
      sleep: async (ms) => {
        waits.push(ms);
        now += ms;
      },
    });
    fake.accessTokens.add("xero-at-limits");
    return { xero, waits, list: () => xero.listClients("xero-at-limits", "tenant-1") };
  }
  const contactCalls = () => fake.calls.filter((c) => c === "GET /api.xro/2.0/Contacts").length;

  it("a 429 with Retry-After is tried again after the delay Xero asked for", async () => {
    const { list, waits } = adapter();
    fake.contactAnswers.push({
      status: 429,
      headers: { "retry-after": "3", "x-rate-limit-problem": "minute" },
    });
    const before = contactCalls();
    expect(await list()).toEqual([{ id: "abc", name: "Banksia Holdings Pty Ltd", type: "Company" }]);
    expect(waits).toEqual([3000]);
    expect(contactCalls() - before).toBe(2);
  });

  it("six calls at once for one organisation never have more than five in flight", async () => {
    const { list } = adapter();
    fake.setContactsDelay(150);
    const lists = await Promise.all(Array.from({ length: 6 }, () => list()));
    expect(lists.every((l) => l.length === 1)).toBe(true);
    expect(fake.mostContactsInFlight).toBe(XERO_LIMITS.atOnce);
  });

  it("the 61st call in a minute waits for the minute to pass", async () => {
    const { list, waits } = adapter();
    for (let i = 0; i < XERO_LIMITS.perMinute; i++) await list();
    expect(waits).toEqual([]);
    await list();
    expect(waits).toEqual([60_000]);
  });

  it("a day-limit 429 is refused with a clear message, not retried, and later calls are refused without asking Xero", async () => {
    const { list, waits } = adapter();
    fake.contactAnswers.push({
      status: 429,
      headers: { "retry-after": "7200", "x-rate-limit-problem": "day" },
    });
    const before = contactCalls();
    const refusal = await list().catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ProviderLimitReached);
    expect(refusal).toMatchObject({
      status: 429,
      retryAfterSeconds: 7200,
      message:
        "Xero's limit of 5,000 calls a day for this organisation has been reached. Please try again in about 2 hours.",
    });
    expect(waits).toEqual([]);
    expect(await list().catch((e: unknown) => e)).toBeInstanceOf(ProviderLimitReached);
    expect(contactCalls() - before).toBe(1);
  });

  it("the person sees the day-limit message (the app's adapter is refused for the organisation from then on)", async () => {
    // Last in the file: the app's one Xero adapter keeps refusing tenant-1 for the rest of the day.
    await connect();
    fake.contactAnswers.push({
      status: 429,
      headers: { "retry-after": "1800", "x-rate-limit-problem": "day" },
    });
    const reply = await people.as.owner.get("/api/integrations/xero/clients", { type: "Company" });
    expect(reply.statusCode).toBe(502);
    expect(reply.json()).toMatchObject({
      message:
        "Xero's limit of 5,000 calls a day for this organisation has been reached. Please try again in about 30 minutes.",
      data: { retry_after_seconds: 1800 },
    });
    expect((await t.db.select().from(integrationConnections))[0]?.status).toBe("connected");
  });
});
