import {
  ErrorEnvelope,
  SigningActionResponse,
  SigningConsentRequest,
  SigningDeclineRequest,
  SigningPageResponse,
  SigningSignRequest,
  SigningTokenParams,
  SmsCodeVerifyRequest,
} from "@precedent/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  SIGNING_ADDRESS_REQUESTS_PER_MINUTE,
  SIGNING_LINK_GUESS_WINDOW_MS,
  SIGNING_LINK_GUESSES_PER_ADDRESS,
  SIGNING_LINK_REQUESTS_PER_MINUTE,
} from "../../../constants.ts";
import { AppError } from "../../../errors.ts";
import { sendFileStream } from "../../../platform/kernel/index.ts";
import type { Throttle, ThrottleRule } from "../../../platform/throttle/index.ts";
import type { FileStream } from "../../files/index.ts";
import type { RequestMeta, SigningCeremony } from "./service.ts";

const tags = ["signing pages"];
const LINK_ERRORS = {
  404: ErrorEnvelope.describe("The link is unknown or was replaced; it reveals nothing about any request"),
  409: ErrorEnvelope.describe(
    "Not this recipient's turn, already signed or declined, expired, withdrawn, declined by someone, or completed: the message says which",
  ),
  429: ErrorEnvelope.describe("Too many requests to this link or from this address"),
};

const metaOf = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: String(request.headers["user-agent"] ?? "").slice(0, 500),
});

/** A PDF named after its document (quoted and encoded for any name), never a fixed "signed.pdf". */
/** A signing page's PDF, streamed from storage as the browser reads it. */
const pdfReply = (
  reply: FastifyReply,
  pdf: { file: FileStream; name: string },
  disposition: "inline" | "attachment",
) =>
  sendFileStream(
    reply,
    { body: pdf.file.body, size: pdf.file.size, mediaType: "application/pdf", name: pdf.name },
    disposition,
  );

/**
 * The signing pages' API (`/api/sign/:token/...`): no session, the private link is the credential.
 * Every route is throttled per address (the route's limit) and per link (the hook's).
 */
