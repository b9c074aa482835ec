import { z } from "zod";
import { envelope } from "./envelope.ts";
import { idParam, TeamScopeQuery } from "./folders.ts";

// ---- E-signing, the sender's side (interview-signing spec §2 wizard, §3, §4, §5, §7 Signing, §9) ----

/** At most 9 signing groups (§9). */
export const MAX_SIGNING_GROUPS = 9;
/** Signer history page size, loaded by scroll (§9). */
export const SIGNING_HISTORY_PAGE_SIZE = 15;
/** Default phone area code (§9). */
export const DEFAULT_PHONE_AREA_CODE = "+61";
/** A signer sent without a name is 'N/A' (§5). */
export const SIGNER_NAME_FALLBACK = "N/A";

// §2, §4, §5, §8 verbatim.
export const FIELD_REQUIRED = "Required";
export const FIELD_CANNOT_BE_BLANK = "This field cannot be blank.";
export const INVALID_EMAIL = "Please input a valid email address.";
export const GROUP_NAME_EXISTS = "This group name already exists. Please enter a new group name";
export const NO_ASSIGNED_SIGNER = "No assigned signer";
export const NO_WITNESS_DATA = "No Witness Data";
export const SELECT_A_SIGNER = "Select a signer";
export const ALL_SIGNERS_ASSIGNED = "Congratulations! You have assigned all signers to the signature boxes";
export const BACK_TO_PREVIOUS_STEP = "Back to previous step";
export const EMAIL_SENT_TITLE = "Email sent successfully";
export const EMAIL_SENT_TEXT =
  "Your Signing Request email was sent successfully. You can monitor the signing status from My Documents.";
export const FAILED_TO_SIGN = "Failed to sign document. Please try again";
export const LITE_PLAN_NOTICE = "This feature is not available for Lite Plan...";
export const RELAUNCHED_TOOLTIP =
  "Document has just been relaunched, reset Signing request to get this last updated document signed.";
export const FIRST_SIGNING_GROUP = "First Signing Group";
export const LAST_SIGNING_GROUP = "Last Signing Group";
export const ADD_NEW_GROUP = "Add new group";
export const SEND_REMINDER = "Send reminder";
export const OVERDUE = "Overdue";
export const PENDING_SIGNATURE = "Pending Signature";

// Messages the spec leaves unworded.
export const INVALID_PHONE =
  "Please input a phone number as the country code, a dash, then the number: +61-412345678.";
export const DUE_DATE_IN_PAST = "The due date cannot be before today.";
export const DUE_DATE_INVALID = "The due date must be a date as YYYY-MM-DD.";
export const TOO_MANY_GROUPS = `At most ${MAX_SIGNING_GROUPS} signing groups can be used.`;
export const SIGNING_NOT_ALLOWED = "Only a completed document that allows signing can be sent for signing.";
export const REMINDER_JUST_SENT =
  "A reminder was sent less than a minute ago. Please wait a minute before sending another.";
export const SIGNING_CANCELLED = "Signing request cancelled";
export const CANCEL_NOT_ALLOWED = "Only a signing request that is pending signature can be cancelled.";
export const RESEND_NOT_ALLOWED =
  "A signing request can be resent only after it was declined or cancelled, while the document is unchanged.";
export const CANCEL_REASON_REQUIRED = "Please give a reason for cancelling.";
export const WITNESS_IS_SIGNER = (witness: string) =>
  `${witness} cannot witness this document: a witness must be a different person from every signer (same name or email).`;
export const WITNESS_IS_PARTY = (witness: string) =>
  `${witness} cannot witness this document: a witness must not be a party to it.`;
export const WITNESS_NOT_ADULT =
  "Please confirm that every witness is 18 or over and not a party to the document.";
export const REMINDER_NOT_ALLOWED = "A reminder can be sent only while the document is pending signature.";
export const OWNER_CONFIRMATION_REQUIRED =
  "This is an organisation document: the owner's confirmation is needed before it is sent for signing.";
export const SIGNING_REFUSED =
  "Only the document's creator, the company owner or a manager can send it for signing.";
export const UNKNOWN_SIGNATURE_BOX = (key: string) =>
  `No signature box "${key}" in this document. Reopen the signing wizard to load its signers again.`;
