import { CONSOLE_CATALOGUE_MESSAGES as M } from "@precedent/contracts";
import type { Database } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import {
  catalogueImage,
  claimStoredImage,
  lockCategoryTree,
  releaseStoredImage,
  setCategoryImage,
  setProductImage,
  staffCategories,
  staffProduct,
  storeCatalogueImage,
} from "../catalogue/index.ts";
import type { FileStore } from "../files/index.ts";
import { recordAction } from "./audit.ts";
import type { ConsoleCatalogue } from "./catalogue.ts";
import type { StaffFacts } from "./policy.ts";

/**
 * Product and category images in the console (issue 37 item 3): set, replaced and removed by
 * content editors and administrators, each audited with the image's address before and after.
 * The bytes are checked (PNG, JPEG or WebP by their header, 2 MB, 4000 px) and stored in the
 * FileStore under their hash before the transaction: a put is idempotent, so at worst an unused
 * blob remains. The answer is the product or category as the catalogue area shows it.
 */

/** Reads an uploaded image's bytes: called once the target is known to exist. */
export type ImageUpload = () => Promise<Uint8Array>;

export function createConsoleCatalogueImages(deps: {
  db: Database;
  clock: Clock;
  files: FileStore;
  catalogueChanged?: (() => void) | undefined;
  catalogue: Pick<ConsoleCatalogue, "product" | "category">;
}) {
  const { db, clock, catalogue } = deps;
  const changed = () => deps.catalogueChanged?.();
  /**
   * In the change's transaction: the new image taken (refused if it was collected meanwhile, so
   * nothing names a deleted file) and the old one's unused time recorded (unless still named).
   */
  const keepImages = async (tx: Database, set: string | null, replaced: string | null) => {
    if (set !== null && !(await claimStoredImage(tx, set))) throw new AppError(409, M.imageCollected);
    if (replaced !== set) await releaseStoredImage(tx, replaced, clock());
  };
  return {
    /**
     * Sets (`upload` reads the bytes) or removes (null) a product's image, read at `version`. The
     * product and version are checked before the body is read; the bytes are checked and stored
     * before the transaction (a put is idempotent: at worst an unused blob remains).
     */
    async setProductImage(actor: StaffFacts, id: number, version: number, upload: ImageUpload | null) {
      const current = await staffProduct(db, id);
      if (!current) throw notFound(M.productNotFound);
      if (current.version !== version) throw new AppError(409, M.staleProduct);
      if (upload === null && current.imageUrl === null) throw new AppError(409, M.noImage);
      const image = upload === null ? null : await storeCatalogueImage(deps, await upload());
      await db.transaction(async (tx) => {
        const found = await staffProduct(tx, id, true);
        if (!found) throw notFound(M.productNotFound);
        if (!(await setProductImage(tx, id, version, image?.url ?? null)))
          throw new AppError(409, M.staleProduct);
        await keepImages(tx, image?.url ?? null, found.imageUrl);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: image ? "product.image_set" : "product.image_removed",
          target: `product:${id}`,
          before: { image_url: found.imageUrl },
          after: auditedImage(image),
        });
      });
      changed();
      return catalogue.product(actor, id);
    },

    /** Sets (`upload` reads the bytes) or removes (null) a category's image; audited. */
    async setCategoryImage(actor: StaffFacts, id: number, upload: ImageUpload | null) {
      const current = (await staffCategories(db)).find((c) => c.id === id);
      if (!current) throw notFound(M.categoryNotFound);
      if (upload === null && current.image_url === null) throw new AppError(409, M.noImage);
      const image = upload === null ? null : await storeCatalogueImage(deps, await upload());
      await db.transaction(async (tx) => {
        await lockCategoryTree(tx);
        const found = (await staffCategories(tx)).find((c) => c.id === id);
        if (!found) throw notFound(M.categoryNotFound);
        await setCategoryImage(tx, id, image?.url ?? null);
        await keepImages(tx, image?.url ?? null, found.image_url);
        await recordAction(tx, clock, {
          staffId: actor.id,
          action: image ? "category.image_set" : "category.image_removed",
          target: `category:${id}`,
          before: { image_url: found.image_url },
          after: auditedImage(image),
        });
      });
      changed();
      return catalogue.category(id);
    },

    /** A catalogue image for the console's own pages (staff have no firm session). */
    async image(sha256: string) {
      const found = await catalogueImage(db, deps.files, sha256);
      if (!found) throw notFound(M.imageNotFound);
      return found;
    },
  };
}

/** What the audit log keeps of an image set (its address, type and size) or removed. */
function auditedImage(image: Awaited<ReturnType<typeof storeCatalogueImage>> | null) {
  return image
    ? { image_url: image.url, media_type: image.mediaType, width: image.width, height: image.height }
    : { image_url: null };
}

export type ConsoleCatalogueImages = ReturnType<typeof createConsoleCatalogueImages>;
