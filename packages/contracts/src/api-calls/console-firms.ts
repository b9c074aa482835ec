import {
  ChangeFirmPlanRequest,
  FirmParams,
  FirmPersonParams,
  FirmReasonRequest,
  FirmSearchQuery,
  FirmSearchResponse,
  FirmViewResponse,
  GrantCreditsRequest,
} from "../console-firms.ts";
import { defineCall } from "./define.ts";

const NOT_SIGNED_IN = "No console session (a firm's session is not one), or it has ended";
const REFUSED = "Two-factor sign-in not finished, or the staff member's role does not allow this";
const BAD_INPUT = "A field failed its check; data.errors names each field";
const NO_FIRM = "No such firm";
const refusals = { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: REFUSED } as const;

/** The operator console's "Firms and people" area (issue 37 item 5). */
export const consoleFirmCalls = {
  search: defineCall({
    method: "GET",
    path: "/api/console/firms",
    query: FirmSearchQuery,
    reply: FirmSearchResponse,
    errors: refusals,
  }),
  view: defineCall({
    method: "GET",
    path: "/api/console/firms/:id",
    params: FirmParams,
    reply: FirmViewResponse,
    errors: { ...refusals, 404: NO_FIRM },
  }),
  lock: defineCall({
    method: "POST",
    path: "/api/console/firms/:id/lock",
    params: FirmParams,
    body: FirmReasonRequest,
    reply: FirmViewResponse,
    errors: { ...refusals, 404: NO_FIRM, 409: "The firm is locked already" },
  }),
  unlock: defineCall({
    method: "POST",
    path: "/api/console/firms/:id/unlock",
    params: FirmParams,
    body: FirmReasonRequest,
    reply: FirmViewResponse,
    errors: { ...refusals, 404: NO_FIRM, 409: "The firm is not locked" },
  }),
  resetTwoFactor: defineCall({
    method: "POST",
    path: "/api/console/firms/:id/people/:user_id/reset-two-factor",
    params: FirmPersonParams,
    body: FirmReasonRequest,
    reply: FirmViewResponse,
    errors: {
      ...refusals,
      404: "No such firm, or no such person in it",
      409: "Two-factor sign-in is not on",
    },
  }),
  grantCredits: defineCall({
    method: "POST",
    path: "/api/console/firms/:id/credits",
    params: FirmParams,
    body: GrantCreditsRequest,
    reply: FirmViewResponse,
    errors: { ...refusals, 404: NO_FIRM, 409: "The firm's plan has no document limit" },
  }),
  changePlan: defineCall({
    method: "POST",
    path: "/api/console/firms/:id/plan",
    params: FirmParams,
    body: ChangeFirmPlanRequest,
    reply: FirmViewResponse,
    errors: {
      ...refusals,
      404: "No such firm, or no such plan",
      409: "The firm is on this plan already, or pays for it through a Stripe subscription",
    },
  }),
  makeOwner: defineCall({
    method: "POST",
    path: "/api/console/firms/:id/people/:user_id/make-owner",
    params: FirmPersonParams,
    body: FirmReasonRequest,
    reply: FirmViewResponse,
    errors: {
      ...refusals,
      404: "No such firm, or no such person in it",
      409: "This person owns the firm already",
    },
  }),
} as const;
