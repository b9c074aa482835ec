import { z } from "zod";
import { envelope } from "./envelope.ts";

/**
 * The public signing pages (`/sign/:token`): what a signer or witness sees and does through their
 * private link, without an account. Issue 15 §3.
 */

/** A private link's token: 43 base64url characters, or a signed-PDF link (`<recipient id>.<43>`). */
export const SigningTokenParams = z.object({
  token: z
    .string()
    .regex(/^(?:\d{1,10}\.)?[A-Za-z0-9_-]{43}$/, "This signing link is not valid.")
    .describe("The private link's token"),
});

/** Where the recipient stands: the page shows one state at a time. */
export const SigningPageState = z.enum([
  /** Their turn: read, consent, sign or decline. */
  "ready",
  /** An earlier signing group has not finished. */
  "not-your-turn",
  /** A witness whose signer has not signed yet. */
  "waiting-for-signer",
  /** They have signed; others have not. */
  "signed",
  /** They declined. */
  "declined",
  /** Every party signed: the sealed PDF can be downloaded (once it is ready). */
  "completed",
  /** Someone declined: the request is over. */
  "rejected",
  /** The sender withdrew or relaunched the request. */
  "void",
  /** The sender cancelled the request (with a reason, shown). */
  "cancelled",
  /** The due date has passed. */
  "expired",
]);
export type SigningPageState = z.infer<typeof SigningPageState>;

export const SigningPage = z.object({
  document_name: z.string(),
  firm_name: z.string(),
  recipient: z.object({
    full_name: z.string(),
    role: z.enum(["signer", "witness"]),
    group_name: z.string(),
  }),
  /** For a witness: the person whose signing they witness. */
  witness_of: z.string().nullable(),
  state: SigningPageState,
  /** Why the sender cancelled the request, when cancelled. */
  cancel_reason: z.string().nullable(),
  /** When it is not their turn: whose turn it is (the group signing now). */
  turn_message: z.string().nullable(),
  /** The last day to sign, YYYY-MM-DD. */
  due_date: z.string(),
  consented: z.boolean(),
  /** An SMS code is needed before signing (the sender turned SMS on). */
  sms_required: z.boolean(),
  sms_verified: z.boolean(),
  /** The last digits of the phone the code goes to. */
  sms_phone_last_digits: z.string().nullable(),
  /** Wrong SMS codes left before the link stops accepting codes. */
  sms_attempts_left: z.number().int(),
  /** The sealed PDF is ready to download (completed requests). */
  signed_pdf_ready: z.boolean(),
  /** This link can sign (the signing link, not the signed-PDF link). */
  can_sign: z.boolean(),
});
export type SigningPage = z.infer<typeof SigningPage>;
export const SigningPageResponse = envelope(SigningPage);

export const SigningActionResponse = envelope(SigningPage);

export const SigningConsentRequest = z.object({
  /** The recipient ticked the consent box (Electronic Transactions Act 1999 (Cth) s10). */
  agree: z.literal(true, { error: "Please agree to sign electronically." }),
});

export const SmsCodeVerifyRequest = z.object({
  code: z.string().regex(/^\d{6}$/, "Enter the 6-digit code from the SMS."),
});

export const SIGNATURE_FONTS = ["Dancing Script", "Great Vibes", "Homemade Apple"] as const;
/** A drawn signature's PNG data URL may be at most this long (200 KB). */
export const SIGNATURE_PNG_MAX_CHARS = 200 * 1024;

export const SigningSignRequest = z.object({
  signature: z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("drawn"),
      png_data_url: z
        .string()
        .max(SIGNATURE_PNG_MAX_CHARS, "The drawn signature is too large (at most 200 KB).")
        .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, "The drawn signature must be a PNG image."),
    }),
    z.object({
      kind: z.literal("typed"),
      text: z
        .string()
        .trim()
        .min(2, "Type your full name to sign.")
        .max(100, "The typed signature is too long."),
      font: z.enum(SIGNATURE_FONTS),
    }),
  ]),
  /** Witnesses only: how they saw the signing. */
  witnessed_by: z.enum(["in-person", "audio-visual"]).optional(),
  /** Witnesses only: their address, printed with their signature and on the certificate (optional). */
  address: z.string().trim().max(300, "The address is too long (at most 300 characters).").optional(),
});
export type SigningSignRequest = z.infer<typeof SigningSignRequest>;

export const SigningDeclineRequest = z.object({
  reason: z
    .string()
    .trim()
    .min(1, "Please give a reason for declining.")
    .max(1000, "The reason is too long."),
});
