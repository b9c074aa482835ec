import { API } from "@precedent/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { call } from "./call";

/** The console's "integrations failing" queue. A 401 is the console's own session ending. */
const own = { unauthorizedEndsSession: false } as const;

type Kind = "connection" | "sync";

export const failingIntegrationsQuery = (page: number) =>
  queryOptions({
    queryKey: ["console", "integrations", page],
    queryFn: ({ signal }) =>
      call(API.consoleIntegrations.failingIntegrations, { ...own, signal, query: { page } }),
    placeholderData: keepPreviousData,
  });
export const retryIntegration = (kind: Kind, id: number) =>
  call(API.consoleIntegrations.retryIntegration, { ...own, params: { kind, id } });
export const noteIntegration = (kind: Kind, id: number, body: { note: string; contacted: boolean }) =>
  call(API.consoleIntegrations.noteIntegration, { ...own, params: { kind, id }, body });
