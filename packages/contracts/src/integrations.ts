import { z } from "zod";
import { envelope } from "./envelope.ts";

/**
 * The apps the integrations page lists (spec §3 App), with the address each one's calls use. `app`
 * is the spec's value (replies, addresses: ?app=BGLCAS360); `name` is the app as people write it,
 * for every screen and message.
 */
export const INTEGRATION_APPS = [
  {
    app: "Xero",
    name: "Xero",
    slug: "xero",
    group: "Accounting and practice management",
    kind: "accounting",
    enabled: true,
    overview: "Bring your Xero and Xero Practice Manager clients and contacts into an interview.",
    features: ["Import clients and contacts", "Choose the accounting organisation", "Sync documents back"],
  },
  {
    app: "FuseSign",
    name: "FuseSign",
    slug: "fusesign",
    group: "E-signing",
    kind: "e-signing",
    enabled: true,
    overview: "Send assembled documents for signing with FuseSign.",
    features: ["Send documents for signing", "Follow signing progress"],
  },
  {
    app: "HubSpot",
    name: "HubSpot",
    slug: "hubspot",
    group: "CRM",
    kind: "crm",
    enabled: true,
    overview: "Import HubSpot contacts and companies, and file documents back as notes.",
    features: ["Import contacts and companies", "Sync documents back as notes"],
  },
  {
    app: "BGLCAS360",
    name: "BGL CAS 360",
    slug: "bglcas360",
    group: "Company and fund administration",
    kind: "company-registration",
    enabled: true,
    overview: "Import companies, their officers and shareholdings from BGL CAS 360.",
    features: ["Import companies with officers and appointment dates", "Import shareholdings"],
  },
  {
    app: "BGLSF360",
    name: "BGL Simple Fund 360",
    slug: "bglsf360",
    group: "Company and fund administration",
    kind: "fund-administration",
    enabled: true,
    overview: "Select a self managed superannuation fund and its members from BGL Simple Fund 360.",
    features: ["Select a fund", "Members and trustees"],
  },
] as const;

export type IntegrationAppName = (typeof INTEGRATION_APPS)[number]["app"];
export const INTEGRATION_APP_SLUGS = ["xero", "fusesign", "hubspot", "bglcas360", "bglsf360"] as const;
export type IntegrationAppSlug = (typeof INTEGRATION_APP_SLUGS)[number];

/** The e-signing and accounting apps connect in a 500×500 popup; the BGL apps in the same window. */
export const integrationOpensInPopup = (slug: IntegrationAppSlug) => slug === "xero" || slug === "fusesign";

/** An app's name as people write it ("BGL CAS 360"), by its slug; the slug itself for none known. */
export const integrationDisplayName = (slug: string) =>
  INTEGRATION_APPS.find((a) => a.slug === slug)?.name ?? slug;

/** Matches an app name case-insensitively (spec §2: my-account/my-integration/{appName}). */
export const integrationAppByName = (name: string) =>
  INTEGRATION_APPS.find((a) => a.app.toLowerCase() === name.toLowerCase() || a.slug === name.toLowerCase());

// Spec §8, verbatim.
export const INTEGRATION_INVALID_TOKEN = "Invalid token";
export const INTEGRATION_DISCONNECTED = "Disconnected successfully";
export const INTEGRATION_COMING_SOON = "Get ready! Something really cool with the app is coming…";
export const integrationConnectFailed = (app: string) =>
  `Fail to connect your ${app} account! Please try again!`;
export const integrationConnected = (app: string) => `Successfully connected to your ${app} account.`;
export const integrationDisconnectFailed = (app: string) =>
  `Fail to disconnect your ${app} account! Please try again!`;

const teamId = z.coerce
  .number({ error: "Cannot get company id" })
  .int("Cannot get company id")
  .positive("Cannot get company id")
  .max(2_147_483_647, "Cannot get company id");

export const IntegrationTeamQuery = z.object({
  id_team: teamId.describe("The firm (team); the caller must be one of its members."),
});
export type IntegrationTeamQuery = z.infer<typeof IntegrationTeamQuery>;

export const IntegrationAppParams = z.object({ app: z.enum(INTEGRATION_APP_SLUGS) });

export const IntegrationAuthRedirectQuery = IntegrationTeamQuery.extend({
  code: z.string().max(2048).optional().describe("The authorisation code the provider returned"),
  state: z.string().max(256).optional().describe("The state sent with the authorisation link"),
});

