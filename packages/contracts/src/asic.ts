import { z } from "zod";
import { AsicApplicationState } from "./asic-state.ts";
import {
  ACKNOWLEDGEMENT_ACCEPT,
  ACKNOWLEDGEMENT_REQUIRED,
  COMPANY_NAME_REQUIRED,
  LEGAL_ELEMENT_REQUIRED,
} from "./catalogue.ts";
import { envelope } from "./envelope.ts";
import { idParam } from "./folders.ts";

export * from "./asic-state.ts";

// ---- Company registration with ASIC: the start wizard's name, consent and Director ID steps ----

/** A proposed name of more characters than this is refused (ours: ASIC's forms hold 200). */
export const COMPANY_NAME_MAX_LENGTH = 200;

/** The legal elements offered with a company name (documents spec §3; the interview adds LTD, LTD., LIMITED). */
export const LEGAL_ELEMENTS = [
  "PTY LTD",
  "PTY LTD.",
  "PTY LIMITED",
  "PTY. LTD",
  "PTY. LTD.",
  "PTY. LIMITED",
  "PROPRIETARY LTD",
  "PROPRIETARY LTD.",
  "PROPRIETARY LIMITED",
  "LTD",
  "LTD.",
  "LIMITED",
] as const;
export type LegalElement = (typeof LEGAL_ELEMENTS)[number];
/**
 * The ten the start wizard offers (documents spec §3): the nine proprietary ones, then 'LTD.' for a
 * public company limited by shares (or by guarantee). 'LTD' and 'LIMITED' are the interview's only.
 */
export const WIZARD_LEGAL_ELEMENTS = [
  ...LEGAL_ELEMENTS.slice(0, 9),
  "LTD.",
] as const satisfies readonly LegalElement[];

/**
 * The legal elements of a limited public company's name (s148 Corporations Act 2001 (Cth): a
 * proprietary company's name has 'Proprietary' or 'Pty' in it, a public company's does not).
 */
export const PUBLIC_LEGAL_ELEMENTS: readonly LegalElement[] = ["LTD", "LTD.", "LIMITED"];
export const isPublicLegalElement = (element: string) =>
  (PUBLIC_LEGAL_ELEMENTS as readonly string[]).includes(element.trim().toUpperCase());

/**
 * What the start wizard says under a public company's legal element: the officeholders its
 * application will need (ss 201A(2), 204A(2)), which the interview asks for and the server checks.
 */
export const publicCompanyOfficeholdersNote = (legalElement: string) =>
  `A name ending in ${legalElement} is for a public company. It needs at least three directors, two of whom ordinarily reside in Australia, and a company secretary who ordinarily resides in Australia (ss 201A(2) and 204A(2) Corporations Act 2001 (Cth)). In the interview, choose a public company as its type.`;

// The officeholders a registration must have (Corporations Act 2001 (Cth)), checked before ASIC's
// fee is paid and again before lodging (the interview's own checks say the same at assembly).
export const RESIDENT_DIRECTOR_REQUIRED =
  "At least one director must ordinarily reside in Australia (s201A Corporations Act).";
export const PUBLIC_COMPANY_DIRECTORS_REQUIRED =
  "A public company must have at least three directors (s201A(2) Corporations Act).";
export const PUBLIC_COMPANY_RESIDENT_DIRECTORS_REQUIRED =
  "At least two of a public company's directors must ordinarily reside in Australia (s201A(2) Corporations Act).";
export const PUBLIC_COMPANY_SECRETARY_REQUIRED =
  "A public company must have at least one company secretary who ordinarily resides in Australia (s204A(2) Corporations Act).";
export const PROPRIETARY_COMPANY_SECRETARY_RESIDENT =
  "A proprietary company need not have a company secretary, but if it has one, at least one of its secretaries must ordinarily reside in Australia (s204A(1) Corporations Act).";
/**
 * The name's legal element and the application's type of company (`companyType`, as the interview
 * names it: "a public company limited by shares") disagree (s148).
 */
export const legalElementNotForCompanyType = (legalElement: string, companyType: string) =>
  `The name's legal element (${legalElement}) is for ${isPublicLegalElement(legalElement) ? "a public company limited by shares or by guarantee" : "a proprietary company limited by shares"}, but the application is for ${companyType} (s148 Corporations Act). Choose the matching type of company in the interview, or check the name again with a matching legal element ('Change name').`;
