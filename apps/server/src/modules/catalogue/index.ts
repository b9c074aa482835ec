// The catalogue module's one public entry: other modules and the app import only this file.

export { type CreditPackageProduct, insertCreditPackage } from "./credit-packages.ts";
export {
  type CollectionOutcome,
  createImageCollection,
  type ImageCollection,
} from "./image-collection.ts";
export {
  catalogueImage,
  claimStoredImage,
  imageHashOf,
  releaseStoredImage,
  storeCatalogueImage,
} from "./images.ts";
export {
  productAcknowledgement,
  productFlags,
  productPopupVideo,
  strategistRefusal,
} from "./product-meta.ts";
export {
  productIdOfTemplateSql,
  productMetaOfTemplates,
  productNamesAssembling,
  productSummaries,
  productsInCategoriesSql,
  productWithdrawn,
  templateOfProduct,
} from "./product-queries.ts";
export { catalogueRoutes } from "./routes.ts";
export type { CatalogueProduct } from "./schema.ts";
// Tables for tests and demo data to write rows with; another module's code may not import them
// (biome.json names them): it calls this entry's functions.
export { catalogueImageFiles, productCategories, productCategoryLinks, products } from "./schema.ts";
export { ensureCatalogue } from "./seed.ts";
export { type CatalogueService, createCatalogueService } from "./service.ts";
export { ensureServiceProduct } from "./service-products.ts";
// The operator console's reads and changes of the catalogue (its rules and audit are the console's).
export {
  categoryHolds,
  changeCategory,
  changeCreditPackage,
  changeProduct,
  deleteCategory,
  deleteProduct,
  insertCategory,
  insertProduct,
  lockCategoryTree,
  type ProductChange,
  type ProductState,
  productReferences,
  restoreProduct,
  type StaffCategory,
  setCategoryImage,
  setPlanRules,
  setProductImage,
  skuTaken,
  staffCategories,
  staffCreditPackages,
  staffProduct,
  staffProductList,
  swapCategoryOrder,
  withdrawProduct,
  wouldCycle,
} from "./staff-edits.ts";
