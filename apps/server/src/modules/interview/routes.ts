import {
  ActionTokenResponse,
  AssembleBody,
  AssembleResponse,
  DocIdParam,
  InterviewResponse,
  MoveTemplateVersionQuery,
  MoveTemplateVersionResponse,
  RelaunchOfferResponse,
  RelaunchQuery,
  RelaunchResponse,
  SaveInterviewBody,
  SaveInterviewResponse,
  TeamScopeQuery,
} from "@precedent/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { RENDERS_MAX_PER_MINUTE } from "../../constants.ts";
import { sendFile } from "../../platform/kernel/index.ts";
import { BUSY_RESPONSE } from "../../platform/workers/index.ts";
import type { InterviewService } from "./service.ts";

/**
 * Renders are the heaviest requests: each person gets a number per minute for previews and as
 * many for assemblies, counted by who they are rather than by address (one office, one address).
 */
const rendersPerPerson = {
  max: RENDERS_MAX_PER_MINUTE,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => `user:${request.actor?.userId ?? request.ip}`,
};

/**
 * The preview is opened by a form post into a new window (interview spec §2, §7): field `xml`
 * holds the answers as a JSON string. JSON bodies are read too.
 */
const PreviewBody = z.object({
  xml: z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    },
    z.record(z.string(), z.unknown(), { error: "xml must be the answers as a JSON object" }),
  ),
});

/** How many answers a preview is missing (0: the document as it would be assembled; more: a draft). */
const PREVIEW_MISSING_HEADER = "x-missing-answers";

const EmptyEnvelope = z.object({ message: z.string(), data: z.null() });

export const interviewRoutes: FastifyPluginAsyncZod<{ interview: InterviewService }> = async (
  app,
  { interview },
) => {
  const tags = ["interview"];

  // Scoped to this plugin: only the preview takes a form post. No new dependency for a flat form.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get(
    "/get-action-token/:docId",
    {
      schema: {
        tags,
        summary: "A fresh action token for the document's interview; earlier tokens stop working",
        params: DocIdParam,
        querystring: TeamScopeQuery,
        response: { 200: ActionTokenResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: { action_token: await interview.issueToken(ctx, request.params.docId) } };
    },
  );

  app.get(
    "/doc/:docId/interview",
    {
      schema: {
        tags,
        summary: "The interview definition and saved answers of a draft or in-progress document",
        params: DocIdParam,
        querystring: TeamScopeQuery,
        response: { 200: InterviewResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await interview.interview(ctx, request.params.docId) };
    },
  );

  app.put(
    "/xpressdox/update-xml/:docId",
    {
      schema: {
        tags,
        summary: "Save interview answers (status false: the document is open in another tab)",
        params: DocIdParam,
        querystring: TeamScopeQuery,
        body: SaveInterviewBody,
        response: { 200: SaveInterviewResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const { xml, action_token } = request.body;
      return { message: "", data: await interview.save(ctx, request.params.docId, xml, action_token) };
    },
  );

  app.put(
    "/doc/reset-xml/:docId",
    {
      schema: {
        tags,
        summary: "Empty the document's interview answers",
        params: DocIdParam,
        querystring: TeamScopeQuery,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      await interview.reset(ctx, request.params.docId);
      return { message: "", data: null };
    },
  );

  app.post(
    "/xpressdox/preview/:docId",
    {
      config: { rateLimit: rendersPerPerson },
      schema: {
        tags,
        summary:
          "The PDF of the posted answers (form field xml or JSON), shown inline, not saved; with answers missing, a DRAFT-watermarked PDF with each missing answer highlighted (header x-missing-answers: how many)",
        params: DocIdParam,
        querystring: TeamScopeQuery,
        body: PreviewBody,
        produces: ["application/pdf"],
        response: BUSY_RESPONSE,
      },
    },
    async (request, reply) => {
      const ctx = await request.firm();
      const result = await interview.preview(ctx, request.params.docId, request.body.xml);
      // Missing answers give a draft; the count tells a caller so without reading the PDF (the web
      // app lists them itself, from the same engine).
      reply.header(PREVIEW_MISSING_HEADER, String(result.missing.length));
      return sendFile(
        reply,
        { bytes: result.pdf, mediaType: "application/pdf", name: result.fileName },
        "inline",
      );
    },
  );

  app.post(
    "/xpressdox/assemble/:docId",
    {
      config: { rateLimit: rendersPerPerson },
      schema: {
        tags,
        summary: "Assemble the PDF and Word file from the saved answers and complete the document",
        params: DocIdParam,
        querystring: TeamScopeQuery,
        body: AssembleBody,
        response: { 200: AssembleResponse, ...BUSY_RESPONSE },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return {
        message: "",
        data: await interview.assemble(ctx, request.params.docId, request.body.action_token),
      };
    },
  );

  app.put(
    "/doc/relaunch/:docId",
    {
      schema: {
        tags,
        summary:
          "Reopen a completed document's interview (answers kept), on the template version it was made from or on the template's current version (answers to questions it removed are dropped)",
        params: DocIdParam,
        querystring: RelaunchQuery,
        response: { 200: RelaunchResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const { template_version } = request.query;
      return { message: "", data: await interview.relaunch(ctx, request.params.docId, template_version) };
    },
  );

  app.put(
    "/doc/template-version/:docId",
    {
      schema: {
        tags,
        summary:
          "Move a draft or in-progress document to its template's current version (answers to questions it no longer asks are dropped and logged; the status stays)",
        params: DocIdParam,
        querystring: MoveTemplateVersionQuery,
        response: { 200: MoveTemplateVersionResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      const { template_version } = request.query;
      return {
        message: "",
        data: await interview.moveToCurrentVersion(ctx, request.params.docId, template_version),
      };
    },
  );

  app.get(
    "/doc/relaunch/:docId",
    {
      schema: {
        tags,
        summary:
          "What relaunching the document offers: the template version it was made from, the current one, and what a newer one changed (questions added and removed, answers that would be dropped)",
        params: DocIdParam,
        querystring: TeamScopeQuery,
        response: { 200: RelaunchOfferResponse },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await interview.relaunchOffer(ctx, request.params.docId) };
    },
  );
};
