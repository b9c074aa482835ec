import { z } from "zod";

// Apart from asic.ts so the documents contract can spread the ASIC columns into its rows
// without an import cycle (asic.ts imports the catalogue, which imports the documents contract).

/**
 * How a template runs the start wizard's ASIC steps (documents spec §4), from its product's meta
 * `asic_mode`: '1' name only; '2' from the name check; 'both' every step; 'only-consent' the
 * consent steps (or the name step when there is no template name yet).
 */
export const ASIC_MODES = ["1", "2", "both", "only-consent"] as const;
export type AsicMode = (typeof ASIC_MODES)[number];

/**
 * Where the start wizard reopens on an existing registration document (documents spec §4): the
 * name step, the company-name check, the pre-registration consent (the Director ID step follows it),
 * or the acknowledgement (the last step, when the template carries one and none is recorded).
 */
export const REGISTRATION_RESUME_STEPS = ["name", "name-check", "consent", "acknowledgement"] as const;
export type RegistrationResumeStep = (typeof REGISTRATION_RESUME_STEPS)[number];

/** What a document row tells of its registration's start wizard (ASIC documents with a mode only). */
export const AsicWizardColumns = z.object({
  /** The template's mode (its product's meta `asic_mode`); null when the template has none. */
  asic_mode: z.enum(ASIC_MODES).nullable(),
  /** The proposed company name has been applied for this document. */
  asic_name_applied: z.boolean(),
  /** The pre-registration consent and all three Director ID confirmations are recorded. */
  asic_pre_consent: z.boolean(),
  /**
   * The acknowledgement text the wizard's last step asks to accept (documents spec §4: "only when
   * the document carries an acknowledgement text"): the template's, while neither the document's
   * start nor its registration steps recorded an acceptance; null otherwise.
   */
  asic_acknowledgement: z.string().nullable(),
  /**
   * Where the wizard reopens for the reader: null when it has nothing left to ask (its steps are
   * recorded, the mode has none) or the reader may not interview the document.
   */
  registration_step: z.enum(REGISTRATION_RESUME_STEPS).nullable(),
});
export type AsicWizardColumns = z.infer<typeof AsicWizardColumns>;

/** Payment states (interview spec §3) and the names the web app shows (§4 gives the defaults). */
export const ASIC_PAYMENT_STATUSES = ["paid", "unpaid", "cancelled"] as const;
export type AsicPaymentStatus = (typeof ASIC_PAYMENT_STATUSES)[number];
export const ASIC_PAYMENT_STATUS_NAMES: Record<AsicPaymentStatus | "reserved", string> = {
  paid: "Paid",
  unpaid: "Payment Required",
  cancelled: "Cancelled",
  reserved: "Reserved",
};
/** ASIC's status codes (interview spec §3). */
export const ASIC_STATUSES = ["COMP", "MANL", "RFSD", "INPR", "NOTR", "CANC", "REJT"] as const;
export type AsicStatus = (typeof ASIC_STATUSES)[number];
export const ASIC_STATUS_NAMES: Record<AsicStatus, string> = {
  COMP: "Registered",
  MANL: "Manual Review",
  RFSD: "Refused",
  INPR: "In Progress",
  NOTR: "Not Processed",
  CANC: "Cancelled",
  REJT: "Rejected",
};
export const ASIC_STATUS_NOT_STARTED = "Not Yet Started";
/** INPR before the regulator's receipt is recorded (a lodgement interrupted and being finished). */
export const ASIC_STATUS_CONFIRMING = "In Progress (confirming lodgement with ASIC)";
/** 'Submit to ASIC' is not offered in these (interview spec §4); INPR waits for ASIC. */
export const ASIC_FINAL_OR_RUNNING: readonly AsicStatus[] = ["COMP", "MANL", "RFSD", "INPR"];

/** The registration's state as the document list and the interview's top bar show it. */
export const AsicApplicationState = z.object({
  asic_payment_status: z.enum(ASIC_PAYMENT_STATUSES),
  asic_payment_status_name: z.string(),
  asic_status: z.enum(ASIC_STATUSES).nullable(),
  asic_status_name: z.string(),
  transaction_number: z.string().nullable(),
  asic_receipt_number: z.string().nullable(),
  /** The fee in dollars, from settings. */
  asic_fee: z.number(),
  acn: z.string().nullable(),
  /** YYYY-MM-DD. */
  registration_date: z.string().nullable(),
  /** Within 30 days of registration; null before or after. */
  certificate_download_url: z.string().nullable(),
  /** Until when an interrupted payment holds the gateway (ISO time), or null. */
  gateway_locked_until: z.string().nullable(),
  /**
   * Why 'Make ASIC payment' is not offered now, in words for the user (the time in the firm's
   * Australian time), or null when it is offered or not needed.
   */
  payment_unavailable_reason: z.string().nullable(),
  /**
   * An interrupted payment's transaction is still open on ASIC's gateway: 'Make ASIC payment'
   * takes the user back to it (no second payment is started).
   */
  payment_resumable: z.boolean(),
  can_pay: z.boolean(),
  can_submit: z.boolean(),
  /**
   * Lodged, but the regulator's receipt is not yet recorded (the sending was interrupted): the
   * lodgement is being confirmed with ASIC by its reference, and 'Submit to ASIC' finishes it.
   */
  lodgement_unconfirmed: z.boolean(),
  /**
   * Lodged or decided: the application's answers and name can no longer change (the interview is
   * read only), and once registered the document cannot be deleted.
   */
  read_only: z.boolean(),
  /**
   * Registered (COMP), a proprietary company limited by shares (the type the kit's templates are
   * written for), and no company kit made yet: POST asic/company-kit may make it.
   */
  can_create_company_kit: z.boolean(),
  /** When the company kit was made (ISO time), or null. */
  company_kit_created_at: z.string().nullable(),
});
export type AsicApplicationState = z.infer<typeof AsicApplicationState>;

/** An ACN as it is always shown: three groups of three digits ("123 456 789"). */
export const spacedAcn = (acn: string) => {
  const digits = acn.replace(/\s/g, "");
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : acn;
};

/** A document's status as shown: a registration ASIC has registered is Registered, whatever its step. */
export const shownStatusName = (doc: { status_name: string; asic_status?: AsicStatus | null }) =>
  doc.asic_status === "COMP" ? ASIC_STATUS_NAMES.COMP : doc.status_name;