export const signingPageRoutes: FastifyPluginAsyncZod<{
  ceremony: SigningCeremony;
  guesses: Throttle;
}> = async (app, { ceremony, guesses }) => {
  // Each request counts as a guess before its link is looked up (so guesses sent at once are all
  // counted), and is given back unless the link was unknown: only unknown links use the allowance.
  const guessRule: ThrottleRule = {
    kind: "window",
    free: SIGNING_LINK_GUESSES_PER_ADDRESS,
    windowMs: SIGNING_LINK_GUESS_WINDOW_MS,
  };
  const guessKey = (request: FastifyRequest) => `signing-link:ip:${request.ip}`;
  const counted = new WeakSet<FastifyRequest>();
  app.addHook("onRequest", async (request) => {
    const decision = await guesses.take(guessKey(request), guessRule);
    if (!decision.allowed) {
      const minutes = Math.ceil(decision.retryAfterSeconds / 60);
      throw new AppError(
        429,
        `Too many signing links tried from this address. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        { retry_after_seconds: decision.retryAfterSeconds },
      );
    }
    counted.add(request);
  });
  app.addHook("onSend", async (request, reply) => {
    if (counted.has(request) && reply.statusCode !== 404) await guesses.giveBack(guessKey(request));
  });
  const perAddress = { max: SIGNING_ADDRESS_REQUESTS_PER_MINUTE, timeWindow: 60_000 };
  const perLink = app.rateLimit({
    max: SIGNING_LINK_REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `sign:${(request.params as { token?: string }).token ?? ""}`,
  });
  const config = { rateLimit: perAddress };

  app.get(
    "/sign/:token",
    {
      config,
      onRequest: perLink,
      schema: {
        tags,
        summary:
          "A signing link's page: the document, the firm, the recipient's role and turn, and the state",
        description: "The first view of a live link is recorded (the 'viewed' event) once.",
        params: SigningTokenParams,
        response: { 200: SigningPageResponse, 404: LINK_ERRORS[404], 429: LINK_ERRORS[429] },
      },
    },
    async (request) => ({ message: "", data: await ceremony.view(request.params.token, metaOf(request)) }),
  );

  app.get(
    "/sign/:token/pdf",
    {
      config,
      onRequest: perLink,
      schema: {
        tags,
        summary: "The PDF sent for signing (application/pdf)",
        params: SigningTokenParams,
        produces: ["application/pdf"],
        response: {
          200: z.any().describe("The PDF's bytes (inline)"),
          404: LINK_ERRORS[404],
          409: LINK_ERRORS[409],
          429: LINK_ERRORS[429],
        },
      },
    },
    async (request, reply) => {
      return pdfReply(reply, await ceremony.originalPdf(request.params.token), "inline");
    },
  );

  app.get(
    "/sign/:token/signed.pdf",
    {
      config,
      onRequest: perLink,
      schema: {
        tags,
        summary:
          "The sealed signed PDF with its audit certificate (application/pdf), once everyone has signed",
        params: SigningTokenParams,
        produces: ["application/pdf"],
        response: {
          200: z.any().describe("The sealed PDF's bytes (attachment)"),
          404: LINK_ERRORS[404],
          409: ErrorEnvelope.describe("Not everyone has signed yet, or the sealed PDF is not ready"),
          429: LINK_ERRORS[429],
        },
      },
    },
    async (request, reply) => {
      return pdfReply(reply, await ceremony.signedPdf(request.params.token), "attachment");
    },
  );

  app.post(
    "/sign/:token/consent",
    {
      config,
      onRequest: perLink,
      schema: {
        tags,
        summary: "Consent to sign electronically (Electronic Transactions Act 1999 (Cth) s10)",
        params: SigningTokenParams,
        body: SigningConsentRequest,
        response: {
          200: SigningActionResponse,
          403: ErrorEnvelope.describe("A signed-PDF link cannot sign"),
          ...LINK_ERRORS,
        },
      },
    },
    async (request) => ({ message: "", data: await ceremony.consent(request.params.token, metaOf(request)) }),
  );

  app.post(
    "/sign/:token/sms-code",
    {
      config,
      onRequest: perLink,
      schema: {
        tags,
        summary: "Text a 6-digit code to the recipient's phone (only when the sender turned SMS on)",
        params: SigningTokenParams,
        response: {
          200: SigningActionResponse,
          400: ErrorEnvelope.describe(
            "This request does not use SMS codes, or the SMS provider refused the recipient's number",
          ),
          403: ErrorEnvelope.describe("A signed-PDF link cannot sign"),
          423: ErrorEnvelope.describe("Five wrong codes were entered: no more codes for this link"),
          ...LINK_ERRORS,
          429: ErrorEnvelope.describe("A code was sent less than a minute ago, or too many requests"),
          503: ErrorEnvelope.describe(
            "The SMS provider is busy (`data.retry_after_seconds` says when to ask again) or down; no code was sent",
          ),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await ceremony.sendSmsCode(request.params.token, metaOf(request)),
    }),
  );

  app.post(
    "/sign/:token/sms-code/verify",
    {
      config,
      onRequest: perLink,
      schema: {
        tags,
        summary: "Check the texted code; the fifth wrong code ends SMS verification for this link",
        params: SigningTokenParams,
        body: SmsCodeVerifyRequest,
        response: {
          200: SigningActionResponse,
          400: ErrorEnvelope.describe("The code is not right (the message says how many tries are left)"),
          403: ErrorEnvelope.describe("A signed-PDF link cannot sign"),
          410: ErrorEnvelope.describe("The code has expired"),
          423: ErrorEnvelope.describe("Five wrong codes were entered"),
          ...LINK_ERRORS,
        },
      },
    },
    async (request) => ({
      message: "",
      data: await ceremony.verifySmsCode(request.params.token, request.body.code, metaOf(request)),
    }),
  );

  app.post(
    "/sign/:token/sign",
    {
      config,
      onRequest: perLink,
      schema: {
        tags,
        summary: "Sign (a drawn PNG or typed signature); a witness states how they saw the signing",
        description:
          "Needs consent, the SMS code when SMS is on, the recipient's turn (earlier groups have signed) and, for a witness, their signer's signature. The last signature completes the request exactly once and queues the sealing.",
        params: SigningTokenParams,
        body: SigningSignRequest,
        response: {
          200: SigningActionResponse,
          400: ErrorEnvelope.describe("The signature is not a PNG or the witness statement is missing"),
          403: ErrorEnvelope.describe("A signed-PDF link cannot sign"),
          ...LINK_ERRORS,
        },
      },
    },
    async (request) => ({
      message: "",
      data: await ceremony.sign(request.params.token, request.body, metaOf(request)),
    }),
  );

  app.post(
    "/sign/:token/decline",
    {
      config,
      onRequest: perLink,
      schema: {
        tags,
        summary: "Decline to sign, with a reason: the request is rejected for everyone",
        params: SigningTokenParams,
        body: SigningDeclineRequest,
        response: {
          200: SigningActionResponse,
          403: ErrorEnvelope.describe("A signed-PDF link cannot sign"),
          ...LINK_ERRORS,
        },
      },
    },
    async (request) => ({
      message: "",
      data: await ceremony.decline(request.params.token, request.body.reason, metaOf(request)),
    }),
  );
};
