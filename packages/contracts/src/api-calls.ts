import type { z } from "zod";
import {
  AssistantThreadQuery,
  CreateThreadRequest,
  CreateThreadResponse,
  PostMessageRequest,
  PostMessageResponse,
  ThreadIdParams,
  ThreadResponse,
} from "./assistant.ts";
import { OrderListQuery, OrderListResponse } from "./catalogue.ts";
import { TeamScopeQuery } from "./folders.ts";
import {
  AcceptInvitationRequest,
  AcceptInvitationResponse,
  CreateInvitationRequest,
  InvitationIdParams,
  InvitationListResponse,
  InvitationResponse,
  InvitationTokenParams,
  PublicInvitationResponse,
  RevokeInvitationResponse,
} from "./invitations.ts";
import {
  MembershipChangeQuery,
  MembershipChangeRequest,
  MembershipChangeResponse,
  MembershipUserQuery,
  MembershipUserResponse,
} from "./membership.ts";
import {
  RemoveMemberRequest,
  RemoveMemberResponse,
  SetMemberRoleRequest,
  SetMemberRoleResponse,
  TeamMembersResponse,
  TeamQuery,
  TeamResponse,
  TransferOwnershipRequest,
  TransferOwnershipResponse,
  UpdateTeamRequest,
} from "./teams.ts";
import {
  CountriesResponse,
  CurrentUserResponse,
  StreetTypesResponse,
  UpdateProfileRequest,
  UpdateProfileResponse,
  UserIdParams,
} from "./users.ts";

/**
 * API calls defined once (issue 36 item 6): method, path, path parameters, query, body, reply and
 * the refusals a caller should expect, for the web's typed client (`apps/web/src/api/call.ts`)
 * and checked against the server's registered routes (`api-calls.test.ts` in the server). The
 * server still registers its routes with the same contract schemas; the path here is the one the
 * browser asks for (`/api` and Fastify's `:name` parameters).
 *
 * Rules:
 * - A call's `path` names each parameter of `params` as `:name`, and nothing else varies.
 * - `body` is the server's own body schema: the client checks a body against it before sending,
 *   so a form is refused in the browser with the server's words.
 * - `errors` lists the statuses the route describes beyond 200 (every signed-in call may also be
 *   answered 401 when the session has ended).
 *
 * Calls not yet here are written by hand in the files the web's hand-built-path test allows
 * (`apps/web/src/api/hand-built-paths.test.ts`); each feature moves here as it is migrated.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export type ApiCall = {
  method: HttpMethod;
  path: `/api/${string}`;
  params?: z.ZodType<Record<string, unknown>>;
  query?: z.ZodType<Record<string, unknown>>;
  body?: z.ZodType;
  /** The 200 reply's envelope. */
  reply: z.ZodType<{ data: unknown }>;
  errors: Partial<Record<400 | 401 | 403 | 404 | 409 | 410 | 429, string>>;
};

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller gives a call: its path parameters, query and body, each as its schema takes them. */
export type ApiCallInput<C extends ApiCall> = (C["params"] extends z.ZodType
  ? { params: Input<C["params"]> }
  : object) &
  (C["query"] extends z.ZodType ? { query: Input<C["query"]> } : object) &
  (C["body"] extends z.ZodType ? { body: Input<C["body"]> } : object);

/** The `data` of a call's 200 reply. */
export type ApiCallData<C extends ApiCall> = z.output<C["reply"]> extends { data: infer D } ? D : never;

const call = <const C extends ApiCall>(definition: C): C => definition;