export const SIGNER_MISSING = (name: string) => `${name} must be sent the signing request too.`;
export const NO_SIGNERS = "This document has no signature boxes to sign.";
export const NOT_ASSEMBLED = "This document has no assembled PDF to sign. Please assemble it first.";
export const FUSESIGN_NOT_CONNECTED =
  "FuseSign is not connected on this server. Please send with the built-in signing.";
export const FUSESIGN_BAD_SIGNATURE = "The webhook's signature does not match its body.";
export const SIGNED_PDF_NOT_READY =
  "The signed PDF is not ready: everyone must sign, then it is sealed within a minute.";

/** `?doc_id=&id_team=` */
export const SigningDocQuery = TeamScopeQuery.extend({ doc_id: idParam("doc_id") });
export type SigningDocQuery = z.infer<typeof SigningDocQuery>;

export const SigningHistoryQuery = SigningDocQuery.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  length: z.coerce.number().int().min(1).max(100).default(SIGNING_HISTORY_PAGE_SIZE),
});
export type SigningHistoryQuery = z.infer<typeof SigningHistoryQuery>;

/**
 * `GET /signing/document/download?doc_id=` (§7, the e-signing download): the sealed signed PDF, or
 * with `file=certificate` its audit certificate pages on their own.
 */
export const SignedDownloadQuery = SigningDocQuery.extend({
  file: z.enum(["signed", "certificate"]).default("signed"),
});
export type SignedDownloadQuery = z.infer<typeof SignedDownloadQuery>;

/** `POST /fusesign/webhook`: whether the event moved anything (a repeat or an event we ignore does not). */
export const FuseSignWebhookResponse = envelope(z.object({ applied: z.boolean() }));
export type FuseSignWebhookResponse = z.infer<typeof FuseSignWebhookResponse>;

/** A witness of a signer (§3 Signer list response). */
export const SignerWitness = z.object({
  email: z.string(),
  full_name: z.string(),
  meta_key: z.string(),
  date_key: z.string(),
});

/** §3 Signer (list response), plus who they sign for (ours: the wizard's title line). */
export const ListedSigner = z.object({
  Email: z.string(),
  full_name: z.string(),
  meta_key: z.string(),
  date_key: z.string(),
  Witness_Required: z.enum(["Yes", "No"]),
  witness: z.array(SignerWitness),
  title: z.string(),
  kind: z.enum(["individual", "company"]),
});
export type ListedSigner = z.infer<typeof ListedSigner>;

/** Whether this document may be signed electronically, and if not, why (the execution check). */
export const ExecutionCheck = z.object({
  electronic: z.boolean(),
  message: z.string(),
  /** The governing law read from the answers ("NSW", "VIC" …), or null when none. */
  governing_law: z.string().nullable(),
  /** The rules applied, each with its source. */
  rules: z.array(z.object({ rule: z.string(), source: z.string() })),
});
export type ExecutionCheck = z.infer<typeof ExecutionCheck>;

export const ListSignerResponse = envelope(
  z.object({
    list: z.array(ListedSigner),
    execution: ExecutionCheck,
    providers: z.array(z.enum(["builtin", "fusesign"])),
    is_relaunch: z.boolean(),
  }),
);

const zeroOrOne = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal("0"), z.literal("1")]);
const asFlag = (value: z.infer<typeof zeroOrOne>) => value === true || value === 1 || value === "1";

export const ConfirmSigner = z.object({
  full_name: z.string().max(200).default(""),
  email: z.string().max(254).default(""),
  phone_number: z.string().max(40).nullish(),
  last_signer: zeroOrOne.default(false).transform(asFlag),
  meta_key: z.string().min(1).max(300),
  date_key: z.string().max(300).default(""),
  signing_group: z.coerce.number().int().min(0).max(100).default(0),
  signing_group_name: z.string().max(200).default(""),
  lock_last_signing_group: zeroOrOne.default(false).transform(asFlag),
});
export type ConfirmSigner = z.infer<typeof ConfirmSigner>;

