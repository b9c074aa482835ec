import {
  BundleStatusResponse,
  CancelSigningRequest,
  ConfirmSigningRequest,
  ConfirmSigningResponse,
  ErrorEnvelope,
  FuseSignWebhookResponse,
  ListSignerResponse,
  ReminderRequest,
  ReminderResponse,
  ResendSigningRequest,
  SignedDownloadQuery,
  SigningDocQuery,
  SigningHistoryQuery,
  SigningHistoryResponse,
  SigningLifecycleResponse,
  TeamScopeQuery,
} from "@precedent/contracts";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendFile, sendFileStream } from "../../platform/kernel/index.ts";
import { BUSY_RESPONSE } from "../../platform/workers/index.ts";
import { FUSESIGN_SIGNATURE_HEADER } from "./fusesign/adapter.ts";
import type { SigningLifecycle } from "./lifecycle.ts";
import type { SigningService } from "./service.ts";

const notVisible = ErrorEnvelope.describe(
  "No such document in this firm that the caller can see (or no such firm)",
);
const badInput = ErrorEnvelope.describe("A field failed its check; data.errors names each field");
const refused = ErrorEnvelope.describe(
  "The Lite plan, or not the document's creator, the owner or a manager",
);

export const signingRoutes: FastifyPluginAsyncZod<{
  signing: SigningService;
  signingLifecycle: SigningLifecycle;
}> = async (app, { signing, signingLifecycle }) => {
  app.get(
    "/signing/list-signer",
    {
      schema: {
        tags: ["signing"],
        summary:
          "The document's signers and witnesses from its parties, and whether it may be signed electronically",
        querystring: SigningDocQuery,
        response: {
          200: ListSignerResponse,
          404: notVisible,
          409: ErrorEnvelope.describe("The document has no template"),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await signing.listSigners(ctx, request.query.doc_id) };
    },
  );

  app.post(
    "/signing/confirm",
    {
      schema: {
        tags: ["signing"],
        summary: "Sends the document for signing: one private link emailed to each signer and witness",
        querystring: TeamScopeQuery,
        body: ConfirmSigningRequest,
        response: {
          200: ConfirmSigningResponse,
          400: badInput,
          403: refused,
          404: notVisible,
          409: ErrorEnvelope.describe(
            "Not completed or signing not allowed, owner confirmation missing, not assembled, or it must be signed on paper",
          ),
          ...BUSY_RESPONSE,
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const data = await signing.confirm(ctx, request.body);
      return { message: "", data: { status: true, data } };
    },
  );

  app.get(
    "/signing/bundle/get",
    {
      schema: {
        tags: ["signing"],
        summary: "The signing request's status: dates, each signer's status, signed/total",
        querystring: SigningDocQuery,
        response: { 200: BundleStatusResponse, 404: notVisible },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await signing.bundle(ctx, request.query.doc_id) };
    },
  );

  app.get(
    "/signing/bundle/history",
    {
      schema: {
        tags: ["signing"],
        summary: "The document's signing history (Time/Action), newest first, 15 a page",
        querystring: SigningHistoryQuery,
        response: { 200: SigningHistoryResponse, 404: notVisible },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const { doc_id, page, length } = request.query;
      return { message: "", data: await signing.history(ctx, doc_id, page, length) };
    },
  );

  app.get(
    "/signing/document/download",
    {
      schema: {
        tags: ["signing"],
        summary:
          "The signed document: the sealed PDF with its audit certificate, or (file=certificate) the certificate pages alone",
        description:
          "The spec's e-signing download (doc_id). Only for a signed document (status 3) whose signing request is completed and sealed.",
        querystring: SignedDownloadQuery,
        produces: ["application/pdf"],
        response: {
          200: z.any().describe("The PDF's bytes (attachment)"),
          404: notVisible,
          409: ErrorEnvelope.describe("Not signed by everyone yet, or the sealed PDF is not ready"),
          ...BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const ctx = await request.firm();
      const { doc_id, file } = request.query;
      const pdf = await signing.signedDownload(ctx, doc_id, file);
      const named = { mediaType: "application/pdf", name: pdf.name };
      return pdf.stream
        ? sendFileStream(reply, { ...named, body: pdf.stream.body, size: pdf.stream.size }, "attachment")
        : sendFile(reply, { ...named, bytes: pdf.bytes }, "attachment");
    },
  );

  app.post(
    "/signing/reminder",
    {
      schema: {
        tags: ["signing"],
        summary: "Emails a reminder to each pending signer whose turn it is (pending documents only)",
        querystring: TeamScopeQuery,
        body: ReminderRequest,
        response: {
          200: ReminderResponse,
          403: refused,
          404: notVisible,
          409: ErrorEnvelope.describe("The document is not pending signature"),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const { doc_id, reminder_notes } = request.body;
      const reminded = await signing.remind(ctx, doc_id, reminder_notes);
      return { message: "", data: { reminded } };
    },
  );

  app.post(
    "/signing/cancel",
    {
      schema: {
        tags: ["signing"],
        summary:
          "Cancels the pending signing request with a reason: every link stops working and the document is Completed again",
        querystring: TeamScopeQuery,
        body: CancelSigningRequest,
        response: {
          200: SigningLifecycleResponse,
          400: badInput,
          403: refused,
          404: notVisible,
          409: ErrorEnvelope.describe("The document has no pending signing request"),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const { doc_id, reason } = request.body;
      return { message: "", data: await signingLifecycle.cancel(ctx, doc_id, reason) };
    },
  );

  app.post(
    "/signing/resend",
    {
      schema: {
        tags: ["signing"],
        summary:
          "Sends a declined or cancelled signing request again to the same people, with new links (the old ones stay dead)",
        querystring: TeamScopeQuery,
        body: ResendSigningRequest,
        response: {
          200: SigningLifecycleResponse,
          400: badInput,
          403: refused,
          404: notVisible,
          409: ErrorEnvelope.describe(
            "The request was not declined or cancelled, the document changed since, or owner confirmation is missing",
          ),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const { doc_id, owner_confirmed } = request.body;
      return { message: "", data: await signingLifecycle.resend(ctx, doc_id, owner_confirmed) };
    },
  );
};

/** POST /api/fusesign/webhook: no session; the HMAC of the raw body with the webhook secret is the proof. */
export const fuseSignWebhookRoutes: FastifyPluginAsync<{ signing: SigningService }> = async (
  app,
  { signing },
) => {
  // The signature is over the raw bytes: this scope takes them instead of the app's JSON parser.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    "/fusesign/webhook",
    {
      schema: {
        tags: ["signing"],
        summary: "FuseSign's events (CustomerDocumentSigned, BundleFinalised, BundleError), signed",
        description: `The body's HMAC-SHA256 (hex) with FUSESIGN_WEBHOOK_SECRET comes in the ${FUSESIGN_SIGNATURE_HEADER} header.`,
        response: {
          200: FuseSignWebhookResponse.describe(
            "Received; `applied` is false for a repeat, an unknown bundle or an event of no interest",
          ),
          400: ErrorEnvelope.describe("The signature does not match the body"),
          404: ErrorEnvelope.describe("FuseSign is not configured on this server"),
        },
      },
    },
    async (request) => {
      const signature = request.headers[FUSESIGN_SIGNATURE_HEADER];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const data = await signing.fuseSignWebhook(body, typeof signature === "string" ? signature : undefined);
      return { message: "", data };
    },
  );
};
