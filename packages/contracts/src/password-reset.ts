import { z } from "zod";
import { Email } from "./auth.ts";
import { envelope } from "./envelope.ts";
import { CONFIRM_PASSWORD_MISMATCH, CONFIRM_PASSWORD_REQUIRED, PASSWORD_TOO_SHORT } from "./invitations.ts";
import { PASSWORD_MIN_CHARS } from "./users.ts";

/**
 * "Forgot password?": a person who cannot sign in asks for a link by e-mail, and the link sets a
 * new password. The product runs on its own, without a host site's sign-in, so it must offer this.
 */

/** How long a reset link works. Short: the link is a credential sitting in a mailbox. */
export const PASSWORD_RESET_VALID_MINUTES = 60;

export const PASSWORD_RESET_MESSAGES = {
  /**
   * The same answer whether or not an account uses the address, so that the form cannot be used to
   * find out who has an account.
   */
  sent: `If an account uses that email, we have sent it a link to choose a new password. The link works for ${PASSWORD_RESET_VALID_MINUTES} minutes.`,
  linkNotValid: "This password reset link is not valid.",
  linkUsedOrExpired:
    "This password reset link has expired or has already been used. Please ask for a new one.",
  changed: "Your password has been changed. Please sign in with your new password.",
  tooMany: "Too many password reset requests. Please wait a while and try again.",
} as const;

export const PasswordResetRequest = z.object({ email: Email });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;
export const PasswordResetRequestResponse = envelope(z.null());

/** The link's token: 32 random bytes, base64url. */
export const PasswordResetTokenParams = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, PASSWORD_RESET_MESSAGES.linkNotValid)
    .describe("The token from the reset link `/reset-password/{token}`"),
});

/** What the reset page shows before the person chooses a password. */
export const PasswordResetLinkResponse = envelope(
  z.object({
    /** The account's address, partly hidden ("a•••@firm.com.au"): the person sees it is theirs. */
    email_hint: z.string(),
    expires_at: z.string().describe("When the link stops working (ISO 8601)"),
  }),
);

export const ChoosePasswordRequest = z
  .object({
    password: z
      .string({ error: "Password is required" })
      .min(PASSWORD_MIN_CHARS, PASSWORD_TOO_SHORT)
      .max(1024, "Password is too long"),
    confirm_password: z
      .string({ error: CONFIRM_PASSWORD_REQUIRED })
      .min(1, CONFIRM_PASSWORD_REQUIRED)
      .max(1024, "Password is too long"),
  })
  .refine((body) => body.password === body.confirm_password, {
    message: CONFIRM_PASSWORD_MISMATCH,
    path: ["confirm_password"],
  });
export type ChoosePasswordRequest = z.infer<typeof ChoosePasswordRequest>;
export const ChoosePasswordResponse = envelope(z.null());
