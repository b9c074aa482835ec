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
    // Everyone has signed and the seal job is at work (a second or two): the page asks again until
    // the signed PDF is there, rather than leaving the signer to refresh.
    refetchInterval: (query) => {
      const data = query.state.data;
      return data?.state === "completed" && !data.signed_pdf_ready ? SEALING_POLL_MS : false;
    },
  });

/** How often a completed request's page looks for its signed PDF while it is being sealed. */
export const SEALING_POLL_MS = 2000;

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
