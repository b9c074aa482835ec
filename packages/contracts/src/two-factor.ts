import { z } from "zod";
import { envelope } from "./envelope.ts";
import { idParam } from "./folders.ts";

/** How many recovery codes are handed out when two-factor sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;

/** The messages of two-factor sign-in, shared by the server and the web app. */
export const TWO_FACTOR_DISABLED = "Two-factor authentication has been turned off.";
export const TWO_FACTOR_WRONG_CODE = "That code is not right. Check your authenticator app and try again.";
export const TWO_FACTOR_WRONG_RECOVERY_CODE = "That recovery code is not right, or it has already been used.";
export const TWO_FACTOR_CHALLENGE_ENDED = "This sign-in has ended. Please sign in again.";

/** A six-digit code from an authenticator app; spaces (as apps show it, `123 456`) are ignored. */
export const TotpCode = z
  .string({ error: "Enter the 6-digit code from your authenticator app" })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"));

/** A one-time recovery code (`abcde-12345`); case, spaces and the dash are forgiven. */
export const RecoveryCode = z
  .string({ error: "Enter one of your recovery codes" })
  .transform((v) => v.replace(/[\s-]+/g, "").toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, "Enter one of your recovery codes"));

/** GET /tfa: the spec's two-factor status, with what this product adds. */
export const TwoFactorStatus = z.object({
  wp_2fa_2fa_status: z.enum(["no_required_not_enabled", "has_enabled_methods"]),
  wp_2fa_enabled_methods: z.array(z.literal("totp")),
  /** Whether a firm the user belongs to requires two-factor sign-in of everyone in it. */
  required_by_firm: z.boolean(),
  /** Recovery codes not yet used (0 while two-factor sign-in is off). */
  recovery_codes_left: z.number().int(),
  /** The firm named by `?id_team=`: whether it requires two-factor sign-in, and may the caller change that. */
  firm: z
    .object({
      id: z.number().int(),
      required: z.boolean(),
      can_change_requirement: z.boolean(),
    })
    .nullable(),
  abilities: z.object({
    /** False while a firm requires it, or while it is off. */
    can_disable: z.boolean(),
  }),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;
export const TwoFactorStatusResponse = envelope(TwoFactorStatus);

export const TwoFactorStatusQuery = z.object({
  id_team: idParam("id_team").optional().describe("A firm of the caller's, to read its requirement as well."),
});

/** A new authenticator secret, pending until a code from it is confirmed. */
export const TotpSetup = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as a QR code: an SVG image as a data URL. */
  qr_code: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetup>;
export const TotpSetupResponse = envelope(TotpSetup);

export const TotpConfirmRequest = z.object({ code: TotpCode });

/** Shown once: only their hashes are kept. */
export const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export const TotpConfirmResponse = envelope(RecoveryCodes);

export const TwoFactorIdParams = z.object({ id: idParam("id") });

/** PUT /tfa/{id}: turning two-factor sign-in off needs the password or a current code. */
export const TwoFactorDisableRequest = z
  .object({
    password: z.string().max(1024, "Password is too long").optional(),
    code: TotpCode.optional(),
  })
  .refine((v) => (v.password !== undefined && v.password !== "") || v.code !== undefined, {
    message: "Enter your password or a code from your authenticator app",
    path: ["password"],
  });
export const TwoFactorDisableResponse = envelope(z.null());

export const FirmRequirementRequest = z.object({
  required: z.boolean({ error: "required must be true or false" }),
});
export const FirmRequirementQuery = z.object({ id_team: idParam("id_team") });
export const FirmRequirementResponse = envelope(z.object({ required: z.boolean() }));

/**
 * The sign-in step after the password, when the account needs a code (`code`) or must set
 * two-factor sign-in up first because a firm requires it (`setup`). No session exists yet.
 */
export const TwoFactorStep = z.object({
  two_factor: z.object({
    step: z.enum(["code", "setup"]),
    /** Short-lived; sent back with the code. */
    challenge: z.string(),
    expires_at: z.string(),
  }),
});
export type TwoFactorStep = z.infer<typeof TwoFactorStep>;

export const ChallengeRequest = z.object({
  challenge: z.string({ error: "challenge is required" }).min(1, "challenge is required").max(200),
});

/** POST /auth/login/two-factor: the challenge and a code, or a recovery code. */
export const TwoFactorLoginRequest = ChallengeRequest.extend({
  code: TotpCode.optional(),
  recovery_code: RecoveryCode.optional(),
}).refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), {
  message: "Enter the 6-digit code from your authenticator app",
  path: ["code"],
});
export type TwoFactorLoginRequest = z.input<typeof TwoFactorLoginRequest>;
