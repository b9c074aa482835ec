import type { DocumentStatus, DocumentType, FolderType, TeamRole } from "@precedent/contracts";
import { eq, sql } from "drizzle-orm";
import type { InjectOptions, onRouteHookHandler } from "fastify";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { type Database, openPostgres, openReplica } from "../db/client.ts";
import { ensurePlans } from "../demo/seed.ts";
import { hashPassword } from "../modules/auth/index.ts";
import { documentShares, documents } from "../modules/documents/index.ts";
import { type FolderRow, folderShares, folders } from "../modules/folders/index.ts";
import { plans, teamMembers, teams } from "../modules/teams/index.ts";
import { users } from "../modules/users/index.ts";
import { createChangeFeed, type NotificationSource } from "../platform/freshness/index.ts";
import { createServices } from "../services.ts";
import { openTestDatabase } from "./database.ts";
import { bucketOnWorkerS3 } from "./local-s3.ts";

/** A clock the test moves by hand, to reach idle timeouts and throttle windows instantly. */
export class TestClock {
  private current = new Date("2026-11-02T09:00:00+10:00").getTime();
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current += ms;
  }
}

export const TEST_PASSWORD = "correct horse battery staple";

/**
 * The real app on a fresh database, with a hand-moved clock and silent logs. By default every
 * request reads its session from the database, so a test may change rows directly and see the
 * result at once; `changes` gives the app the database's change feed, as `npm start` runs it
 * (sessions kept in memory between notified changes), and `notificationDelayMs` holds each
 * notification back to stand in for a slow or distant database.
 */
