import { createHash, randomBytes } from "node:crypto";
import { INTEGRATION_APPS, type IntegrationAppSlug } from "@precedent/contracts";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { FundContact } from "./import-mapping.ts";
import { type IntegrationProvider, ProviderGrantRefused, ProviderUnavailable } from "./provider.ts";
import {
  clientDetail,
  clientSummary,
  fundContacts,
  type SandboxFund,
  sandboxClients,
} from "./sandbox-data.ts";
import { integrationSandboxFiles, integrationSandboxGrants } from "./schema.ts";

const CODE_TTL_MS = 10 * 60_000;
const ACCESS_TTL_SECONDS = 30 * 60;
const REFRESH_TTL_MS = 60 * 24 * 3600_000;
/** The sandbox CAS 360 takes certificates up to 10 MB. */
const MOST_CERTIFICATE_BYTES = 10 * 1024 * 1024;

const hash = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = (prefix: string) => `${prefix}_${randomBytes(24).toString("base64url")}`;
export const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/** The organisation a sandbox consent connects first. */
export const sandboxTenant = (app: IntegrationAppSlug) => ({
  tenantId: `sandbox-${app}-org`,
  tenantName: "Harbour Practice (sandbox)",
});

/** Every sandbox app's consent covers two organisations, each with its own clients, so the switch can be tried. */
export const sandboxTenants = (app: IntegrationAppSlug) => [
  sandboxTenant(app),
  { tenantId: `sandbox-${app}-org-2`, tenantName: "Coastal Advisory (sandbox)" },
];

/**
 * The sandbox provider: one implementation for every app, behaving as a provider's authorisation
 * server does. Its consent page (/sandbox/oauth/<app>/authorize) issues codes bound to the PKCE
 * challenge and redirect address; codes are single-use (a replay revokes what the code gave),
 * refresh tokens rotate (a reused one revokes the whole grant), and revoking ends the grant.
 */
