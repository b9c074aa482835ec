import { API, type SigningSignRequest } from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { call, hrefOf } from "../../api/call";

// The visitor has no session: a refusal never signs anyone out.
const noSession = { unauthorizedEndsSession: false } as const;
const of = (token: string) => ({ params: { token }, ...noSession });

export const signingPageQuery = (token: string) =>
  queryOptions({
    queryKey: ["signing-page", token],
    queryFn: ({ signal }) => call(API.signingPages.page, { ...of(token), signal }),
    retry: false,
    refetchOnWindowFocus: true,
  });

export const originalPdfUrl = (token: string) => hrefOf(API.signingPages.originalPdf, { params: { token } });
export const signedPdfUrl = (token: string) => hrefOf(API.signingPages.signedPdf, { params: { token } });

export const consentToSign = (token: string) =>
  call(API.signingPages.consent, { ...of(token), body: { agree: true } });
export const sendSmsCode = (token: string) => call(API.signingPages.sendSmsCode, of(token));
export const verifySmsCode = (token: string, code: string) =>
  call(API.signingPages.verifySmsCode, { ...of(token), body: { code } });
export const signDocument = (token: string, body: SigningSignRequest) =>
  call(API.signingPages.sign, { ...of(token), body });
export const declineToSign = (token: string, reason: string) =>
  call(API.signingPages.decline, { ...of(token), body: { reason } });
