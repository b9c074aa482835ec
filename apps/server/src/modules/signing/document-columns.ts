import { SigningRowColumns } from "@precedent/contracts";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { DocumentRowColumns } from "../documents/index.ts";
import { signingEnvelopes, signingRecipients } from "./schema.ts";

// Written out in full: Drizzle leaves a column unqualified in a select list, and inside the
// subqueries below it would be read as the recipient's own id.
const envelopeId = sql.raw('"signing_envelopes"."id"');

/**
 * The document list's signing columns (signed/total, the Rejected tag, the status modal's opening
 * state): from the newest request of each document that was not voided; none sent reads 0/0.
 */
export const signingDocumentColumns: DocumentRowColumns<typeof SigningRowColumns> = {
  name: "signing",
  schema: SigningRowColumns,
  tables: [signingEnvelopes, signingRecipients],
  async read(db, teamId, docIds) {
    const result = new Map<number, SigningRowColumns>();
    const rows = await db
      .select({
        documentId: signingEnvelopes.documentId,
        status: signingEnvelopes.status,
        total: sql<number>`(select count(*)::int from ${signingRecipients} r where r.envelope_id = ${envelopeId})`,
        signed: sql<number>`(select count(*)::int from ${signingRecipients} r where r.envelope_id = ${envelopeId} and r.status = 'signed')`,
      })
      .from(signingEnvelopes)
      .where(
        and(
          eq(signingEnvelopes.teamId, teamId),
          inArray(signingEnvelopes.documentId, docIds),
          ne(signingEnvelopes.status, "void"),
        ),
      )
      .orderBy(asc(signingEnvelopes.sentAt), asc(signingEnvelopes.id));
    // Ascending: the newest request of each document is written last.
    for (const row of rows) {
      result.set(row.documentId, {
        total_signer: row.total,
        total_signed: row.signed,
        bundle_status: row.status,
      });
    }
    for (const id of docIds) {
      if (!result.has(id)) result.set(id, { total_signer: 0, total_signed: 0, bundle_status: null });
    }
    return result;
  },
};
