import { API, type ApiCallInput } from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { call } from "./call";

/** Legal review and hard copy of a document (documents spec §2, §4); every call names the firm. */
const scope = (teamId: number) => ({ id_team: teamId });

export const fulfilmentQuery = (teamId: number, docId: number) =>
  queryOptions({
    queryKey: ["fulfilment", teamId, docId],
    queryFn: ({ signal }) =>
      call(API.fulfilment.get, { params: { id: docId }, query: scope(teamId), signal }),
  });

export const requestLegalReview = (
  teamId: number,
  docId: number,
  body: ApiCallInput<typeof API.fulfilment.legalReview>["body"],
) => call(API.fulfilment.legalReview, { params: { id: docId }, query: scope(teamId), body });

export const orderHardCopy = (
  teamId: number,
  docId: number,
  body: ApiCallInput<typeof API.fulfilment.hardCopy>["body"],
) => call(API.fulfilment.hardCopy, { params: { id: docId }, query: scope(teamId), body });

export const cancelFulfilment = (teamId: number, docId: number, requestId: number) =>
  call(API.fulfilment.cancel, { params: { id: docId, request_id: requestId }, query: scope(teamId) });

/**
 * The payment page for a request's order; the browser comes back to the document (its panel
 * shows the request's state), not to the catalogue's return page, which starts documents.
 */
export const checkoutFor = (teamId: number, docId: number, orderId: number) => {
  const back = `/my-account/my-document?docId=${docId}`;
  return call(API.orders.checkout, {
    query: scope(teamId),
    body: { order_id: orderId, success_url: back, cancel_url: back, error_url: back },
  });
};