export function createSandboxProvider(deps: {
  db: Database;
  clock: Clock;
  app: IntegrationAppSlug;
  /** The one redirect address registered for this app: the consent page sends codes nowhere else. */
  redirectUri: string;
}) {
  const { db, clock, app } = deps;
  const [first, second] = sandboxTenants(app);
  const clientsByTenant = new Map([
    [first?.tenantId, sandboxClients(app)],
    [second?.tenantId, sandboxClients(app, 40, "coastal")],
  ]);
  const clientsOf = (tenantId: string | null) => clientsByTenant.get(tenantId ?? undefined) ?? [];
  const appName = INTEGRATION_APPS.find((a) => a.slug === app)?.app ?? app;

  async function revokeFamily(family: string) {
    await db
      .update(integrationSandboxGrants)
      .set({ revokedAt: clock() })
      .where(
        and(eq(integrationSandboxGrants.grantFamily, family), isNull(integrationSandboxGrants.revokedAt)),
      );
  }

  async function issueTokens(family: string) {
    const now = clock();
    const accessToken = newToken("sbx_at");
    const refreshToken = newToken("sbx_rt");
    await db.insert(integrationSandboxGrants).values([
      {
        app,
        kind: "access",
        tokenHash: hash(accessToken),
        grantFamily: family,
        expiresAt: new Date(now.getTime() + ACCESS_TTL_SECONDS * 1000),
        createdAt: now,
      },
      {
        app,
        kind: "refresh",
        tokenHash: hash(refreshToken),
        grantFamily: family,
        expiresAt: new Date(now.getTime() + REFRESH_TTL_MS),
        createdAt: now,
      },
    ]);
    return { accessToken, refreshToken, expiresInSeconds: ACCESS_TTL_SECONDS, ...sandboxTenant(app) };
  }

  /** Marks a single-use grant used, once: of two racing uses only one gets the row back. */
  async function useOnce(token: string, kind: "code" | "refresh") {
    const [row] = await db
      .update(integrationSandboxGrants)
      .set({ usedAt: clock() })
      .where(
        and(
          eq(integrationSandboxGrants.tokenHash, hash(token)),
          eq(integrationSandboxGrants.app, app),
          eq(integrationSandboxGrants.kind, kind),
          isNull(integrationSandboxGrants.usedAt),
          isNull(integrationSandboxGrants.revokedAt),
          gt(integrationSandboxGrants.expiresAt, clock()),
        ),
      )
      .returning();
    if (row) return row;
    // A second use of a code or of a rotated refresh token: revoke everything it gave (RFC 6749
    // §4.1.2 and the OAuth security BCP), since one of the two uses is not the rightful holder's.
    const [seen] = await db
      .select({ family: integrationSandboxGrants.grantFamily })
      .from(integrationSandboxGrants)
      .where(and(eq(integrationSandboxGrants.tokenHash, hash(token)), eq(integrationSandboxGrants.app, app)));
    if (seen) await revokeFamily(seen.family);
    throw new ProviderGrantRefused();
  }

  const uploadCertificate: IntegrationProvider["uploadCertificate"] = async (
    accessToken,
    tenantId,
    company,
    file,
  ) => {
    await checkAccess(accessToken);
    // As CAS 360 does: a PDF only, of a reasonable size, for a company with an ACN.
    const isPdf = Buffer.from(file.bytes.subarray(0, 5)).toString("latin1") === "%PDF-";
    if (!tenantId || !/^\d{9}$/.test(company.acn) || !isPdf || file.bytes.byteLength > MOST_CERTIFICATE_BYTES)
      throw new ProviderUnavailable("CAS 360 refused the certificate", 422);
    await db.insert(integrationSandboxFiles).values({
      app,
      tenantId,
      clientId: `acn:${company.acn}`,
      fileName: file.name,
      sha256: createHash("sha256").update(file.bytes).digest("hex"),
      size: file.bytes.byteLength,
      description: `Certificate of Registration (ACN ${company.acn})`,
      createdAt: clock(),
    });
  };

  const provider: IntegrationProvider = {
    app,
    authoriseUrl({ state, codeChallenge, redirectUri }) {
      const query = new URLSearchParams({
        response_type: "code",
        client_id: `precedent-${app}`,
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
      });
      return `/sandbox/oauth/${app}/authorize?${query}`;
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const grant = await useOnce(code, "code");
      if (grant.codeChallenge !== s256(codeVerifier) || grant.redirectUri !== redirectUri) {
        await revokeFamily(grant.grantFamily);
        throw new ProviderGrantRefused("code_verifier or redirect_uri does not match");
      }
      return issueTokens(grant.grantFamily);
    },
    async refresh(refreshToken) {
      const grant = await useOnce(refreshToken, "refresh");
      return issueTokens(grant.grantFamily);
    },
    async revoke(refreshToken) {
      const [row] = await db
        .select({ family: integrationSandboxGrants.grantFamily })
        .from(integrationSandboxGrants)
        .where(
          and(
            eq(integrationSandboxGrants.tokenHash, hash(refreshToken)),
            eq(integrationSandboxGrants.app, app),
          ),
        );
      // RFC 7009 §2.2: revoking an unknown token is not an error.
      if (row) await revokeFamily(row.family);
    },
    async listTenants(accessToken) {
      await checkAccess(accessToken);
      return sandboxTenants(app);
    },
    async listClients(accessToken, tenantId) {
      await checkAccess(accessToken);
      return clientsOf(tenantId).map(clientSummary);
    },
    async getClient(accessToken, tenantId, clientId) {
      await checkAccess(accessToken);
      // Each organisation has its own clients: another organisation's client id is not found here.
      const client = clientsOf(tenantId).find((c) => c.id === clientId);
      return client ? clientDetail(client, appName) : null;
    },
    async findFund(accessToken, tenantId, fundName) {
      await checkAccess(accessToken);
      const wanted = fundName.trim().toLowerCase();
      const fund = clientsOf(tenantId).find(
        (c) => c.kind === "Self Managed Superannuation Fund" && c.name.toLowerCase() === wanted,
      ) as SandboxFund | undefined;
      return fund && wanted ? { fundId: fund.id, fundName: fund.name } : null;
    },
    async listFundContacts(accessToken, tenantId, fundId) {
      await checkAccess(accessToken);
      // Another organisation's fund id is not found here, as with clients.
      const fund = clientsOf(tenantId).find(
        (c): c is SandboxFund => c.kind === "Self Managed Superannuation Fund" && c.id === fundId,
      );
      return fund ? fundContacts(fund) : null;
    },
    async validateFundContacts(accessToken, _tenantId, fund) {
      await checkAccess(accessToken);
      return validateAsSimpleFund(fund, clock());
    },
    async attachDocument(accessToken, tenantId, clientId, file) {
      await checkAccess(accessToken);
      if (!tenantId || !clientsOf(tenantId).some((c) => c.id === clientId)) return false;
      await db.insert(integrationSandboxFiles).values({
        app,
        tenantId,
        clientId,
        fileName: file.name,
        sha256: createHash("sha256").update(file.bytes).digest("hex"),
        size: file.bytes.byteLength,
        description: file.description,
        createdAt: clock(),
      });
      return true;
    },
    ...(app === "bglcas360" ? { uploadCertificate } : {}),
  };

  async function checkAccess(accessToken: string) {
    const [row] = await db
      .select()
      .from(integrationSandboxGrants)
      .where(
        and(
          eq(integrationSandboxGrants.tokenHash, hash(accessToken)),
          eq(integrationSandboxGrants.app, app),
          eq(integrationSandboxGrants.kind, "access"),
          isNull(integrationSandboxGrants.revokedAt),
          gt(integrationSandboxGrants.expiresAt, clock()),
        ),
      );
    if (!row) throw new ProviderUnavailable("access token refused", 401);
  }

  return {
    provider,
    /** The consent page's answer: back to the redirect address with a code, or with access_denied. */
    async decide(input: {
      allow: boolean;
      redirectUri: string;
      state: string;
      codeChallenge: string;
      codeChallengeMethod: string;
    }) {
      if (input.redirectUri !== deps.redirectUri) return null;
      const back = new URL(input.redirectUri, "http://sandbox.invalid");
      if (!input.allow || input.codeChallengeMethod !== "S256" || !input.codeChallenge) {
        back.searchParams.set("error", "access_denied");
      } else {
        const code = newToken("sbx_code");
        const now = clock();
        await db.insert(integrationSandboxGrants).values({
          app,
          kind: "code",
          tokenHash: hash(code),
          grantFamily: randomBytes(12).toString("hex"),
          codeChallenge: input.codeChallenge,
          redirectUri: input.redirectUri,
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
          createdAt: now,
        });
        back.searchParams.set("code", code);
      }
      back.searchParams.set("state", input.state);
      return back.origin === "http://sandbox.invalid" ? `${back.pathname}${back.search}` : back.toString();
    },
  };
}
export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

