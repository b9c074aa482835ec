import type { BillingAddress } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { teams } from "./schema.ts";

/** What a tax invoice names of the firm it is issued to; undefined for a firm that no longer exists. */
export type FirmBillingDetails = { name: string; abn: string; address: BillingAddress };

export async function firmBillingDetails(
  tx: Database,
  teamId: number,
): Promise<FirmBillingDetails | undefined> {
  const [firm] = await tx
    .select({ name: teams.name, abn: teams.companyRegistrationNo, address: teams.billingAddress })
    .from(teams)
    .where(eq(teams.id, teamId));
  return firm;
}
