// `npm run bench:documents`: the document list and the folder tree of a large firm on PostgreSQL.
// Creates a fresh database on the server at DATABASE_URL (default: the local server), fills one
// firm with 100,000 documents and 2,000 folders, then measures p50 and p99 under 100 concurrent
// connections beside a bare Fastify hello-world from the same run: first as the server runs
// (replies kept in memory between changes), then with every reply built from the database
// ("cold"). The database is dropped at the end (BENCH_KEEP_DB=1 keeps it, to EXPLAIN the queries).
import { loadavg } from "node:os";
import { openPostgres } from "@precedent/server/db";
import { ensurePlans, loadDemoData } from "@precedent/server/demo";
import pg from "pg";
import { measurePrepared, statementsOf } from "./prepared-sql.ts";
import {
  alone,
  demoOwnerHeaders,
  freshDatabase,
  measure,
  measureTargets,
  printResults,
  startServer,
} from "./support.ts";

const CONNECTIONS = 100;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DOCUMENTS = 100_000;
const USERS = 20;
const PERSONAL_FOLDERS_PER_USER = 90; // 1,800 in My Documents
/** Folders created in Shared Folders, per level (200): 2,000 folders in all. */
const SHARED_LEVELS = [40, 60, 60, 40] as const;
const database = freshDatabase("precedent_bench_documents");

// Words for document names: a kind of document, then a client. One surname is in about 1 name
// in 400; "trust" is in about 1 in 6.
const KINDS = [
  "Discretionary Trust Deed",
  "Unit Trust Deed",
  "Company Constitution",
  "Company Registration",
  "Will",
  "Testamentary Trust Will",
  "Enduring Power of Attorney",
  "Binding Death Benefit Nomination",
  "SMSF Trust Deed",
  "SMSF Investment Strategy",
  "Minutes – Change of Director",
  "Share Sale Agreement",
  "Loan Agreement",
  "Non-Disclosure Agreement",
  "Employment Contract",
  "Deed of Variation",
  "Appointment of Corporate Trustee",
  "Partnership Agreement",
  "Guarantor Deed",
  "Engagement Letter",
  "Advance Care Directive",
  "Business Name Transfer",
  "Deed of Release",
  "Memorandum of Wishes",
];
const SYLLABLES = [
  "ba",
  "ker",
  "chen",
  "ng",
  "uy",
  "en",
  "pa",
  "tel",
  "ro",
  "ss",
  "smi",
  "th",
  "wil",
  "son",
  "mar",
  "tin",
  "lee",
  "kim",
  "obr",
  "ien",
];
const SURNAMES = Array.from({ length: 400 }, (_, i) => {
  const a = SYLLABLES[i % 20] ?? "";
  const b = SYLLABLES[Math.floor(i / 20) % 20] ?? "";
  return `${a.charAt(0).toUpperCase()}${a.slice(1)}${b}`;
});

