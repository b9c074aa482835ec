import {
  AuthCheckResponse,
  LoginRequest,
  LoginResponse,
  LogoutResponse,
  SignOutEverywhereResponse,
  TwoFactorLoginResponse,
} from "../auth.ts";
import {
  ChoosePasswordRequest,
  ChoosePasswordResponse,
  PasswordResetLinkResponse,
  PasswordResetRequest,
  PasswordResetRequestResponse,
  PasswordResetTokenParams,
} from "../password-reset.ts";
import {
  ChallengeRequest,
  FirmRequirementQuery,
  FirmRequirementRequest,
  FirmRequirementResponse,
  TotpConfirmRequest,
  TotpConfirmResponse,
  TotpSetupResponse,
  TwoFactorDisableRequest,
  TwoFactorDisableResponse,
  TwoFactorIdParams,
  TwoFactorLoginRequest,
  TwoFactorStatusQuery,
  TwoFactorStatusResponse,
} from "../two-factor.ts";
import { defineCall } from "./define.ts";

/** Signing in (with its two-factor steps), the session check, signing out. */
export const authCalls = {
  signIn: defineCall({
    method: "POST",
    path: "/api/auth/login",
    body: LoginRequest,
    reply: LoginResponse,
    errors: {
      400: "A field is not valid",
      401: "The email or password is not right",
      403: "A firm the person belongs to is locked",
      429: "Too many failed sign-ins from this address",
    },
  }),
  signInCode: defineCall({
    method: "POST",
    path: "/api/auth/login/two-factor",
    body: TwoFactorLoginRequest,
    reply: TwoFactorLoginResponse,
    errors: {
      400: "A field is not valid",
      401: "The code is not right, or the sign-in has ended",
      403: "A firm the person belongs to was locked",
      429: "Too many wrong codes",
    },
  }),
  signInTotpSetup: defineCall({
    method: "POST",
    path: "/api/auth/login/two-factor/setup",
    body: ChallengeRequest,
    reply: TotpSetupResponse,
    errors: {
      400: "A field is not valid",
      401: "The sign-in has ended",
      409: "Two-factor sign-in is already on",
    },
  }),
  /** Answered 200 with `authenticated: false` to a visitor without a session. */
  check: defineCall({ method: "GET", path: "/api/auth/check", reply: AuthCheckResponse, errors: {} }),
  signOut: defineCall({ method: "GET", path: "/api/logout", reply: LogoutResponse, errors: {} }),
  signOutEverywhere: defineCall({
    method: "POST",
    path: "/api/auth/sign-out-everywhere",
    reply: SignOutEverywhereResponse,
    errors: {},
  }),
} as const;

/** A person's own two-factor sign-in, and a firm's requirement of it. */
export const twoFactorCalls = {
  status: defineCall({
    method: "GET",
    path: "/api/tfa",
    query: TwoFactorStatusQuery,
    reply: TwoFactorStatusResponse,
    errors: { 404: "Not a member of this firm" },
  }),
  beginTotpSetup: defineCall({
    method: "POST",
    path: "/api/tfa/totp/setup",
    reply: TotpSetupResponse,
    errors: { 409: "Two-factor sign-in is already on" },
  }),
  confirmTotpSetup: defineCall({
    method: "POST",
    path: "/api/tfa/totp/confirm",
    body: TotpConfirmRequest,
    reply: TotpConfirmResponse,
    errors: { 400: "The code is not valid", 409: "Already on, or no set-up is waiting" },
  }),
  /** The reply's message is what the page shows. */
  disable: defineCall({
    method: "PUT",
    path: "/api/tfa/:id",
    params: TwoFactorIdParams,
    body: TwoFactorDisableRequest,
    reply: TwoFactorDisableResponse,
    errors: {
      400: "A field is not valid",
      404: "Not the caller's own",
      409: "Not on, or a firm of the caller's requires it",
      429: "Too many wrong passwords or codes",
    },
  }),
  setFirmRequirement: defineCall({
    method: "PUT",
    path: "/api/tfa/firm-requirement",
    query: FirmRequirementQuery,
    body: FirmRequirementRequest,
    reply: FirmRequirementResponse,
    errors: {
      400: "A field is not valid",
      403: "Only the company owner",
      404: "Not a member of this firm",
      409: "The owner's own two-factor sign-in is not on",
    },
  }),
} as const;

/** "Forgot password?": the e-mailed link, what it shows, and choosing the new password. */
export const passwordResetCalls = {
  /** Answered the same whether or not an account uses the address. */
  request: defineCall({
    method: "POST",
    path: "/api/auth/password-reset",
    body: PasswordResetRequest,
    reply: PasswordResetRequestResponse,
    errors: { 400: "The email is not valid", 429: "Too many requests from this address or for this email" },
  }),
  link: defineCall({
    method: "GET",
    path: "/api/auth/password-reset/:token",
    params: PasswordResetTokenParams,
    reply: PasswordResetLinkResponse,
    errors: { 400: "Not a reset link", 410: "The link has expired or has been used" },
  }),
  choosePassword: defineCall({
    method: "POST",
    path: "/api/auth/password-reset/:token",
    params: PasswordResetTokenParams,
    body: ChoosePasswordRequest,
    reply: ChoosePasswordResponse,
    errors: { 400: "A field is not valid", 410: "The link has expired or has been used" },
  }),
} as const;
