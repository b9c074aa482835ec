import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { FIRM_ROWS, firmRowTrigger, NOT_KEPT } from "./registry.ts";

// The registry against the migrated database (PGlite, or PostgreSQL with DATABASE_URL).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The rows of a raw query: PGlite's and node-postgres's results both carry `rows`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Tables with a `team_id` column that the registry neither keeps fresh nor exempts. */
async function unregisteredFirmTables(db: Database) {
  const rows = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`select table_name from information_schema.columns
          where table_schema = 'public' and column_name = 'team_id' order by table_name`,
    ),
  );
  return rows.map((r) => r.table_name).filter((name) => !(name in FIRM_ROWS) && !(name in NOT_KEPT));
}

async function installedTriggers(db: Database, table: string) {
  const rows = rowsOf<{ definition: string }>(
    await db.execute(
      sql`select pg_get_triggerdef(t.oid) as definition from pg_trigger t
          join pg_class c on c.oid = t.tgrelid
          where c.relname = ${table} and not t.tgisinternal and t.tgname like '%firm_version'`,
    ),
  );
  return rows.map((r) => r.definition);
}

describe("the freshness registry", () => {
  it("names every table with a team_id: kept fresh, or not kept with a reason", async () => {
    expect(await unregisteredFirmTables(t.db)).toEqual([]);
    for (const reason of Object.values(NOT_KEPT)) expect(reason.length).toBeGreaterThan(10);
  });

  it("catches a new firm table that is in neither list", async () => {
    await t.db.execute(sql`create table freshness_probe (id integer, team_id integer)`);
    try {
      expect(await unregisteredFirmTables(t.db)).toEqual(["freshness_probe"]);
    } finally {
      await t.db.execute(sql`drop table freshness_probe`);
    }
  });

  it("matches the database: each firm table has exactly the trigger the registry writes", async () => {
    for (const table of Object.keys(FIRM_ROWS)) {
      expect(await installedTriggers(t.db, table), table).toEqual([firmRowTrigger(table)]);
    }
    expect(await installedTriggers(t.db, "orders")).toEqual([]);
  });
});
