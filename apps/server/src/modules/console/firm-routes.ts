import {
  ChangeFirmPlanRequest,
  CONSOLE_MESSAGES,
  ErrorEnvelope,
  FirmParams,
  FirmPersonParams,
  FirmReasonRequest,
  FirmSearchQuery,
  FirmSearchResponse,
  FirmViewResponse,
  GrantCreditsRequest,
} from "@precedent/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { forbidden } from "../../errors.ts";
import type { ConsoleFirms } from "./firms.ts";
import { type ConsoleArea, mayChangeFirmPlan, mayGrantCredits, mayTransferFirmOwnership } from "./policy.ts";
import type { StaffAccountRow } from "./schema.ts";

/**
 * The routes of the console's "Firms and people" area (issue 37 item 5), registered inside the
 * console's signed-in scope (its hook runs first): `staffIn` is that scope's role check.
 */
export const firmRoutes: FastifyPluginAsyncZod<{
  firms: ConsoleFirms;
  staffIn: (request: FastifyRequest, area: ConsoleArea) => StaffAccountRow;
  refusals: { 401: typeof ErrorEnvelope; 403: typeof ErrorEnvelope };
  badInput: typeof ErrorEnvelope;
  security: { console: never[] }[];
}> = async (areas, options) => {
  const { firms, staffIn, refusals, badInput, security } = options;
  const noFirm = ErrorEnvelope.describe("No such firm");
  const inFirms = (request: FastifyRequest) => staffIn(request, "firms");

  areas.get(
    "/console/firms",
    {
      schema: {
        tags: ["console"],
        summary: "Finds firms by part of their name, their owner's email or their ABN (at most 50)",
        security,
        querystring: FirmSearchQuery,
        response: { 200: FirmSearchResponse, 400: badInput, ...refusals },
      },
    },
    async (request) => ({ message: "", data: await firms.search(inFirms(request), request.query.q) }),
  );

  areas.get(
    "/console/firms/:id",
    {
      schema: {
        tags: ["console"],
        summary:
          "A firm as its owner sees it: people, roles, plan, credits, lock and two-factor state (read only; the opening is audited)",
        security,
        params: FirmParams,
        response: { 200: FirmViewResponse, 400: badInput, ...refusals, 404: noFirm },
      },
    },
    async (request) => ({ message: "", data: await firms.view(inFirms(request), request.params.id) }),
  );

  areas.post(
    "/console/firms/:id/lock",
    {
      schema: {
        tags: ["console"],
        summary:
          "Locks a firm with a reason: its people's sessions end and they cannot sign in until it is unlocked (audited)",
        security,
        params: FirmParams,
        body: FirmReasonRequest,
        response: {
          200: FirmViewResponse,
          400: badInput,
          ...refusals,
          404: noFirm,
          409: ErrorEnvelope.describe("The firm is locked already"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await firms.lock(inFirms(request), request.params.id, request.body.reason),
    }),
  );

  areas.post(
    "/console/firms/:id/unlock",
    {
      schema: {
        tags: ["console"],
        summary: "Unlocks a firm with a reason: its people may sign in again (audited)",
        security,
        params: FirmParams,
        body: FirmReasonRequest,
        response: {
          200: FirmViewResponse,
          400: badInput,
          ...refusals,
          404: noFirm,
          409: ErrorEnvelope.describe("The firm is not locked"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await firms.unlock(inFirms(request), request.params.id, request.body.reason),
    }),
  );

  areas.post(
    "/console/firms/:id/people/:user_id/reset-two-factor",
    {
      schema: {
        tags: ["console"],
        summary:
          "Removes a person's authenticator and recovery codes, with a reason, and ends their sessions (audited)",
        security,
        params: FirmPersonParams,
        body: FirmReasonRequest,
        response: {
          200: FirmViewResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such firm, or no such person in it"),
          409: ErrorEnvelope.describe("Two-factor sign-in is not on for this person"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await firms.resetTwoFactor(
        inFirms(request),
        request.params.id,
        request.params.user_id,
        request.body.reason,
      ),
    }),
  );

  areas.post(
    "/console/firms/:id/credits",
    {
      schema: {
        tags: ["console"],
        summary: "Grants credits to a firm with a reason (administrators only; audited)",
        security,
        params: FirmParams,
        body: GrantCreditsRequest,
        response: {
          200: FirmViewResponse,
          400: badInput,
          ...refusals,
          404: noFirm,
          409: ErrorEnvelope.describe("The firm's plan has no document limit"),
        },
      },
    },
    async (request) => {
      const staff = inFirms(request);
      if (!mayGrantCredits(staff.role)) throw forbidden(CONSOLE_MESSAGES.refused);
      return { message: "", data: await firms.grantCredits(staff, request.params.id, request.body) };
    },
  );

  areas.post(
    "/console/firms/:id/plan",
    {
      schema: {
        tags: ["console"],
        summary:
          "Puts a firm on another plan from today, its allowance started again, with a reason (administrators only; audited). Refused for a firm that pays through a Stripe subscription.",
        security,
        params: FirmParams,
        body: ChangeFirmPlanRequest,
        response: {
          200: FirmViewResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such firm, or no such plan"),
          409: ErrorEnvelope.describe(
            "The firm is on this plan already, or pays for its plan through a Stripe subscription",
          ),
        },
      },
    },
    async (request) => {
      const staff = inFirms(request);
      if (!mayChangeFirmPlan(staff.role)) throw forbidden(CONSOLE_MESSAGES.refused);
      return { message: "", data: await firms.changePlan(staff, request.params.id, request.body) };
    },
  );

  areas.post(
    "/console/firms/:id/people/:user_id/make-owner",
    {
      schema: {
        tags: ["console"],
        summary:
          "Hands a firm's ownership to one of its people, with a reason; the previous owner stays on as a manager (administrators only; audited)",
        security,
        params: FirmPersonParams,
        body: FirmReasonRequest,
        response: {
          200: FirmViewResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such firm, or no such person in it"),
          409: ErrorEnvelope.describe("This person owns the firm already"),
        },
      },
    },
    async (request) => {
      const staff = inFirms(request);
      if (!mayTransferFirmOwnership(staff.role)) throw forbidden(CONSOLE_MESSAGES.refused);
      return {
        message: "",
        data: await firms.makeOwner(staff, request.params.id, request.params.user_id, request.body.reason),
      };
    },
  );
};
