import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openPglite, openPostgres } from "../db/client.ts";

/**
 * A fresh database for one test file, already migrated: in-memory PGlite by default, or — when
 * DATABASE_URL is set — a new database on that server, dropped again on close.
 *
 * Why already migrated: every API test file needs the full schema, and making it from nothing was
 * most of a file's set-up (on PGlite an empty cluster plus 46 migrations costs about 3 s of CPU;
 * starting from a dump of the migrated one, under 1 s). So the migrated database is made once per
 * version of the migrations and copied: on PGlite as a dumped data directory in the temp folder,
 * on PostgreSQL as a template database. `migrate()` still runs on the copy and finds nothing to do,
 * so a test sees exactly what a server that has just migrated sees. The copy is keyed by a hash of
 * the migration files (and PGlite's version), so a changed migration never meets an old copy.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openPglite("memory://", { loadDataDir: await migratedPgliteDump() });

  const name = `precedent_test_${randomBytes(6).toString("hex")}`;
  const template = await migratedTemplateDatabase(serverUrl);
  await withAdmin(serverUrl, (admin) => admin.query(`create database ${name} template ${template}`));

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 5);
  return {
    ...handle,
    /** The new database's address, for a test that opens a second connection (another server). */
    url: url.toString(),
    async close() {
      await handle.close();
      await withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

/** A short hash of every migration file (and the meta journal), and of PGlite's version. */
function migrationsKey(): string {
  const hash = createHash("sha256");
  const files = readdirSync(migrationsFolder, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".sql") || file.endsWith(".json"))
    .sort();
  for (const file of files) {
    hash.update(file);
    hash.update(readFileSync(path.join(migrationsFolder, file)));
  }
  hash.update(pgliteVersion());
  return hash.digest("hex").slice(0, 16);
}

/** PGlite's version: a dump is read only by the version that wrote it. */
function pgliteVersion(): string {
  // The package does not export its package.json, so it is found above the resolved entry.
  let folder = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (folder !== path.dirname(folder)) {
    const manifest = path.join(folder, "package.json");
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, "utf8"));
      if (name === "@electric-sql/pglite") return String(version);
    }
    folder = path.dirname(folder);
  }
  throw new Error("PGlite's package.json was not found");
}

/** The migrated PGlite data directory, dumped once into the temp folder and read by each file. */
async function migratedPgliteDump(): Promise<Blob> {
  const folder = path.join(tmpdir(), "precedent-test-databases");
  const file = path.join(folder, `pglite-${migrationsKey()}.tar`);
  if (!existsSync(file)) {
    // Two test processes may make it at once; each writes its own file and renames it into
    // place, so a reader only ever sees a whole dump.
    const made = await openPglite("memory://");
    try {
      await made.migrate();
      const dump = await (made.dumpDataDir as () => Promise<Blob>)();
      mkdirSync(folder, { recursive: true });
      const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await made.close();
    }
  }
  return new Blob([readFileSync(file)]);
}

/** Any fixed number: the advisory lock under which one test process makes the template. */
const TEMPLATE_LOCK_KEY = 724_911_302;

/** The migrated template database on the server, made by the first test file that needs it. */
async function migratedTemplateDatabase(serverUrl: string): Promise<string> {
  const template = `precedent_template_${migrationsKey()}`;
  await withAdmin(serverUrl, async (admin) => {
    const exists = async () =>
      (await admin.query("select 1 from pg_database where datname = $1", [template])).rowCount === 1;
    if (await exists()) return;
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    try {
      if (await exists()) return;
      // Made under another name and renamed when complete: a file never copies a half-made one.
      const building = `${template}_building_${randomBytes(4).toString("hex")}`;
      await admin.query(`create database ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      // Two connections: migrate() holds one for its lock while the migrator uses another.
      const handle = await openPostgres(url.toString(), 2);
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await admin.query(`alter database ${building} rename to ${template}`);
      // Templates of older migrations are no longer wanted (one in use elsewhere stays).
      const old = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'precedent\\_template\\_%' and datname <> $1",
        [template],
      );
      for (const { datname } of old.rows) {
        await admin.query(`drop database if exists ${datname}`).catch(() => {});
      }
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
    }
  });
  return template;
}

async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
