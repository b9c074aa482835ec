import { API, type ApiCallInput } from "@precedent/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { call } from "./call";

/** The console's queues that need a person. A 401 is the console's own session ending. */
const own = { unauthorizedEndsSession: false } as const;

export type FailedJobsFilter = ApiCallInput<typeof API.consoleQueues.failedJobs>["query"];
export const failedJobsQuery = (query: FailedJobsFilter) =>
  queryOptions({
    queryKey: ["console", "jobs", query],
    queryFn: ({ signal }) => call(API.consoleQueues.failedJobs, { ...own, signal, query }),
    placeholderData: keepPreviousData,
  });
export const retryJob = (id: number) => call(API.consoleQueues.retryJob, { ...own, params: { id } });
export const discardJob = (id: number) => call(API.consoleQueues.discardJob, { ...own, params: { id } });

export type LodgementFilter = ApiCallInput<typeof API.consoleQueues.lodgements>["query"];
export const lodgementsQuery = (query: LodgementFilter) =>
  queryOptions({
    queryKey: ["console", "lodgements", query],
    queryFn: ({ signal }) => call(API.consoleQueues.lodgements, { ...own, signal, query }),
    placeholderData: keepPreviousData,
  });
export const retryLodgement = (docId: number) =>
  call(API.consoleQueues.retryLodgement, { ...own, params: { doc_id: docId } });
export const assignLodgement = (docId: number, staffId: number | null) =>
  call(API.consoleQueues.assignLodgement, { ...own, params: { doc_id: docId }, body: { staff_id: staffId } });
export const noteLodgement = (docId: number, note: string) =>
  call(API.consoleQueues.noteLodgement, { ...own, params: { doc_id: docId }, body: { note } });

export type MailFilter = ApiCallInput<typeof API.consoleQueues.failedMail>["query"];
export const failedMailQuery = (query: MailFilter) =>
  queryOptions({
    queryKey: ["console", "mail", query],
    queryFn: ({ signal }) => call(API.consoleQueues.failedMail, { ...own, signal, query }),
    placeholderData: keepPreviousData,
  });
export const retryMail = (id: number) => call(API.consoleQueues.retryMail, { ...own, params: { id } });
