import { SigningActionResponse, SigningPageResponse, type SigningSignRequest } from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../api/client";

const base = (token: string) => `/api/sign/${encodeURIComponent(token)}`;
// The visitor has no session: a refusal never signs anyone out.
const noSession = { unauthorizedEndsSession: false } as const;

export const signingPageQuery = (token: string) =>
  queryOptions({
    queryKey: ["signing-page", token],
    queryFn: ({ signal }) => apiRequest(base(token), SigningPageResponse, { signal, ...noSession }),
    retry: false,
    refetchOnWindowFocus: true,
  });

export const originalPdfUrl = (token: string) => `${base(token)}/pdf`;
export const signedPdfUrl = (token: string) => `${base(token)}/signed.pdf`;

const post = (token: string, path: string, body: unknown = {}) =>
  apiRequest(`${base(token)}${path}`, SigningActionResponse, { method: "POST", body, ...noSession });

export const consentToSign = (token: string) => post(token, "/consent", { agree: true });
export const sendSmsCode = (token: string) => post(token, "/sms-code");
export const verifySmsCode = (token: string, code: string) => post(token, "/sms-code/verify", { code });
export const signDocument = (token: string, body: SigningSignRequest) => post(token, "/sign", body);
export const declineToSign = (token: string, reason: string) => post(token, "/decline", { reason });
