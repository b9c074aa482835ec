import { API } from "@precedent/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { call, hrefOf } from "./call";

/** Every order query of a firm (one order, the My Orders pages): invalidate after a payment or start. */
export const ordersKey = (teamId: number) => ["orders", teamId] as const;

/** My Orders: the caller's own orders in the firm, newest first, one page at a time. */
export const myOrdersQuery = (teamId: number, page: number, length: number) =>
  queryOptions({
    queryKey: [...ordersKey(teamId), "list", page, length],
    queryFn: ({ signal }) => call(API.orders.mine, { query: { id_team: teamId, page, length }, signal }),
    placeholderData: keepPreviousData,
    // A payment or a started document changes an order's status: always read again on opening.
    staleTime: 0,
  });

/** The tax invoice of a paid order (a PDF; the session cookie authorises the download). */
export const invoiceHref = (teamId: number, orderId: number) =>
  hrefOf(API.orders.invoice, { params: { id: orderId }, query: { id_team: teamId } });

/**
 * The template an order bought, as the catalogue shows it, even when it was withdrawn from sale
 * since (the catalogue's own product address no longer answers for it): what Start needs.
 */
export const orderProductQuery = (teamId: number, orderId: number) =>
  queryOptions({
    queryKey: [...ordersKey(teamId), "product", orderId],
    queryFn: ({ signal }) =>
      call(API.orders.product, { params: { id: orderId }, query: { id_team: teamId }, signal }),
  });
