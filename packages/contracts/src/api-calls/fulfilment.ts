import {
  DocumentFulfilmentResponse,
  FulfilmentDocParams,
  FulfilmentRequestParams,
  FulfilmentRequestResponse,
  FulfilmentScopeQuery,
  HardCopyRequest,
  LegalReviewRequest,
} from "../fulfilment.ts";
import { defineCall } from "./define.ts";

const NOT_SEEN = "No such document (or request) in this firm that the caller can see";
const BAD_INPUT = "A field failed its check; data.errors names each field";

/** Legal review and hard copy of a document (documents spec §2, §4). */
export const fulfilmentCalls = {
  get: defineCall({
    method: "GET",
    path: "/api/doc/:id/fulfilment",
    params: FulfilmentDocParams,
    query: FulfilmentScopeQuery,
    reply: DocumentFulfilmentResponse,
    errors: { 404: NOT_SEEN },
  }),
  legalReview: defineCall({
    method: "POST",
    path: "/api/doc/:id/legal-review",
    params: FulfilmentDocParams,
    query: FulfilmentScopeQuery,
    body: LegalReviewRequest,
    reply: FulfilmentRequestResponse,
    errors: {
      400: BAD_INPUT,
      403: "The Lite plan, or not the document's creator, the owner or a manager",
      404: NOT_SEEN,
      409: "Not completed, owner confirmation missing, a review already open or unpaid, or quoted on request",
    },
  }),
  hardCopy: defineCall({
    method: "POST",
    path: "/api/doc/:id/hard-copy",
    params: FulfilmentDocParams,
    query: FulfilmentScopeQuery,
    body: HardCopyRequest,
    reply: FulfilmentRequestResponse,
    errors: {
      400: BAD_INPUT,
      403: "Not the document's creator, the owner or a manager",
      404: NOT_SEEN,
      409: "Not completed or signed, owner confirmation missing, or a hard copy order already unpaid",
    },
  }),
  cancel: defineCall({
    method: "POST",
    path: "/api/doc/:id/fulfilment/:request_id/cancel",
    params: FulfilmentRequestParams,
    query: FulfilmentScopeQuery,
    reply: FulfilmentRequestResponse,
    errors: {
      403: "Not the document's creator, the owner or a manager",
      404: NOT_SEEN,
      409: "The request was paid already",
    },
  }),
} as const;
