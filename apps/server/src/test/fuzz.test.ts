import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STAFF, loadDemoStaff } from "../demo/console-staff.ts";
import { loadDemoFailedWork } from "../demo/failed-work.ts";
import { DEMO_PASSWORD, loadDemoData } from "../demo/seed.ts";
import { ensureCatalogue } from "../modules/catalogue/index.ts";
import { CONSOLE_COOKIE } from "../modules/console/index.ts";
import { codeAt, consoleCookie } from "../modules/console/testing.ts";
import { bearer, createTestApp, signIn, type TestApp } from "./harness.ts";
import {
  baseRequest,
  bodyText,
  type Operation,
  operationsOf,
  RAW_NUMBER,
  type RequestParts,
  type Slot,
  urlOf,
  withoutSlot,
  withSlot,
} from "./openapi-requests.ts";

/**
 * The fuzz suite: every operation of the OpenAPI description (so every route added later joins
 * by itself) gets generated bad input — wrong types, huge and negative numbers, long and odd
 * Unicode text, missing and extra fields, traversal and injection strings, bodies that are not
 * JSON, bodies nested thousands deep, every text field set to a word every object has
 * (`constructor`, `__proto__`, `toString`), query parameters repeated, hostile `Host` and
 * `X-Forwarded-Host` headers — signed in as the owner of the seeded demo firm and signed out. No reply may be a 5xx;
 * every JSON reply is the `{message, data}` envelope, and a file reply has a media type the
 * description names. FUZZ_REQUESTS sets how many (default 10,000), FUZZ_SEED replays a run.
 */

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Requests in flight at once: the app answers several, as it does behind a real port. */
const CONCURRENCY = 4;

const OWNER = "owner@demo.test";

// --- The bad values -------------------------------------------------------------------------

const hugeOrNegative = fc.oneof(
  fc.constantFrom(
    2_147_483_648,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER,
    -1,
    0,
    -0.5,
    1.5,
    1e21,
    RAW_NUMBER("1e309"),
    RAW_NUMBER("-1e309"),
    RAW_NUMBER("123456789012345678901234567890"),
  ),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Text a path, a template engine or a database could mistake for instructions. */
const TRAVERSAL_AND_INJECTION = [
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "..%2f..%2f..%2fetc%2fpasswd",
  "/\\evil.example/",
  "file:///etc/passwd",
  "' OR '1'='1' --",
  "1; drop table documents; --",
  "1) or (1=1",
  '"; select pg_sleep(5); --',
  "$1",
  "{{ 7 | times: 7 }}",
  "{% raw %}{{{{{{",
  "{%- for x in (1..100000000) %}{% endfor %}",
  "<script>alert(1)</script>",
  "<svg><a xlink:href=javascript:alert(1)>x</a></svg>",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text itself, sent as a value
  "${jndi:ldap://127.0.0.1/a}",
  "%s%s%s%n",
  "\\u0000",
  "__proto__",
  "constructor",
  "null",
  "NaN",
  "-0",
  "0x7fffffff",
  "1e309",
];

const ODD_TEXT = [
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF",
  "\u202Eevil.exe",
  "\u200B\u200C\u200D\uFEFF",
  "🧾👩🏽‍⚖️🇦🇺",
  "Ω≈ç√∫˜µ≤≥÷",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǵ̟̞̳͍o̗̟̞̟̩̓͊̄",
  "\r\n\r\n",
  " ",
  "",
  "\t",
  "田中さんにあげて下さい",
  "مرحبا",
];

const oddText = fc.oneof(
  fc.constantFrom(...TRAVERSAL_AND_INJECTION, ...ODD_TEXT),
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.string({ unit: "grapheme", maxLength: 80 }),
  fc
    .tuple(fc.constantFrom(...TRAVERSAL_AND_INJECTION, ...ODD_TEXT), fc.string({ maxLength: 20 }))
    .map(([a, b]) => `${b}${a}${b}`),
  // Long text: past every length limit, up to about half the body limit.
  fc
    .tuple(
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 }),
      fc.integer({ min: 256, max: 300_000 }),
    )
    .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)),
);

/**
 * Words that name a property every plain object has: a plain object used as a map, looked up with
 * user text, finds a function instead of nothing ("constructor" in a company name answered 500).
 */
