import { API, LOG_LIST_PAGE_SIZE } from "@precedent/contracts";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { call } from "./call";
import { documentsKey } from "./documents";

/** The Document Logs filters: every entry, those that passed, those that failed. */
export type DocumentLogFilter = "all" | "passed" | "failed";

const isSuccessOf = (filter: DocumentLogFilter) =>
  filter === "all" ? undefined : filter === "passed" ? "1" : "0";

type Paged = { page: number; total_page: number };
/** Log lists load further pages until page reaches total_page (account-area §4). */
const nextPage = (last: Paged) => (last.page < last.total_page ? last.page + 1 : undefined);

export const documentLogQuery = (teamId: number, docId: number, filter: DocumentLogFilter) =>
  infiniteQueryOptions({
    queryKey: [...documentsKey(teamId), "document-log", docId, filter],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(API.logs.document, {
        query: {
          id_team: teamId,
          id: docId,
          is_success: isSuccessOf(filter),
          page: pageParam,
          length: LOG_LIST_PAGE_SIZE,
        },
        signal,
      }),
    getNextPageParam: nextPage,
    staleTime: 0,
  });

/** The integrations page's Logs: the entries across documents (the firm's, or a member's own). */
export const integrationLogQuery = (teamId: number, filter: DocumentLogFilter) =>
  infiniteQueryOptions({
    queryKey: ["integration-log", teamId, filter],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(API.logs.integrations, {
        query: {
          id_team: teamId,
          is_success: isSuccessOf(filter),
          page: pageParam,
          length: LOG_LIST_PAGE_SIZE,
        },
        signal,
      }),
    getNextPageParam: nextPage,
    staleTime: 0,
  });

export type ActivityLogFilters = {
  /** YYYY-MM-DD */
  dateFrom: string | undefined;
  dateTo: string | undefined;
  userIds: number[];
  outcome: DocumentLogFilter;
};

export const NO_ACTIVITY_FILTERS: ActivityLogFilters = {
  dateFrom: undefined,
  dateTo: undefined,
  userIds: [],
  outcome: "all",
};

export const activityLogQuery = (teamId: number, filters: ActivityLogFilters) =>
  infiniteQueryOptions({
    queryKey: ["activity-log", teamId, filters],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(API.logs.activity, {
        query: {
          id_team: teamId,
          date_from: filters.dateFrom,
          date_to: filters.dateTo,
          user_ids: filters.userIds.length > 0 ? filters.userIds.join(",") : undefined,
          is_success: isSuccessOf(filters.outcome),
          page: pageParam,
          length: LOG_LIST_PAGE_SIZE,
        },
        signal,
      }),
    getNextPageParam: nextPage,
    staleTime: 0,
  });