export const API = {
  users: {
    me: call({ method: "GET", path: "/api/users/me", reply: CurrentUserResponse, errors: {} }),
    updateProfile: call({
      method: "POST",
      path: "/api/users/:id",
      params: UserIdParams,
      body: UpdateProfileRequest,
      reply: UpdateProfileResponse,
      errors: {
        400: "A field is not valid, or the current password is not correct",
        429: "Too many wrong current passwords from this address",
      },
    }),
    countries: call({ method: "GET", path: "/api/data/countries", reply: CountriesResponse, errors: {} }),
    streetTypes: call({ method: "GET", path: "/api/street-types", reply: StreetTypesResponse, errors: {} }),
  },
  teams: {
    get: call({
      method: "GET",
      path: "/api/team/get",
      query: TeamQuery,
      reply: TeamResponse,
      errors: { 404: "Not a member of this firm" },
    }),
    members: call({
      method: "GET",
      path: "/api/team/get-members",
      query: TeamQuery,
      reply: TeamMembersResponse,
      errors: { 404: "Not a member of this firm" },
    }),
    update: call({
      method: "POST",
      path: "/api/team/update",
      body: UpdateTeamRequest,
      reply: TeamResponse,
      errors: {
        400: "A field is not valid",
        403: "Only the company owner",
        404: "Not a member of this firm",
      },
    }),
    setMemberRole: call({
      method: "POST",
      path: "/api/member/set-role",
      body: SetMemberRoleRequest,
      reply: SetMemberRoleResponse,
      errors: { 403: "Only the company owner", 404: "No such member of this firm" },
    }),
    removeMember: call({
      method: "POST",
      path: "/api/member/remove",
      body: RemoveMemberRequest,
      reply: RemoveMemberResponse,
      errors: { 403: "Only the company owner", 404: "No such member of this firm" },
    }),
    transferOwnership: call({
      method: "POST",
      path: "/api/team/transfer-ownership",
      body: TransferOwnershipRequest,
      reply: TransferOwnershipResponse,
      errors: {
        400: "The password is not right",
        403: "Only the company owner",
        429: "Too many wrong passwords",
      },
    }),
  },
  invitations: {
    list: call({
      method: "GET",
      path: "/api/team/invitations",
      query: TeamScopeQuery,
      reply: InvitationListResponse,
      errors: { 403: "Only owners and managers", 404: "Not a member of this firm" },
    }),
    create: call({
      method: "POST",
      path: "/api/team/invitations",
      query: TeamScopeQuery,
      body: CreateInvitationRequest,
      reply: InvitationResponse,
      errors: { 400: "A field is not valid", 403: "Not allowed to invite this role", 409: "No seat left" },
    }),
    revoke: call({
      method: "DELETE",
      path: "/api/team/invitations/:id",
      params: InvitationIdParams,
      query: TeamScopeQuery,
      reply: RevokeInvitationResponse,
      errors: { 403: "Not allowed", 404: "No such pending invitation" },
    }),
    resend: call({
      method: "POST",
      path: "/api/team/invitations/:id/resend",
      params: InvitationIdParams,
      query: TeamScopeQuery,
      reply: InvitationResponse,
      errors: { 409: "No seat left", 429: "Sent too recently" },
    }),
    link: call({
      method: "GET",
      path: "/api/invitations/:token",
      params: InvitationTokenParams,
      reply: PublicInvitationResponse,
      errors: { 404: "No such invitation", 409: "Already accepted", 410: "Expired or withdrawn" },
    }),
    accept: call({
      method: "POST",
      path: "/api/invitations/:token/accept",
      params: InvitationTokenParams,
      body: AcceptInvitationRequest,
      reply: AcceptInvitationResponse,
      errors: {
        400: "A field is not valid",
        401: "The existing account's password is not right",
        409: "Already accepted, or no seat left",
        410: "Expired or withdrawn",
      },
    }),
  },
  membership: {
    ofUser: call({
      method: "GET",
      path: "/api/membership/user",
      query: MembershipUserQuery,
      reply: MembershipUserResponse,
      errors: { 403: "user_id is not the caller's own", 404: "Not a member of this firm" },
    }),
    change: call({
      method: "POST",
      path: "/api/membership/change",
      query: MembershipChangeQuery,
      body: MembershipChangeRequest,
      reply: MembershipChangeResponse,
      errors: {
        403: "Only the company owner or a manager",
        404: "No such plan, or not a member of this firm",
        409: "Already the firm's plan, and in force",
      },
    }),
  },
  orders: {
    mine: call({
      method: "GET",
      path: "/api/orders",
      query: OrderListQuery,
      reply: OrderListResponse,
      errors: { 404: "Not a member of this firm" },
    }),
  },
  assistant: {
    createThread: call({
      method: "POST",
      path: "/api/ai/threads",
      query: AssistantThreadQuery,
      body: CreateThreadRequest,
      reply: CreateThreadResponse,
      errors: {
        400: "A field is not valid",
        404: "Not a member of this firm, or no such document the caller may edit",
      },
    }),
    thread: call({
      method: "GET",
      path: "/api/ai/threads/:thread_id",
      params: ThreadIdParams,
      query: AssistantThreadQuery,
      reply: ThreadResponse,
      errors: { 404: "No such conversation of the caller's in this firm" },
    }),
    postMessage: call({
      method: "POST",
      path: "/api/ai/threads/:thread_id/messages",
      params: ThreadIdParams,
      query: AssistantThreadQuery,
      body: PostMessageRequest,
      reply: PostMessageResponse,
      errors: {
        400: "The message is empty or too long",
        404: "No such conversation of the caller's in this firm",
        429: "Too many messages a minute",
      },
    }),
  },
} as const;

/** Every defined call, for checks that walk them all. */
export const API_CALLS: readonly ApiCall[] = Object.values(API).flatMap((group) => Object.values(group));