export const IntegrationDisconnectQuery = IntegrationTeamQuery.extend({
  connection_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .describe("A connection of the caller; without it, the caller's connection to the app"),
  // Accepted as the spec's callers send it; the connection is always the caller's own.
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** The app cards' query: `is_group` is accepted as the spec's callers send it, and not read. */
export const IntegrationGroupsQuery = IntegrationTeamQuery.extend({ is_group: z.string().max(8).optional() });

/** `user_id` is accepted as the spec's callers send it; the link is always the caller's own. */
const legacyUserId = z.coerce.number().int().positive().max(2_147_483_647).optional();

/** An app's authorisation link's query. */
export const IntegrationLinkQuery = IntegrationTeamQuery.extend({ user_id: legacyUserId });

export const IntegrationConnectionStatus = z.enum(["not_connected", "connected", "needs_renewal"]);

/** One app card: spec §3 App, with the caller's connection and what they may do. */
export const IntegrationApp = z.object({
  id: z.number().int(),
  app: z.string(),
  slug: z.enum(INTEGRATION_APP_SLUGS),
  kind: z.string(),
  overview: z.string(),
  features: z.array(z.string()),
  is_active: z.enum(["0", "1"]),
  is_connected: z.enum(["0", "1"]),
  is_show_on_my_account: z.enum(["0", "1"]),
  opens_in_popup: z.boolean(),
  status: IntegrationConnectionStatus,
  connection_id: z.number().int().nullable(),
  tenant_name: z.string().nullable(),
  updated_at: z.string().nullable(),
  abilities: z.object({
    connect: z.boolean(),
    disconnect: z.boolean(),
    sync_document: z
      .boolean()
      .describe(
        "Completed documents' PDFs may be synced to this app: connected, and the app takes documents",
      ),
  }),
});
export type IntegrationApp = z.infer<typeof IntegrationApp>;

export const IntegrationGroup = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  apps: z.array(IntegrationApp),
});
export type IntegrationGroup = z.infer<typeof IntegrationGroup>;

export const IntegrationGroupsResponse = envelope(z.array(IntegrationGroup));
export const IntegrationConnectedResponse = envelope(z.array(IntegrationApp));
export const IntegrationLinkResponse = envelope(z.object({ url: z.string() }));
export const IntegrationRedirectResponse = envelope(
  z.object({ status: z.literal(true), app: z.string(), connection_id: z.number().int() }),
);
export const IntegrationDisconnectResponse = envelope(z.object({ status: z.boolean() }));

/**
 * Spec §3 Client: the client types the apps hold. SOLE_TRADER (the spec's spelling, as the apps
 * send it) is a person trading on their own account: an individual to the interview.
 */
export const INTEGRATION_CLIENT_TYPES = [
  "Individual",
  "Company",
  "Trust",
  "Self Managed Superannuation Fund",
  "SOLE_TRADER",
] as const;
/** Spec §5: the client list is asked for one contact type at a time; without one it is refused. */
export const NO_CONTACT_TYPE = "no contact type";
export type IntegrationClientType = (typeof INTEGRATION_CLIENT_TYPES)[number];

/** A client or contact of the connected app, as its list shows it. */
export const IntegrationClient = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(INTEGRATION_CLIENT_TYPES),
  /** A fund's code in the fund app (Select Fund's 'Entity Code'); absent for other clients. */
  code: z.string().optional(),
});
export const IntegrationClientsResponse = envelope(z.array(IntegrationClient));
export type IntegrationClient = z.infer<typeof IntegrationClient>;

// Spec §8 and §4 "Import and sync", verbatim.
export const INTEGRATION_IMPORTED = "Data imported successfully.";
export const INTEGRATION_IMPORT_FAILED = "Fail to import data. Please try again!";
export const INTEGRATION_IMPORT_MISMATCH = "Client imported failed! Data not matching";
/** The spec's mismatch message, then which fields did not match (the spec's words alone gave no reason). */
export const integrationImportMismatch = (why: string) => `${INTEGRATION_IMPORT_MISMATCH}. ${why}`;
export const INTEGRATION_NO_CLIENT = "No such client in the connected organisation.";
export const FUND_CHANGE_TITLE = "Changes need to be notified";
export const FUND_CHANGE_TEXT =
  "When you select another fund, the information you filled in earlier will all be reset. Are you sure you want to proceed with that?";
/** Spec §9: lists page by 15 on scroll; the wizard's client list is 100 on page 1. */
export const INTEGRATION_LIST_PAGE_SIZE = 15;
export const INTEGRATION_WIZARD_PAGE_SIZE = 100;
/** Spec §5: the client, fund and contact searches wait this long after typing. */
export const INTEGRATION_SEARCH_DEBOUNCE_MS = 400;

export const IntegrationClientsQuery = IntegrationTeamQuery.extend({
  search: z.string().max(200).optional().describe("Part of the client's name (trimmed, any case)"),
  type: z
    .enum(INTEGRATION_CLIENT_TYPES, { error: NO_CONTACT_TYPE })
    .describe("The contact type listed (required: spec §5's 'no contact type')"),
  page: z.coerce.number().int().positive().max(10_000).optional().describe("From 1"),
  limit: z.coerce.number().int().positive().max(200).optional().describe("Rows a page (default 15)"),
});