async function seed() {
  const started = Date.now();
  await database.create();
  const handle = await openPostgres(database.url, 4);
  await handle.migrate(async (db) => {
    await ensurePlans(db);
    await loadDemoData(db);
  });
  await handle.close();

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const one = async <T>(sql: string, params: unknown[] = []) =>
    (await client.query(sql, params)).rows[0] as T;
  const { team_id: teamId } = await one<{ team_id: number }>(
    "select t.id as team_id from teams t join users u on u.id = t.owner_id where u.email = 'owner@demo.test'",
  );
  const { password_hash: hash } = await one<{ password_hash: string }>(
    "select password_hash from users where email = 'owner@demo.test'",
  );

  // 17 more members: 20 users in the firm.
  await client.query(
    `with added as (
       insert into users (email, password_hash, first_name, last_name, display_name)
       select 'adviser' || g || '@demo.test', $1, 'Adviser', 'No. ' || g, 'Adviser ' || g
       from generate_series(1, ${USERS - 3}) g returning id)
     insert into team_members (team_id, user_id, role) select $2, id, 'member' from added`,
    [hash, teamId],
  );
  const userIds = (
    await client.query<{ user_id: number }>(
      "select user_id from team_members where team_id = $1 order by user_id",
      [teamId],
    )
  ).rows.map((r) => r.user_id);

  // Folders, level by level so parents exist: My Documents 30 top + 30 + 30 per user; Shared
  // Folders 40 top + 60 + 60 + 40 (three levels below the top).
  const insertLevel = async (
    type: 1 | 2,
    rows: { createdBy: number; parentId: number | null; ancestors: number[]; name: string }[],
  ) => {
    const result = await client.query<{ id: number }>(
      `insert into folders (team_id, type, name, parent_id, ancestor_ids, created_by, created_at, updated_at)
       select $1, $2, r.name, r.parent_id, r.ancestors::integer[], r.created_by, now() - interval '400 days', now() - interval '400 days'
       from json_to_recordset($3::json) as r(name text, parent_id int, ancestors text, created_by int)
       returning id`,
      [
        teamId,
        type,
        JSON.stringify(
          rows.map((r) => ({
            name: r.name,
            parent_id: r.parentId,
            ancestors: `{${r.ancestors.join(",")}}`,
            created_by: r.createdBy,
          })),
        ),
      ],
    );
    return rows.map((r, i) => ({ ...r, id: result.rows[i]?.id ?? 0 }));
  };
  const personalByUser = new Map<number, number[]>();
  for (const userId of userIds) {
    const per = PERSONAL_FOLDERS_PER_USER / 3;
    const tops = await insertLevel(
      1,
      Array.from({ length: per }, (_, i) => ({
        createdBy: userId,
        parentId: null,
        ancestors: [],
        name: `${SURNAMES[(userId * 31 + i) % 400]} matters`,
      })),
    );
    const seconds = await insertLevel(
      1,
      tops.map((p, i) => ({
        createdBy: userId,
        parentId: p.id,
        ancestors: [p.id],
        name: `${KINDS[i % KINDS.length]}s`,
      })),
    );
    const thirds = await insertLevel(
      1,
      seconds.map((p, i) => ({
        createdBy: userId,
        parentId: p.id,
        ancestors: [...p.ancestors, p.id],
        name: `${2020 + (i % 7)}`,
      })),
    );
    personalByUser.set(
      userId,
      [...tops, ...seconds, ...thirds].map((f) => f.id),
    );
    // Each user adds two of their top-level folders (with what is below) to Shared Folders.
    await client.query(
      "insert into folder_shares (team_id, folder_id, created_by, created_at) select $1, unnest($2::int[]), $3, now()",
      [teamId, tops.slice(0, 2).map((f) => f.id), userId],
    );
  }
  let level = await insertLevel(
    2,
    Array.from({ length: SHARED_LEVELS[0] }, (_, i) => ({
      createdBy: userIds[i % USERS] ?? 0,
      parentId: null,
      ancestors: [],
      name: `Precedents ${i + 1}`,
    })),
  );
  const sharedIds = level.map((f) => f.id);
  for (const size of SHARED_LEVELS.slice(1)) {
    level = await insertLevel(
      2,
      Array.from({ length: size }, (_, i) => {
        const parent = level[i % level.length];
        if (!parent) throw new Error("no parent");
        return {
          createdBy: parent.createdBy,
          parentId: parent.id,
          ancestors: [...parent.ancestors, parent.id],
          name: `Section ${i + 1}`,
        };
      }),
    );
    sharedIds.push(...level.map((f) => f.id));
  }

  // 100,000 documents in batches: a quarter at the top of My Documents, the rest in folders;
  // created over three years, updated up to a month later; every status; 8% added to a shared folder.
  const BATCH = 10_000;
  const now = Date.now();
  for (let start = 0; start < DOCUMENTS; start += BATCH) {
    const cols = {
      createdBy: [] as number[],
      folderId: [] as (number | null)[],
      name: [] as string[],
      status: [] as number[],
      type: [] as string[],
      createdAt: [] as string[],
      updatedAt: [] as string[],
    };
    for (let i = start; i < start + BATCH; i++) {
      const userId = userIds[i % USERS] ?? 0;
      const folders = personalByUser.get(userId) ?? [];
      cols.createdBy.push(userId);
      cols.folderId.push(i % 4 === 0 ? null : (folders[(i * 7) % folders.length] ?? null));
      // Every user has every surname: the k-th document of user u gets surname 7k + 3u.
      const k = Math.floor(i / USERS);
      cols.name.push(
        `${KINDS[(i * 13) % KINDS.length]} – ${SURNAMES[(k * 7 + (i % USERS) * 3) % 400]} Family`,
      );
      cols.status.push((i % 5) + 1);
      cols.type.push(
        i % 10 === 0 ? "ASIC" : i % 37 === 0 ? "CAS 360" : i % 41 === 0 ? "Simple Fund 360" : "DOC",
      );
      const created = now - (DOCUMENTS - i) * 900_000;
      cols.createdAt.push(new Date(created).toISOString());
      cols.updatedAt.push(new Date(created + ((i * 104_729) % 30) * 86_400_000).toISOString());
    }
    await client.query(
      `insert into documents (team_id, created_by, updated_by, folder_id, name, status, type, created_at, updated_at)
       select $1, u, u, f, n, s, t::document_type, c, up
       from unnest($2::int[], $3::int[], $4::text[], $5::smallint[], $6::text[], $7::timestamptz[], $8::timestamptz[]) as x(u, f, n, s, t, c, up)`,
      [
        teamId,
        cols.createdBy,
        cols.folderId,
        cols.name,
        cols.status,
        cols.type,
        cols.createdAt,
        cols.updatedAt,
      ],
    );
  }
  await client.query(
    `insert into document_shares (doc_id, folder_id, team_id, created_by, created_at)
     select d.id, ($2::int[])[1 + (d.id % array_length($2::int[], 1))], d.team_id, d.created_by, d.created_at
     from documents d where d.team_id = $1 and d.id % 12 = 0`,
    [teamId, sharedIds],
  );
  // The steady state autovacuum keeps a live database in: statistics and visibility maps set.
  await client.query("vacuum analyze");
  const counts = await one<{ documents: number; folders: number; links: number }>(
    `select (select count(*)::int from documents where team_id = $1) as documents,
            (select count(*)::int from folders where team_id = $1) as folders,
            (select count(*)::int from document_shares where team_id = $1) as links`,
    [teamId],
  );
  // A document of the owner's, renamed while the mixed rows are measured.
  const { id: writtenDocId } = await one<{ id: number }>(
    "select d.id from documents d join users u on u.id = d.created_by where d.team_id = $1 and u.email = 'owner@demo.test' order by d.id limit 1",
    [teamId],
  );
  await client.end();
  return { ...counts, teamId, writtenDocId, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/**
 * Runs `during` while one of the firm's documents is renamed through the API every `everyMs`
 * (the pace of a busy firm's interview autosaves): each rename moves the firm's version, so every
 * kept reply of the firm is built again on its next read.
 */
async function whileRenaming<T>(
  target: { base: string; headers: Record<string, string>; teamId: number; docId: number },
  everyMs: number,
  during: () => Promise<T>,
): Promise<{ result: T; renames: number }> {
  let renames = 0;
  let inFlight: Promise<void> | undefined;
  const rename = async () => {
    const res = await fetch(`${target.base}/api/doc/rename/${target.docId}?id_team=${target.teamId}`, {
      method: "PUT",
      headers: { ...target.headers, "content-type": "application/json" },
      body: JSON.stringify({ new_name: `Engagement Letter – draft ${renames + 1}` }),
    });
    if (!res.ok) throw new Error(`A rename answered ${res.status}`);
    renames++;
  };
  let failure: unknown;
  const timer = setInterval(() => {
    if (inFlight) return;
    inFlight = rename()
      .catch((error: unknown) => {
        failure = error;
      })
      .finally(() => {
        inFlight = undefined;
      });
  }, everyMs);
  try {
    const result = await during();
    if (failure) throw failure;
    return { result, renames };
  } finally {
    clearInterval(timer);
    await inFlight;
  }
}

const loadBefore = loadavg()[0]?.toFixed(1);
const seeded = await seed();
console.log(
  `Seeded ${seeded.documents} documents, ${seeded.folders} folders and ${seeded.links} shared-folder links in ${seeded.seconds} s (database ${database.name}).`,
);

const hello = await startServer("hello-server.ts", process.env);
const app = await startServer("app-server.ts", { ...process.env, DATABASE_URL: database.url });
// The same server with no reply cache: every list and tree built from the database.
const cold = await startServer("app-server.ts", {
  ...process.env,
  DATABASE_URL: database.url,
  REPLY_CACHE_MB: "0",
});
try {
  const team = `id_team=${seeded.teamId}`;
  const rare = SURNAMES[123] ?? "Nguyen";
  const targets: [string, string][] = [
    [
      `GET /api/doc Organisation, search "${rare}"`,
      `/api/doc?${team}&type=3&name=${rare}&sort=updated_at&order=desc&length=10`,
    ],
    [
      `GET /api/doc My Documents, search "${rare}"`,
      `/api/doc?${team}&type=1&name=${rare}&sort=updated_at&order=desc&length=10`,
    ],
    [
      `GET /api/doc Organisation, search "trust"`,
      `/api/doc?${team}&type=3&name=trust&sort=name&order=asc&length=10`,
    ],
    ["GET /api/doc Organisation, no search", `/api/doc?${team}&type=3&sort=created_at&order=desc&length=10`],
    ["GET /api/folder/get-all My Documents", `/api/folder/get-all?${team}&type=1`],
    ["GET /api/folder/get-all Shared Folders", `/api/folder/get-all?${team}&type=2`],
  ];
  // As the web app sends them: a browser accepts compressed replies.
  const headersFor = async (base: string) => ({
    ...(await demoOwnerHeaders(base)),
    "accept-encoding": "gzip, deflate, br, zstd",
  });

  // The baseline is measured with the bearer header too; hello-world ignores it.
  const base = `http://127.0.0.1:${app.port}`;
  const settings = { connections: CONNECTIONS, seconds: DURATION_SECONDS, headers: await headersFor(base) };
  const results = await measureTargets(`http://127.0.0.1:${hello.port}/`, base, targets, settings);
  // The same reads while the firm changes: after each change, the first read of a reply builds it.
  const RENAME_EVERY_MS = 500;
  const renamed = { base, headers: settings.headers, teamId: seeded.teamId, docId: seeded.writtenDocId };
  for (const [name, url] of targets) {
    const mixed = await whileRenaming(renamed, RENAME_EVERY_MS, () => measure(`${base}${url}`, settings));
    results.push([
      `${name} (changing)`,
      mixed.result,
      `a rename every ${RENAME_EVERY_MS} ms, ${mixed.renames} in all`,
    ]);
  }
  const coldBase = `http://127.0.0.1:${cold.port}`;
  const coldSettings = { ...settings, headers: await headersFor(coldBase) };
  // The reads each cold request sends, recorded from the real server, to send straight to
  // PostgreSQL as prepared statements: the ceiling a cold row is held to (a quarter of it).
  const recorded = await statementsOf(
    database.url,
    targets.map(([, url]) => url),
    { email: "owner@demo.test", password: "precedent-demo" },
  );
  const shares: string[] = [];
  for (const [i, [name, url]] of targets.entries()) {
    // Alone, a cold request shows what one build costs: the wait after a change.
    const single = await alone(`${coldBase}${url}`, coldSettings.headers);
    const measured = await measure(`${coldBase}${url}`, coldSettings);
    results.push([`${name} (cold)`, measured, `${single.median.toFixed(1)} ms alone, no reply cache`]);
    const statements = recorded[i] ?? [];
    const prepared = await measurePrepared(database.url, statements, coldSettings);
    results.push([
      "  its SQL straight to PostgreSQL, prepared",
      prepared,
      `${statements.length} statements a request, pool of 20`,
    ]);
    shares.push(`${name}: ${((measured.rps / prepared.rps) * 100).toFixed(0)} %`);
  }
  printResults(results, { ...settings, loadBefore, nameWidth: 56 });
  console.log("\nEach cold row's throughput as a share of its SQL sent straight, prepared (target 25 %):");
  for (const share of shares) console.log(`  ${share}`);
} finally {
  hello.child.kill();
  app.child.kill();
  cold.child.kill();
  await database.dropUnlessKept();
}