const PROTOTYPE_WORDS = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "prototype"];
const prototypeText = fc.oneof(
  fc.constantFrom(...PROTOTYPE_WORDS),
  fc
    .tuple(
      fc.constantFrom(...PROTOTYPE_WORDS),
      fc.constantFrom("", " Holdings", " Co", "The ", " constructor"),
    )
    .map(([word, around]) => (around.endsWith(" ") ? `${around}${word}` : `${word}${around}`)),
);

/** Host headers a request may carry that must never reach a link or fail a request. */
const HOSTILE_HOSTS = [
  "evil.example",
  "evil.example:443",
  "localhost@evil.example",
  "localhost:99999",
  "[::1",
  "a".repeat(300),
  "evil.example\\r\\nx-injected: 1",
  "xn--80ak6aa92e.com",
  "127.0.0.1, evil.example",
];

/** Anything JSON can say, including deep nests and objects with keys JavaScript treats specially. */
const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, false, [], {}, [[[[[[[[[[]]]]]]]]]], { __proto__: { admin: true } }),
  fc.dictionary(
    fc.constantFrom("__proto__", "constructor", "prototype", "toString", "id_team"),
    fc.jsonValue(),
  ),
);

/** A wrong or hostile value for a slot of this kind. */
function badValue(slot: Slot): fc.Arbitrary<unknown> {
  const wrongType = anyJson;
  switch (slot.kind) {
    case "integer":
    case "number":
      return fc.oneof(hugeOrNegative, oddText, wrongType);
    case "string":
      return fc.oneof(oddText, hugeOrNegative, wrongType);
    case "boolean":
      return fc.oneof(fc.constantFrom("true", "yes", 1, 0, "1"), oddText, wrongType);
    case "array":
      return fc.oneof(
        fc.array(fc.oneof(hugeOrNegative, oddText), { maxLength: 20 }),
        fc.integer({ min: 200, max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => i + 1)),
        wrongType,
      );
    default:
      return fc.oneof(wrongType, oddText, hugeOrNegative);
  }
}

/** Raw text put into an address as it is, percent signs and all. */
const rawAddressPart = fc.constantFrom("%", "%zz", "%E0%A4%A", "%00", "..%2F..%2F", "%C0%AE%C0%AE", "a%2Fb");

// --- The requests ----------------------------------------------------------------------------

type Mutation =
  | { kind: "value"; slot: Slot; value: unknown }
  | { kind: "raw-address"; slot: Slot; text: string }
  | { kind: "missing"; slot: Slot }
  | { kind: "extra"; where: "body" | "query"; name: string; value: unknown }
  | { kind: "body"; value: unknown }
  | { kind: "not-json"; text: string; contentType: string }
  | { kind: "deep"; depth: number }
  | { kind: "prototype-words"; word: string }
  | { kind: "repeated-query"; slot: Slot; values: string[] };

/** A hostile `Host` (and `X-Forwarded-Host`) sent with the request, or none. */
type HostileHost = { host?: string; forwarded?: string };
type Case = { op: Operation; signedIn: boolean; mutation: Mutation; hostile: HostileHost };