/** A refusal of the fee or the lodgement for the application's officeholders or type. */
export const asicApplicationNotLodgeable = (reason: string) =>
  `This application cannot go to ASIC as it stands. ${reason} Correct it in the interview, then try again.`;

// ASIC_MODES and AsicMode are in asic-state.ts (the document rows carry a registration's mode).
export const ASIC_MODE_META_KEY = "asic_mode";

/** Documents spec §8: the name check's error, then a 'Reason' line. */
export const companyNameNotAvailable = (name: string) => `${name} is not available.`;
/** Ours: the name check's manual outcome. */
export const companyNameNeedsReview = (name: string) =>
  `${name} is available, but ASIC must review it manually before registering it.`;
/** Ours: the box the user ticks to go on after a manual outcome. */
export const MANUAL_REVIEW_ACCEPT = "I understand ASIC will review this name manually before registering it.";
/** Interview spec §6: apply-proposed-name answered without applied true. */
export const CANNOT_APPLY_NAME = "Can not apply name";
export const DIRECTOR_ID_CONFIRMATIONS_REQUIRED = "Please tick all three Director ID confirmations.";
export const PRE_REGISTRATION_CONSENT_REQUIRED = "Please tick the pre-registration consent to continue.";
export const LEGAL_ELEMENT_WITH_NAME = "A proposed name needs its legal element.";
export const NOT_AN_ASIC_DOCUMENT = "Only a company registration (ASIC) document takes these details.";
/** Ours: the wizard's registration steps sent for a document no longer being drafted (completed, signed). */
export const ASIC_STEPS_DOCUMENT_FINISHED =
  "This document is finished, so its registration steps can no longer change. Relaunch it to change them.";

/**
 * Pre-Registration Consent (documents spec §9: section 201D of the Corporations Act 2001). Our
 * own words.
 */
export const PRE_REGISTRATION_CONSENT_TEXT =
  "Under section 201D of the Corporations Act 2001 (Cth), each person named as a director or secretary must give the company their signed consent before they are appointed. The people named in this application become its first officeholders when ASIC registers the company (section 120). I confirm each of them has given, or will give before lodgement, their signed consent to act, and that the applicant will keep those consents.";
export const PRE_REGISTRATION_CONSENT_ACCEPT = "I confirm the officeholders' consents have been obtained";

/** The three Director ID confirmations (documents spec §9), in our own words. */
export const DIRECTOR_ID_CONFIRMATIONS = {
  pre_director_read:
    "I have read the director identification number requirements in Part 9.1A of the Corporations Act 2001 (Cth).",
  pre_director_offences:
    "I understand it is an offence not to have a director ID when one is required (s1272C), to apply for more than one (s1272D), or to give a false director ID (s1272E).",
  pre_director_requirement:
    "Each proposed director has a director ID (15 digits beginning 036), as s1272C requires before a director is appointed.",
} as const;
export type DirectorIdConfirmation = keyof typeof DIRECTOR_ID_CONFIRMATIONS;

const ticked = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(["0", "1", "yes", "no"])])
  .transform((value) => value === true || value === 1 || value === "1" || value === "yes");

export const CheckCompanyNameRequest = z.object({
  company_name: z
    .string({ error: COMPANY_NAME_REQUIRED })
    .trim()
    .min(1, COMPANY_NAME_REQUIRED)
    .max(COMPANY_NAME_MAX_LENGTH, `The company name must be ${COMPANY_NAME_MAX_LENGTH} characters or fewer.`),
  legal_element: z.enum(LEGAL_ELEMENTS, { error: LEGAL_ELEMENT_REQUIRED }),
  doc_id: idParam("doc_id").optional().describe("The registration document the check is for, for its log."),
});
export type CheckCompanyNameRequest = z.infer<typeof CheckCompanyNameRequest>;

export const CompanyNameCheckResult = z.object({
  is_available: z.boolean(),
  /** Available, but ASIC reviews it by hand: the user must tick a box to go on. */
  is_manual_check: z.boolean(),
  /** Why the name is not available, or why it needs review; null when plainly available. */
  reason: z.string().nullable(),
});
/** `message`: empty when available; companyNameNotAvailable or companyNameNeedsReview otherwise. */
export const CheckCompanyNameResponse = envelope(CompanyNameCheckResult);

