import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { ensurePlans } from "../demo/seed.ts";
import { teamMembers } from "../modules/teams/index.ts";
import { openTestDatabase } from "./database.ts";
import { createFactories, TEST_PASSWORD } from "./harness.ts";

// Two real servers (`src/main.ts`, as `npm start` runs it) on one PostgreSQL database. Each keeps
// sessions, memberships and list replies in memory; a change made through one server, or by
// anyone on the database, must show through the other as soon as its notification arrives. Each
// case first reads through the second server so that it holds the old answer in memory.
//
// PostgreSQL only: an embedded PGlite folder belongs to one process.

const mainScript = path.resolve(import.meta.dirname, "../main.ts");
/** The bound is generous so that a loaded CI machine cannot fail it; each case prints its time. */
const SHOWS_WITHIN_MS = 3_000;

type Server = { child: ChildProcess; address: string };

let database: (DatabaseHandle & { url?: string }) | undefined;
const servers: Server[] = [];

function startServer(url: string): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", mainScript], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: "0",
      HOST: "127.0.0.1",
      DEMO_DATA: "off",
      LOG_LEVEL: "warn",
      WEB_DIST: "/nonexistent",
      NODE_ENV: "test",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise<Server>((resolve, reject) => {
    const look = () => {
      const match = output.match(/running at (http:\/\/localhost:\d+)/);
      if (match?.[1]) resolve({ child, address: match[1].replace("localhost", "127.0.0.1") });
    };
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      look();
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => reject(new Error(`server exited (${code}) before it was up:\n${output}`)));
  });
}

async function call(server: Server, method: string, route: string, token?: string, body?: object) {
  const res = await fetch(`${server.address}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as { data: unknown } | null };
}

async function signIn(server: Server, email: string) {
  const res = await call(server, "POST", "/api/auth/token", undefined, { email, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  const token = (res.body?.data as { token?: string } | undefined)?.token;
  if (!token) throw new Error(`sign-in failed: ${res.status}`);
  return token;
}

/** Polls `read` until `expected` holds; returns how long that took. */
async function shownWithin(read: () => Promise<unknown>, expected: (value: unknown) => boolean) {
  const started = performance.now();
  let last: unknown;
  while (performance.now() - started < SHOWS_WITHIN_MS) {
    last = await read();
    if (expected(last)) return Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`not shown within ${SHOWS_WITHIN_MS} ms; last answer ${JSON.stringify(last)}`);
}

describe.skipIf(!process.env.DATABASE_URL)("several servers on one PostgreSQL", () => {
  let a: Server;
  let b: Server;
  let factories: ReturnType<typeof createFactories>;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.migrate(ensurePlans);
    factories = createFactories(database.db);
    const url = database.url as string;
    // One after the other: each runs the (already applied) migrations at start.
    a = await startServer(url);
    servers.push(a);
    b = await startServer(url);
    servers.push(b);
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode !== null) continue;
      const exited = new Promise((resolve) => server.child.once("exit", resolve));
      server.child.kill("SIGTERM");
      await exited;
    }
    await database?.close();
  });

  it("show a list, a sign-out, a change of role and a removal through the other server", async () => {
    const { team, owner } = await factories.buildTeam({ name: "Two Servers Legal" });
    const member = await factories.addMember(team.id, "member");
    const ownerOnA = await signIn(a, owner.email);
    const ownerOnB = await signIn(b, owner.email);
    const memberOnB = await signIn(b, member.email);
    const list = (server: Server, token: string, type = 1) =>
      call(server, "GET", `/api/doc?id_team=${team.id}&type=${type}`, token);
    const names = (reply: unknown) =>
      ((reply as Awaited<ReturnType<typeof call>>).body?.data as { rows: { name: string }[] })?.rows.map(
        (row) => row.name,
      ) ?? [];
    const status = (reply: unknown) => (reply as Awaited<ReturnType<typeof call>>).status;
    const times: Record<string, number> = {};

    // A list: B holds the empty list in memory; a draft is made through A.
    expect(names(await list(b, ownerOnB))).toEqual([]);
    expect(names(await list(b, ownerOnB))).toEqual([]);
    const made = await call(a, "POST", `/api/doc/draft?id_team=${team.id}`, ownerOnA, { name: "Made on A" });
    expect(made.status).toBe(200);
    times.list = await shownWithin(
      () => list(b, ownerOnB),
      (reply) => names(reply).includes("Made on A"),
    );

    // A change of role (made on the database, as the account area will through either server):
    // the member may not see Organisation Documents, then may.
    expect(status(await list(b, memberOnB, 3))).toBe(403);
    await database?.db
      .update(teamMembers)
      .set({ role: "manager" })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, member.id)));
    times.role = await shownWithin(
      () => list(b, memberOnB, 3),
      (reply) => status(reply) === 200,
    );

    // A removal: the firm is no longer theirs.
    await database?.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, member.id)));
    times.removal = await shownWithin(
      () => list(b, memberOnB),
      (reply) => status(reply) === 404,
    );

    // A sign-out through A ends the same person's session on B.
    const shared = await signIn(a, owner.email);
    expect(status(await list(b, shared))).toBe(200);
    expect((await call(a, "GET", "/api/logout", shared)).status).toBe(200);
    times.signOut = await shownWithin(
      () => list(b, shared),
      (reply) => status(reply) === 401,
    );

    console.log(
      `through the other server: list ${times.list} ms, role ${times.role} ms, removal ${times.removal} ms, sign-out ${times.signOut} ms`,
    );
  });
});
