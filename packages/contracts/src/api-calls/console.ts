import {
  AddStaffRequest,
  AssignRequestBody,
  AuditQuery,
  AuditResponse,
  ChangeStaffRequest,
  ConsoleCodeRequest,
  ConsoleDoneResponse,
  ConsoleRequestParams,
  ConsoleSessionResponse,
  ConsoleSetupResponse,
  ConsoleSignInRequest,
  FulfilmentQueueQuery,
  FulfilmentQueueResponse,
  FulfilmentQueueRowResponse,
  MoveRequestBody,
  StaffAccountResponse,
  StaffListResponse,
  StaffParams,
} from "../console.ts";
import { defineCall } from "./define.ts";

const NOT_SIGNED_IN = "No console session (a firm's session is not one), or it has ended";
const REFUSED = "Two-factor sign-in not finished, or the staff member's role does not allow this";
const BAD_INPUT = "A field failed its check; data.errors names each field";

/** The operator console (issue 37): staff sign-in, the fulfilment queue, staff and the audit log. */
export const consoleCalls = {
  signIn: defineCall({
    method: "POST",
    path: "/api/console/login",
    body: ConsoleSignInRequest,
    reply: ConsoleSessionResponse,
    errors: { 400: BAD_INPUT, 401: "The email or password is not right", 429: "Too many tries: wait" },
  }),
  session: defineCall({
    method: "GET",
    path: "/api/console/session",
    reply: ConsoleSessionResponse,
    errors: { 401: NOT_SIGNED_IN },
  }),
  signOut: defineCall({
    method: "POST",
    path: "/api/console/logout",
    reply: ConsoleDoneResponse,
    errors: { 401: NOT_SIGNED_IN },
  }),
  setUpTwoFactor: defineCall({
    method: "POST",
    path: "/api/console/two-factor/setup",
    reply: ConsoleSetupResponse,
    errors: { 401: NOT_SIGNED_IN, 409: "Two-factor sign-in is already set up" },
  }),
  enterCode: defineCall({
    method: "POST",
    path: "/api/console/two-factor/code",
    body: ConsoleCodeRequest,
    reply: ConsoleSessionResponse,
    errors: {
      400: BAD_INPUT,
      401: "Wrong code, a code used already, or no console session",
      429: "Too many wrong codes",
    },
  }),
  fulfilmentQueue: defineCall({
    method: "GET",
    path: "/api/console/fulfilment",
    query: FulfilmentQueueQuery,
    reply: FulfilmentQueueResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: REFUSED },
  }),
  assignRequest: defineCall({
    method: "POST",
    path: "/api/console/fulfilment/:id/assign",
    params: ConsoleRequestParams,
    body: AssignRequestBody,
    reply: FulfilmentQueueRowResponse,
    errors: {
      400: BAD_INPUT,
      401: NOT_SIGNED_IN,
      403: REFUSED,
      404: "No such request",
      409: "The staff member may not take it",
    },
  }),
  moveRequest: defineCall({
    method: "POST",
    path: "/api/console/fulfilment/:id/status",
    params: ConsoleRequestParams,
    body: MoveRequestBody,
    reply: FulfilmentQueueRowResponse,
    errors: {
      400: BAD_INPUT,
      401: NOT_SIGNED_IN,
      403: REFUSED,
      404: "No such request",
      409: "Not from its status now",
    },
  }),
  staff: defineCall({
    method: "GET",
    path: "/api/console/staff",
    reply: StaffListResponse,
    errors: { 401: NOT_SIGNED_IN, 403: REFUSED },
  }),
  addStaff: defineCall({
    method: "POST",
    path: "/api/console/staff",
    body: AddStaffRequest,
    reply: StaffAccountResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: REFUSED, 409: "The email is taken" },
  }),
  changeStaff: defineCall({
    method: "PUT",
    path: "/api/console/staff/:id",
    params: StaffParams,
    body: ChangeStaffRequest,
    reply: StaffAccountResponse,
    errors: {
      400: BAD_INPUT,
      401: NOT_SIGNED_IN,
      403: REFUSED,
      404: "No such staff account",
      409: "It would leave no active administrator, or deactivate the caller",
    },
  }),
  audit: defineCall({
    method: "GET",
    path: "/api/console/audit",
    query: AuditQuery,
    reply: AuditResponse,
    errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: REFUSED },
  }),
} as const;