/** A date as the interview writes it (DD/MM/YYYY) or as ISO; NaN when it is neither. */
function dateOf(value: string) {
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (dmy) return Date.UTC(Number(dmy[3]), Number(dmy[2]) - 1, Number(dmy[1]));
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
}

/** SIS Act s17A: an SMSF has at most six members (since 1 July 2021). */
const MOST_MEMBERS = 6;

/**
 * The sandbox's Simple Fund 360 contact checks: a fund name, at least one member and no more than
 * six, first and last names for every person (a name for a corporate trustee), and a member's date
 * of birth, when the interview has one, in the past.
 */
export function validateAsSimpleFund(fund: { name: string; contacts: FundContact[] }, now: Date) {
  const errors: string[] = [];
  if (!fund.name.trim()) errors.push("The fund name is required.");
  const members = fund.contacts.filter((c) => c.relation === "member");
  if (members.length === 0) errors.push("The fund has no members.");
  if (members.length > MOST_MEMBERS) errors.push(`An SMSF can have at most ${MOST_MEMBERS} members.`);
  const counts = { member: 0, trustee: 0 };
  const data = fund.contacts.map((contact) => {
    counts[contact.relation]++;
    const name = contact.company_name ?? `${contact.first_name} ${contact.last_name}`.trim();
    const label = `${contact.relation === "member" ? "Member" : "Trustee"} ${counts[contact.relation]}${name ? ` (${name})` : ""}`;
    const problems: string[] = [];
    if (!contact.company_name && (!contact.first_name || !contact.last_name))
      problems.push(`${label}: first and last names are required.`);
    if (contact.relation === "member" && contact.company_name)
      problems.push(`${label}: a member must be a person, not a company.`);
    if (contact.dob) {
      const born = dateOf(contact.dob);
      if (Number.isNaN(born) || born >= now.getTime())
        problems.push(`${label}: date of birth is not a past date.`);
    }
    errors.push(...problems);
    return { name, relation: contact.relation, valid: problems.length === 0 };
  });
  return { data, errors };
}
