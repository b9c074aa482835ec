import {
  CATALOGUE_IMAGE_MAX_BYTES,
  CATALOGUE_IMAGE_MAX_PX,
  CONSOLE_CATALOGUE_MESSAGES as M,
} from "@precedent/contracts";
import { and, eq, isNull, not, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { badRequest } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { FileStore } from "../files/index.ts";
import { sha256Hex } from "../files/index.ts";
import { readImageHeader } from "./image-header.ts";
import { catalogueImageFiles, productCategories, products } from "./schema.ts";

/**
 * Product and category images (issue 37 item 3). The bytes sit in the FileStore under their
 * SHA-256; `imageUrl` is the firms' address of them, which names the hash, so what it serves never
 * changes and browsers may keep it for good.
 */

const FIRM_PREFIX = "/api/catalogue/images/";

/** The firms' address of an image stored under this hash. */
export const catalogueImageUrl = (sha256: string) => `${FIRM_PREFIX}${sha256}`;

/** The hash an image address names, or null for an address that is not a catalogue image's. */
export const imageHashOf = (url: string | null) =>
  url?.startsWith(FIRM_PREFIX) ? url.slice(FIRM_PREFIX.length) : null;

const refuse = (message: string) => badRequest(message, [{ field: "file", message }]);

/**
 * Checks an upload by its bytes — PNG, JPEG or WebP, at most 2 MB and 4000 px each way — and
 * stores it. Refused with a 400 naming the field before anything is stored.
 */
export async function storeCatalogueImage(
  deps: { db: Database; clock: Clock; files: FileStore },
  bytes: Uint8Array,
) {
  if (bytes.byteLength === 0) throw refuse(M.imageMissing);
  if (bytes.byteLength > CATALOGUE_IMAGE_MAX_BYTES) throw refuse(M.imageTooLarge);
  const header = await readImageHeader(bytes);
  if (!header) throw refuse(M.imageWrongType);
  if (header.width > CATALOGUE_IMAGE_MAX_PX || header.height > CATALOGUE_IMAGE_MAX_PX)
    throw refuse(M.imageTooWide);
  // Entered before the bytes are put: the collection never finds bytes it has no row for.
  await enterStoredImage(deps.db, sha256Hex(bytes), deps.clock());
  const stored = await deps.files.put(bytes, { mediaType: header.mediaType });
  return { url: catalogueImageUrl(stored.sha256), ...header };
}

/**
 * An image a product or category shows now, with its type read again from its bytes (another
 * module may have stored the same bytes under another declared type); null for a hash no
 * product or category names, so this address never serves a firm's own files.
 */
export async function catalogueImage(db: Database, files: FileStore, sha256: string) {
  const url = catalogueImageUrl(sha256);
  const [product, category] = await Promise.all([
    db.select({ id: products.id }).from(products).where(eq(products.imageUrl, url)).limit(1),
    db
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(eq(productCategories.imageUrl, url))
      .limit(1),
  ]);
  if (product.length === 0 && category.length === 0) return null;
  const file = await files.get(sha256);
  const header = file && (await readImageHeader(file.bytes));
  if (!file || !header) return null;
  return { bytes: file.bytes, mediaType: header.mediaType };
}

/** Whether a product or category names the image stored under this hash (a column or value). */
export const namedImageSql = (sha256: SQLWrapper): SQL<boolean> => {
  const url = sql`${catalogueImageUrl("")} || ${sha256}`;
  return sql<boolean>`(exists (select 1 from ${products} where ${products.imageUrl} = ${url}) or exists (select 1 from ${productCategories} where ${productCategories.imageUrl} = ${url}))`;
};

/**
 * Enters an image about to be stored, before its bytes are put: unused from now (nothing names it
 * until its change commits), or, if the catalogue has it already, in use still or its grace begun
 * again (a re-upload of an image waiting to go keeps it for another full period).
 */
export async function enterStoredImage(db: Database, sha256: string, now: Date) {
  await db
    .insert(catalogueImageFiles)
    .values({ sha256, storedAt: now, unusedSince: now })
    .onConflictDoUpdate({
      target: catalogueImageFiles.sha256,
      set: {
        unusedSince: sql`case when ${catalogueImageFiles.unusedSince} is null then null else excluded.unused_since end`,
      },
    });
}

/**
 * Marks an image in use, in the transaction that makes a product or category name it; the row's
 * lock keeps the collection off it until commit. False when the image was collected meanwhile
 * (its row is gone): the caller refuses rather than name a deleted file.
 */
export async function claimStoredImage(tx: Database, url: string) {
  const sha256 = imageHashOf(url);
  if (!sha256) return false;
  const claimed = await tx
    .update(catalogueImageFiles)
    .set({ unusedSince: null })
    .where(eq(catalogueImageFiles.sha256, sha256))
    .returning({ sha256: catalogueImageFiles.sha256 });
  return claimed.length > 0;
}

/**
 * Records when an image stopped being used, in the transaction that replaced or removed it (after
 * its update): unused from now unless another product or category still names it.
 */
export async function releaseStoredImage(tx: Database, url: string | null, now: Date) {
  const sha256 = imageHashOf(url);
  if (!sha256) return;
  await tx
    .update(catalogueImageFiles)
    .set({ unusedSince: now })
    .where(
      and(
        eq(catalogueImageFiles.sha256, sha256),
        isNull(catalogueImageFiles.unusedSince),
        not(namedImageSql(catalogueImageFiles.sha256)),
      ),
    );
}