export const ApplyProposedNameRequest = z.object({
  doc_id: idParam("doc_id"),
  proposed_name: z
    .string()
    .trim()
    .min(1, COMPANY_NAME_REQUIRED)
    .max(COMPANY_NAME_MAX_LENGTH, `The company name must be ${COMPANY_NAME_MAX_LENGTH} characters or fewer.`)
    .optional()
    .describe("Omitted in the 'only-consent' mode: only the consents are recorded."),
  legal_element: z.enum(LEGAL_ELEMENTS, { error: LEGAL_ELEMENT_REQUIRED }).optional(),
  pre_registration_consent: ticked.optional(),
  pre_director_read: ticked.optional(),
  pre_director_offences: ticked.optional(),
  pre_director_requirement: ticked.optional(),
  acknowledgement: z
    .literal("yes", { error: ACKNOWLEDGEMENT_REQUIRED })
    .optional()
    .describe(
      `'${ACKNOWLEDGEMENT_ACCEPT}' ticked: required with the Director ID confirmations while the document's template carries an acknowledgement none has accepted (the row's asic_acknowledgement).`,
    ),
  acknowledgement_date: z.string().trim().optional().describe("DD/MM/YYYY, with the acknowledgement."),
  acknowledgement_user: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe("Who accepts, with the acknowledgement."),
});
export type ApplyProposedNameRequest = z.input<typeof ApplyProposedNameRequest>;

export const ApplyProposedNameResult = z.object({
  /** The name was applied for this document (null: no name was sent). */
  applied: z.boolean().nullable(),
  reason: z.string().nullable(),
  is_pre_consent: z.boolean(),
});
export const ApplyProposedNameResponse = envelope(ApplyProposedNameResult);

export const CheckPreConsentRequest = z.object({ doc_id: idParam("doc_id") });

export const PreConsentState = z.object({
  /** The consent and all three Director ID confirmations are recorded. */
  is_pre_consent: z.boolean(),
  proposed_name: z.string().nullable(),
  legal_element: z.string().nullable(),
  pre_registration_consent: z.boolean(),
  pre_director_read: z.boolean(),
  pre_director_offences: z.boolean(),
  pre_director_requirement: z.boolean(),
});
export type PreConsentState = z.infer<typeof PreConsentState>;
export const CheckPreConsentResponse = envelope(PreConsentState);

// ---- Address verification, the ASIC fee, lodgement and status (interview spec §4, §7, §8) ----

export const AUSTRALIAN_STATES = ["NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT"] as const;

/** Interview spec §8 (our words after its first sentence): an address that could not be validated may still go on. */
export const ADDRESS_NOT_VALIDATED =
  "This address could not be validated. Please check it before you pay ASIC; you may go on if it is right.";

export const CheckAddressRequest = z.object({
  doc_id: idParam("doc_id").optional().describe("The registration document the check is for, for its log."),
  street: z
    .string()
    .trim()
    .min(1, "Please enter the street address.")
    .max(200, "The street address must be 200 characters or fewer."),
  suburb: z
    .string()
    .trim()
    .min(1, "Please enter the suburb or town.")
    .max(100, "The suburb or town must be 100 characters or fewer."),
  state: z.enum(AUSTRALIAN_STATES, { error: "Please choose the state or territory." }),
  postcode: z.string().trim().max(10, "The postcode must be 4 digits."),
});
export type CheckAddressRequest = z.infer<typeof CheckAddressRequest>;

export const AddressCheckResult = z.object({
  isValid: z.boolean(),
  /** Each thing found wrong, in our words; empty when valid. */
  problems: z.array(z.string()),
});
export const CheckAddressResponse = envelope(AddressCheckResult);
/**
 * The same reply as a client reads it: `isValid` as sent, for the client to judge (interview spec
 * §5: the strings 'true' and 'false' count too; any other value is an error, not a warning).
 */
export const CheckAddressReplyAsSent = envelope(AddressCheckResult.extend({ isValid: z.unknown() }));

