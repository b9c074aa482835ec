import {
  API,
  type ApiCallInput,
  ConsoleCategoryResponse,
  ConsoleProductResponse,
} from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { call, hrefOf } from "./call";
import { sendFile } from "./send-file";

/** The console's Catalogue area (issue 37 items 3 and 4); a 401 ends only the console's session. */
const own = { unauthorizedEndsSession: false } as const;
const calls = API.consoleCatalogue;

export const catalogueProductsQuery = (q: string) =>
  queryOptions({
    queryKey: ["console", "catalogue", "products", q],
    queryFn: ({ signal }) => call(calls.products, { ...own, signal, query: q ? { q } : {} }),
  });
export const catalogueProductQuery = (id: number) =>
  queryOptions({
    queryKey: ["console", "catalogue", "product", id],
    queryFn: ({ signal }) => call(calls.product, { ...own, signal, params: { id } }),
  });
export type ProductChange = ApiCallInput<typeof calls.updateProduct>["body"];
export const updateProduct = (id: number, body: ProductChange) =>
  call(calls.updateProduct, { ...own, params: { id }, body });

export const catalogueCategoriesQuery = () =>
  queryOptions({
    queryKey: ["console", "catalogue", "categories"],
    queryFn: ({ signal }) => call(calls.categories, { ...own, signal }),
  });
export const createCategory = (body: ApiCallInput<typeof calls.createCategory>["body"]) =>
  call(calls.createCategory, { ...own, body });
export const updateCategory = (id: number, body: ApiCallInput<typeof calls.updateCategory>["body"]) =>
  call(calls.updateCategory, { ...own, params: { id }, body });
export const setPlanRules = (id: number, body: ApiCallInput<typeof calls.planRules>["body"]) =>
  call(calls.planRules, { ...own, params: { id }, body });

export const creditPackagesQuery = () =>
  queryOptions({
    queryKey: ["console", "catalogue", "credit-packages"],
    queryFn: ({ signal }) => call(calls.creditPackages, { ...own, signal }),
  });
export const createCreditPackage = (body: ApiCallInput<typeof calls.createCreditPackage>["body"]) =>
  call(calls.createCreditPackage, { ...own, body });
export const updateCreditPackage = (
  id: number,
  body: ApiCallInput<typeof calls.updateCreditPackage>["body"],
) => call(calls.updateCreditPackage, { ...own, params: { id }, body });

export const couponsQuery = () =>
  queryOptions({
    queryKey: ["console", "catalogue", "coupons"],
    queryFn: ({ signal }) => call(calls.coupons, { ...own, signal, query: {} }),
  });
export const createCoupon = (body: ApiCallInput<typeof calls.createCoupon>["body"]) =>
  call(calls.createCoupon, { ...own, body });
export const updateCoupon = (id: number, body: ApiCallInput<typeof calls.updateCoupon>["body"]) =>
  call(calls.updateCoupon, { ...own, params: { id }, body });

export const plansQuery = () =>
  queryOptions({
    queryKey: ["console", "catalogue", "plans"],
    queryFn: ({ signal }) => call(calls.plans, { ...own, signal }),
  });
export const updatePlan = (id: number, body: ApiCallInput<typeof calls.updatePlan>["body"]) =>
  call(calls.updatePlan, { ...own, params: { id }, body });
export const moveCategory = (id: number, body: ApiCallInput<typeof calls.moveCategory>["body"]) =>
  call(calls.moveCategory, { ...own, params: { id }, body });
export type NewProduct = ApiCallInput<typeof calls.createProduct>["body"];
export const createProduct = (body: NewProduct) => call(calls.createProduct, { ...own, body });
/** Deleted when nothing points at it, else withdrawn: the reply says which and why. */
export const removeProduct = (id: number) => call(calls.removeProduct, { ...own, params: { id } });
export const deleteCategory = (id: number) => call(calls.deleteCategory, { ...own, params: { id } });

/** Sends an image (multipart); the reply is read with the call's schema. */
const sendImage = async <T>(address: string, file: File, reply: { parse(json: unknown): { data: T } }) =>
  reply.parse(await sendFile(address, "PUT", file)).data;

/** Sets or replaces a product's image, read at `version`. */
export const uploadProductImage = (id: number, version: number, file: File) =>
  sendImage(
    hrefOf(calls.uploadProductImage, { params: { id }, query: { version } }),
    file,
    ConsoleProductResponse,
  );
export const removeProductImage = (id: number, version: number) =>
  call(calls.removeProductImage, { ...own, params: { id }, query: { version } });
export const uploadCategoryImage = (id: number, file: File) =>
  sendImage(hrefOf(calls.uploadCategoryImage, { params: { id } }), file, ConsoleCategoryResponse);
export const removeCategoryImage = (id: number) =>
  call(calls.removeCategoryImage, { ...own, params: { id } });
/** A withdrawn product back on sale, published or as a draft. */
export const restoreProduct = (id: number, published: boolean) =>
  call(calls.restoreProduct, { ...own, params: { id }, body: { published } });
