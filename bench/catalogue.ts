// `npm run bench:catalogue`: the catalogue search on PostgreSQL with 5,000 products.
// Creates a fresh database on the server at DATABASE_URL (default: the local server), seeds the
// plans, the starter catalogue and the demo data, adds 5,000 products spread over the categories,
// then measures p50 and p99 of GET /api/products (searches, a category, a plain page) under 100
// concurrent connections beside a bare Fastify hello-world. The database is dropped at the end
// (BENCH_KEEP_DB=1 keeps it).
import { loadavg } from "node:os";
import { ensureCatalogue } from "@precedent/server/catalogue";
import { openPostgres } from "@precedent/server/db";
import { ensurePlans, loadDemoData } from "@precedent/server/demo";
import { createTemplateLibrary } from "@precedent/server/templates";
import pg from "pg";
import { demoOwnerHeaders, freshDatabase, measureTargets, printResults, startServer } from "./support.ts";

const CONNECTIONS = 100;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PRODUCTS = 5_000;

const database = freshDatabase("precedent_bench_catalogue");

const SUBJECTS = [
  "Loan Agreement",
  "Share Sale Agreement",
  "Employment Contract",
  "Deed of Variation",
  "Guarantee and Indemnity",
  "Licence Agreement",
  "Partnership Agreement",
  "Binding Death Benefit Nomination",
  "Enduring Power of Attorney",
  "Change of Trustee",
  "Minutes of Meeting",
  "Shareholders Agreement",
  "Lease Assignment",
  "Consultancy Agreement",
  "Deed of Release",
  "Memorandum of Wishes",
];
const QUALIFIERS = [
  "Short Form",
  "Standard",
  "Comprehensive",
  "Family",
  "Corporate",
  "Simple",
  "Deluxe",
  "Retail",
];

async function seed() {
  const started = Date.now();
  await database.create();
  const handle = await openPostgres(database.url, 4);
  await handle.migrate(async (db) => {
    await ensurePlans(db);
    await ensureCatalogue(db, createTemplateLibrary().starters());
    await loadDemoData(db);
  });
  await handle.close();

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const categories = (
    await client.query<{ id: number; name: string }>(
      "select id, name from product_categories where not hidden",
    )
  ).rows;
  const description = (i: number) =>
    `<p>A ${QUALIFIERS[i % QUALIFIERS.length]?.toLowerCase()} ${SUBJECTS[i % SUBJECTS.length]?.toLowerCase()} for Australian advisers and their clients, drafted for every state and territory. It records the parties, the terms agreed, the conditions and the steps to complete, with schedules for the details that differ between matters.</p><p>Reference ${i}: prepared with the current legislation in mind and reviewed each year.</p>`;
  const rows = Array.from({ length: PRODUCTS }, (_, i) => {
    const name = `${SUBJECTS[i % SUBJECTS.length]} – ${QUALIFIERS[Math.floor(i / SUBJECTS.length) % QUALIFIERS.length]} ${i + 1}`;
    const category = categories[i % categories.length];
    return {
      identifier: `bench-${i + 1}`,
      sku: `BENCH-${i + 1}`,
      name,
      price: 2200 + (i % 50) * 1100,
      description: description(i),
      short: `${name}: ready in minutes.`,
      search:
        `${name} ${name}: ready in minutes. ${description(i).replace(/<[^>]*>/g, " ")} ${category?.name ?? ""}`.toLowerCase(),
      category: category?.id ?? 0,
    };
  });
  await client.query(
    `with added as (
       insert into products (template_identifier, sku, name, price_cents, description, short_description, search_text)
       select r.identifier, r.sku, r.name, r.price, r.description, r.short, r.search
       from json_to_recordset($1::json) as r(identifier text, sku text, name text, price int, description text, short text, search text)
       returning id, template_identifier)
     insert into product_category_links (product_id, category_id)
     select a.id, r.category from added a join json_to_recordset($1::json) as r(identifier text, category int) on r.identifier = a.template_identifier`,
    [JSON.stringify(rows)],
  );
  await client.query("vacuum analyze");
  const { n } = (await client.query<{ n: number }>("select count(*)::int as n from products")).rows[0] ?? {
    n: 0,
  };
  const trusts = categories.find((c) => c.name === "Trusts")?.id ?? 0;
  await client.end();
  return { products: n, trusts, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

const loadBefore = loadavg()[0]?.toFixed(1);
const seeded = await seed();
console.log(`Seeded ${seeded.products} products in ${seeded.seconds} s (database ${database.name}).`);

const hello = await startServer("hello-server.ts", process.env);
const app = await startServer("app-server.ts", { ...process.env, DATABASE_URL: database.url });
try {
  const base = `http://127.0.0.1:${app.port}`;
  // As the web app sends them: a browser accepts compressed replies.
  const headers = { ...(await demoOwnerHeaders(base)), "accept-encoding": "gzip, deflate, br, zstd" };
  const settings = { connections: CONNECTIONS, seconds: DURATION_SECONDS, headers };
  const targets: [string, string][] = [
    [
      'GET /api/products search "deed of release" (1 in 16)',
      "/api/products?search=deed%20of%20release&per_page=100",
    ],
    [
      'GET /api/products search "comprehensive 4321" (rare)',
      "/api/products?search=comprehensive%204321&per_page=100",
    ],
    ['GET /api/products search "zzz" (no match)', "/api/products?search=zzz&per_page=100"],
    ["GET /api/products category Trusts (with sub)", `/api/products?category=${seeded.trusts}&per_page=100`],
    ["GET /api/products first page, no search", "/api/products?per_page=100"],
  ];
  const results = await measureTargets(`http://127.0.0.1:${hello.port}/`, base, targets, settings);
  printResults(results, { ...settings, loadBefore, nameWidth: 54 });
} finally {
  hello.child.kill();
  app.child.kill();
  await database.dropUnlessKept();
}
