import {
  AccountingOrganisationsResponse,
  INTEGRATION_CLIENT_TYPES,
  IntegrationClientsResponse,
  IntegrationConnectedResponse,
  IntegrationGroupsResponse,
  IntegrationLinkResponse,
  IntegrationRedirectResponse,
  SetTenantResponse,
} from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { integrationAuthorisations, integrationConnections, integrationSandboxGrants } from "./schema.ts";
import { answerSandboxConsent } from "./testing.ts";

let t: TestApp;
/**
 * Brings the stored access tokens to within a minute of expiry. (Moving the clock instead would
 * also end the test sessions, whose idle timeout is 30 minutes.)
 */
const expireAccessTokens = (inMs = 60_000) =>
  t.db.update(integrationConnections).set({ accessExpiresAt: new Date(t.clock.now().getTime() + inMs) });

let people: FirmWithPeople;

beforeAll(async () => {
  t = await createTestApp();
  people = await buildFirmWithPeople(t);
}, 240_000);
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.db.delete(integrationConnections);
  await t.db.delete(integrationAuthorisations);
  await t.db.delete(integrationSandboxGrants);
});

/** Starts an authorisation: the link's state, PKCE challenge and redirect address. */
async function startLink(client: FirmClient, slug = "xero") {
  const path =
    slug === "fusesign" ? "/api/fusesign/auth/link-register" : `/api/${slug}/auth/get-link-register`;
  const reply = await client.get(path);
  expect(reply.statusCode).toBe(200);
  const url = new URL(IntegrationLinkResponse.parse(reply.json()).data.url, "http://localhost");
  return { url, query: Object.fromEntries(url.searchParams) };
}

/** Answers the sandbox consent page as the person would, and reads where it sends them. */
const consent = (url: URL, decision: "allow" | "deny") => answerSandboxConsent(t, url, decision);