export const ASIC_PAYMENT_ALREADY_PAID = "ASIC's fee for this application has already been paid.";
export const asicGatewayLocked = (until: string) =>
  `A payment to ASIC for this application was interrupted, so the payment gateway is locked and the application is RESERVED until ${until} (up to 3 hours). Please try again then.`;
/** The application's name, checked again before payment and lodgement, was taken or refused meanwhile. */
export const asicNameNoLongerAvailable = (name: string, reason: string) =>
  `${name} is no longer available for this application: ${reason} Check another name with 'Change name' in the interview, then try again.`;
/** An interrupted payment whose transaction the gateway still takes: it is offered again. */
export const asicPaymentStillOpen = (until: string) =>
  `A payment to ASIC for this application was interrupted before it finished, so the application is RESERVED until ${until}. Until then 'Make ASIC payment' takes you back to the same payment page (no second payment is started); after that a new payment can be made.`;
export const ASIC_PAYMENT_REQUIRED = "Please pay ASIC's fee before lodging the application.";
export const ASIC_ALREADY_LODGED = "This application has already been lodged with ASIC.";
/** Another submit of the application is still checking its name with ASIC (rare: it takes seconds). */
export const ASIC_LODGEMENT_BUSY =
  "Another 'Submit to ASIC' of this application is still checking its name with ASIC. Please try again in a minute.";
/** Interview spec §8. */
export const ASIC_LODGEMENT_DATA_FAILED =
  "Failed to create data to post ASIC lodgement. Contact adminstrator to support!";
export const ASIC_LODGEMENT_FAILED = "Failed to post ASIC lodgement. Please try again";
export const ASIC_TRANSACTION_STATUS_FAILED = "Failed to get  ASIC transaction status";
/** Interview spec §4's copy rule, in our words: one fee stands behind one application. */
export const ASIC_COPY_REFUSED =
  "This company registration cannot be copied now: its ASIC fee has been paid or its application is with ASIC. It may be copied once ASIC has registered, rejected or not processed it, or it was cancelled.";
export const ASIC_DELETE_REFUSED =
  "This company registration cannot be deleted: ASIC has registered the company, and the application is its record of registration.";
/** Saving or clearing the answers of an application lodged with ASIC. */
export const ASIC_APPLICATION_READ_ONLY =
  "This application has been lodged with ASIC, so its answers can no longer be changed. If ASIC rejects it or does not process it, it can be changed and lodged again.";
export const ASIC_NO_PAYMENT_STARTED = "No payment to ASIC has been started for this application.";

export const AsicDocRequest = z.object({ doc_id: idParam("doc_id") });

/** A document of the company kit, as the caller may see it. */
export const CompanyKitDocument = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The kit template (templates/<identifier>). */
  template_identifier: z.string(),
  /** 5 (Completed) when assembled; 2 (In Progress) when its answers need finishing in the interview. */
  status: z.number().int(),
});
export type CompanyKitDocument = z.infer<typeof CompanyKitDocument>;

export const AsicApplicationResponse = envelope(
  AsicApplicationState.extend({
    /** The company kit's documents the caller can see (empty before the kit is made). */
    company_kit_documents: z.array(CompanyKitDocument),
  }),
);

export const CompanyKitRequest = z.object({
  doc_id: idParam("doc_id").describe("The registration (ASIC) document, registered by ASIC (status COMP)."),
});
export const CompanyKitResult = z.object({
  documents: z.array(CompanyKitDocument),
  /** Documents made but not assembled (say, an answer the interview must finish), with the reason. */
  not_assembled: z.array(z.object({ id: z.number().int(), message: z.string() })),
  application: AsicApplicationState,
});
export const CompanyKitResponse = envelope(CompanyKitResult);
export const ASIC_KIT_NOT_REGISTERED =
  "The company kit can be made only once ASIC has registered the company (status Registered, with its ACN).";
export const ASIC_KIT_ALREADY_MADE =
  "The company kit for this registration has already been made: its documents are in the same folder as the registration.";
/** The success message of POST asic/company-kit, naming the documents made. */
export const companyKitMade = (names: string[]) => `The company kit was made: ${names.join(", ")}.`;