function mutations(op: Operation): fc.Arbitrary<Mutation> {
  const choices: fc.Arbitrary<Mutation>[] = [];
  const slots = op.slots;
  if (slots.length) {
    const slot = fc.constantFrom(...slots);
    choices.push(
      slot.chain((s) => badValue(s).map((value) => ({ kind: "value" as const, slot: s, value }))),
      slot.chain((s) => badValue(s).map((value) => ({ kind: "value" as const, slot: s, value }))),
      slot.map((s) => ({ kind: "missing" as const, slot: s })),
    );
    const addressSlots = slots.filter((s) => s.in !== "body");
    if (addressSlots.length) {
      choices.push(
        fc
          .tuple(fc.constantFrom(...addressSlots), rawAddressPart)
          .map(([s, text]) => ({ kind: "raw-address" as const, slot: s, text })),
      );
    }
    if (slots.some((s) => s.kind === "string" || s.kind === "unknown")) {
      choices.push(prototypeText.map((word) => ({ kind: "prototype-words" as const, word })));
    }
    const querySlots = slots.filter((s) => s.in === "query");
    if (querySlots.length) {
      // A parameter given twice or more (`?id_team=1&id_team=2`) arrives as an array.
      choices.push(
        fc
          .tuple(
            fc.constantFrom(...querySlots),
            fc.array(
              fc.oneof(fc.constantFrom("1", "", "0", "-1"), prototypeText, fc.string({ maxLength: 10 })),
              {
                minLength: 2,
                maxLength: 4,
              },
            ),
          )
          .map(([s, values]) => ({ kind: "repeated-query" as const, slot: s, values })),
      );
    }
  }
  const extraName = fc.oneof(
    fc.constantFrom("__proto__", "constructor", "id_team", "team_id", "role", "is_admin", "created_by"),
    fc.string({ maxLength: 30 }),
  );
  choices.push(
    fc
      .tuple(fc.constantFrom<"body" | "query">("body", "query"), extraName, anyJson)
      .map(([where, name, value]) => ({ kind: "extra" as const, where, name, value })),
  );
  if (op.method !== "GET") {
    choices.push(
      anyJson.map((value) => ({ kind: "body" as const, value })),
      fc
        .tuple(
          fc.oneof(fc.constantFrom("{", '{"a":', "[1,2", "\u0000", "{}{}", "\uFEFF{}"), oddText),
          fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded"),
        )
        .map(([text, contentType]) => ({ kind: "not-json" as const, text, contentType })),
      // Nested past any sensible depth: answered 500 before the parser bounded it.
      fc.constantFrom(200, 3_000, 20_000).map((depth) => ({ kind: "deep" as const, depth })),
    );
  }
  return fc.oneof(...choices);
}

// --- The app ---------------------------------------------------------------------------------

let t: TestApp;
let token: string;
/** The demo administrator's console session: console calls are fuzzed signed in as staff. */
let consoleToken: string;

async function signInDemoAdministrator() {
  const email = DEMO_STAFF.people[0].email;
  const login = await t.app.inject({
    method: "POST",
    url: "/api/console/login",
    payload: { email, password: DEMO_PASSWORD },
  });
  const cookie = login.cookies.find((c) => c.name === CONSOLE_COOKIE)?.value ?? "";
  const code = await t.app.inject({
    method: "POST",
    url: "/api/console/two-factor/code",
    headers: consoleCookie(cookie),
    payload: { code: codeAt(t.clock.now().getTime(), DEMO_STAFF.secret) },
  });
  if (code.statusCode !== 200) throw new Error(`console sign-in failed: ${code.body}`);
  return cookie;
}

/** A signed-in case's credentials: the console's own cookie for its calls, the firm's token for the rest. */
const sessionOf = (op: Operation) =>
  op.route.startsWith("/api/console/") ? consoleCookie(consoleToken) : bearer(token);
let operations: Operation[];
let known: (op: Operation) => (name: string) => unknown;
/** Media types each operation's replies are described with, by status. */
let described: Map<string, Record<string, string[]>>;

