import {
  ASIC_FINAL_OR_RUNNING,
  ASIC_PAYMENT_STATUS_NAMES,
  ASIC_STATUS_CONFIRMING,
  ASIC_STATUS_NAMES,
  ASIC_STATUS_NOT_STARTED,
  type AsicApplicationState,
  type AsicMode,
  type AsicPaymentStatus,
  type AsicStatus,
  asicGatewayLocked,
  type DocumentType,
  formatFirmTime,
  type RegistrationResumeStep,
} from "@precedent/contracts";
import { addDays, startOfSydneyDay } from "../../platform/kernel/calendar.ts";
import { isCompanyKitKind } from "./company-kit.ts";

/**
 * Who may record the start wizard's ASIC answers on a document: whoever may interview it (the
 * documents module decides that), and only on a company registration (ASIC) document.
 */
export function canRecordAsicAnswers(doc: { type: DocumentType }, mayInterview: boolean): boolean {
  return mayInterview && doc.type === "ASIC";
}

/** The wizard's consent steps are done when the consent and all three confirmations are ticked. */
export function isPreConsentComplete(answers: {
  preRegistrationConsent: boolean;
  preDirectorRead: boolean;
  preDirectorOffences: boolean;
  preDirectorRequirement: boolean;
}): boolean {
  return (
    answers.preRegistrationConsent &&
    answers.preDirectorRead &&
    answers.preDirectorOffences &&
    answers.preDirectorRequirement
  );
}

/**
 * A set of Director ID confirmations is acceptable when none is sent or all three are ticked
 * (documents spec §4: all three confirmations must be ticked).
 */
export function directorConfirmationsAcceptable(sent: (boolean | undefined)[]): boolean {
  const given = sent.filter((value) => value !== undefined);
  return given.length === 0 || (given.length === sent.length && given.every(Boolean));
}

/**
 * Where the start wizard reopens on an existing registration document (documents spec §4), or
 * null when it has nothing left to ask or the reader may not interview the document. '2' asks the
 * name check until a name is applied; 'both' the name check, then the consents; 'only-consent'
 * the consents, from the name step while the document lacks its name or its template's name; and
 * after them the acknowledgement, while the template carries one that no one has accepted.
 */
export function registrationResumeStep(input: {
  mode: AsicMode | null;
  mayInterview: boolean;
  nameApplied: boolean;
  preConsent: boolean;
  /** The template carries an acknowledgement that neither the start nor these steps recorded. */
  acknowledgementPending: boolean;
  documentName: string;
  templateName: string | null;
}): RegistrationResumeStep | null {
  if (!input.mayInterview) return null;
  const step = stepBeforeAcknowledgement(input);
  // The acknowledgement is the wizard's last step (documents spec §4: step 4, "only when the
  // document carries an acknowledgement text"): asked once the steps before it are recorded.
  if (step === null && input.acknowledgementPending && input.mode !== null) return "acknowledgement";
  return step;
}

function stepBeforeAcknowledgement(input: Parameters<typeof registrationResumeStep>[0]) {
  switch (input.mode) {
    case "2":
      return input.nameApplied ? null : "name-check";
    case "both":
      if (!input.nameApplied) return "name-check";
      return input.preConsent ? null : "consent";
    case "only-consent":
      if (input.preConsent) return null;
      return input.documentName.trim() !== "" && (input.templateName ?? "").trim() !== ""
        ? "consent"
        : "name";
    default:
      // '1' (the name only) has no registration steps; a template without a mode neither.
      return null;
  }
}

/** Lodged and waiting, or decided for good: not lodged again (interview spec §4). */
export function isLodgedOrDecided(status: AsicStatus | null): boolean {
  return status !== null && ASIC_FINAL_OR_RUNNING.includes(status);
}

export const firmTime = formatFirmTime;

/** The Certificate of Registration may be downloaded within 30 days of registration (interview spec §9). */
export const CERTIFICATE_DAYS = 30;

/**
 * What the list and the top bar show of an application, and what the user may do next: pay
 * while unpaid and the gateway is free; submit when paid and not lodged or decided.
 */
