import {
  ActionTokenResponse,
  AssembleResponse,
  type DocumentFile,
  DownloadIdsResponse,
  InterviewResponse,
  RelaunchResponse,
  SaveInterviewResponse,
} from "@precedent/contracts";
import type { Answers } from "@precedent/docgen/forms";
import { apiRequest } from "./client";

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
    await apiRequest(`/api/get-action-token/${docId}`, ActionTokenResponse, {
      query: scope(teamId),
      ...(signal ? { signal } : {}),
    })
  ).action_token;

export const getInterview = (teamId: number, docId: number, signal?: AbortSignal) =>
  apiRequest(`/api/doc/${docId}/interview`, InterviewResponse, {
    query: scope(teamId),
    ...(signal ? { signal } : {}),
  });

/** Saves the answers; `status` false means another tab holds the document now. */
export const saveInterview = async (teamId: number, docId: number, xml: Answers, actionToken: string) =>
  (
    await apiRequest(`/api/xpressdox/update-xml/${docId}`, SaveInterviewResponse, {
      method: "PUT",
      query: scope(teamId),
      body: { xml, action_token: actionToken },
    })
  ).status;

export const assembleDocument = (teamId: number, docId: number, actionToken: string) =>
  apiRequest(`/api/xpressdox/assemble/${docId}`, AssembleResponse, {
    method: "POST",
    query: scope(teamId),
    body: { action_token: actionToken },
  });

export const getDownloadFiles = async (teamId: number, docId: number, signal?: AbortSignal) =>
  (
    await apiRequest(`/api/xpressdox/get-download-ids/${docId}`, DownloadIdsResponse, {
      query: scope(teamId),
      ...(signal ? { signal } : {}),
    })
  ).files;

export const relaunchDocument = (teamId: number, docId: number) =>
  apiRequest(`/api/doc/relaunch/${docId}`, RelaunchResponse, { method: "PUT", query: scope(teamId) });

/** Where a document's assembled PDF or Word file downloads from (an attachment, with the session cookie). */
export const downloadHref = (teamId: number, docId: number, kind: DocumentFile["kind"]) =>
  `/api/doc/download/${docId}?${new URLSearchParams({ type: kind, id_team: String(teamId) })}`;

/** Where the preview form posts the current answers (opened in a named window). */
export const previewAction = (teamId: number, docId: number) =>
  `/api/xpressdox/preview/${docId}?${new URLSearchParams({ id_team: String(teamId) })}`;