beforeAll(async () => {
  t = await createTestApp({
    loginThrottle: { perAccountAddress: 1_000_000, perAddress: 1_000_000 },
    // The webhook then checks signatures (400) instead of answering that it is not set up (503).
    env: { STRIPE_SECRET_KEY: "sk_test_fuzz", STRIPE_WEBHOOK_SECRET: "whsec_fuzz" },
  });
  await ensureCatalogue(t.db, t.services.templates.starters());
  await loadDemoData(t.db);
  await loadDemoStaff({ ...t.services, clock: t.clock.now });
  await loadDemoFailedWork({ ...t.services, clock: t.clock.now });
  token = await signIn(t, OWNER, DEMO_PASSWORD);
  consoleToken = await signInDemoAdministrator();
  const get = async (url: string) =>
    (await t.app.inject({ method: "GET", url, headers: bearer(token) })).json().data;
  const teamId: number = (await get("/api/users/me")).teams[0].id;
  const folders: { id: number }[] = (await get(`/api/folder/get-all?id_team=${teamId}`)).rows;
  const docs: { id: number }[] = (await get(`/api/doc?id_team=${teamId}&type=1`)).rows;
  const products: { id: number }[] = (await get("/api/products")).rows;
  const orders: { id: number }[] = (await get(`/api/orders?id_team=${teamId}`)).rows ?? [];
  // A conversation with the assistant, so its routes' bad input meets a real thread.
  const thread: string = (
    await t.app.inject({
      method: "POST",
      url: `/api/ai/threads?id_team=${teamId}`,
      headers: bearer(token),
      payload: {},
    })
  ).json().data.thread_id;
  const [folder, otherFolder, spareFolder] = [folders[0]?.id, folders[1]?.id, folders.at(-1)?.id];
  const [doc, spareDoc] = [docs[0]?.id, docs.at(-1)?.id];
  if (!folder || !doc || !products[0]) throw new Error("the demo firm has no folders, documents or products");
  // A voice interview of the first document, so its routes' bad input meets a real session.
  const voiceSession: string | undefined = (
    await t.app.inject({
      method: "POST",
      url: `/api/ai/init-session?id_team=${teamId}`,
      headers: bearer(token),
      payload: { doc_id: doc },
    })
  ).json().data?.session_id;

  const app = t.app;
  await app.ready();
  const api = app.swagger() as Parameters<typeof operationsOf>[0] & {
    paths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>>;
  };
  operations = operationsOf(api);
  described = new Map(
    Object.entries(api.paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, op]) => [
        `${method.toUpperCase()} ${route}`,
        Object.fromEntries(
          Object.entries(op.responses ?? {}).map(([status, r]) => [status, Object.keys(r.content ?? {})]),
        ),
      ]),
    ),
  );
  // Real ids where a route names them, so bad input meets handlers and not only "not found".
  // Deleting routes get the firm's last folder and document, so the others stay for the rest.
  known = (op) => (name) => {
    const deleting = op.method === "DELETE";
    if (name === "id_team") return teamId;
    if (name === "email") return OWNER;
    if (name === "password") return DEMO_PASSWORD;
    if (name === "folder_id" || name === "folder_parent_id") return deleting ? spareFolder : folder;
    if (name === "to_folder_id") return otherFolder ?? folder;
    if (name === "docId" || name === "doc_id") return deleting ? spareDoc : doc;
    if (name === "list_doc" || name === "ids") return [deleting ? spareDoc : doc];
    if (name === "product_id") return products[0]?.id;
    if (name === "thread_id") return thread;
    if (name === "session_id") return voiceSession;
    if (name === "id") {
      if (op.route.startsWith("/api/folder")) return deleting ? spareFolder : folder;
      if (op.route.startsWith("/api/products")) return products[0]?.id;
      if (op.route.startsWith("/api/orders")) return orders[0]?.id ?? 1;
      // The console's catalogue deletes, image changes and a product put back on sale: an id
      // that names nothing, so no case removes, pictures or restores a product or category the
      // other cases read (a document's id could name one).
      const changesItem = deleting || op.route.endsWith("/image") || op.route.endsWith("/restore");
      if (changesItem && op.route.startsWith("/api/console/catalogue")) return 999999;
      return deleting ? spareDoc : doc;
    }
    return undefined;
  };
}, 300_000);
afterAll(() => t?.close());

/** A case's request: the operation's plausible request with the one mutation applied. */
function requestOf({ op, mutation }: Case): { url: string; payload?: string; contentType?: string } {
  let parts: RequestParts = baseRequest(op, known(op));
  let rawAddress: { slot: Slot; text: string } | undefined;
  let repeated: { slot: Slot; values: string[] } | undefined;
  switch (mutation.kind) {
    case "value":
      parts = withSlot(parts, mutation.slot, mutation.value);
      break;
    case "missing":
      parts = withoutSlot(parts, mutation.slot);
      break;
    case "raw-address":
      rawAddress = mutation;
      break;
    case "extra":
      if (mutation.where === "query")
        parts = { ...parts, query: { ...parts.query, [mutation.name]: asQueryText(mutation.value) } };
      else parts = { ...parts, body: { ...(parts.body as object), [mutation.name]: mutation.value } };
      break;
    case "body":
      parts = { ...parts, body: mutation.value };
      break;
    case "not-json":
      return { url: urlOf(op.route, parts), payload: mutation.text, contentType: mutation.contentType };
    case "deep":
      return {
        url: urlOf(op.route, parts),
        payload: deepBody(mutation.depth),
        contentType: "application/json",
      };
    case "prototype-words":
      for (const slot of op.slots)
        if (slot.kind === "string" || slot.kind === "unknown") parts = withSlot(parts, slot, mutation.word);
      break;
    case "repeated-query":
      repeated = mutation;
      break;
  }
  let url = urlOf(op.route, parts);
  if (repeated) {
    const name = encodeURIComponent(String(repeated.slot.path[0]));
    const extra = repeated.values.map((v) => `${name}=${encodeURIComponent(v)}`).join("&");
    url = `${url}${url.includes("?") ? "&" : "?"}${extra}`;
  }
  if (rawAddress) {
    const name = String(rawAddress.slot.path[0]);
    url =
      rawAddress.slot.in === "path"
        ? urlOf(op.route.replace(`{${name}}`, "\u0001"), parts).replace("%01", rawAddress.text)
        : `${url}${url.includes("?") ? "&" : "?"}${encodeURIComponent(name)}=${rawAddress.text}`;
  }
  const hasBody = op.method !== "GET" && parts.body !== undefined;
  return hasBody ? { url, payload: bodyText(parts.body), contentType: "application/json" } : { url };
}