export const InitPaymentRequest = z.object({
  doc_id: idParam("doc_id"),
  redirect_url: z
    .string()
    .max(500, "redirect_url must be 500 characters or fewer")
    .regex(/^\/(?!\/)[^\s\\]*$/, "redirect_url must be a path of this site")
    .describe("Where the gateway returns to: a path of this site."),
});
export const InitPaymentResult = z.object({
  payment: z.object({ paymentURL: z.string(), transactionNumber: z.string(), amount: z.number() }).nullable(),
  /** The gateway's refusal, when there is one (then payment is null). */
  messageEvent: z.object({ errorCode: z.string(), description: z.string() }).nullable(),
});
export const InitPaymentResponse = envelope(InitPaymentResult);

export const FeePayment = z.object({
  declinedCode: z.string().nullable(),
  declinedMessage: z.string().nullable(),
  receiptNum: z.string().nullable(),
});
export const TransactionStatusResult = z.object({
  businessDocumentBody: z.object({ feePayment: FeePayment }),
  application: AsicApplicationState,
});
export const TransactionStatusResponse = envelope(TransactionStatusResult);

export const LodgementResult = z.object({
  notProcessed: z.boolean(),
  messageEvent: z.object({ errorCode: z.string(), description: z.string() }).nullable(),
  application: AsicApplicationState,
});
export const LodgementResponse = envelope(LodgementResult);

// ---- The web app's ASIC dialogs (interview spec §2 "ASIC screens", §8) ----
export const ASIC_PAYMENT_READY_TITLE = "Ready to make payment to ASIC?";
/** Interview spec §2: the address check's results, before the payment modal. */
export const ASIC_ADDRESS_RESULT_TITLE = "Address Verification Result";
/** Interview spec §5, §8: an address check answering neither true nor false is an error (our words). */
export const ASIC_ADDRESS_CHECK_UNCLEAR =
  "The address check did not say whether the address is valid. Please try again.";
/** The modal's four notices (our words; the spec names the gateway lock, the 28-day lock and the refund). */
export const asicPaymentNotices = (fee: number) => [
  `ASIC's registration fee of $${fee.toFixed(2)} is paid to ASIC on its payment gateway, separately from the price of this document.`,
  "Keep the payment page open until it brings you back here: an interrupted payment locks the payment gateway for up to 3 hours, and the application is RESERVED until then.",
  "If this document was assembled before paying ASIC, the registration may be locked for up to 28 days.",
  "If ASIC does not register the company, the fee is refunded within 28 days.",
];
export const ASIC_PAYMENT_LEAVE_TITLE = "Are you sure you want to leave to make payment to ASIC?";
export const ASIC_PAYMENT_LEAVE_TEXT =
  "You will now leave Precedent for ASIC's payment gateway. If the payment is interrupted, the payment gateway may be locked for 3 hours.";
export const ASIC_PROCEED_TO_PAYMENT = "PROCEED TO PAYMENT";
export const ASIC_PAYMENT_INITIALISING = "Initialising ASIC Payment...";
export const ASIC_PAYMENT_FAILED_TITLE = "Payment to ASIC failed !";
export const ASIC_PAYMENT_SUCCESS_TITLE = "Payment Successful";
/** The gateway's decline as a sentence, under the spec's 'Payment to ASIC failed !' title. */
export const asicPaymentDeclined = (code: string | null, reason: string | null) =>
  `The payment was declined${reason ? `: ${reason}` : "."}${code ? ` (code ${code})` : ""}. No fee was taken; you can try again with another card.`;
/** An interrupted payment still open at the gateway: not a failure, and it can be finished. */
export const ASIC_PAYMENT_NOT_FINISHED_TITLE = "Payment to ASIC not finished";
export const ASIC_RETURN_TO_PAYMENT = "Return to ASIC payment";
/** The submit confirmation's body (the spec gives the title only). */
export const ASIC_SUBMIT_READY_TEXT =
  "The application is lodged with ASIC as it is now. Once lodged, its answers and the company name can no longer be changed.";
export const ASIC_SUBMIT_READY_TITLE = "Ready to submit the application to ASIC?";
export const ASIC_SUBMITTED = "The application has been lodged with ASIC. ASIC will decide it shortly.";
export const ASIC_SUBMITTED_NOT_PROCESSED = "The application was sent to ASIC but ASIC did not process it.";
/** Interview spec §9: after submit, back to the list or reload after 3 s. */
export const ASIC_AFTER_SUBMIT_MS = 3000;
