import {
  CatalogueItemParams,
  CatalogueSearchQuery,
  CONSOLE_MESSAGES,
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
  CreateProductRequest,
  DeletedCategoryResponse,
  ErrorEnvelope,
  CONSOLE_CATALOGUE_MESSAGES as M,
  MoveCategoryRequest,
  PlanRulesRequest,
  RemovedProductResponse,
  RestoreProductRequest,
  UpdateCategoryRequest,
  UpdateCouponRequest,
  UpdateCreditPackageRequest,
  UpdatePlanRequest,
  UpdateProductRequest,
} from "@precedent/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { forbidden } from "../../errors.ts";
import type { ConsoleCatalogue } from "./catalogue.ts";
import type { ConsoleOffers } from "./catalogue-offers.ts";
import type { ConsolePlans } from "./catalogue-plans.ts";
import { type ConsoleArea, mayChangeWhatFirmsPay } from "./policy.ts";
import type { StaffAccountRow } from "./schema.ts";

/**
 * The routes of the console's "Catalogue" area (issue 37 items 3 and 4), inside the console's
 * signed-in scope. Administrators and content editors reach the area; credit packages, coupons
 * and membership plans are the administrator's alone (`inOffers`), as are a changed price and plan rules
 * (decided in the service, where the stored price is known).
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: ConsoleCatalogue;
  offers: ConsoleOffers;
  plans: ConsolePlans;
  staffIn: (request: FastifyRequest, area: ConsoleArea) => StaffAccountRow;
  refusals: { 401: typeof ErrorEnvelope; 403: typeof ErrorEnvelope };
  badInput: typeof ErrorEnvelope;
  security: { console: never[] }[];
}> = async (areas, options) => {
  const { catalogue, offers, plans, staffIn, refusals, badInput, security } = options;
  const tags = ["console"];
  const inCatalogue = (request: FastifyRequest) => staffIn(request, "catalogue");
  const inOffers = (request: FastifyRequest) => {
    const staff = inCatalogue(request);
    if (!mayChangeWhatFirmsPay(staff.role)) throw forbidden(CONSOLE_MESSAGES.refused);
    return staff;
  };
  const stale = (what: string) =>
    ErrorEnvelope.describe(`The ${what} changed since it was read (send the new version)`);

  areas.post(
    "/console/catalogue/products/:id/restore",
    {
      schema: {
        tags,
        summary: "Puts a withdrawn product back on sale, or as a draft (administrators only; audited)",
        security,
        params: CatalogueItemParams,
        body: RestoreProductRequest,
        response: {
          200: ConsoleProductResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such product"),
          409: ErrorEnvelope.describe("Not withdrawn, or its template is no longer in the library"),
        },
      },
    },
    async (request) => ({
      message: M.productRestored,
      data: await catalogue.restoreProduct(inCatalogue(request), request.params.id, request.body.published),
    }),
  );

  areas.get(
    "/console/catalogue/products",
    {
      schema: {
        tags,
        summary: "Every product (published or not) by part of its name or SKU, at most 200, by name",
        security,
        querystring: CatalogueSearchQuery,
        response: { 200: ConsoleProductListResponse, 400: badInput, ...refusals },
      },
    },
    async (request) => ({
      message: "",
      data: await catalogue.products(inCatalogue(request), request.query.q),
    }),
  );

  areas.get(
    "/console/catalogue/products/:id",
    {
      schema: {
        tags,
        summary:
          "A product as staff edit it, with its history of console changes and what the caller may change",
        security,
        params: CatalogueItemParams,
        response: {
          200: ConsoleProductResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such product"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await catalogue.product(inCatalogue(request), request.params.id),
    }),
  );

  areas.put(
    "/console/catalogue/products/:id",
    {
      schema: {
        tags,
        summary:
          "Changes a product read at a version: texts, FAQ, video, badges and categories; its price by administrators only (audited; every server sees it at once)",
        security,
        params: CatalogueItemParams,
        body: UpdateProductRequest,
        response: {
          200: ConsoleProductResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such product, or no such category"),
          409: stale("product"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await catalogue.updateProduct(inCatalogue(request), request.params.id, request.body),
    }),
  );

  areas.post(
    "/console/catalogue/products",
    {
      schema: {
        tags,
        summary:
          "Adds a product: name, SKU (unique whatever its case), price in cents with GST, categories, texts and the library template it assembles or none; shown to firms at once when published (administrators only; audited)",
        security,
        body: CreateProductRequest,
        response: {
          200: ConsoleProductResponse,
          400: ErrorEnvelope.describe(
            "Bad input, a template not in the library, a published product with no template, or a shop's own category",
          ),
          ...refusals,
          404: ErrorEnvelope.describe("No such category"),
          409: ErrorEnvelope.describe("A product with this SKU already exists (any case)"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await catalogue.createProduct(inCatalogue(request), request.body),
    }),
  );

  areas.delete(
    "/console/catalogue/products/:id",
    {
      schema: {
        tags,
        summary:
          "Removes a product: deleted when nothing points at it (never made again by the start-up seed), else withdrawn: hidden from firms and kept for its orders, documents and coupons (administrators only; audited)",
        security,
        params: CatalogueItemParams,
        response: {
          200: RemovedProductResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such product"),
          409: ErrorEnvelope.describe("The product is already withdrawn"),
        },
      },
    },
    async (request) => {
      const data = await catalogue.removeProduct(inCatalogue(request), request.params.id);
      return { message: data.explanation, data };
    },
  );

  areas.get(
    "/console/catalogue/categories",
    {
      schema: {
        tags,
        summary: "Every category (the tree by parent), each with its plan rules, and the plans",
        security,
        response: { 200: ConsoleCategoriesResponse, ...refusals },
      },
    },
    async (request) => ({ message: "", data: await catalogue.categories(inCatalogue(request)) }),
  );

  areas.post(
    "/console/catalogue/categories",
    {
      schema: {
        tags,
        summary: "Adds a category at the top or under another (audited)",
        security,
        body: CreateCategoryRequest,
        response: {
          200: ConsoleCategoryResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such parent category"),
          409: ErrorEnvelope.describe("A category of that name already sits there"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await catalogue.createCategory(inCatalogue(request), request.body),
    }),
  );

  areas.put(
    "/console/catalogue/categories/:id",
    {
      schema: {
        tags,
        summary: "Renames a category or moves it under another (never under itself or below itself; audited)",
        security,
        params: CatalogueItemParams,
        body: UpdateCategoryRequest,
        response: {
          200: ConsoleCategoryResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such category or parent"),
          409: ErrorEnvelope.describe("The move would make a cycle, or the name is taken there"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await catalogue.updateCategory(inCatalogue(request), request.params.id, request.body),
    }),
  );

  areas.delete(
    "/console/catalogue/categories/:id",
    {
      schema: {
        tags,
        summary:
          "Deletes a category that holds nothing; it stays deleted across restarts (the start-up seed never makes it again; audited)",
        security,
        params: CatalogueItemParams,
        response: {
          200: DeletedCategoryResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such category"),
          409: ErrorEnvelope.describe(
            "It has sub categories or products, a plan rule or coupon names it (the message says which), or it is one of the shop's own",
          ),
        },
      },
    },
    async (request) => ({
      message: M.categoryDeleted,
      data: await catalogue.deleteCategory(inCatalogue(request), request.params.id),
    }),
  );

  areas.post(
    "/console/catalogue/categories/:id/move",
    {
      schema: {
        tags,
        summary:
          "Moves a category one place up or down among the categories beside it: the order firms see (audited)",
        security,
        params: CatalogueItemParams,
        body: MoveCategoryRequest,
        response: {
          200: ConsoleCategoryResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such category"),
          409: ErrorEnvelope.describe(
            "The category is already first (up) or last (down) beside its neighbours",
          ),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await catalogue.moveCategory(inCatalogue(request), request.params.id, request.body.direction),
    }),
  );

  areas.put(
    "/console/catalogue/categories/:id/plan-rules",
    {
      schema: {
        tags,
        summary: "Sets or removes the category's rule for each plan named (administrators only; audited)",
        security,
        params: CatalogueItemParams,
        body: PlanRulesRequest,
        response: {
          200: ConsoleCategoryResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such category or plan"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await catalogue.setPlanRules(inCatalogue(request), request.params.id, request.body.rules),
    }),
  );

  areas.get(
    "/console/catalogue/credit-packages",
    {
      schema: {
        tags,
        summary: "Credit packages, active or not (administrators only)",
        security,
        response: { 200: ConsoleCreditPackagesResponse, ...refusals },
      },
    },
    async (request) => ({ message: "", data: await offers.creditPackages(inOffers(request)) }),
  );

  areas.post(
    "/console/catalogue/credit-packages",
    {
      schema: {
        tags,
        summary:
          "Adds a credit package: its name, price and credits, on sale to firms at once unless inactive (administrators only; audited)",
        security,
        body: CreateCreditPackageRequest,
        response: {
          200: ConsoleCreditPackageResponse,
          400: badInput,
          ...refusals,
          409: ErrorEnvelope.describe("A credit package with this name already exists"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await offers.createCreditPackage(inOffers(request), request.body),
    }),
  );

  areas.put(
    "/console/catalogue/credit-packages/:id",
    {
      schema: {
        tags,
        summary:
          "Changes a credit package's price, credits or active state, read at a version (administrators only; audited)",
        security,
        params: CatalogueItemParams,
        body: UpdateCreditPackageRequest,
        response: {
          200: ConsoleCreditPackageResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such credit package"),
          409: stale("credit package"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await offers.updateCreditPackage(inOffers(request), request.params.id, request.body),
    }),
  );

  areas.get(
    "/console/catalogue/plans",
    {
      schema: {
        tags,
        summary: "Membership plans, each with how many firms are on it (administrators only)",
        security,
        response: { 200: ConsolePlansResponse, ...refusals },
      },
    },
    async (request) => ({ message: "", data: await plans.plans(inOffers(request)) }),
  );

  areas.put(
    "/console/catalogue/plans/:id",
    {
      schema: {
        tags,
        summary:
          "Changes a plan's name, price, document limit, room for people, description or video, read at a version (administrators only; audited; reaches every firm on the plan at once)",
        security,
        params: CatalogueItemParams,
        body: UpdatePlanRequest,
        response: {
          200: ConsolePlanResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such plan"),
          409: ErrorEnvelope.describe(
            "The plan changed since it was read (send the new version), or its price would move between free and paid",
          ),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await plans.updatePlan(inOffers(request), request.params.id, request.body),
    }),
  );

  areas.get(
    "/console/catalogue/coupons",
    {
      schema: {
        tags,
        summary: "Coupons by part of their code, with their uses and history (administrators only)",
        security,
        querystring: CatalogueSearchQuery,
        response: { 200: ConsoleCouponsResponse, 400: badInput, ...refusals },
      },
    },
    async (request) => ({ message: "", data: await offers.coupons(inOffers(request), request.query.q) }),
  );

  areas.post(
    "/console/catalogue/coupons",
    {
      schema: {
        tags,
        summary:
          "Creates a coupon: a percentage or fixed amount, limits, expiry and products (administrators only; audited)",
        security,
        body: CreateCouponRequest,
        response: {
          200: ConsoleCouponResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("A product named does not exist"),
          409: ErrorEnvelope.describe("A coupon with this code already exists"),
        },
      },
    },
    async (request) => ({ message: "", data: await offers.createCoupon(inOffers(request), request.body) }),
  );

  areas.put(
    "/console/catalogue/coupons/:id",
    {
      schema: {
        tags,
        summary:
          "Changes a coupon read at a version, or disables it; a used coupon's terms stay as they were (administrators only; audited)",
        security,
        params: CatalogueItemParams,
        body: UpdateCouponRequest,
        response: {
          200: ConsoleCouponResponse,
          400: badInput,
          ...refusals,
          404: ErrorEnvelope.describe("No such coupon, or a product named does not exist"),
          409: ErrorEnvelope.describe("Changed since it was read, or used already so its terms are fixed"),
        },
      },
    },
    async (request) => ({
      message: "",
      data: await offers.updateCoupon(inOffers(request), request.params.id, request.body),
    }),
  );
};