/** POST /signing/confirm (§7 Signing). */
export const ConfirmSigningRequest = z.object({
  doc_id: idParam("doc_id"),
  provider: z.enum(["builtin", "fusesign"]).default("builtin"),
  sms_notify: zeroOrOne.default(false).transform(asFlag),
  due_date: z.string().max(20).default(""),
  email_subject: z.string().trim().min(1, FIELD_CANNOT_BE_BLANK).max(300),
  email_body: z.string().max(20_000).default(""),
  emailContent: z.string().max(20_000).optional(),
  is_group: zeroOrOne.default(false).transform(asFlag),
  signer: z.array(ConfirmSigner).min(1, FIELD_REQUIRED).max(100),
  /** An organisation document sent by someone other than its creator: the owner confirmed. */
  owner_confirmed: z.boolean().default(false),
  /** The sender confirms each witness is 18 or over (needed when any witness is sent). */
  witnesses_adult: z.boolean().default(false),
});
export type ConfirmSigningRequest = z.input<typeof ConfirmSigningRequest>;

export const ConfirmSigningResponse = envelope(
  z.object({
    status: z.boolean(),
    data: z.object({
      bundle_id: z.number().int(),
      recipients: z.number().int(),
      doc_status: z.number().int(),
    }),
  }),
);

export const SignerStatusName = z.enum([PENDING_SIGNATURE, "Signed", "Rejected"]);

export const SignerStatusItem = z.object({
  SignOn: z.string().nullable(),
  Note: z.string().nullable(),
  Name: z.string(),
  Email: z.string(),
  Role: z.enum(["signer", "witness"]),
  CustomerBundleStatusName: SignerStatusName,
  /** Greyed: a later group, before every signer of the groups before has signed. */
  waiting: z.boolean(),
});

export const SignerStatusGroup = z.object({
  SigningGroup: z.number().int(),
  SigningGroupName: z.string(),
  items: z.array(SignerStatusItem),
});

/** §3 Signer status response. */
export const BundleStatusResponse = envelope(
  z.object({
    doc_id: z.number().int(),
    doc_name: z.string(),
    doc_status: z.number().int(),
    doc_status_name: z.string(),
    bundle_status: z.enum(["pending", "completed", "rejected", "cancelled", "void"]),
    /** Why the sender cancelled it, when cancelled. */
    cancel_reason: z.string().nullable(),
    is_group: z.boolean(),
    LastReminderSent: z.string().nullable(),
    DateSent: z.string(),
    DueDate: z.string(),
    is_overdue: z.boolean(),
    total_signed: z.number().int(),
    total_signer: z.number().int(),
    CustomerActionStatus: z.string(),
    items: z.array(SignerStatusItem.extend({ SigningGroup: z.number().int(), SigningGroupName: z.string() })),
    groups: z.array(SignerStatusGroup),
    can_remind: z.boolean(),
    /** The sender may cancel it (pending), or resend it (declined or cancelled). */
    can_cancel: z.boolean(),
    can_resend: z.boolean(),
  }),
);
export type BundleStatus = z.infer<typeof BundleStatusResponse>["data"];

export const SigningHistoryRow = z.object({
  created_at: z.string(),
  customer_name: z.string(),
  action_des: z.string(),
});
export const SigningHistoryResponse = envelope(
  z.object({
    rows: z.array(SigningHistoryRow),
    page: z.number().int(),
    total_page: z.number().int(),
  }),
);

export const ReminderRequest = z.object({
  doc_id: idParam("doc_id"),
  reminder_notes: z.string().max(2000).default(""),
});
export const ReminderResponse = envelope(z.object({ reminded: z.number().int() }));

/** POST /signing/cancel: voids the pending request; every link stops working. */
export const CancelSigningRequest = z.object({
  doc_id: idParam("doc_id"),
  reason: z.string().trim().min(1, CANCEL_REASON_REQUIRED).max(1000),
});
/** POST /signing/resend: a declined or cancelled request sent again, with new links. */
export const ResendSigningRequest = z.object({
  doc_id: idParam("doc_id"),
  /** An organisation document resent by someone other than its creator: the owner confirmed. */
  owner_confirmed: z.boolean().default(false),
});
export const SigningLifecycleResponse = envelope(
  z.object({
    doc_status: z.number().int(),
    bundle_status: z.enum(["pending", "cancelled"]),
    recipients: z.number().int(),
  }),
);

/** What the signing module adds to each document row (§3 Document: total_signer, total_signed, bundle_status). */
export const SigningRowColumns = z.object({
  total_signer: z.number().int(),
  total_signed: z.number().int(),
  bundle_status: z.enum(["pending", "completed", "rejected", "cancelled", "void"]).nullable(),
});
export type SigningRowColumns = z.infer<typeof SigningRowColumns>;
