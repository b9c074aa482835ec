import {
  API,
  type Billing,
  CANNOT_GET_ORDER_CREDIT,
  CANNOT_UPDATE_CREDIT,
  CANT_CREATE_ORDER,
  CANT_UPDATE_ORDER,
  CREDIT_RETURN_PATH,
  type CreditLogQuery,
  creditReturnPath,
} from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { call } from "./call";
import { ApiError, isApiError } from "./client";

/**
 * A purchase step the server failed (5xx) reads as the spec's words for that step (§8); a refusal
 * (4xx) keeps the server's reason and a lost connection says so.
 */
async function step<T>(call: Promise<T>, failure: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && error.status >= 500) throw new ApiError(error.status, failure);
    throw error;
  }
}

/** The messages `step` gives, which the Buying Credit modal shows as they are. */
export const CREDIT_STEP_FAILURES: ReadonlySet<string> = new Set([
  CANT_CREATE_ORDER,
  CANNOT_GET_ORDER_CREDIT,
  CANT_UPDATE_ORDER,
  CANNOT_UPDATE_CREDIT,
]);

/** Every credit query of a firm (badge, packages, logs): invalidate after a purchase. */
export const creditsKey = (teamId: number) => ["credits", teamId] as const;

export const creditStatusQuery = (teamId: number) =>
  queryOptions({
    queryKey: [...creditsKey(teamId), "status"],
    queryFn: async ({ signal }) =>
      (await call(API.credits.status, { query: { id_team: teamId }, signal })).credit,
  });

export const creditPackagesQuery = (teamId: number) =>
  queryOptions({
    queryKey: [...creditsKey(teamId), "packages"],
    queryFn: async ({ signal }) =>
      (
        await call(API.credits.packages, {
          query: { id_team: teamId },
          signal,
        })
      ).packages,
  });

export type CreditLogFilters = Omit<CreditLogQuery, "id_team">;

export const usedCapQuery = (teamId: number, filters: CreditLogFilters) =>
  queryOptions({
    queryKey: [...creditsKey(teamId), "used-cap", filters],
    queryFn: async ({ signal }) =>
      (
        await call(API.credits.usedCredits, {
          query: { id_team: teamId, ...filters },
          signal,
        })
      ).rows,
    staleTime: 0,
  });

export const orderCapQuery = (teamId: number, filters: CreditLogFilters) =>
  queryOptions({
    queryKey: [...creditsKey(teamId), "order-cap", filters],
    queryFn: async ({ signal }) =>
      (
        await call(API.credits.boughtCredits, {
          query: { id_team: teamId, ...filters },
          signal,
        })
      ).rows,
    staleTime: 0,
  });

/**
 * The purchase (account-area §4): an unpaid order of the package, the order-update step, and a
 * payment session returning to the company page. Returns the payment page's address.
 */
export async function startCreditPurchase(teamId: number, productId: number, billing: Billing) {
  const order = await step(
    call(API.orders.create, {
      query: { id_team: teamId },
      body: { line_items: [{ product_id: productId, quantity: 1 }], billing, set_paid: false },
    }),
    CANT_CREATE_ORDER,
  );
  await step(
    call(API.credits.orderUpdate, {
      query: { id_team: teamId, id_order: order.id },
    }),
    CANT_UPDATE_ORDER,
  );
  const checkout = await call(API.orders.checkout, {
    query: { id_team: teamId },
    body: {
      order_id: order.id,
      success_url: creditReturnPath(order.id),
      cancel_url: creditReturnPath(order.id, true),
      error_url: creditReturnPath(order.id, true),
    },
  });
  return checkout.url;
}

/** The return from the payment page: the order's first line item gets its credits (once). */
export async function completeCreditPurchase(teamId: number, orderId: number) {
  const order = await step(
    // The order is read here for its credit package, not as a shop order: §8 names this failure
    // 'Cannot get order credit data' (the shop's 'Can't get order' is the catalogue purchase's).
    call(API.orders.get, { params: { id: orderId }, query: { id_team: teamId } }),
    CANNOT_GET_ORDER_CREDIT,
  );
  return (
    await step(
      call(API.credits.updateCap, {
        query: { id_team: teamId },
        body: { id_order: orderId, id_product: order.line_items[0]?.product_id },
      }),
      CANNOT_UPDATE_CREDIT,
    )
  ).result;
}

export { CREDIT_RETURN_PATH };
