// The catalogue module's one public entry: other modules and the app import only this file.

export { catalogueRoutes } from "./routes.ts";
// Tables read outside this module (queries of other modules, demo data, tests): a later step
// replaces the other modules' queries with calls or query fragments of this one.
export { productCategories, productCategoryLinks, products } from "./schema.ts";
export { ensureCatalogue } from "./seed.ts";
export {
  type CatalogueService,
  createCatalogueService,
  productAcknowledgement,
  productFlags,
  productPopupVideo,
  strategistRefusal,
} from "./service.ts";