export async function createTestApp(
  options: {
    loginThrottle?: { perAccountAddress: number; perAddress: number };
    changes?: boolean;
    notificationDelayMs?: number;
    env?: Record<string, string>;
    /** Told of every route the app adds. */
    onRoute?: onRouteHookHandler;
    /** The app's log, at `env.LOG_LEVEL`, goes here instead of being silenced. */
    logTo?: { write(line: string): void };
    /**
     * Where the app keeps file bytes: by default the database, or a bucket of the local S3 server
     * when TEST_FILE_STORE=s3 (CI's PostgreSQL pass). A test about one store in particular names it.
     */
    fileStore?: "database" | "s3";
    /** On PostgreSQL: the read replica's address of the test's database (see replica-cluster.ts). */
    replicaOf?: (databaseUrl: string) => string;
  } = {},
) {
  const database = await openTestDatabase();
  await database.migrate(ensurePlans);
  const clock = new TestClock();
  // TEST_FILE_STORE=s3 keeps every test's files in a local S3 server (s3rver) instead of file_blobs:
  // a bucket of the app's own on the one server of the test process.
  const fileStore = options.fileStore ?? (process.env.TEST_FILE_STORE === "s3" ? "s3" : "database");
  // A test that brings its own store settings (`env.FILE_STORE`) has chosen already.
  const bucket = fileStore === "s3" && !options.env?.FILE_STORE ? await bucketOnWorkerS3() : undefined;
  const config = loadConfig({
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
    ...bucket?.env,
    ...options.env,
  });
  const stall = stallable(delayed(database.notifications(), options.notificationDelayMs ?? 0));
  // TEST_CHANGE_FEED=on runs every test with the feed, as `npm start` runs (CI does, on
  // PostgreSQL): sessions, memberships and replies are kept in memory between notifications.
  const feedForAll = options.changes === undefined && process.env.TEST_CHANGE_FEED === "on";
  // Stalls counted: a test of what memory keeps tells a loaded machine's late heartbeat (memory
  // rightly dropped) from a fault.
  let feedStalls = 0;
  const changes =
    options.changes || feedForAll
      ? createChangeFeed(stall.source, {
          onStalled: (stalled) => {
            if (stalled) feedStalls += 1;
          },
        })
      : undefined;
  await changes?.start();
  const replica =
    options.replicaOf && database.url ? openReplica(options.replicaOf(database.url), 3) : undefined;
  const services = createServices({
    db: database.db,
    clock: clock.now,
    config,
    changes,
    loginThrottle: options.loginThrottle,
    replica: replica?.db,
    // The replica tests check its health by hand, at the moments they choose.
    replicaCheckEveryMs: replica ? 3_600_000 : undefined,
  });
  const app = await buildApp({ services, config, onRoute: options.onRoute, logTo: options.logTo });
  if (feedForAll && changes) {
    // Tests write behind the app and read at once, as if another server had written and its
    // notification had arrived: each request waits until every earlier commit has been heard.
    // (Tests of the feed's own timing ask for it with `changes: true` and get no such wait.)
    const inject = app.inject.bind(app);
    app.inject = (async (request: InjectOptions | string) => {
      await changes.sync();
      return inject(request);
    }) as unknown as typeof app.inject;
  }
  const factories = createFactories(database.db);
  return {
    app,
    db: database.db,
    kind: database.kind,
    /** The test database's address on PostgreSQL (undefined on PGlite). */
    databaseUrl: database.url,
    clock,
    services,
    config,
    changes,
    /** Another connection's view of notifications, for tests of the feed itself. */
    notifications: () => database.notifications(),
    /**
     * Holds back every notification to the app's feed without closing its connection, as a
     * half-open connection would (`resume` delivers what was held, in order).
     */
    stallChanges: stall.hold,
    resumeChanges: stall.release,
    /** How many times the feed's heartbeats have come back later than STALE_AFTER_MS. */
    feedStalls: () => feedStalls,
    /**
     * How many of the test database's connections wait for a row lock now (PostgreSQL): a test of
     * lock order holds one path's locks, sends the other path's request, and polls this until the
     * request is seen waiting before it takes its next lock.
     */
    async connectionsWaitingForLocks() {
      const [waiting] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`pg_stat_activity`)
        .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
      return waiting?.n ?? 0;
    },
    /**
     * Another server on the same PostgreSQL database (its own connections, services and memory,
     * the same clock and settings); undefined on PGlite, whose database belongs to one process.
     */
    async secondServer() {
      if (!database.url) return undefined;
      const other = await openPostgres(database.url, 5);
      const otherServices = createServices({
        db: other.db,
        clock: clock.now,
        config,
        loginThrottle: options.loginThrottle,
      });
      const otherApp = await buildApp({ services: otherServices, config });
      return {
        app: otherApp,
        async close() {
          await otherApp.close();
          await other.close();
        },
      };
    },
    ...factories,
    async close() {
      await app.close();
      await changes?.close();
      await replica?.close();
      await database.close();
      await bucket?.close();
    },
  };
}

/** The same notifications, which `hold` keeps back (connection open) until `release`. */
export function stallable(source: NotificationSource) {
  let held: (() => void)[] | undefined;
  return {
    source: {
      ...source,
      listen: (channel, onMessage, onLost) =>
        source.listen(
          channel,
          (payload) => (held ? held.push(() => onMessage(payload)) : onMessage(payload)),
          onLost,
        ),
    } satisfies NotificationSource,
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = undefined;
      for (const deliver of waiting) deliver();
    },
  };
}

/** The same notifications, each heard `ms` later (0: as they come). */
function delayed(source: NotificationSource, ms: number): NotificationSource {
  if (ms <= 0) return source;
  return {
    ...source,
    listen: (channel, onMessage, onLost) =>
      source.listen(channel, (payload) => setTimeout(() => onMessage(payload), ms), onLost),
  };
}

let passwordHash: Promise<string> | undefined;
let sequence = 0;