export const IntegrationClientParams = IntegrationAppParams.extend({
  clientId: z.string().min(1).max(100),
});

/** A postal or physical address as the detail shows it. */
const IntegrationAddress = z.object({
  full_address: z.string(),
  street: z.string(),
  city: z.string(),
  region: z.string(),
  post_code: z.string(),
  country: z.string(),
});

/** A TFN as the fund detail shows it: every digit hidden but the last three. */
export const MASKED_TFN = /^\*{3} \*{3} \d{3}$/;

/**
 * Spec §3 Fund, beyond the client's fields (name and ABN are the detail's own): what Select Fund's
 * detail shows. Dates are YYYY-MM-DD; a field the fund app does not hold is null.
 */
export const IntegrationFundDetail = z.object({
  /** The fund's code in the fund app (the list's and detail's 'Entity Code'). */
  entity_code: z.string().nullable(),
  /** The first day of the fund's financial year being worked on (1 July, normally). */
  financial_year_from: z.string().nullable(),
  /** Masked (MASKED_TFN): the full TFN never leaves the server. */
  tfn: z.string().regex(MASKED_TFN).nullable(),
  /** The fund's electronic service address (its SuperStream message service). */
  esa: z.string().nullable(),
  date_formed: z.string().nullable(),
  wind_up_date: z.string().nullable(),
  /** Where the fund's trust deed came from (the deed provider or 'Other'). */
  trust_deed_source: z.string().nullable(),
  physical_address: IntegrationAddress.nullable(),
});
export type IntegrationFundDetail = z.infer<typeof IntegrationFundDetail>;

/** Spec §3 Client, the detail: its officers as contacts, and its related people (a fund's members). */
export const IntegrationClientDetail = IntegrationClient.extend({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  dob: z.string().nullable(),
  acn: z.string().nullable(),
  abn: z.string().nullable(),
  legal_element: z.string().nullable(),
  system: z.string(),
  address: IntegrationAddress.nullable(),
  /** A Self Managed Superannuation Fund's own details (spec §3 Fund); absent for other clients. */
  fund: IntegrationFundDetail.optional(),
  contacts: z.array(
    z.object({ full_name: z.string(), position: z.string(), appointed_on: z.string().nullable() }),
  ),
  related: z.array(
    z.object({
      related_client_name: z.string(),
      /** SF360's relation, as the fund app gives it ('leading member', 'member', 'trustee', …). */
      relation: z.string(),
      /** Spec §7 for funds: 'member', 'leaving member' and 'leading member' are members, else trustee; a company's shareholders are 'shareholder'. */
      type: z.string(),
    }),
  ),
});
export type IntegrationClientDetail = z.infer<typeof IntegrationClientDetail>;
export const IntegrationClientDetailResponse = envelope(IntegrationClientDetail);

export const IntegrationImportBody = z.object({
  doc_id: z.number().int().positive().max(2_147_483_647),
  client_id: z.string().min(1, "no client ID").max(100),
  /** A party question of the document's interview; or "fund" for the fund questions (Select Fund). */
  question_id: z.string().min(1).max(100),
  /**
   * Select Member/Trustee: one contact of the fund client_id (from its list-contact), imported as an
   * individual into a party question or into a group of parties (the fund's members, its trustees).
   */
  contact_id: z.string().min(1).max(100).optional(),
});
export const IntegrationImportResponse = envelope(
  z.object({
    question_id: z.string(),
    /** Answers to write at the top of the interview's answers, by data path. */
    answers: z.record(z.string(), z.unknown()),
    client_name: z.string(),
  }),
);

/** Sync Document (spec §2): the assembled PDF to one client of the chosen app, on the job queue. */
export const IntegrationSyncBody = z.object({
  doc_id: z.number().int().positive().max(2_147_483_647),
  client_id: z.string().min(1, "no client ID").max(100),
  description: z.string().trim().max(500).default(""),
});
export const IntegrationSyncResponse = envelope(
  z.object({ sync_id: z.number().int(), status: z.enum(["queued", "sent", "failed"]) }),
);
export const integrationSyncQueued = (app: string) => `The document is on its way to ${app}.`;

/** Spec §3 Accounting organisation: one organisation (tenant) of the accounting app's connection. */
export const AccountingOrganisation = z.object({
  tenant_id: z.string(),
  tenant_name: z.string(),
  selected: z.boolean(),
});
export type AccountingOrganisation = z.infer<typeof AccountingOrganisation>;
export const AccountingOrganisationsResponse = envelope(z.array(AccountingOrganisation));