/** JSON text of arrays and objects nested `depth` levels (built as text: no recursion to overflow). */
function deepBody(depth: number): string {
  const open = Array.from({ length: depth }, (_, i) => (i % 2 ? '{"a":' : "[")).join("");
  const close = Array.from({ length: depth }, (_, i) => (i % 2 ? "}" : "]"))
    .reverse()
    .join("");
  return `{"name":${open}1${close}}`;
}

/** A value as query text: text as it is, anything else as JSON. */
const asQueryText = (value: unknown) => (typeof value === "string" ? value : (bodyText(value) ?? ""));

type Failure = { case: string; status: number; contentType: string; body: string };

const isEnvelope = (body: unknown) =>
  !!body &&
  typeof body === "object" &&
  typeof (body as { message?: unknown }).message === "string" &&
  "data" in body;

/** What is wrong with a reply, or undefined. */
function faultOf(c: Case, status: number, contentType: string, body: string): string | undefined {
  if (status >= 500) return "5xx";
  const mediaType = contentType.split(";")[0]?.trim() ?? "";
  // The envelope is the API's (under /api); a health probe at the root answers its own shape.
  if (mediaType === "application/json" && !c.op.route.startsWith("/api/")) return undefined;
  if (mediaType === "application/json") {
    try {
      return isEnvelope(JSON.parse(body)) ? undefined : "JSON without the envelope";
    } catch {
      return "not JSON though said to be";
    }
  }
  // A file: only on success, and of a media type the description names for this reply.
  if (status >= 400) return `a ${status} that is not the JSON envelope`;
  const media = described.get(`${c.op.method} ${c.op.route}`)?.[String(status)] ?? [];
  return media.includes(mediaType) ? undefined : `media type ${mediaType} not described`;
}

