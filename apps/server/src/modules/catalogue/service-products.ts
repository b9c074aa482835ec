import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { products } from "./schema.ts";

/**
 * A product that is not a template: a service sold on a document (legal review, hard copy). An
 * order names a product, so each service has one, kept private (never published: the catalogue,
 * its search and its counts list only published products). Its price is 0 here because the
 * selling module prices each order from the settings; the product gives the order and its tax
 * invoice a name. Made on first use, safely when several servers ask at once.
 */
export async function ensureServiceProduct(
  db: Database,
  service: { identifier: string; sku: string; name: string },
): Promise<number> {
  const values = {
    templateIdentifier: service.identifier,
    sku: service.sku,
    name: service.name,
    priceCents: 0,
    status: "private",
    allowDownloadPdf: false,
    allowDownloadWord: false,
  };
  await db.insert(products).values(values).onConflictDoNothing({ target: products.templateIdentifier });
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.templateIdentifier, service.identifier));
  if (!row) throw new Error(`service product ${service.identifier} not stored`);
  return row.id;
}
