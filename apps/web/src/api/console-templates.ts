import { API, type ApiCallInput } from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { call } from "./call";

/** The console's Templates area (issue 37 item 2); a 401 is the console's own session ending. */
const own = { unauthorizedEndsSession: false } as const;

export const templateListQuery = () =>
  queryOptions({
    queryKey: ["console", "templates", "list"],
    queryFn: ({ signal }) => call(API.consoleTemplates.list, { ...own, signal }),
  });
export const templateDetailQuery = (identifier: string) =>
  queryOptions({
    queryKey: ["console", "templates", "detail", identifier],
    queryFn: ({ signal }) => call(API.consoleTemplates.view, { ...own, signal, params: { identifier } }),
  });
export const templateVersionQuery = (identifier: string, version: number) =>
  queryOptions({
    queryKey: ["console", "templates", "version", identifier, version],
    queryFn: ({ signal }) =>
      call(API.consoleTemplates.version, { ...own, signal, params: { identifier, version } }),
  });
export type UploadBody = ApiCallInput<typeof API.consoleTemplates.upload>["body"];
export const uploadTemplateVersion = (identifier: string, body: UploadBody) =>
  call(API.consoleTemplates.upload, { ...own, params: { identifier }, body });
export const publishTemplateVersion = (identifier: string, version: number) =>
  call(API.consoleTemplates.publish, { ...own, params: { identifier, version } });
export const scheduleTemplateVersion = (identifier: string, version: number, publishAt: string) =>
  call(API.consoleTemplates.schedule, {
    ...own,
    params: { identifier, version },
    body: { publish_at: publishAt },
  });
export const cancelTemplateSchedule = (identifier: string, version: number) =>
  call(API.consoleTemplates.cancelSchedule, { ...own, params: { identifier, version } });
export const deleteTemplate = (identifier: string) =>
  call(API.consoleTemplates.remove, { ...own, params: { identifier } });
export const rollBackTemplate = (identifier: string) =>
  call(API.consoleTemplates.rollBack, { ...own, params: { identifier } });
export type NewTemplateBody = ApiCallInput<typeof API.consoleTemplates.create>["body"];
export const createTemplate = (body: NewTemplateBody) => call(API.consoleTemplates.create, { ...own, body });
