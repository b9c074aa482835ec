import {
  DeletedTemplateResponse,
  NewTemplateRequest,
  ScheduleTemplateVersionRequest,
  TemplateDetailResponse,
  TemplateListResponse,
  TemplateParams,
  TemplateVersionParams,
  TemplateVersionResponse,
  UploadTemplateVersionRequest,
} from "../console-templates.ts";
import { defineCall } from "./define.ts";

const NOT_SIGNED_IN = "No console session (a firm's session is not one), or it has ended";
const REFUSED = "Two-factor sign-in not finished, or the staff member's role does not allow this";
const BAD_INPUT = "A field failed its check, or the template could not be read (the engine's message)";
const NO_TEMPLATE = "No such template";
const NO_VERSION = "No such template, or no such version of it";
const refusals = { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: REFUSED } as const;

/** The operator console's "Templates" area (issue 37 item 2). */
export const consoleTemplateCalls = {
  list: defineCall({
    method: "GET",
    path: "/api/console/templates",
    reply: TemplateListResponse,
    errors: { 401: NOT_SIGNED_IN, 403: REFUSED },
  }),
  create: defineCall({
    method: "POST",
    path: "/api/console/templates",
    body: NewTemplateRequest,
    reply: TemplateVersionResponse,
    errors: {
      ...refusals,
      409: "The identifier is a starter template's or another upload's already",
    },
  }),
  view: defineCall({
    method: "GET",
    path: "/api/console/templates/:identifier",
    params: TemplateParams,
    reply: TemplateDetailResponse,
    errors: { ...refusals, 404: NO_TEMPLATE },
  }),
  upload: defineCall({
    method: "POST",
    path: "/api/console/templates/:identifier/versions",
    params: TemplateParams,
    body: UploadTemplateVersionRequest,
    reply: TemplateVersionResponse,
    errors: { ...refusals, 404: NO_TEMPLATE, 409: "Another version was uploaded at the same moment" },
  }),
  version: defineCall({
    method: "GET",
    path: "/api/console/templates/:identifier/versions/:version",
    params: TemplateVersionParams,
    reply: TemplateVersionResponse,
    errors: { ...refusals, 404: NO_VERSION },
  }),
  publish: defineCall({
    method: "POST",
    path: "/api/console/templates/:identifier/versions/:version/publish",
    params: TemplateVersionParams,
    reply: TemplateVersionResponse,
    errors: {
      ...refusals,
      404: NO_VERSION,
      409: "Checks not passed, published already, or another version was published at the same moment",
    },
  }),
  schedule: defineCall({
    method: "POST",
    path: "/api/console/templates/:identifier/versions/:version/schedule",
    params: TemplateVersionParams,
    body: ScheduleTemplateVersionRequest,
    reply: TemplateVersionResponse,
    errors: { ...refusals, 404: NO_VERSION, 409: "Checks not passed, or published or scheduled already" },
  }),
  cancelSchedule: defineCall({
    method: "POST",
    path: "/api/console/templates/:identifier/versions/:version/cancel-schedule",
    params: TemplateVersionParams,
    reply: TemplateVersionResponse,
    errors: { ...refusals, 404: NO_VERSION, 409: "Published already, or not scheduled" },
  }),
  remove: defineCall({
    method: "DELETE",
    path: "/api/console/templates/:identifier",
    params: TemplateParams,
    reply: DeletedTemplateResponse,
    errors: {
      ...refusals,
      404: NO_TEMPLATE,
      409: "A starter template; or a version of it was published or is scheduled, or a product assembles it",
    },
  }),
  rollBack: defineCall({
    method: "POST",
    path: "/api/console/templates/:identifier/rollback",
    params: TemplateParams,
    reply: TemplateDetailResponse,
    errors: {
      ...refusals,
      404: NO_TEMPLATE,
      409: "Version 1 is current, or a new template's first published version is: nothing to roll back to",
    },
  }),
} as const;