export function applicationState(
  row:
    | {
        docId: number;
        paymentStatus: AsicPaymentStatus;
        asicStatus: AsicStatus | null;
        transactionNumber: string | null;
        receiptNumber: string | null;
        gatewayLockedUntil: Date | null;
        lodgementNumber?: string | null;
        clientReference?: string | null;
        acn: string | null;
        registrationDate: string | null;
        certificateSha256: string | null;
        kitCreatedAt?: Date | null;
        /** The registration's type and class of company, from its answers. */
        companyKind: string | null;
      }
    | undefined,
  settings: { now: Date; feeCents: number },
): AsicApplicationState {
  const paymentStatus = row?.paymentStatus ?? "unpaid";
  const locked =
    row?.gatewayLockedUntil && row.gatewayLockedUntil > settings.now ? row.gatewayLockedUntil : null;
  const asicStatus = row?.asicStatus ?? null;
  const certificateUntil = row?.registrationDate
    ? startOfSydneyDay(addDays(row.registrationDate, CERTIFICATE_DAYS)).getTime()
    : 0;
  const certificate =
    row?.certificateSha256 && settings.now.getTime() < certificateUntil
      ? `/api/asic/certificate?doc_id=${row.docId}`
      : null;
  // The lock holds while the gateway has an open transaction: that one is offered again, never a
  // second. Locked with no transaction yet is the moment the gateway is being asked to start one.
  const resumable = paymentStatus === "unpaid" && locked !== null && !!row?.transactionNumber;
  const unconfirmed = asicStatus === "INPR" && !row?.lodgementNumber && !!row?.clientReference;
  return {
    asic_payment_status: paymentStatus,
    asic_payment_status_name:
      ASIC_PAYMENT_STATUS_NAMES[paymentStatus === "unpaid" && locked ? "reserved" : paymentStatus],
    asic_status: asicStatus,
    asic_status_name: unconfirmed
      ? ASIC_STATUS_CONFIRMING
      : asicStatus
        ? ASIC_STATUS_NAMES[asicStatus]
        : ASIC_STATUS_NOT_STARTED,
    transaction_number: row?.transactionNumber ?? null,
    asic_receipt_number: row?.receiptNumber ?? null,
    asic_fee: settings.feeCents / 100,
    acn: row?.acn ?? null,
    registration_date: row?.registrationDate ?? null,
    certificate_download_url: certificate,
    gateway_locked_until: locked ? locked.toISOString() : null,
    payment_unavailable_reason:
      paymentStatus === "unpaid" && locked && !resumable ? asicGatewayLocked(firmTime(locked)) : null,
    payment_resumable: resumable,
    can_pay: paymentStatus === "unpaid" && (!locked || resumable),
    can_submit: paymentStatus === "paid" && (!isLodgedOrDecided(asicStatus) || unconfirmed),
    lodgement_unconfirmed: unconfirmed,
    read_only: isLodgedOrDecided(asicStatus),
    can_create_company_kit: canCreateCompanyKit(row),
    company_kit_created_at: row?.kitCreatedAt ? row.kitCreatedAt.toISOString() : null,
  };
}

/**
 * The company kit is made once, from a registration ASIC has decided COMP (with its ACN), of a
 * company type the kit's templates are written for.
 */
export function canCreateCompanyKit(
  row:
    | {
        asicStatus: AsicStatus | null;
        acn: string | null;
        kitCreatedAt?: Date | null;
        companyKind: string | null;
      }
    | undefined,
): boolean {
  return row?.asicStatus === "COMP" && !!row.acn && !row.kitCreatedAt && isCompanyKitKind(row.companyKind);
}

/**
 * Whether an ASIC document may be copied (interview spec §4): with no payment or status yet, or
 * paid with COMP, NOTR, CANC or REJT, unpaid with NOTR, or cancelled with CANC. A copy of an
 * application paid and not yet decided would let one fee stand behind two applications.
 */
export function asicCopyAllowed(payment: AsicPaymentStatus, status: AsicStatus | null): boolean {
  if (status === null) return payment === "unpaid";
  if (payment === "paid") return ["COMP", "NOTR", "CANC", "REJT"].includes(status);
  if (payment === "unpaid") return status === "NOTR";
  return status === "CANC";
}
