import { API, type Billing, PRODUCT_PAGE_SIZE, type StartDocumentRequest } from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { call, hrefOf } from "./call";

/** What a product list is filtered by: category ids (any of them, with sub categories) and text. */
export type ProductFilters = { categoryIds: number[]; search: string };

export const catalogueKey = ["catalogue"] as const;

export const categoriesQuery = () =>
  queryOptions({
    queryKey: [...catalogueKey, "categories"],
    queryFn: ({ signal }) =>
      call(API.catalogue.categories, {
        query: { per_page: PRODUCT_PAGE_SIZE, hide_empty: "true" },
        signal,
      }),
    staleTime: 5 * 60_000,
  });

export const productsQuery = (filters: ProductFilters, enabled = true) =>
  queryOptions({
    queryKey: [...catalogueKey, "products", filters],
    queryFn: ({ signal }) =>
      call(API.catalogue.products, {
        query: {
          category: filters.categoryIds.length > 0 ? filters.categoryIds.join(",") : undefined,
          search: filters.search || undefined,
          status: "publish",
          per_page: PRODUCT_PAGE_SIZE,
        },
        signal,
      }),
    enabled,
    staleTime: 60_000,
  });

export const productQuery = (productId: number) =>
  queryOptions({
    queryKey: [...catalogueKey, "product", productId],
    queryFn: ({ signal }) => call(API.catalogue.product, { params: { id: productId }, signal }),
  });

export const faqQuery = (productId: number) =>
  queryOptions({
    queryKey: [...catalogueKey, "faq", productId],
    queryFn: async ({ signal }) =>
      (await call(API.catalogue.faq, { query: { product_id: productId }, signal })).body,
    staleTime: 5 * 60_000,
  });

/** The PDF of a template filled with sample answers. */
export const productPreviewUrl = (productId: number) =>
  hrefOf(API.catalogue.preview, { params: { id: productId } });

/** Which categories the firm's plan opens, excludes or limits (decides Start vs Purchase). */
export const membershipKey = (teamId: number) => ["membership-products", teamId] as const;
export const membershipProductsQuery = (teamId: number) =>
  queryOptions({
    queryKey: membershipKey(teamId),
    queryFn: async ({ signal }) =>
      (
        await call(API.catalogue.membershipProducts, {
          query: { id_team: teamId },
          signal,
        })
      ).body,
  });

/** Checks a coupon against the product and the codes already applied; the server prices it. */
export const checkCoupon = (teamId: number, productId: number, code: string, applied: string[]) =>
  call(API.catalogue.checkCoupon, {
    query: {
      id_team: teamId,
      product_id: productId,
      code,
      applied: applied.length > 0 ? applied.join(",") : undefined,
    },
  });

export const createOrder = (teamId: number, productId: number, couponCodes: string[], billing: Billing) =>
  call(API.orders.create, {
    query: { id_team: teamId },
    body: {
      line_items: [{ product_id: productId, quantity: 1 }],
      coupon_lines: couponCodes.map((code) => ({ code })),
      billing,
      set_paid: false,
    },
  });

export const orderQuery = (teamId: number, orderId: number) =>
  queryOptions({
    queryKey: ["orders", teamId, orderId],
    queryFn: ({ signal }) =>
      call(API.orders.get, { params: { id: orderId }, query: { id_team: teamId }, signal }),
    retry: false,
  });

/** Asks for a payment session; its url is the (sandbox) checkout page to send the browser to. */
export const requestCheckout = (teamId: number, orderId: number) =>
  call(API.orders.checkout, { query: { id_team: teamId }, body: { order_id: orderId } });

/** Creates the document (from a plan use, a free product or a paid order) and its draft. */
export const startDocument = (teamId: number, request: StartDocumentRequest) =>
  call(API.catalogue.startDocument, { query: { id_team: teamId }, body: request });
