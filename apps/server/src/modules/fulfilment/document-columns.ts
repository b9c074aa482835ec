import { FulfilmentRowColumns } from "@precedent/contracts";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { DocumentRowColumns } from "../documents/index.ts";
import { fulfilmentAbilities } from "./policy.ts";
import { fulfilmentRequests } from "./schema.ts";

/** No one's abilities: `read` knows no reader; `forViewer` sets them for the one reading. */
const NOTHING_OFFERED = { may_legal_review: false, may_order_hard_copy: false, legal_review_upgrade: false };

/** Each row's legal review and hard copy state: the newest request of each kind not cancelled. */
export const fulfilmentDocumentColumns: DocumentRowColumns<typeof FulfilmentRowColumns> = {
  name: "fulfilment",
  schema: FulfilmentRowColumns,
  tables: [fulfilmentRequests],
  async read(db, teamId, docIds) {
    const result = new Map<number, FulfilmentRowColumns>();
    for (const id of docIds)
      result.set(id, { legal_review_status: null, hard_copy_status: null, ...NOTHING_OFFERED });
    const rows = await db
      .select({
        docId: fulfilmentRequests.docId,
        kind: fulfilmentRequests.kind,
        status: fulfilmentRequests.status,
      })
      .from(fulfilmentRequests)
      .where(
        and(
          eq(fulfilmentRequests.teamId, teamId),
          inArray(fulfilmentRequests.docId, docIds),
          ne(fulfilmentRequests.status, "cancelled"),
        ),
      )
      .orderBy(asc(fulfilmentRequests.createdAt), asc(fulfilmentRequests.id));
    // Ascending: the newest request of each kind is written last.
    for (const row of rows) {
      const columns = result.get(row.docId);
      if (!columns) continue;
      if (row.kind === "legal_review") columns.legal_review_status = row.status;
      else columns.hard_copy_status = row.status;
    }
    return result;
  },
  forViewer: (viewer, row) =>
    fulfilmentAbilities(viewer, {
      createdBy: row.created_by,
      status: row.status,
      isShared: row.is_share === "1",
    }),
};
