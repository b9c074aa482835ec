import type {
  FundContactOutcome,
  IntegrationAppSlug,
  IntegrationClient,
  IntegrationClientDetail,
  SimpleFundContact,
} from "@precedent/contracts";
import type { FundContact } from "./import-mapping.ts";

/** What a provider's token endpoint returns, in our words. */
export type ProviderTokens = {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
  /** The organisation the consent was given for (Xero tenant, HubSpot portal, BGL firm). */
  tenantId?: string;
  tenantName?: string;
};

/**
 * The provider refused a code or refresh token (OAuth `invalid_grant`): used, expired, revoked or
 * never issued. A refused refresh token means the person must connect again.
 */
export class ProviderGrantRefused extends Error {
  constructor(message = "invalid_grant") {
    super(message);
    this.name = "ProviderGrantRefused";
  }
}

/** The provider is down, refused the access token, or asked us to slow down (429). */
export class ProviderUnavailable extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ProviderUnavailable";
  }
}

/**
 * The provider's allowance for an organisation is spent for longer than is worth waiting (Xero's
 * 5,000 calls a day): refused at once, with a message the person can act on, and not retried.
 */
export class ProviderLimitReached extends ProviderUnavailable {
  constructor(message: string, retryAfterSeconds?: number) {
    super(message, 429, retryAfterSeconds);
    this.name = "ProviderLimitReached";
  }
}

/**
 * One outside app behind the OAuth 2.0 authorisation-code flow with PKCE (S256), plus the data
 * calls later work uses. The sandbox implements it for every app; real adapters one app each.
 */
export type IntegrationProvider = {
  readonly app: IntegrationAppSlug;
  /** Where to send the person to give consent. */
  authoriseUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<ProviderTokens>;
  /** Trades a refresh token for new tokens; the provider may rotate the refresh token. */
  refresh(refreshToken: string): Promise<ProviderTokens>;
  /** Revokes the grant at the provider (disconnect). */
  revoke(refreshToken: string): Promise<void>;
  /**
   * The organisations (tenants) the consent covers, for the accounting-organisation switch. Absent
   * for apps whose connection is for one organisation only.
   */
  listTenants?(accessToken: string): Promise<{ tenantId: string; tenantName: string }[]>;
  listClients(accessToken: string, tenantId: string | null): Promise<IntegrationClient[]>;
  /** One client of the organisation (tenant) the connection is for; null when it has no such client. */
  getClient(
    accessToken: string,
    tenantId: string | null,
    clientId: string,
  ): Promise<IntegrationClientDetail | null>;
  /** Simple Fund 360: the organisation's fund of this name, if the fund app already has it. */
  findFund?(
    accessToken: string,
    tenantId: string | null,
    fundName: string,
  ): Promise<{ fundId: string; fundName: string } | null>;
  /**
   * Simple Fund 360's list-contact: the people the fund app relates to one fund of the
   * organisation, with spec §7's relation mapping; null when the organisation has no such fund.
   */
  listFundContacts?(
    accessToken: string,
    tenantId: string | null,
    fundId: string,
  ): Promise<SimpleFundContact[] | null>;
  /**
   * Simple Fund 360's contact validation: the fund's people as the interview holds them, checked by
   * the fund app; data is each contact's outcome, errors what the fund app refuses.
   */
  validateFundContacts?(
    accessToken: string,
    tenantId: string | null,
    fund: { name: string; contacts: FundContact[] },
  ): Promise<{ data: FundContactOutcome[]; errors: string[] }>;
  /**
   * Sync back: files a document with one client (Xero: an attachment on the contact). Absent for
   * apps that do not take documents. False when the organisation has no such client.
   */
  attachDocument?(
    accessToken: string,
    tenantId: string | null,
    clientId: string,
    file: { name: string; bytes: Uint8Array; mediaType: string; description: string },
  ): Promise<boolean>;
  /**
   * CAS 360: files a registered company's Certificate of Registration with the company (by ACN)
   * in the organisation. Absent for other apps. Throws when the app refuses or is down.
   */
  uploadCertificate?(
    accessToken: string,
    tenantId: string | null,
    company: { acn: string },
    file: { name: string; bytes: Uint8Array; mediaType: string },
  ): Promise<void>;
};
