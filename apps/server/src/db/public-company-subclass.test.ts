import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePlans } from "../demo/seed.ts";
import { documents } from "../modules/documents/index.ts";
import { openTestDatabase } from "../test/database.ts";
import { createFactories } from "../test/harness.ts";

/**
 * Migration 0049: answers saved under the registration template's old public-company subclass
 * codes (ULSN meaning "other", LISN meaning "listed") are rewritten to the codes they meant, and
 * nothing else is touched. The migration has already run on the test database (it starts
 * migrated), so the rows are written after it and its statements are run again over them: the
 * SQL is what is tested, and it must be safe to run twice.
 */
const MIGRATION = path.resolve(import.meta.dirname, "../../drizzle/0049_public_company_subclass_codes.sql");

describe("migration 0049: the public-company subclass codes", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.migrate(ensurePlans);
  });
  afterAll(async () => database?.close());

  it("is in the migrations journal", () => {
    const journal = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, "../../drizzle/meta/_journal.json"), "utf8"),
    );
    expect(journal.entries.map((entry: { tag: string }) => entry.tag)).toContain(
      "0049_public_company_subclass_codes",
    );
  });

  it("rewrites ULSN to ULST and LISN to LIST, and leaves every other answer as it was", async () => {
    const { buildTeam, buildDocument } = createFactories(database.db);
    const { team, owner: user } = await buildTeam();
    const registration = (xml: Record<string, unknown>) =>
      buildDocument({
        teamId: team.id,
        createdBy: user.id,
        template: { identifier: "company-registration", name: "Company registration", xml },
      });
    const other = await registration({ company_kind: "pub_shares", pub_subclass: "ULSN", name: "A" });
    const listed = await registration({ company_kind: "pub_shares", pub_subclass: "LISN" });
    const superTrustee = await registration({ company_kind: "pub_shares", pub_subclass: "ULSS" });
    const proprietary = await registration({ company_kind: "pty_shares", pty_subclass: "PROP" });

    const statements = readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint");
    for (let run = 0; run < 2; run++) {
      for (const statement of statements) await database.db.execute(sql.raw(statement));
    }

    const xmlOf = async (id: number) =>
      (await database.db.select({ xml: documents.xml }).from(documents).where(eq(documents.id, id)))[0]?.xml;
    expect(await xmlOf(other.id)).toEqual({ company_kind: "pub_shares", pub_subclass: "ULST", name: "A" });
    expect(await xmlOf(listed.id)).toEqual({ company_kind: "pub_shares", pub_subclass: "LIST" });
    expect(await xmlOf(superTrustee.id)).toEqual({ company_kind: "pub_shares", pub_subclass: "ULSS" });
    expect(await xmlOf(proprietary.id)).toEqual({ company_kind: "pty_shares", pty_subclass: "PROP" });
  });
});