export const SetTenantBody = z.object({
  tenant_id: z.string().trim().min(1, "Please choose an organisation.").max(100),
});
/** The spec's switch refetches when http_code is 200. */
export const SetTenantResponse = envelope(
  z.object({ http_code: z.literal(200), tenant_id: z.string(), tenant_name: z.string() }),
);
export const ACCOUNTING_TENANT_NOT_FOUND =
  "This organisation is not one of your Xero connection's organisations. Nothing was changed.";
export const accountingOrganisationChanged = (name: string) => `Organisation changed to ${name}.`;

// Simple Fund 360 (spec §2 "Import and sync", §7, §8): contact validation and the fund check.
export const SF360_VALIDATING = "Please wait, we are validating the contact data with Simple Fund 360.";
export const SF360_VALIDATED =
  "The data validation has been completed. Please check the log for more information and review carefully before assembling the document because you cannot edit and resubmit again on SF 360.";
export const SF360_FUND_EXISTS =
  "Please note that the fund was already created before on SF 360 so that any changes will not be synced and updated after assembling.";

// CAS 360 (spec §4 "ASIC application", §8): a registered company's Certificate of Registration is
// uploaded to the lodger's CAS 360; the log entry says whether it went, and a failed one carries
// this note so the person uploads it by hand.
export const CAS360_CERTIFICATE_UPLOAD_FAILED =
  "Note: The Certificate of Registration uploaded to CAS360 has been failed, kindly review and re-upload it manually via CAS360.";
export const CAS360_CERTIFICATE_UPLOAD_ACTION = "Upload Certificate of Registration (BGLCAS360)";
export const CAS360_CERTIFICATE_UPLOADED = "The Certificate of Registration was uploaded to CAS360.";
/** The interview top bar's CAS 360 action on a registered company: its certificate sent again. */
export const CAS360_SEND_CERTIFICATE = "Send certificate to CAS 360";
export const Cas360CertificateBody = z.object({
  doc_id: z.number({ error: "no Doc ID" }).int().positive().max(2_147_483_647),
});
export const Cas360CertificateResponse = envelope(z.object({ certificate_upload: z.literal("uploaded") }));
/** The log entry's `response.certificate_upload`: what became of the upload. */
export type CertificateUploadOutcome = "uploaded" | "failed";
/** Whether a log entry is a CAS 360 certificate upload that failed (its detail shows the note). */
export const isFailedCertificateUpload = (entry: { type: string; response: Record<string, unknown> }) =>
  entry.type === "CAS" && entry.response.certificate_upload === "failed";

export const CheckExistContactQuery = IntegrationTeamQuery.extend({
  docId: z.coerce
    .number({ error: "no Doc ID" })
    .int("no Doc ID")
    .positive("no Doc ID")
    .max(2_147_483_647, "no Doc ID"),
});
export const CheckExistContactResponse = envelope(
  z.object({
    exists: z.boolean(),
    fund_id: z.string().nullable(),
    fund_name: z.string(),
  }),
);

export const ValidateFundContactsBody = z.object({
  doc_id: z.number({ error: "no Doc ID" }).int().positive().max(2_147_483_647),
});
export const FundContactOutcome = z.object({
  name: z.string(),
  relation: z.enum(["member", "trustee"]),
  valid: z.boolean(),
});
export type FundContactOutcome = z.infer<typeof FundContactOutcome>;
export const ValidateFundContactsResponse = envelope(
  z.object({ data: z.array(FundContactOutcome), errors: z.array(z.string()) }),
);

/** Spec §7 list-contact: SF360's relations mapped to the two the interview knows. */
export const FUND_CONTACT_RELATIONS = ["member", "trustee"] as const;
export type FundContactRelation = (typeof FUND_CONTACT_RELATIONS)[number];
export const FundContactsParams = z.object({ fundId: z.string().min(1).max(100) });
export const FundContactsQuery = IntegrationTeamQuery.extend({
  entityRelation: z
    .enum(FUND_CONTACT_RELATIONS)
    .optional()
    .describe("Only the fund's members or only its trustees; without it, all its contacts"),
  name: z.string().max(200).optional().describe("Part of the contact's name (trimmed, any case)"),
  page: z.coerce.number().int().positive().max(10_000).optional().describe("From 1, 15 a page"),
});
/** One person SF360 relates to a fund (Select Member/Trustee). */
export const SimpleFundContact = z.object({
  id: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  dob: z.string().nullable(),
  /** SF360's relation as the fund app gives it ('leading member', 'member', 'trustee', …). */
  relation: z.string(),
  /** Spec §7: 'member', 'leaving member' and 'leading member' are members; anything else a trustee. */
  type: z.enum(FUND_CONTACT_RELATIONS),
  address: z.string().nullable(),
});
export type SimpleFundContact = z.infer<typeof SimpleFundContact>;
export const FundContactsResponse = envelope(z.array(SimpleFundContact));