describe("fuzzing every operation of the OpenAPI description", () => {
  it(`answers ${REQUESTS} generated bad requests without a 5xx, each in the envelope`, async () => {
    const cases = fc.sample(
      fc
        .record({
          // Each operation alike, but signing in a quarter as often: each check of a password
          // costs an argon2 hash (64 MiB, 3 passes), by design.
          op: fc.oneof(
            ...operations.map((op) => ({ arbitrary: fc.constant(op), weight: checksPassword(op) ? 1 : 4 })),
          ),
          signedIn: fc.nat(4).map((n) => n > 0),
        })
        .filter(({ op, signedIn }) => !(signedIn && endsSessions(op)))
        .chain(({ op, signedIn }) =>
          fc
            .tuple(mutations(op), hostileHost)
            .map(([mutation, hostile]): Case => ({ op, signedIn, mutation, hostile })),
        ),
      { numRuns: REQUESTS, seed: SEED },
    );
    const failures: Failure[] = [];
    const statuses = new Map<number, number>();
    /** Time spent on each operation's requests, to see where a run's time goes. */
    const spent = new Map<string, number>();
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++] as Case;
        const request = requestOf(c);
        const sent = performance.now();
        const reply = await t.app.inject({
          method: c.op.method,
          url: request.url,
          headers: {
            ...(c.signedIn ? sessionOf(c.op) : {}),
            ...(request.contentType ? { "content-type": request.contentType } : {}),
            ...(c.hostile.host !== undefined ? { host: c.hostile.host } : {}),
            ...(c.hostile.forwarded !== undefined ? { "x-forwarded-host": c.hostile.forwarded } : {}),
          },
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        });
        statuses.set(reply.statusCode, (statuses.get(reply.statusCode) ?? 0) + 1);
        const key = `${c.op.method} ${c.op.route}`;
        spent.set(key, (spent.get(key) ?? 0) + (performance.now() - sent));
        const contentType = String(reply.headers["content-type"] ?? "");
        const fault = faultOf(c, reply.statusCode, contentType, reply.body);
        if (fault) {
          failures.push({
            case: `${fault}: ${c.signedIn ? "signed in" : "signed out"} ${c.op.method} ${request.url.slice(0, 200)} ${describeMutation(c.mutation)}${c.hostile.host !== undefined ? ` Host: ${c.hostile.host.slice(0, 40)}` : ""}${c.hostile.forwarded !== undefined ? ` X-Forwarded-Host: ${c.hostile.forwarded.slice(0, 40)}` : ""}`,
            status: reply.statusCode,
            contentType,
            body: reply.body.slice(0, 300),
          });
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    const fiveHundreds = [...statuses].filter(([s]) => s >= 500).reduce((n, [, k]) => n + k, 0);
    console.info(
      `fuzz: ${cases.length} requests to ${operations.length} operations in ${seconds.toFixed(1)} s ` +
        `(seed ${SEED}; FUZZ_SEED=${SEED} replays it); ${fiveHundreds} answered 5xx; statuses ` +
        [...statuses]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(" "),
    );
    const slowest = [...spent].sort(([, a], [, b]) => b - a).slice(0, 5);
    console.info(
      `fuzz: most time in ${slowest.map(([op, ms]) => `${op} ${(ms / 1000).toFixed(1)} s`).join(", ")}`,
    );
    expect(cases.length).toBeGreaterThanOrEqual(REQUESTS);
    expect(failures.slice(0, 20), `seed ${SEED}: ${failures.length} faulty replies`).toEqual([]);
  }, 1_800_000);
});

/** One request in eight comes with a hostile Host or X-Forwarded-Host. */
const hostileHost: fc.Arbitrary<HostileHost> = fc.oneof(
  { arbitrary: fc.constant({}), weight: 7 },
  {
    arbitrary: fc.oneof(
      fc.constantFrom(...HOSTILE_HOSTS).map((host) => ({ host })),
      fc.constantFrom(...HOSTILE_HOSTS).map((forwarded) => ({ forwarded })),
    ),
    weight: 1,
  },
);

const checksPassword = (op: Operation) =>
  op.route === "/api/auth/login" || op.route === "/api/auth/token" || op.route === "/api/console/login";

/** Signing out (here or everywhere) would end the session the other cases use. */
const endsSessions = (op: Operation) =>
  op.route === "/api/logout" || op.route === "/api/console/logout" || op.route.includes("sign-out");

function describeMutation(m: Mutation): string {
  const short = (v: unknown) => {
    const text = typeof v === "string" ? JSON.stringify(v) : bodyText(v);
    return (text ?? "undefined").length > 80
      ? `${(text ?? "").slice(0, 80)}… (${(text ?? "").length})`
      : text;
  };
  switch (m.kind) {
    case "value":
      return `${m.slot.in}:${m.slot.path.join(".")} = ${short(m.value)}`;
    case "raw-address":
      return `${m.slot.in}:${m.slot.path.join(".")} raw ${m.text}`;
    case "missing":
      return `${m.slot.in}:${m.slot.path.join(".")} missing`;
    case "extra":
      return `extra ${m.where}:${JSON.stringify(m.name)} = ${short(m.value)}`;
    case "body":
      return `body = ${short(m.value)}`;
    case "not-json":
      return `${m.contentType} body ${short(m.text)}`;
    case "deep":
      return `body nested ${m.depth} deep`;
    case "prototype-words":
      return `every text field = ${JSON.stringify(m.word)}`;
    case "repeated-query":
      return `query:${m.slot.path.join(".")} repeated ${JSON.stringify(m.values)}`;
  }
}
