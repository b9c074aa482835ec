import {
  CatalogueItemParams,
  CatalogueSearchQuery,
  ConsoleCategoriesResponse,
  ConsoleCategoryResponse,
  ConsoleCouponResponse,
  ConsoleCouponsResponse,
  ConsoleCreditPackageResponse,
  ConsoleCreditPackagesResponse,
  ConsolePlanResponse,
  ConsolePlansResponse,
  ConsoleProductListResponse,
  ConsoleProductResponse,
  CreateCategoryRequest,
  CreateCouponRequest,
  CreateCreditPackageRequest,
  MoveCategoryRequest,
  PlanRulesRequest,
  UpdateCategoryRequest,
  UpdateCouponRequest,
  UpdateCreditPackageRequest,
  UpdatePlanRequest,
  UpdateProductRequest,
} from "../console-catalogue.ts";
import { defineCall } from "./define.ts";

const NOT_SIGNED_IN = "No console session (a firm's session is not one), or it has ended";
const REFUSED = "Two-factor sign-in not finished, or the staff member's role does not allow this";
const BAD_INPUT = "A field failed its check; data.errors names each field";
const refusals = { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: REFUSED } as const;
const STALE = "Changed by someone else since it was read";

/** The operator console's "Catalogue" area (issue 37 items 3 and 4). */
export const consoleCatalogueCalls = {
  products: defineCall({
    method: "GET",
    path: "/api/console/catalogue/products",
    query: CatalogueSearchQuery,
    reply: ConsoleProductListResponse,
    errors: refusals,
  }),
  product: defineCall({
    method: "GET",
    path: "/api/console/catalogue/products/:id",
    params: CatalogueItemParams,
    reply: ConsoleProductResponse,
    errors: { ...refusals, 404: "No such product" },
  }),
  updateProduct: defineCall({
    method: "PUT",
    path: "/api/console/catalogue/products/:id",
    params: CatalogueItemParams,
    body: UpdateProductRequest,
    reply: ConsoleProductResponse,
    errors: { ...refusals, 404: "No such product, or no such category", 409: STALE },
  }),
  categories: defineCall({
    method: "GET",
    path: "/api/console/catalogue/categories",
    reply: ConsoleCategoriesResponse,
    errors: { 401: NOT_SIGNED_IN, 403: REFUSED },
  }),
  createCategory: defineCall({
    method: "POST",
    path: "/api/console/catalogue/categories",
    body: CreateCategoryRequest,
    reply: ConsoleCategoryResponse,
    errors: { ...refusals, 404: "No such parent category", 409: "The name is taken there" },
  }),
  updateCategory: defineCall({
    method: "PUT",
    path: "/api/console/catalogue/categories/:id",
    params: CatalogueItemParams,
    body: UpdateCategoryRequest,
    reply: ConsoleCategoryResponse,
    errors: {
      ...refusals,
      404: "No such category or parent",
      409: "The move would make a cycle, or the name is taken there",
    },
  }),
  moveCategory: defineCall({
    method: "POST",
    path: "/api/console/catalogue/categories/:id/move",
    params: CatalogueItemParams,
    body: MoveCategoryRequest,
    reply: ConsoleCategoryResponse,
    errors: {
      ...refusals,
      404: "No such category",
      409: "Already first (up) or last (down) beside its neighbours",
    },
  }),
  planRules: defineCall({
    method: "PUT",
    path: "/api/console/catalogue/categories/:id/plan-rules",
    params: CatalogueItemParams,
    body: PlanRulesRequest,
    reply: ConsoleCategoryResponse,
    errors: { ...refusals, 404: "No such category or plan" },
  }),
  creditPackages: defineCall({
    method: "GET",
    path: "/api/console/catalogue/credit-packages",
    reply: ConsoleCreditPackagesResponse,
    errors: { 401: NOT_SIGNED_IN, 403: REFUSED },
  }),
  createCreditPackage: defineCall({
    method: "POST",
    path: "/api/console/catalogue/credit-packages",
    body: CreateCreditPackageRequest,
    reply: ConsoleCreditPackageResponse,
    errors: { ...refusals, 409: "A credit package with this name already exists" },
  }),
  updateCreditPackage: defineCall({
    method: "PUT",
    path: "/api/console/catalogue/credit-packages/:id",
    params: CatalogueItemParams,
    body: UpdateCreditPackageRequest,
    reply: ConsoleCreditPackageResponse,
    errors: { ...refusals, 404: "No such credit package", 409: STALE },
  }),
  plans: defineCall({
    method: "GET",
    path: "/api/console/catalogue/plans",
    reply: ConsolePlansResponse,
    errors: { 401: NOT_SIGNED_IN, 403: REFUSED },
  }),
  updatePlan: defineCall({
    method: "PUT",
    path: "/api/console/catalogue/plans/:id",
    params: CatalogueItemParams,
    body: UpdatePlanRequest,
    reply: ConsolePlanResponse,
    errors: {
      ...refusals,
      404: "No such plan",
      409: "Changed by someone else since it was read, or a price moved between free and paid",
    },
  }),
  coupons: defineCall({
    method: "GET",
    path: "/api/console/catalogue/coupons",
    query: CatalogueSearchQuery,
    reply: ConsoleCouponsResponse,
    errors: refusals,
  }),
  createCoupon: defineCall({
    method: "POST",
    path: "/api/console/catalogue/coupons",
    body: CreateCouponRequest,
    reply: ConsoleCouponResponse,
    errors: { ...refusals, 404: "A product named does not exist", 409: "The code is taken" },
  }),
  updateCoupon: defineCall({
    method: "PUT",
    path: "/api/console/catalogue/coupons/:id",
    params: CatalogueItemParams,
    body: UpdateCouponRequest,
    reply: ConsoleCouponResponse,
    errors: {
      ...refusals,
      404: "No such coupon, or a product named does not exist",
      409: "Changed since it was read, or used already so its terms are fixed",
    },
  }),
} as const;
