import { createSigningLinkBox } from "../tokens.ts";
import type { SigningCeremonyDeps } from "./ceremony-deps.ts";
import { createPageActions } from "./page-actions.ts";
import { createSealing } from "./sealing.ts";
import { createSignAndDecline } from "./sign-and-decline.ts";
import { createSigningLinks } from "./signing-links.ts";
import { createSmsCodes } from "./sms-codes.ts";

// The signing ceremony, a small facade over its jobs, each in its own file: what a link resolves
// to, its page and its history (signing-links.ts), viewing, the PDFs and consent
// (page-actions.ts), SMS codes (sms-codes.ts), signing and declining (sign-and-decline.ts), and
// the seal job with the audit certificate (sealing.ts). The words of its refusals are in
// link-messages.ts, re-exported here for the routes and the tests.

export { fileBaseName, type RequestMeta, SIGNING_LINK_MESSAGES } from "./link-messages.ts";
export { auditCertificate } from "./sealing.ts";
export { isPngDataUrl } from "./sign-and-decline.ts";

/**
 * The signer's side of a signing request (issue 15 §3, §6): the private link's page, consent, SMS
 * codes, signing, declining, and completion exactly once, sealed by a job.
 *
 * A recipient holds two kinds of link: the signing link the sender emails, and the signed-PDF link
 * emailed at completion, which can only read the page and download the sealed PDF (see
 * signing-links.ts).
 */
export function createSigningCeremony(deps: SigningCeremonyDeps) {
  // The after-signing emails carry the next signer's own link, re-sent unchanged from its seal.
  const after = { mail: deps.mail, links: createSigningLinkBox(deps.secretKey), publicUrl: deps.publicUrl };
  const links = createSigningLinks(deps);
  const sealing = createSealing(deps, links, after);
  const pageActions = createPageActions(deps, links);
  const smsCodes = createSmsCodes(deps, links);
  const signing = createSignAndDecline(deps, links, after, sealing.seal);

  return {
    view: pageActions.view,
    originalPdf: pageActions.originalPdf,
    signedPdf: pageActions.signedPdf,
    consent: pageActions.consent,
    sendSmsCode: smsCodes.sendSmsCode,
    verifySmsCode: smsCodes.verifySmsCode,
    sign: signing.sign,
    decline: signing.decline,

    /** The signed-PDF link of a recipient (emailed at completion; tests read it). */
    downloadToken: links.downloadToken,

    /** Hands over the sealer (signing-seal's, or a test double in tests). */
    useSealer: sealing.useSealer,
  };
}

export type SigningCeremony = ReturnType<typeof createSigningCeremony>;
