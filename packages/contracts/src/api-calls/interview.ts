import { TeamScopeQuery } from "../folders.ts";
import {
  ActionTokenResponse,
  AssembleBody,
  AssembleResponse,
  DocIdParam,
  DocumentDownloadQuery,
  DownloadIdsResponse,
  InterviewResponse,
  MoveTemplateVersionQuery,
  MoveTemplateVersionResponse,
  RelaunchOfferResponse,
  RelaunchQuery,
  RelaunchResponse,
  SaveInterviewBody,
  SaveInterviewResponse,
} from "../interview.ts";
import { defineCall, defineLink } from "./define.ts";

const NOT_SEEN = "No such document in this firm that the caller may edit";

/** A document's interview: its answers, saving, assembling (interview spec §7). */
export const interviewCalls = {
  /** The newest token wins: opening the document makes any other tab's saves fail. */
  actionToken: defineCall({
    method: "GET",
    path: "/api/get-action-token/:docId",
    params: DocIdParam,
    query: TeamScopeQuery,
    reply: ActionTokenResponse,
    errors: { 404: NOT_SEEN },
  }),
  get: defineCall({
    method: "GET",
    path: "/api/doc/:docId/interview",
    params: DocIdParam,
    query: TeamScopeQuery,
    reply: InterviewResponse,
    errors: { 404: NOT_SEEN },
  }),
  /** `status` false: another tab holds the document now. */
  save: defineCall({
    method: "PUT",
    path: "/api/xpressdox/update-xml/:docId",
    params: DocIdParam,
    query: TeamScopeQuery,
    body: SaveInterviewBody,
    reply: SaveInterviewResponse,
    errors: { 400: "A field is not valid", 404: NOT_SEEN },
  }),
  assemble: defineCall({
    method: "POST",
    path: "/api/xpressdox/assemble/:docId",
    params: DocIdParam,
    query: TeamScopeQuery,
    body: AssembleBody,
    reply: AssembleResponse,
    errors: { 400: "A field is not valid", 404: NOT_SEEN },
  }),
  downloadFiles: defineCall({
    method: "GET",
    path: "/api/xpressdox/get-download-ids/:docId",
    params: DocIdParam,
    query: TeamScopeQuery,
    reply: DownloadIdsResponse,
    errors: { 404: NOT_SEEN },
  }),
  relaunch: defineCall({
    method: "PUT",
    path: "/api/doc/relaunch/:docId",
    params: DocIdParam,
    query: RelaunchQuery,
    reply: RelaunchResponse,
    errors: {
      400: "template_version is not a version number",
      403: "The caller may not relaunch this document",
      404: NOT_SEEN,
      409: "Not completed, an application lodged with ASIC (read only), no template, or a version that is neither the document's nor the current one",
    },
  }),
  /** A draft or in-progress document moved to its template's current version. */
  moveTemplateVersion: defineCall({
    method: "PUT",
    path: "/api/doc/template-version/:docId",
    params: DocIdParam,
    query: MoveTemplateVersionQuery,
    reply: MoveTemplateVersionResponse,
    errors: {
      400: "template_version is not a version number",
      403: "The caller may not interview this document",
      404: NOT_SEEN,
      409: "Completed or past it, no template, on the current version already, or a version that is not the current one",
    },
  }),
  /** What relaunching would offer: the document's version, the current one and what it changed. */
  relaunchOffer: defineCall({
    method: "GET",
    path: "/api/doc/relaunch/:docId",
    params: DocIdParam,
    query: TeamScopeQuery,
    reply: RelaunchOfferResponse,
    errors: { 404: NOT_SEEN },
  }),
  /** The preview form's action: it posts the current answers to a named window. */
  /** The document's assembled PDF or Word file, as an attachment. */
  download: defineLink({
    method: "GET",
    path: "/api/doc/download/:docId",
    params: DocIdParam,
    query: DocumentDownloadQuery,
  }),
  preview: defineLink({
    method: "POST",
    path: "/api/xpressdox/preview/:docId",
    params: DocIdParam,
    query: TeamScopeQuery,
  }),
} as const;
