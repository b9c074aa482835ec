import { API, type ApiCallInput } from "@precedent/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { call } from "./call";

/** The console's "integrations failing" queue. A 401 is the console's own session ending. */
const own = { unauthorizedEndsSession: false } as const;

type Kind = "connection" | "sync" | "import";

export type IntegrationFilter = ApiCallInput<typeof API.consoleIntegrations.failingIntegrations>["query"];
export const failingIntegrationsQuery = (query: IntegrationFilter) =>
  queryOptions({
    queryKey: ["console", "integrations", query],
    queryFn: ({ signal }) => call(API.consoleIntegrations.failingIntegrations, { ...own, signal, query }),
    placeholderData: keepPreviousData,
  });
export const retryIntegration = (kind: Kind, id: number) =>
  call(API.consoleIntegrations.retryIntegration, { ...own, params: { kind, id } });
export const noteIntegration = (kind: Kind, id: number, body: { note: string; contacted: boolean }) =>
  call(API.consoleIntegrations.noteIntegration, { ...own, params: { kind, id }, body });
export const assignIntegration = (kind: Kind, id: number, staffId: number | null) =>
  call(API.consoleIntegrations.assignIntegration, {
    ...own,
    params: { kind, id },
    body: { staff_id: staffId },
  });
