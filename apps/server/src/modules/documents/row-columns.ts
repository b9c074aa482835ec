import { type DocumentAbilities, DocumentRow } from "@precedent/contracts";
import { getTableName, type Table } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { FIRM_ROWS } from "../../platform/freshness/index.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";

/**
 * What a module adds to each document row (signing progress, ASIC status, integration flags), so
 * a feature adds a column to the document list without editing this module. Read for a page of
 * documents at once, in the list's own connection or transaction.
 *
 * Registering one, e.g. an ASIC module showing each document's lodgement status:
 *
 * ```ts
 * // packages/contracts: the fields' schema, spread into DocumentRow as `...AsicRowColumns.partial().shape`
 * export const AsicRowColumns = z.object({ asic_status: z.enum(["lodged", "rejected"]).nullable() });
 *
 * // modules/asic/document-columns.ts
 * export const asicDocumentColumns: DocumentRowColumns<typeof AsicRowColumns> = {
 *   name: "asic",
 *   schema: AsicRowColumns,
 *   tables: [asicLodgements], // each in the freshness registry's FIRM_ROWS, so a change refreshes kept lists
 *   async read(db, teamId, docIds) {
 *     const rows = await db.select({ id: asicLodgements.documentId, status: asicLodgements.status })
 *       .from(asicLodgements)
 *       .where(and(eq(asicLodgements.teamId, teamId), inArray(asicLodgements.documentId, docIds)));
 *     return new Map(rows.map((row) => [row.id, { asic_status: row.status }]));
 *   },
 * };
 *
 * // services.ts, beside the other registrations
 * documents.registerRowColumns(asicDocumentColumns);
 * ```
 *
 * A registration may also take abilities away from a row its module has a rule about (the ASIC
 * module's copy rule), so the web never offers what the server would refuse: `narrowAbilities`
 * returns the abilities to turn off. It cannot turn one on: only `false` is accepted.
 *
 * `registerRowColumns` refuses, at start-up, fields that are not optional fields of the
 * DocumentRow contract (the reply would drop them), fields another module already adds, and
 * tables whose changes would not refresh the kept lists.
 */
export type DocumentRowColumns<Fields extends z.ZodObject = z.ZodObject> = {
  /** The adding module, named in start-up errors. */
  name: string;
  /** The fields' contract schema (packages/contracts), each field optional in DocumentRow. */
  schema: Fields;
  /** The tables `read` reads: their changes must move the document lists (freshness registry). */
  tables: Table[];
  /** The fields of the documents that have any, by document id, for a page of one firm's documents. */
  read: (db: Database, teamId: number, docIds: number[]) => Promise<Map<number, z.infer<Fields>>>;
  /**
   * The abilities this module's rules refuse on a row, given the row as the documents module
   * presents it and this registration's fields for it (undefined when `read` gave none).
   */
  // A method, not a property, so a registration's narrower `columns` type still registers.
  narrowAbilities?(row: DocumentRow, columns: z.infer<Fields> | undefined): AbilitiesTurnedOff;
  /**
   * Fields that depend on who reads the row (what this reader may ask of the module), by the
   * module's own policy, from the row as presented and `read`'s fields; they replace `read`'s.
   * Rows presented without a reader keep `read`'s values.
   */
  forViewer?(
    viewer: Pick<FirmContext, "userId" | "role" | "planSlug">,
    row: DocumentRow,
    columns: z.infer<Fields> | undefined,
  ): Partial<z.infer<Fields>>;
};

/** Abilities to turn off; `false` only, so a registration can narrow what the policy allows, never widen it. */
export type AbilitiesTurnedOff = { [Ability in keyof DocumentAbilities]?: false };

/** The registrations of one server, and the fields they add to a page of rows. */
export type RowColumnsRegistry = ReturnType<typeof createRowColumnsRegistry>;

export function createRowColumnsRegistry() {
  const registered: DocumentRowColumns[] = [];
  const claimed = new Map<string, string>();

  return {
    register(columns: DocumentRowColumns) {
      for (const field of Object.keys(columns.schema.shape)) {
        const inContract = DocumentRow.shape[field as keyof typeof DocumentRow.shape];
        if (!inContract?.safeParse(undefined).success) {
          throw new Error(
            `${columns.name}: ${field} is not an optional field of DocumentRow (packages/contracts): spread the schema there`,
          );
        }
        const owner = claimed.get(field);
        if (owner) throw new Error(`${columns.name}: ${field} is already added by ${owner}`);
        claimed.set(field, columns.name);
      }
      for (const table of columns.tables) {
        const name = getTableName(table);
        if (FIRM_ROWS[name]?.moves === undefined) {
          throw new Error(
            `${columns.name}: ${name} is not in the freshness registry's FIRM_ROWS: its changes would leave kept lists stale`,
          );
        }
      }
      registered.push(columns);
    },

    /**
     * The rows as presented: every registration's fields added, and each row's abilities narrowed
     * by the registrations that have rules about it. Every path that presents a row comes here.
     */
    async present(
      db: Database,
      teamId: number,
      rows: DocumentRow[],
      viewer?: Pick<FirmContext, "userId" | "role" | "planSlug">,
    ): Promise<DocumentRow[]> {
      if (rows.length === 0 || registered.length === 0) return rows;
      const docIds = rows.map((row) => row.id);
      const added = await Promise.all(registered.map((columns) => columns.read(db, teamId, docIds)));
      return rows.map((row) => {
        const abilities = { ...row.abilities };
        let fields: Partial<DocumentRow> = {};
        registered.forEach((columns, index) => {
          const own = added[index]?.get(row.id);
          const theirs = viewer && columns.forViewer ? columns.forViewer(viewer, row, own) : {};
          fields = { ...fields, ...own, ...theirs };
          const off = columns.narrowAbilities?.(row, own) ?? {};
          for (const ability of Object.keys(off) as (keyof DocumentAbilities)[]) {
            // Only an explicit false takes effect, whatever a registration returns at run time.
            if (off[ability] === false && ability in abilities) abilities[ability] = false;
          }
        });
        return { ...row, ...fields, abilities };
      });
    },
  };
}
