import {
  CategoryListQuery,
  CategoryListResponse,
  CouponCheckQuery,
  CouponCheckResponse,
  FaqQuery,
  FaqResponse,
  MembershipProductsResponse,
  ProductIdParams,
  ProductListQuery,
  ProductListResponse,
  ProductResponse,
  StartDocumentRequest,
  StartDocumentResponse,
} from "../catalogue.ts";
import { TeamScopeQuery } from "../folders.ts";
import { defineCall, defineLink } from "./define.ts";

/** The template catalogue: products, their categories and FAQ, coupons, starting a document. */
export const catalogueCalls = {
  products: defineCall({
    method: "GET",
    path: "/api/products",
    query: ProductListQuery,
    reply: ProductListResponse,
    errors: { 400: "A filter is not valid" },
  }),
  categories: defineCall({
    method: "GET",
    path: "/api/products/categories",
    query: CategoryListQuery,
    reply: CategoryListResponse,
    errors: { 400: "A filter is not valid" },
  }),
  product: defineCall({
    method: "GET",
    path: "/api/products/:id",
    params: ProductIdParams,
    reply: ProductResponse,
    errors: { 404: "No such product" },
  }),
  faq: defineCall({
    method: "GET",
    path: "/api/faq/get-faq",
    query: FaqQuery,
    reply: FaqResponse,
    errors: { 400: "product_id is not valid" },
  }),
  /** Which categories the firm's plan opens, excludes or limits. */
  membershipProducts: defineCall({
    method: "GET",
    path: "/api/membership/products",
    query: TeamScopeQuery,
    reply: MembershipProductsResponse,
    errors: { 404: "Not a member of this firm" },
  }),
  /** The server prices the coupon against the product and the codes already applied. */
  checkCoupon: defineCall({
    method: "GET",
    path: "/api/coupons",
    query: CouponCheckQuery,
    reply: CouponCheckResponse,
    errors: { 400: "A field is not valid", 404: "Not a member of this firm, or no such product" },
  }),
  /** The document, from a plan use, a free product or a paid order, and its draft. */
  startDocument: defineCall({
    method: "POST",
    path: "/api/doc/start",
    query: TeamScopeQuery,
    body: StartDocumentRequest,
    reply: StartDocumentResponse,
    errors: {
      400: "A field is not valid",
      403: "The caller's role in the firm does not allow this",
      404: "No such product or order",
      409: "Not possible in the current state; the message says why",
    },
  }),
  /** The PDF of a template filled with sample answers. */
  preview: defineLink({ method: "GET", path: "/api/products/:id/preview", params: ProductIdParams }),
} as const;
