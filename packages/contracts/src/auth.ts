import { z } from "zod";
import { envelope } from "./envelope.ts";
import { TwoFactorStep } from "./two-factor.ts";

export const Email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Wrong email format")
  .pipe(z.email("Wrong email format"));

export const LoginRequest = z.object({
  email: Email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(1024, "Password is too long"),
  /** Six-digit code from an authenticator app, for users with two-factor authentication. */
  totp: z
    .string()
    .regex(/^\d{6}$/, "The authentication code is six digits")
    .optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SessionInfo = z.object({
  /** Milliseconds of inactivity after which the server ends the session. */
  idle_timeout_ms: z.number().int(),
  /** How often an active browser should call the auth check to keep its session alive. */
  keep_alive_ms: z.number().int(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const SignedIn = z.object({
  user_id: z.number().int(),
  session: SessionInfo,
});

/** Signed in, or (two-factor sign-in) the step that must come first. */
export const LoginResponse = envelope(z.union([SignedIn, TwoFactorStep]));

export const BearerToken = z.object({
  token: z.string(),
  token_type: z.literal("Bearer"),
  session: SessionInfo,
});

/** API clients get the opaque session token to send as `Authorization: Bearer <token>`. */
export const TokenResponse = envelope(z.union([BearerToken, TwoFactorStep]));

/** Two-factor sign-in completed; set up during sign-in, the recovery codes come once here. */
export const TwoFactorLoginResponse = envelope(
  SignedIn.extend({ recovery_codes: z.array(z.string()).optional() }),
);
export const TwoFactorTokenResponse = envelope(
  BearerToken.extend({ recovery_codes: z.array(z.string()).optional() }),
);

export const AuthCheckResponse = envelope(
  z.object({
    /** False for a visitor without a session (an ended session answers 401 instead). */
    authenticated: z.boolean(),
    session: SessionInfo,
  }),
);

export const LogoutResponse = envelope(z.null());

/** The message of a sign-out on every device. */
export const SIGNED_OUT_EVERYWHERE = "You have been signed out on every device.";

/** POST /auth/sign-out-everywhere: how many sessions were ended (this one included). */
export const SignOutEverywhereResponse = envelope(z.object({ ended_sessions: z.number().int() }));
