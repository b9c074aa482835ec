import { API, type DocumentFile } from "@precedent/contracts";
import type { Answers } from "@precedent/docgen/forms";
import { call, hrefOf } from "./call";

/** The interview calls (interview spec §7 "Document and interview"); every one names the firm. */
const scope = (teamId: number) => ({ id_team: teamId });

/**
 * The interview page's load (its action token and the interview). The assistant invalidates it
 * after setting an answer, so the page shows the answer; the reload takes the newest token.
 */
export const interviewKey = (teamId: number, docId: number) => ["interview", teamId, docId] as const;

/** The newest token wins: opening the document here makes any other tab's saves fail. */
export const getActionToken = async (teamId: number, docId: number, signal?: AbortSignal) =>
  (
    await call(API.interview.actionToken, {
      params: { docId },
      query: scope(teamId),
      ...(signal ? { signal } : {}),
    })
  ).action_token;

export const getInterview = (teamId: number, docId: number, signal?: AbortSignal) =>
  call(API.interview.get, {
    params: { docId },
    query: scope(teamId),
    ...(signal ? { signal } : {}),
  });

/** Saves the answers; `status` false means another tab holds the document now. */
export const saveInterview = async (teamId: number, docId: number, xml: Answers, actionToken: string) =>
  (
    await call(API.interview.save, {
      params: { docId },
      query: scope(teamId),
      body: { xml, action_token: actionToken },
    })
  ).status;

export const assembleDocument = (teamId: number, docId: number, actionToken: string) =>
  call(API.interview.assemble, {
    params: { docId },
    query: scope(teamId),
    body: { action_token: actionToken },
  });

export const getDownloadFiles = async (teamId: number, docId: number, signal?: AbortSignal) =>
  (
    await call(API.interview.downloadFiles, {
      params: { docId },
      query: scope(teamId),
      ...(signal ? { signal } : {}),
    })
  ).files;

/**
 * Reopens a completed document; on `templateVersion` when given (the template's current version,
 * or the one the document was made from), else on the version it was made from.
 */
export const relaunchDocument = (teamId: number, docId: number, templateVersion?: number) =>
  call(API.interview.relaunch, {
    params: { docId },
    query: {
      ...scope(teamId),
      ...(templateVersion === undefined ? {} : { template_version: templateVersion }),
    },
  });

/** Moves a draft or in-progress document to its template's current version (`templateVersion`). */
export const moveToTemplateVersion = (teamId: number, docId: number, templateVersion: number) =>
  call(API.interview.moveTemplateVersion, {
    params: { docId },
    query: { ...scope(teamId), template_version: templateVersion },
  });

/** What relaunching offers: the document's template version, the current one and what it changed. */
export const relaunchOfferQuery = (teamId: number, docId: number) => ({
  queryKey: ["relaunch-offer", teamId, docId] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    call(API.interview.relaunchOffer, {
      params: { docId },
      query: scope(teamId),
      ...(signal ? { signal } : {}),
    }),
  // An editor may publish at any moment: asked afresh each time it is shown.
  staleTime: 0,
});

/** Where a document's assembled PDF or Word file downloads from (an attachment, with the session cookie). */
export const downloadHref = (teamId: number, docId: number, kind: DocumentFile["kind"]) =>
  hrefOf(API.interview.download, { params: { docId }, query: { type: kind, id_team: teamId } });

/** Where the preview form posts the current answers (opened in a named window). */
export const previewAction = (teamId: number, docId: number) =>
  hrefOf(API.interview.preview, { params: { docId }, query: scope(teamId) });
