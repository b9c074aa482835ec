import {
  CATEGORY_STRATEGIST_ONLY,
  DOCUMENT_STRATEGIST_ONLY,
  PRODUCT_FLAGS,
  type ProductFlag,
  STRATEGIST_PLAN_SLUG,
} from "@precedent/contracts";
import type { CatalogueProduct, ProductRow } from "./schema.ts";

// What a product's meta data says (flags, acknowledgement, video, Strategist-only) and whether a
// plan may buy or start it: pure reads of a product row, used by the catalogue and, through its
// entry, by the orders and ASIC modules.

/** A plan's access, with rules already spread to sub categories. */
export type PlanAccess = {
  planSlug: string;
  planName: string;
  excluded: Set<number>;
  full: Set<number>;
};

export const metaValue = (row: Pick<ProductRow, "metaData">, key: string) =>
  row.metaData.find((m) => m.key === key)?.value ?? null;

export const productFlags = (row: Pick<ProductRow, "metaData">) =>
  Object.fromEntries(PRODUCT_FLAGS.map((f) => [f, metaValue(row, f) === "yes" ? "yes" : "no"])) as Record<
    ProductFlag,
    "yes" | "no"
  >;

export const productAcknowledgement = (row: Pick<ProductRow, "metaData">) => {
  const text = metaValue(row, "acknowledgement");
  return text?.trim() ? text : null;
};

export const isStrategistOnly = (row: Pick<ProductRow, "metaData">) =>
  metaValue(row, "strategist_only") === "yes";

/**
 * Why this plan may not buy or start the product, or null: the product itself is Strategist-only,
 * or it sits in a category the plan excludes (documents spec §4 gives a message for each).
 */
export function strategistRefusal(product: CatalogueProduct, access: PlanAccess): string | null {
  if (access.planSlug === STRATEGIST_PLAN_SLUG) return null;
  if (isStrategistOnly(product)) return DOCUMENT_STRATEGIST_ONLY;
  if (product.categoryIds.some((id) => access.excluded.has(id))) return CATEGORY_STRATEGIST_ONLY;
  return null;
}

export const productPopupVideo = (row: Pick<ProductRow, "metaData">) => {
  const url = metaValue(row, "popup_video");
  return url?.trim() ? url : null;
};