/** Builders of firms and users (Outline's factories), each with sensible defaults. */
export function createFactories(db: Database) {
  async function buildUser(overrides: { email?: string; firstName?: string; lastName?: string } = {}) {
    passwordHash ??= hashPassword(TEST_PASSWORD);
    sequence += 1;
    const [user] = await db
      .insert(users)
      .values({
        email: overrides.email ?? `user${sequence}@firm.test`,
        passwordHash: await passwordHash,
        firstName: overrides.firstName ?? "Test",
        lastName: overrides.lastName ?? `User ${sequence}`,
      })
      .returning();
    if (!user) throw new Error("user not created");
    return user;
  }

  async function buildTeam(overrides: { name?: string; planSlug?: string } = {}) {
    const owner = await buildUser();
    const [plan] = await db
      .select()
      .from(plans)
      .where(eq(plans.slug, overrides.planSlug ?? "best-practice"));
    if (!plan) throw new Error("plan missing");
    sequence += 1;
    const [team] = await db
      .insert(teams)
      .values({
        name: overrides.name ?? `Firm ${sequence} Pty Ltd`,
        ownerId: owner.id,
        planId: plan.id,
        creditLimit: plan.documentLimit,
      })
      .returning();
    if (!team) throw new Error("team not created");
    await db.insert(teamMembers).values({ teamId: team.id, userId: owner.id, role: "owner" });
    return { team, owner };
  }

  async function addMember(teamId: number, role: TeamRole, user?: { id: number; email: string }) {
    const member = user ?? (await buildUser());
    await db.insert(teamMembers).values({ teamId, userId: member.id, role });
    return member;
  }

  /** A folder straight into the table: `parent` nests it, `shared` adds it to Shared Folders. */
  async function buildFolder(input: {
    teamId: number;
    createdBy: number;
    name?: string;
    type?: FolderType;
    parent?: FolderRow;
    shared?: boolean;
  }) {
    sequence += 1;
    const at = new Date("2026-10-01T09:00:00+10:00");
    const [folder] = await db
      .insert(folders)
      .values({
        teamId: input.teamId,
        type: input.type ?? input.parent?.type ?? 1,
        name: input.name ?? `Folder ${sequence}`,
        parentId: input.parent?.id ?? null,
        ancestorIds: input.parent ? [...input.parent.ancestorIds, input.parent.id] : [],
        createdBy: input.createdBy,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (!folder) throw new Error("folder not created");
    if (input.shared) {
      await db
        .insert(folderShares)
        .values({ teamId: input.teamId, folderId: folder.id, createdBy: input.createdBy, createdAt: at });
    }
    return folder;
  }

  /** A document straight into the table; `sharedIn` adds it to shared folders. */
  async function buildDocument(input: {
    teamId: number;
    createdBy: number;
    name?: string;
    status?: DocumentStatus;
    type?: DocumentType;
    folderId?: number | null;
    sharedIn?: { folderId: number; by?: number }[];
    createdAt?: Date;
    updatedAt?: Date;
    allowSign?: boolean;
    /** A starter template's folder name (x_template_id), with its answers so far. */
    template?: { identifier: string; name: string; xml?: Record<string, unknown> };
    allowDownloadPdf?: boolean;
    allowDownloadWord?: boolean;
  }) {
    sequence += 1;
    const createdAt = input.createdAt ?? new Date(Date.UTC(2026, 9, 1) + sequence * 60_000);
    const [doc] = await db
      .insert(documents)
      .values({
        teamId: input.teamId,
        type: input.type ?? "DOC",
        name: input.name ?? `Document ${sequence}`,
        folderId: input.folderId ?? null,
        status: input.status ?? 1,
        allowSign: input.allowSign ?? true,
        allowDownloadPdf: input.allowDownloadPdf ?? true,
        allowDownloadWord: input.allowDownloadWord ?? true,
        ...(input.template
          ? {
              xTemplateId: input.template.identifier,
              templateName: input.template.name,
              xml: input.template.xml ?? {},
            }
          : {}),
        createdBy: input.createdBy,
        updatedBy: input.createdBy,
        createdAt,
        updatedAt: input.updatedAt ?? createdAt,
      })
      .returning();
    if (!doc) throw new Error("document not created");
    for (const share of input.sharedIn ?? []) {
      await db.insert(documentShares).values({
        docId: doc.id,
        folderId: share.folderId,
        teamId: input.teamId,
        createdBy: share.by ?? input.createdBy,
        createdAt,
      });
    }
    return doc;
  }

  return { buildUser, buildTeam, addMember, buildFolder, buildDocument };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Signs in through the API and returns the bearer token. */
export async function signIn(t: TestApp, email: string, password = TEST_PASSWORD) {
  const res = await t.app.inject({ method: "POST", url: "/api/auth/token", payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs `email` in and returns a client of their first firm (for seeded users, e.g. the demo's). */
export async function firstFirmClient(t: TestApp, email: string, password = TEST_PASSWORD) {
  const token = await signIn(t, email, password);
  const me = await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(token) });
  const teamId = me.json().data.teams[0]?.id;
  if (typeof teamId !== "number") throw new Error(`${email} belongs to no firm`);
  return firmClient(t, token, teamId);
}

type Query = Record<string, string | number | boolean | undefined>;

/** Calls one firm's API as one signed-in user: `id_team` is added to every address. */
export function firmClient(t: TestApp, token: string, teamId: number) {
  const address = (path: string, query: Query = {}) => {
    const params = new URLSearchParams({ id_team: String(teamId) });
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    return `${path}${path.includes("?") ? "&" : "?"}${params}`;
  };
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, payload?: object, query?: Query) =>
    t.app.inject({
      method,
      url: address(path, query),
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  return {
    /** The session's token, for a client of the same person in another firm. */
    token,
    get: (path: string, query?: Query) => call("GET", path, undefined, query),
    post: (path: string, payload: object, query?: Query) => call("POST", path, payload, query),
    put: (path: string, payload: object, query?: Query) => call("PUT", path, payload, query),
    del: (path: string, payload?: object, query?: Query) => call("DELETE", path, payload, query),
  };
}
export type FirmClient = ReturnType<typeof firmClient>;

/**
 * A firm of its own for a test: built with `name` and `planSlug` (as `buildTeam`), its owner and
 * each of `members` (name: role) added in order, and every one of them signed in. `people` holds
 * their rows, `ids` their ids and `as` a client of the firm for each, all keyed `owner` and the
 * members' names (as in `buildFirmWithPeople`).
 */
export async function signedInFirm<Member extends string = never>(
  t: TestApp,
  options: { name?: string; planSlug?: string; members?: Record<Member, TeamRole> } = {},
) {
  const { team, owner } = await t.buildTeam({ name: options.name, planSlug: options.planSlug });
  type Person = typeof owner;
  const people = { owner } as Record<"owner" | Member, Person>;
  for (const [name, role] of Object.entries(options.members ?? {}) as [Member, TeamRole][]) {
    const person = await t.buildUser();
    await t.addMember(team.id, role, person);
    people[name] = person;
  }
  const as = {} as Record<"owner" | Member, FirmClient>;
  for (const [name, person] of Object.entries(people) as ["owner" | Member, Person][])
    as[name] = firmClient(t, await signIn(t, person.email), team.id);
  const ids = Object.fromEntries(Object.entries(people).map(([name, person]) => [name, person.id]));
  return { team, teamId: team.id, people, ids: ids as Record<"owner" | Member, number>, as };
}
export type SignedInFirm<Member extends string = never> = Awaited<ReturnType<typeof signedInFirm<Member>>>;

/**
 * The firm most API tests act in: an owner, a manager and two members (alice, bob) of a Best
 * Practice firm, each with a signed-in client, and the owner of a second (Lite) firm calling
 * with our firm's id (`outsider`) and with their own (`lite`).
 */
export async function buildFirmWithPeople(t: TestApp) {
  const firm = await signedInFirm(t, {
    name: "Harbour Legal Pty Ltd",
    members: { manager: "manager", alice: "member", bob: "member" },
  });
  const other = await signedInFirm(t, { name: "Elsewhere Pty Ltd", planSlug: "ly-basic" });
  return {
    teamId: firm.teamId,
    otherTeamId: other.teamId,
    ids: { ...firm.ids, otherOwner: other.ids.owner },
    as: firm.as,
    outsider: firmClient(t, other.as.owner.token, firm.teamId),
    lite: other.as.owner,
  };
}
export type FirmWithPeople = Awaited<ReturnType<typeof buildFirmWithPeople>>;
