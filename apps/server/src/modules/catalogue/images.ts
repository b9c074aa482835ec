import {
  CATALOGUE_IMAGE_MAX_BYTES,
  CATALOGUE_IMAGE_MAX_PX,
  CONSOLE_CATALOGUE_MESSAGES as M,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { badRequest } from "../../errors.ts";
import type { FileStore } from "../files/index.ts";
import { readImageHeader } from "./image-header.ts";
import { productCategories, products } from "./schema.ts";

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
export async function storeCatalogueImage(files: FileStore, bytes: Uint8Array) {
  if (bytes.byteLength === 0) throw refuse(M.imageMissing);
  if (bytes.byteLength > CATALOGUE_IMAGE_MAX_BYTES) throw refuse(M.imageTooLarge);
  const header = await readImageHeader(bytes);
  if (!header) throw refuse(M.imageWrongType);
  if (header.width > CATALOGUE_IMAGE_MAX_PX || header.height > CATALOGUE_IMAGE_MAX_PX)
    throw refuse(M.imageTooWide);
  const stored = await files.put(bytes, { mediaType: header.mediaType });
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
