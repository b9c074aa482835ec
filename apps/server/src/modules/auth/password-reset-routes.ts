import {
  ChoosePasswordRequest,
  ChoosePasswordResponse,
  ErrorEnvelope,
  PASSWORD_RESET_MESSAGES,
  PasswordResetLinkResponse,
  PasswordResetRequest,
  PasswordResetRequestResponse,
  PasswordResetTokenParams,
} from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PASSWORD_RESET_LINK_CHECKS_PER_MINUTE } from "../../constants.ts";
import type { PasswordResetService } from "./password-reset.ts";

const tags = ["auth"];
const LINK_GONE = {
  410: ErrorEnvelope.describe("The link has expired, has been used, or a newer one was sent"),
};

/** "Forgot password?": asked for and used without a session (the person cannot sign in). */
export const passwordResetRoutes: FastifyPluginAsyncZod<{ passwordReset: PasswordResetService }> = async (
  app,
  { passwordReset },
) => {
  // Tokens are 256 random bits, so this only keeps one client from hammering the table.
  const rateLimit = { max: PASSWORD_RESET_LINK_CHECKS_PER_MINUTE, timeWindow: 60_000 };

  app.post(
    "/auth/password-reset",
    {
      schema: {
        tags,
        summary: "Forgot password: e-mails a link to choose a new password",
        description:
          "Answered the same whether or not an account uses the address (the look-up and the mail happen in a background job). The link works once, for an hour; a newer request replaces it.",
        body: PasswordResetRequest,
        response: {
          200: PasswordResetRequestResponse,
          429: ErrorEnvelope.describe(
            "Too many requests from this address or for this email: wait `data.retry_after_seconds`",
          ),
        },
      },
    },
    async (request) => {
      await passwordReset.request({ email: request.body.email, ip: request.ip });
      return { message: PASSWORD_RESET_MESSAGES.sent, data: null };
    },
  );

  app.get(
    "/auth/password-reset/:token",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "A reset link: whose account (partly hidden) and until when it works",
        params: PasswordResetTokenParams,
        response: { 200: PasswordResetLinkResponse, ...LINK_GONE },
      },
    },
    async (request) => ({ message: "", data: await passwordReset.describe(request.params.token) }),
  );

  app.post(
    "/auth/password-reset/:token",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Choose a new password with a reset link",
        description:
          "Sets the password, uses the link up and ends every session of the person on every device. It does not sign in: the person signs in with the new password (and two-factor, when on).",
        params: PasswordResetTokenParams,
        body: ChoosePasswordRequest,
        response: { 200: ChoosePasswordResponse, ...LINK_GONE },
      },
    },
    async (request) => {
      await passwordReset.choosePassword(request.params.token, request.body.password);
      return { message: PASSWORD_RESET_MESSAGES.changed, data: null };
    },
  );
};
