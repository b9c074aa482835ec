import { z } from "zod";
import { Billing } from "./catalogue.ts";
import { envelope } from "./envelope.ts";
import { idParam, ListSection, TeamScopeQuery } from "./folders.ts";
import { FulfilmentStatus } from "./fulfilment-columns.ts";

/**
 * Legal review and hard copy of a finished document (documents spec §2, §4; interview-signing
 * spec "Hard copy and legal review"): a request on the document, an order of the existing
 * checkout, and the request's state on the document.
 */

export const FULFILMENT_KINDS = ["legal_review", "hard_copy"] as const;
export const FulfilmentKind = z.enum(FULFILMENT_KINDS);
export type FulfilmentKind = z.infer<typeof FulfilmentKind>;

/** The Australian states and territories a hard copy is sent to. */
export const AU_STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
export const AuState = z.enum(AU_STATES, { error: "Please choose a state or territory." });
export type AuState = z.infer<typeof AuState>;

export const LEGAL_REVIEW_NOTE_MAX = 2000;

export const FULFILMENT_MESSAGES = {
  legalReviewNotCompleted: "A legal review can be requested only for a completed document.",
  hardCopyNotReady: "A hard copy can be ordered only for a completed or signed document.",
  refused: "Only the document's creator, the company owner or a manager can order this for the document.",
  ownerConfirmation:
    "This is an organisation document: the owner's confirmation is needed before a legal review or a hard copy is ordered.",
  reviewOpen:
    "A legal review of this document is already under way. You will hear from the review team by email.",
  requestUnpaid:
    "A request of this kind for this document is awaiting payment: pay for it, or cancel it first.",
  notCancellable: "Only a request that has not been paid can be cancelled here.",
  requestNotFound: "Request not found.",
  shippingUnknown: "Please choose one of the shipping options offered.",
  postcodeState: (postcode: string, state: string) =>
    `Postcode ${postcode} is not a postcode of ${state}. Please check the postcode and the state.`,
  reviewQuoted: (phone: string, email: string) =>
    `A legal review of this kind of document is quoted on request. Please call ${phone} or email ${email}.`,
} as const;

/** An Australian delivery address: a hard copy is posted within Australia only. */
export const DeliveryAddress = z.object({
  recipient: z.string().trim().min(1, "Please enter who the copies are for.").max(120),
  company: z.string().trim().max(200).default(""),
  address_1: z.string().trim().min(1, "Please enter the street address.").max(200),
  address_2: z.string().trim().max(200).default(""),
  suburb: z.string().trim().min(1, "Please enter the suburb or town.").max(100),
  state: AuState,
  postcode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, "Please enter a four-digit Australian postcode."),
  phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^[+\d ()-]*$/, "Please enter a phone number with digits only.")
    .default(""),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

const requestBase = {
  billing: Billing,
  /** The tab the request is made from: Organisation Documents needs the owner's confirmation. */
  type: ListSection.optional(),
  owner_confirmed: z.boolean().default(false),
};

export const LegalReviewRequest = z.object({
  note: z.string().trim().max(LEGAL_REVIEW_NOTE_MAX).default(""),
  ...requestBase,
});
export type LegalReviewRequest = z.infer<typeof LegalReviewRequest>;

export const HardCopyRequest = z.object({
  copies: z.coerce
    .number({ error: "Please enter how many copies." })
    .int("Please enter a whole number of copies.")
    .min(1, "At least one copy."),
  shipping: z.string().trim().min(1, "Please choose a shipping option.").max(40),
  address: DeliveryAddress,
  note: z.string().trim().max(LEGAL_REVIEW_NOTE_MAX).default(""),
  ...requestBase,
});
export type HardCopyRequest = z.infer<typeof HardCopyRequest>;

export const FulfilmentDocParams = z.object({ id: idParam("id") });
export const FulfilmentRequestParams = z.object({ id: idParam("id"), request_id: idParam("request_id") });

export const FulfilmentRequest = z.object({
  id: z.number().int(),
  doc_id: z.number().int(),
  kind: FulfilmentKind,
  status: FulfilmentStatus,
  order_id: z.number().int(),
  /** AUD cents inc. GST. */
  total: z.number().int(),
  note: z.string(),
  copies: z.number().int().nullable(),
  shipping: z.string().nullable(),
  shipping_label: z.string().nullable(),
  address: DeliveryAddress.nullable(),
  requested_by: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  updated_at: z.string(),
});
export type FulfilmentRequest = z.infer<typeof FulfilmentRequest>;

export const ShippingOption = z.object({ id: z.string(), label: z.string(), price: z.number().int() });
export type ShippingOption = z.infer<typeof ShippingOption>;

/** What the two dialogs show for one document: prices from the settings, and its requests. */
export const DocumentFulfilment = z.object({
  legal_review: z.object({
    /** AUD cents inc. GST; null when this kind of document is quoted on request. */
    price: z.number().int().nullable(),
    /** Why a request cannot be made now (null when it can). */
    refusal: z.string().nullable(),
  }),
  hard_copy: z.object({
    price_per_copy: z.number().int(),
    max_copies: z.number().int(),
    shipping: z.array(ShippingOption),
    refusal: z.string().nullable(),
  }),
  /** Where to ask about anything else (the Lite notice, a quote). */
  sales_phone: z.string(),
  sales_email: z.string(),
  requests: z.array(FulfilmentRequest),
});
export type DocumentFulfilment = z.infer<typeof DocumentFulfilment>;

export const DocumentFulfilmentResponse = envelope(DocumentFulfilment);
export const FulfilmentRequestResponse = envelope(FulfilmentRequest);
export const FulfilmentScopeQuery = TeamScopeQuery;
