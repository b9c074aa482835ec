import {
  CONSOLE_TEMPLATE_MESSAGES,
  DeletedTemplateResponse,
  ErrorEnvelope,
  NewTemplateRequest,
  ScheduleTemplateVersionRequest,
  TemplateDetailResponse,
  TemplateListResponse,
  TemplateParams,
  TemplateVersionParams,
  TemplateVersionResponse,
  UploadTemplateVersionRequest,
} from "@precedent/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ConsoleArea } from "./policy.ts";
import type { StaffAccountRow } from "./schema.ts";
import type { ConsoleTemplates } from "./template-versions.ts";

/**
 * The routes of the console's "Templates" area (issue 37 item 2), registered inside the
 * console's signed-in scope (its hook runs first): `staffIn` is that scope's role check.
 */
export const templateRoutes: FastifyPluginAsyncZod<{
  templates: ConsoleTemplates;
  staffIn: (request: FastifyRequest, area: ConsoleArea) => StaffAccountRow;
  refusals: { 401: typeof ErrorEnvelope; 403: typeof ErrorEnvelope };
  badInput: typeof ErrorEnvelope;
  security: { console: never[] }[];
}> = async (areas, options) => {
  const { templates, staffIn, refusals, security } = options;
  const badInput = ErrorEnvelope.describe(
    "A field failed its check (data.errors names each field), or the template or an answer set could not be read (the engine's message)",
  );
  const noTemplate = ErrorEnvelope.describe("No such template");
  const noVersion = ErrorEnvelope.describe("No such template, or no such version of it");
  const inTemplates = (request: FastifyRequest) => staffIn(request, "templates");

  areas.get(
    "/console/templates",
    {
      schema: {
        tags: ["console"],
        summary: "Every template with its current (published) and latest version",
        security,
        response: { 200: TemplateListResponse, ...refusals },
      },
    },
    async (request) => ({ message: "", data: await templates.list(inTemplates(request)) }),
  );

  areas.post(
    "/console/templates",
    {
      schema: {
        tags: ["console"],
        summary:
          "Uploads a brand-new template (its files and catalogue entry) as its version 1, checks it as any upload and keeps it as a draft (audited); firms see it once a version is published",
        security,
        body: NewTemplateRequest,
        response: {
          200: TemplateVersionResponse,
          400: badInput,
          ...refusals,
          409: ErrorEnvelope.describe(
            "The identifier is a starter template's or another upload's already (or was taken at the same moment)",
          ),
        },
      },
    },
    async (request) => ({ message: "", data: await templates.create(inTemplates(request), request.body) }),
  );

  areas.get(
    "/console/templates/:identifier",
    {
      schema: {
        tags: ["console"],
        summary: "A template's uploaded versions, newest first, with what the caller may do",
        security,
        params: TemplateParams,
        response: { 200: TemplateDetailResponse, 400: badInput, ...refusals, 404: noTemplate },
      },
    },
    async (request) => ({
      message: "",
      data: await templates.view(inTemplates(request), request.params.identifier),
    }),
  );

  areas.delete(
    "/console/templates/:identifier",
    {
      schema: {
        tags: ["console"],
        summary:
          "Deletes a new template none of whose versions was ever published or is scheduled, and which no product assembles, with all its versions; its identifier is free again (audited)",
        security,
        params: TemplateParams,
        response: {
          200: DeletedTemplateResponse,
          400: badInput,
          ...refusals,
          404: noTemplate,
          409: ErrorEnvelope.describe(
            "A starter template; or a version of it was published or is scheduled, or a product assembles it",
          ),
        },
      },
    },
    async (request) => {
      const { identifier } = request.params;
      const data = await templates.remove(inTemplates(request), identifier);
      return { message: CONSOLE_TEMPLATE_MESSAGES.deleted(identifier), data };
    },
  );

  areas.post(
    "/console/templates/:identifier/versions",
    {
      schema: {
        tags: ["console"],
        summary:
          "Uploads a new version (the files' text), checks it (sample answers and each edge-case answer set assembled, the engine's checks, an HTML preview) and keeps it as a draft (audited)",
        security,
        params: TemplateParams,
        body: UploadTemplateVersionRequest,
        response: {
          200: TemplateVersionResponse,
          400: badInput,
          ...refusals,
          404: noTemplate,
          409: ErrorEnvelope.describe("Another version was uploaded at the same moment"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await templates.upload(inTemplates(request), request.params.identifier, request.body),
    }),
  );

  areas.get(
    "/console/templates/:identifier/versions/:version",
    {
      schema: {
        tags: ["console"],
        summary: "One uploaded version: its checks, page count, preview and the questions it changed",
        security,
        params: TemplateVersionParams,
        response: { 200: TemplateVersionResponse, 400: badInput, ...refusals, 404: noVersion },
      },
    },
    async (request) => ({
      message: "",
      data: await templates.version(inTemplates(request), request.params.identifier, request.params.version),
    }),
  );

  areas.post(
    "/console/templates/:identifier/versions/:version/publish",
    {
      schema: {
        tags: ["console"],
        summary: "Publishes a version that passed its checks: new documents are made from it (audited)",
        security,
        params: TemplateVersionParams,
        response: {
          200: TemplateVersionResponse,
          400: badInput,
          ...refusals,
          404: noVersion,
          409: ErrorEnvelope.describe(
            "Checks not passed (a failing answer set named), published already, or another version was published at the same moment",
          ),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await templates.publish(inTemplates(request), request.params.identifier, request.params.version),
    }),
  );

  areas.post(
    "/console/templates/:identifier/versions/:version/schedule",
    {
      schema: {
        tags: ["console"],
        summary: "Publishes a version that passed its checks at a set time, by a background job (audited)",
        security,
        params: TemplateVersionParams,
        body: ScheduleTemplateVersionRequest,
        response: {
          200: TemplateVersionResponse,
          400: badInput,
          ...refusals,
          404: noVersion,
          409: ErrorEnvelope.describe(
            "Checks not passed (a failing answer set named), or published or scheduled already",
          ),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await templates.schedule(
        inTemplates(request),
        request.params.identifier,
        request.params.version,
        new Date(request.body.publish_at),
      ),
    }),
  );

  areas.post(
    "/console/templates/:identifier/versions/:version/cancel-schedule",
    {
      schema: {
        tags: ["console"],
        summary:
          "Cancels a version's scheduled publication: it is a draft again, or retired if it was published before (audited)",
        security,
        params: TemplateVersionParams,
        response: {
          200: TemplateVersionResponse,
          400: badInput,
          ...refusals,
          404: noVersion,
          409: ErrorEnvelope.describe("Published already, or not scheduled"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await templates.cancelSchedule(
        inTemplates(request),
        request.params.identifier,
        request.params.version,
      ),
    }),
  );

  areas.post(
    "/console/templates/:identifier/rollback",
    {
      schema: {
        tags: ["console"],
        summary: "Makes the version published before the current one current again (audited)",
        security,
        params: TemplateParams,
        response: {
          200: TemplateDetailResponse,
          400: badInput,
          ...refusals,
          404: noTemplate,
          409: ErrorEnvelope.describe(
            "Version 1 is current, or a new template's first published version is: nothing to roll back to",
          ),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await templates.rollBack(inTemplates(request), request.params.identifier),
    }),
  );
};