async function connect(client: FirmClient, slug = "xero") {
  const { url } = await startLink(client, slug);
  const back = await consent(url, "allow");
  const reply = await client.get(`/api/${slug}/auth/redirect`, {
    code: back.searchParams.get("code") ?? "",
    state: back.searchParams.get("state") ?? "",
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return {
    ...IntegrationRedirectResponse.parse(reply.json()),
    code: back.searchParams.get("code") ?? "",
    state: back.searchParams.get("state") ?? "",
  };
}

const connectionRows = () => t.db.select().from(integrationConnections);

describe("GET /api/connection/get-all", () => {
  it("lists every app card grouped by group name, none connected", async () => {
    const reply = await people.as.owner.get("/api/connection/get-all", { is_group: "1" });
    const groups = IntegrationGroupsResponse.parse(reply.json()).data;
    const apps = groups.flatMap((g) => g.apps.map((a) => a.app));
    expect(apps.sort()).toEqual(["BGLCAS360", "BGLSF360", "FuseSign", "HubSpot", "Xero"]);
    for (const g of groups) expect(g.apps.length).toBeGreaterThan(0);
    const xero = groups.flatMap((g) => g.apps).find((a) => a.slug === "xero");
    expect(xero).toMatchObject({ is_connected: "0", status: "not_connected", opens_in_popup: true });
    expect(xero?.abilities).toEqual({ connect: true, disconnect: false, sync_document: false });
    expect(groups.flatMap((g) => g.apps).find((a) => a.slug === "bglsf360")?.opens_in_popup).toBe(false);
  });

  it("another firm's id is not found", async () => {
    expect((await people.outsider.get("/api/connection/get-all")).statusCode).toBe(404);
  });
});

describe("OAuth authorisation code flow with the sandbox provider", () => {
  it("the link carries state and an S256 PKCE challenge to the sandbox consent page", async () => {
    const { url, query } = await startLink(people.as.owner);
    expect(url.pathname).toBe("/sandbox/oauth/xero/authorize");
    expect(query.code_challenge_method).toBe("S256");
    expect(query.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(query.state).toMatch(/^[\w-]{43}$/);
    expect(query.redirect_uri).toBe("/my-account/my-integration/Xero");
    const page = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Allow");
    expect(page.body).toContain("Deny");
    // The state is kept hashed, the verifier sealed: neither is in the database as sent.
    const [row] = await t.db.select().from(integrationAuthorisations);
    expect(row?.stateHash).not.toBe(query.state);
    expect(row?.codeVerifier.startsWith("v1:")).toBe(true);
  });

  it("connects: code exchanged, tokens sealed at rest, the card shows connected", async () => {
    const result = await connect(people.as.owner);
    expect(result.message).toBe("Successfully connected to your Xero account.");
    const [row] = await connectionRows();
    expect(row).toMatchObject({
      teamId: people.teamId,
      userId: people.ids.owner,
      app: "xero",
      status: "connected",
    });
    expect(row?.accessToken.startsWith("v1:")).toBe(true);
    expect(row?.accessToken).not.toContain("sbx_at");
    expect(row?.refreshToken).not.toContain("sbx_rt");
    expect(row?.tenantName).toBe("Harbour Practice (sandbox)");
    const connected = IntegrationConnectedResponse.parse(
      (await people.as.owner.get("/api/connection/list-app-connected")).json(),
    ).data;
    expect(
      connected.map((c) => [c.app, c.is_connected, c.abilities.disconnect, c.abilities.sync_document]),
    ).toEqual([["Xero", "1", true, true]]);
  });

  it("a missing code is 'Invalid token' and stores nothing", async () => {
    const { query } = await startLink(people.as.owner);
    for (const code of [undefined, "", "   "]) {
      const reply = await people.as.owner.get("/api/xero/auth/redirect", { code, state: query.state });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe("Invalid token");
    }
    expect(await connectionRows()).toEqual([]);
    // The state was not spent by the refused calls.
    const [authorisation] = await t.db.select().from(integrationAuthorisations);
    expect(authorisation?.usedAt).toBeNull();
  });

  it("a forged state is refused and stores nothing", async () => {
    const { url } = await startLink(people.as.owner);
    const back = await consent(url, "allow");
    const reply = await people.as.owner.get("/api/xero/auth/redirect", {
      code: back.searchParams.get("code") ?? "",
      state: "forged-state-forged-state-forged-state-12345",
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe("Fail to connect your Xero account! Please try again!");
    expect(await connectionRows()).toEqual([]);
  });

  it("another person's state, or one started for another app, is refused", async () => {
    const { url } = await startLink(people.as.owner);
    const back = await consent(url, "allow");
    const params = { code: back.searchParams.get("code") ?? "", state: back.searchParams.get("state") ?? "" };
    expect((await people.as.alice.get("/api/xero/auth/redirect", params)).statusCode).toBe(400);
    expect((await people.as.owner.get("/api/hubspot/auth/redirect", params)).statusCode).toBe(400);
    expect((await people.lite.get("/api/xero/auth/redirect", params)).statusCode).toBe(400);
    expect(await connectionRows()).toEqual([]);
  });

  it("a replayed code is refused and changes nothing", async () => {
    const first = await connect(people.as.owner);
    const before = await connectionRows();
    // The same code and state again: the state is spent.
    const again = await people.as.owner.get("/api/xero/auth/redirect", {
      code: first.code,
      state: first.state,
    });
    expect(again.statusCode).toBe(400);
    // The same code with a fresh state: the provider refuses a code used once.
    const { query } = await startLink(people.as.owner);
    const replay = await people.as.owner.get("/api/xero/auth/redirect", {
      code: first.code,
      state: query.state,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe("Fail to connect your Xero account! Please try again!");
    expect(await connectionRows()).toEqual(before);
  });

  it("an expired state is refused", async () => {
    const { url } = await startLink(people.as.owner);
    const back = await consent(url, "allow");
    await t.db.update(integrationAuthorisations).set({ expiresAt: t.clock.now() });
    const reply = await people.as.owner.get("/api/xero/auth/redirect", {
      code: back.searchParams.get("code") ?? "",
      state: back.searchParams.get("state") ?? "",
    });
    expect(reply.statusCode).toBe(400);
    expect(await connectionRows()).toEqual([]);
  });

  it("Deny sends the person back with access_denied and no code", async () => {
    const { url, query } = await startLink(people.as.owner);
    const back = await consent(url, "deny");
    expect(back.pathname).toBe("/my-account/my-integration/Xero");
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("code")).toBeNull();
    expect(back.searchParams.get("state")).toBe(query.state);
  });

  it("the consent page sends codes only to the registered redirect address", async () => {
    const { url } = await startLink(people.as.owner);
    url.searchParams.set("redirect_uri", "https://attacker.example/steal");
    const reply = await t.app.inject({
      method: "POST",
      url: url.pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ ...Object.fromEntries(url.searchParams), decision: "allow" }).toString(),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.headers.location).toBeUndefined();
  });

  it("a code exchanged with the wrong PKCE verifier is refused by the provider", async () => {
    const { url, query } = await startLink(people.as.owner);
    // A code issued for a different challenge than this state's verifier.
    url.searchParams.set("code_challenge", "A".repeat(43));
    const back = await consent(url, "allow");
    const reply = await people.as.owner.get("/api/xero/auth/redirect", {
      code: back.searchParams.get("code") ?? "",
      state: query.state ?? "",
    });
    expect(reply.statusCode).toBe(400);
    expect(await connectionRows()).toEqual([]);
  });

  it("every app connects through its own sandbox (BGL apps included)", async () => {
    for (const slug of ["fusesign", "hubspot", "bglcas360", "bglsf360"])
      await connect(people.as.manager, slug);
    const connected = IntegrationConnectedResponse.parse(
      (await people.as.manager.get("/api/connection/list-app-connected")).json(),
    ).data;
    expect(connected.map((c) => c.app).sort()).toEqual(["BGLCAS360", "BGLSF360", "FuseSign", "HubSpot"]);
  });
});

describe("tokens: refresh before expiry, rotation, renewal", () => {
  const refreshGrants = async () =>
    (await t.db.select().from(integrationSandboxGrants)).filter((g) => g.kind === "refresh");

  it("two requests racing an expiring token make one refresh, and the rotated token is stored", async () => {
    await connect(people.as.owner);
    const [before] = await connectionRows();
    expect((await refreshGrants()).length).toBe(1);
    await expireAccessTokens(); // within the refresh margin
    const replies = await Promise.all([
      people.as.owner.get("/api/integrations/xero/clients", { type: "Company" }),
      people.as.owner.get("/api/integrations/xero/clients", { type: "Company" }),
      people.as.owner.get("/api/integrations/xero/clients", { type: "Company" }),
    ]);
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    const grants = await refreshGrants();
    expect(grants.length).toBe(2);
    expect(grants.filter((g) => g.usedAt !== null).length).toBe(1);
    const [after] = await connectionRows();
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    expect(after?.accessExpiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime() + 25 * 60_000);
    expect(after?.accessToken).not.toBe(before?.accessToken);
    // The new tokens work: no further refresh until the next expiry.
    expect(
      (await people.as.owner.get("/api/integrations/xero/clients", { type: "Company" })).statusCode,
    ).toBe(200);
    expect((await refreshGrants()).length).toBe(2);
  });

  it("the sandbox's seeded clients: companies, trusts, SMSFs, individuals and sole traders, the same every time", async () => {
    await connect(people.as.owner);
    const everyType = async () => {
      const all = [];
      for (const type of INTEGRATION_CLIENT_TYPES) {
        const reply = await people.as.owner.get("/api/integrations/xero/clients", { type, limit: 200 });
        const clients = IntegrationClientsResponse.parse(reply.json()).data;
        expect(clients.length, type).toBeGreaterThan(0);
        expect(clients.every((c) => c.type === type)).toBe(true);
        all.push(...clients);
      }
      return all;
    };
    const clients = await everyType();
    expect(clients.length).toBe(120);
    expect(await everyType()).toEqual(clients);
  });

  it("a revoked refresh token marks the connection as needing renewal", async () => {
    await connect(people.as.owner);
    await t.db.update(integrationSandboxGrants).set({ revokedAt: t.clock.now() });
    await expireAccessTokens(-60_000);
    const reply = await people.as.owner.get("/api/integrations/xero/clients", { type: "Company" });
    expect(reply.statusCode).toBe(409);
    const [row] = await connectionRows();
    expect(row?.status).toBe("needs_renewal");
    const cards = IntegrationGroupsResponse.parse(
      (await people.as.owner.get("/api/connection/get-all")).json(),
    ).data;
    const xero = cards.flatMap((g) => g.apps).find((a) => a.slug === "xero");
    expect(xero).toMatchObject({ status: "needs_renewal", is_connected: "0" });
    expect(xero?.abilities).toEqual({ connect: true, disconnect: true, sync_document: false });
    // Connecting again renews it.
    await connect(people.as.owner);
    expect((await connectionRows())[0]?.status).toBe("connected");
  });

  it("a sealed token copied to another person's row does not open there", async () => {
    await connect(people.as.owner);
    await connect(people.as.alice);
    const rows = await connectionRows();
    const owners = rows.find((r) => r.userId === people.ids.owner);
    const alices = rows.find((r) => r.userId === people.ids.alice);
    await t.db
      .update(integrationConnections)
      .set({ accessToken: owners?.accessToken ?? "" })
      .where(eq(integrationConnections.id, alices?.id ?? 0));
    expect(
      (await people.as.alice.get("/api/integrations/xero/clients", { type: "Company" })).statusCode,
    ).toBe(500);
  });
});

describe("GET /api/{app}/auth/disconnect", () => {
  it("revokes at the provider and forgets the tokens", async () => {
    await connect(people.as.owner);
    const reply = await people.as.owner.get("/api/xero/auth/disconnect");
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ message: "Disconnected successfully", data: { status: true } });
    expect(await connectionRows()).toEqual([]);
    const grants = await t.db.select().from(integrationSandboxGrants);
    for (const g of grants.filter((g) => g.kind !== "code")) expect(g.revokedAt).not.toBeNull();
  });

  it("HubSpot's disconnect is /hubspot/disconnect", async () => {
    await connect(people.as.owner, "hubspot");
    expect((await people.as.owner.get("/api/hubspot/disconnect")).statusCode).toBe(200);
    expect(await connectionRows()).toEqual([]);
  });

  it("nothing to disconnect is not found", async () => {
    expect((await people.as.owner.get("/api/xero/auth/disconnect")).statusCode).toBe(404);
  });
});

describe("connections belong to their maker, within their firm", () => {
  it("another firm's connection id is not found and nothing changes", async () => {
    const { connection_id } = (await connect(people.as.owner)).data;
    const before = await connectionRows();
    // The other firm's owner, in their own firm, naming our connection.
    const lite = await people.lite.get("/api/xero/auth/disconnect", { connection_id });
    expect(lite.statusCode).toBe(404);
    // The same person naming our firm: not a member.
    const outsider = await people.outsider.get("/api/xero/auth/disconnect", { connection_id });
    expect(outsider.statusCode).toBe(404);
    expect(
      (await people.outsider.get("/api/integrations/xero/clients", { type: "Company" })).statusCode,
    ).toBe(404);
    expect((await people.lite.get("/api/integrations/xero/clients", { type: "Company" })).statusCode).toBe(
      404,
    );
    expect(await connectionRows()).toEqual(before);
    const grants = await t.db.select().from(integrationSandboxGrants);
    for (const g of grants) expect(g.revokedAt).toBeNull();
  });

  it("another person's connection in the same firm is not found (the owner's included)", async () => {
    const { connection_id } = (await connect(people.as.alice)).data;
    const before = await connectionRows();
    for (const client of [people.as.owner, people.as.bob, people.as.manager]) {
      expect((await client.get("/api/xero/auth/disconnect", { connection_id })).statusCode).toBe(404);
      expect((await client.get("/api/integrations/xero/clients", { type: "Company" })).statusCode).toBe(404);
      const connected = IntegrationConnectedResponse.parse(
        (await client.get("/api/connection/list-app-connected")).json(),
      ).data;
      expect(connected).toEqual([]);
    }
    expect(await connectionRows()).toEqual(before);
  });

  it("a connection of the same person in another firm stays in that firm", async () => {
    await connect(people.as.owner);
    const rows = await t.db
      .select()
      .from(integrationConnections)
      .where(and(eq(integrationConnections.teamId, people.otherTeamId)));
    expect(rows).toEqual([]);
    const connected = IntegrationConnectedResponse.parse(
      (await people.lite.get("/api/connection/list-app-connected")).json(),
    ).data;
    expect(connected).toEqual([]);
  });
});

describe("GET /api/xero/auth/organization and PUT /api/xero/auth/set-tenant", () => {
  const organisations = async (client: FirmClient) =>
    AccountingOrganisationsResponse.parse((await client.get("/api/xero/auth/organization")).json()).data;

  it("lists the connection's organisations with the one in use selected, and switches to another", async () => {
    await connect(people.as.owner);
    expect(await organisations(people.as.owner)).toEqual([
      { tenant_id: "sandbox-xero-org", tenant_name: "Harbour Practice (sandbox)", selected: true },
      { tenant_id: "sandbox-xero-org-2", tenant_name: "Coastal Advisory (sandbox)", selected: false },
    ]);
    const harbourClients = IntegrationClientsResponse.parse(
      (await people.as.owner.get("/api/integrations/xero/clients", { type: "Company" })).json(),
    ).data;
    const reply = await people.as.owner.put("/api/xero/auth/set-tenant", { tenant_id: "sandbox-xero-org-2" });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(SetTenantResponse.parse(reply.json())).toEqual({
      message: "Organisation changed to Coastal Advisory (sandbox).",
      data: { http_code: 200, tenant_id: "sandbox-xero-org-2", tenant_name: "Coastal Advisory (sandbox)" },
    });
    expect((await organisations(people.as.owner)).find((o) => o.selected)?.tenant_id).toBe(
      "sandbox-xero-org-2",
    );
    // Imports now read the other organisation's clients; the first one's are not found there.
    const coastalClients = IntegrationClientsResponse.parse(
      (await people.as.owner.get("/api/integrations/xero/clients", { type: "Company" })).json(),
    ).data;
    expect(coastalClients.length).toBeGreaterThan(0);
    expect(coastalClients.map((c) => c.id)).not.toContain(harbourClients[0]?.id);
    const harbourClient = await people.as.owner.get(
      `/api/integrations/xero/clients/${harbourClients[0]?.id}`,
    );
    expect(harbourClient.statusCode).toBe(404);
    const [row] = await connectionRows();
    expect(row).toMatchObject({ tenantId: "sandbox-xero-org-2", tenantName: "Coastal Advisory (sandbox)" });
  });

  it("an organisation the connection does not cover is refused with a clear message and changes nothing", async () => {
    await connect(people.as.owner);
    const before = await connectionRows();
    for (const tenant_id of ["sandbox-hubspot-org", "someone-elses-org", "  "]) {
      const reply = await people.as.owner.put("/api/xero/auth/set-tenant", { tenant_id });
      expect(reply.statusCode).toBe(400);
      if (tenant_id.trim())
        expect(reply.json().message).toBe(
          "This organisation is not one of your Xero connection's organisations. Nothing was changed.",
        );
    }
    expect(await connectionRows()).toEqual(before);
  });

  it("without a Xero connection there is nothing to list or set", async () => {
    expect((await people.as.owner.get("/api/xero/auth/organization")).statusCode).toBe(404);
    const reply = await people.as.owner.put("/api/xero/auth/set-tenant", { tenant_id: "sandbox-xero-org-2" });
    expect(reply.statusCode).toBe(404);
  });

  it("another firm's person, or another person of the firm, can neither see nor set the organisation", async () => {
    await connect(people.as.owner);
    const before = await connectionRows();
    for (const client of [people.outsider, people.lite, people.as.alice, people.as.manager]) {
      expect((await client.get("/api/xero/auth/organization")).statusCode).toBe(404);
      const reply = await client.put("/api/xero/auth/set-tenant", { tenant_id: "sandbox-xero-org-2" });
      expect(reply.statusCode).toBe(404);
    }
    expect(await connectionRows()).toEqual(before);
    expect((await organisations(people.as.owner)).find((o) => o.selected)?.tenant_id).toBe(
      "sandbox-xero-org",
    );
  });
});

describe("the key that seals tokens", () => {
  it("a production server refuses to start without SECRET_KEY", () => {
    expect(() => loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "stripe" })).toThrow(/SECRET_KEY/);
  });
});
