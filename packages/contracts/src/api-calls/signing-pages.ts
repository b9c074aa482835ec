import {
  SigningActionResponse,
  SigningConsentRequest,
  SigningDeclineRequest,
  SigningPageResponse,
  SigningSignRequest,
  SigningTokenParams,
  SmsCodeVerifyRequest,
} from "../signing-pages.ts";
import { defineCall, defineLink } from "./define.ts";

const UNKNOWN_LINK = "The link is unknown or was replaced";
const NOT_NOW = "Not this recipient's turn, already signed or declined, expired, withdrawn or completed";

/** The private signing page a recipient opens from their e-mail; no session. */
export const signingPageCalls = {
  page: defineCall({
    method: "GET",
    path: "/api/sign/:token",
    params: SigningTokenParams,
    reply: SigningPageResponse,
    errors: { 404: UNKNOWN_LINK, 429: "Too many requests" },
  }),
  consent: defineCall({
    method: "POST",
    path: "/api/sign/:token/consent",
    params: SigningTokenParams,
    body: SigningConsentRequest,
    reply: SigningActionResponse,
    errors: {
      403: "A signed-PDF link cannot sign",
      404: UNKNOWN_LINK,
      409: NOT_NOW,
      429: "Too many requests",
    },
  }),
  sendSmsCode: defineCall({
    method: "POST",
    path: "/api/sign/:token/sms-code",
    params: SigningTokenParams,
    reply: SigningActionResponse,
    errors: {
      400: "No SMS codes for this request, or the provider refused the number",
      403: "A signed-PDF link cannot sign",
      404: UNKNOWN_LINK,
      409: NOT_NOW,
      423: "Five wrong codes were entered: no more codes for this link",
      429: "Too many requests",
      503: "The SMS provider is busy or down; no code was sent",
    },
  }),
  verifySmsCode: defineCall({
    method: "POST",
    path: "/api/sign/:token/sms-code/verify",
    params: SigningTokenParams,
    body: SmsCodeVerifyRequest,
    reply: SigningActionResponse,
    errors: {
      400: "The code is not right",
      403: "A signed-PDF link cannot sign",
      404: UNKNOWN_LINK,
      409: NOT_NOW,
      410: "The code has expired",
      423: "Five wrong codes were entered: no more codes for this link",
      429: "Too many requests",
    },
  }),
  sign: defineCall({
    method: "POST",
    path: "/api/sign/:token/sign",
    params: SigningTokenParams,
    body: SigningSignRequest,
    reply: SigningActionResponse,
    errors: {
      400: "The signature is not a PNG or the witness statement is missing",
      403: "A signed-PDF link cannot sign",
      404: UNKNOWN_LINK,
      409: NOT_NOW,
      429: "Too many requests",
    },
  }),
  decline: defineCall({
    method: "POST",
    path: "/api/sign/:token/decline",
    params: SigningTokenParams,
    body: SigningDeclineRequest,
    reply: SigningActionResponse,
    errors: {
      400: "A field is not valid",
      403: "A signed-PDF link cannot sign",
      404: UNKNOWN_LINK,
      409: NOT_NOW,
      429: "Too many requests",
    },
  }),
  originalPdf: defineLink({ method: "GET", path: "/api/sign/:token/pdf", params: SigningTokenParams }),
  signedPdf: defineLink({ method: "GET", path: "/api/sign/:token/signed.pdf", params: SigningTokenParams }),
} as const;
