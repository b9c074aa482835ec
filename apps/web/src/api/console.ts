import { API, type ApiCallInput, type FulfilmentStaffStatus, type SettingKey } from "@precedent/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { call } from "./call";

/**
 * The operator console's calls. A 401 here is the console's own session ending, never a firm's:
 * the firm's sign-in handler is not told (`unauthorizedEndsSession: false`).
 */
const own = { unauthorizedEndsSession: false } as const;

export const consoleSessionQuery = () =>
  queryOptions({
    queryKey: ["console", "session"],
    queryFn: ({ signal }) => call(API.console.session, { ...own, signal }),
    retry: false,
  });

export const consoleSignIn = (body: ApiCallInput<typeof API.console.signIn>["body"]) =>
  call(API.console.signIn, { ...own, body });
export const consoleSignOut = () => call(API.console.signOut, own);
export const consoleSetUpTwoFactor = () => call(API.console.setUpTwoFactor, own);
export const consoleEnterCode = (code: string) => call(API.console.enterCode, { ...own, body: { code } });

export type QueueFilter = ApiCallInput<typeof API.console.fulfilmentQueue>["query"];
export const fulfilmentQueueQuery = (query: QueueFilter) =>
  queryOptions({
    queryKey: ["console", "fulfilment", query],
    queryFn: ({ signal }) => call(API.console.fulfilmentQueue, { ...own, signal, query }),
    placeholderData: keepPreviousData,
  });
export const assignRequest = (id: number, staffId: number | null) =>
  call(API.console.assignRequest, { ...own, params: { id }, body: { staff_id: staffId } });
export const moveRequest = (id: number, status: FulfilmentStaffStatus) =>
  call(API.console.moveRequest, { ...own, params: { id }, body: { status } });

export const staffQuery = () =>
  queryOptions({
    queryKey: ["console", "staff"],
    queryFn: ({ signal }) => call(API.console.staff, { ...own, signal }),
  });
export const addStaff = (body: ApiCallInput<typeof API.console.addStaff>["body"]) =>
  call(API.console.addStaff, { ...own, body });
export const changeStaff = (id: number, body: ApiCallInput<typeof API.console.changeStaff>["body"]) =>
  call(API.console.changeStaff, { ...own, params: { id }, body });

export const auditQuery = (page: number) =>
  queryOptions({
    queryKey: ["console", "audit", page],
    queryFn: ({ signal }) => call(API.console.audit, { ...own, signal, query: { page } }),
    placeholderData: keepPreviousData,
  });

// --- Firms and people ------------------------------------------------------------------------

export const firmSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ["console", "firms", "search", q],
    queryFn: ({ signal }) => call(API.consoleFirms.search, { ...own, signal, query: { q } }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
/** Opening a firm is audited: it is read when opened, not again on a window's focus. */
export const firmViewQuery = (id: number) =>
  queryOptions({
    queryKey: ["console", "firms", "view", id],
    queryFn: ({ signal }) => call(API.consoleFirms.view, { ...own, signal, params: { id } }),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
export const lockFirm = (id: number, reason: string) =>
  call(API.consoleFirms.lock, { ...own, params: { id }, body: { reason } });
export const unlockFirm = (id: number, reason: string) =>
  call(API.consoleFirms.unlock, { ...own, params: { id }, body: { reason } });
export const resetPersonTwoFactor = (id: number, userId: number, reason: string) =>
  call(API.consoleFirms.resetTwoFactor, { ...own, params: { id, user_id: userId }, body: { reason } });
export const grantFirmCredits = (id: number, credits: number, reason: string) =>
  call(API.consoleFirms.grantCredits, { ...own, params: { id }, body: { credits, reason } });
export const changeFirmPlan = (id: number, planId: number, reason: string) =>
  call(API.consoleFirms.changePlan, { ...own, params: { id }, body: { plan_id: planId, reason } });
export const makeFirmOwner = (id: number, userId: number, reason: string) =>
  call(API.consoleFirms.makeOwner, { ...own, params: { id, user_id: userId }, body: { reason } });

// --- Settings and announcements ----------------------------------------------------------------

export const settingsQuery = () =>
  queryOptions({
    queryKey: ["console", "settings"],
    queryFn: ({ signal }) => call(API.consoleSettings.list, { ...own, signal }),
  });
export const settingHistoryQuery = (key: SettingKey) =>
  queryOptions({
    queryKey: ["console", "settings", "history", key],
    queryFn: ({ signal }) => call(API.consoleSettings.history, { ...own, signal, params: { key } }),
  });
export const changeSetting = (
  key: SettingKey,
  body: ApiCallInput<typeof API.consoleSettings.change>["body"],
) => call(API.consoleSettings.change, { ...own, params: { key }, body });

export const announcementsQuery = () =>
  queryOptions({
    queryKey: ["console", "announcements"],
    queryFn: ({ signal }) => call(API.consoleSettings.announcements, { ...own, signal }),
  });
export type AnnouncementBody = ApiCallInput<typeof API.consoleSettings.createAnnouncement>["body"];
export const createAnnouncement = (body: AnnouncementBody) =>
  call(API.consoleSettings.createAnnouncement, { ...own, body });
export const editAnnouncement = (id: number, body: AnnouncementBody) =>
  call(API.consoleSettings.editAnnouncement, { ...own, params: { id }, body });
export const publishAnnouncement = (id: number, published: boolean) =>
  call(API.consoleSettings.publishAnnouncement, { ...own, params: { id }, body: { published } });

// --- Money -----------------------------------------------------------------------------------

export type MoneyFilter = ApiCallInput<typeof API.consoleMoney.orders>["query"];
export const moneyOrdersQuery = (query: MoneyFilter) =>
  queryOptions({
    queryKey: ["console", "money", "orders", query],
    queryFn: ({ signal }) => call(API.consoleMoney.orders, { ...own, signal, query }),
    placeholderData: keepPreviousData,
  });
export const moneyOrderQuery = (id: number) =>
  queryOptions({
    queryKey: ["console", "money", "order", id],
    queryFn: ({ signal }) => call(API.consoleMoney.order, { ...own, signal, params: { id } }),
  });
export const refundOrder = (id: number, body: ApiCallInput<typeof API.consoleMoney.refund>["body"]) =>
  call(API.consoleMoney.refund, { ...own, params: { id }, body });
export const resendInvoice = (id: number) => call(API.consoleMoney.resendInvoice, { ...own, params: { id } });
export const takingsQuery = (day: string) =>
  queryOptions({
    queryKey: ["console", "money", "takings", day],
    queryFn: ({ signal }) => call(API.consoleMoney.takings, { ...own, signal, query: { day } }),
    placeholderData: keepPreviousData,
  });
