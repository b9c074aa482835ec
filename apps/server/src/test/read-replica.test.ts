import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPLICA_BEHIND_LIMIT } from "../db/read-replica.ts";
import {
  createTestApp,
  type FirmClient,
  firmClient,
  type SignedInFirm,
  signedInFirm,
  type TestApp,
} from "./harness.ts";
import { type ReplicaCluster, startReplicaCluster } from "./replica-cluster.ts";

// List and tree reads on a real streaming replica (db/read-replica.ts): used when it has the
// firm's latest versions, skipped when it lags, left out when it fails, used again when it is
// back. PostgreSQL only (the CI's PostgreSQL pass): the replica is a second cluster replicating
// from DATABASE_URL's server, started once for the file (replica-cluster.ts, about 3 s).

const started = process.env.DATABASE_URL ? await startReplicaCluster(process.env.DATABASE_URL) : undefined;
const skipReason = !process.env.DATABASE_URL
  ? "PostgreSQL only: DATABASE_URL is not set (PGlite has no replicas)"
  : started?.skip;

describe.skipIf(skipReason !== undefined)(
  `read replica${skipReason ? ` (skipped: ${skipReason})` : ""}`,
  () => {
    const cluster = started?.cluster as ReplicaCluster;
    let t: TestApp;
    let firm: SignedInFirm;
    let other: SignedInFirm;
    let documentId: number;
    let otherDocumentName: string;
    let primaryUrl: string;
    const logLines: string[] = [];
    /** The replica's comings and goings in the app's log (one line each). */
    const replicaLog = () =>
      logLines
        .map((line) => JSON.parse(line) as { msg: string; replica?: string })
        .filter((entry) => entry.msg.startsWith("read replica"))
        .map((entry) => `${entry.msg.split(":")[0]} (${entry.replica})`);

    afterAll(async () => {
      await t?.close();
      await cluster?.close();
    });

    /** One SQL answer from a server, on a connection of its own. */
    async function ask<Row>(url: string, query: string): Promise<Row | undefined> {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(query)).rows[0] as Row | undefined;
      } finally {
        await client.end();
      }
    }

    /** Waits until the replica has replayed everything the primary has written so far. */
    async function replicaCaughtUp() {
      const primary = await ask<{ lsn: string }>(primaryUrl, "select pg_current_wal_lsn()::text as lsn");
      for (let attempt = 0; attempt < 400; attempt++) {
        const done = await ask<{ done: boolean }>(
          cluster.urlOf(primaryUrl),
          `select pg_last_wal_replay_lsn() >= '${primary?.lsn}'::pg_lsn as done`,
        ).catch(() => undefined);
        if (done?.done) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error("the replica did not catch up in 20 s");
    }

    /** Runs the router's health check until the replica has the status wanted. */
    async function replicaBecomes(status: "in" | "out") {
      for (let attempt = 0; attempt < 400; attempt++) {
        await t.services.reads.checkNow();
        if (t.services.reads.state().status === status) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the replica did not become ${status}: ${JSON.stringify(t.services.reads.state())}`);
    }

    // Each read asks a page length not asked before, so that no kept reply answers it from memory.
    let length = 10;
    const listRead = (client: FirmClient) => client.get("/api/doc", { type: 1, length: length++ });
    const reads = () => t.services.reads.state().reads;
    const namesOf = (body: { data: { rows: { name: string }[] } }) => body.data.rows.map((row) => row.name);

    beforeAll(async () => {
      t = await createTestApp({
        replicaOf: (url) => cluster.urlOf(url),
        env: { LOG_LEVEL: "info" },
        logTo: { write: (line) => void logLines.push(line) },
      });
      primaryUrl = t.databaseUrl ?? "";
      firm = await signedInFirm(t, { name: "Harbour Legal Pty Ltd" });
      other = await signedInFirm(t, { name: "Elsewhere Pty Ltd" });
      const doc = await t.buildDocument({
        teamId: firm.teamId,
        createdBy: firm.ids.owner,
        name: "Smith Family Trust",
      });
      documentId = doc.id;
      otherDocumentName = "Elsewhere Unit Trust";
      await t.buildDocument({ teamId: other.teamId, createdBy: other.ids.owner, name: otherDocumentName });
      await replicaBecomes("in");
    }, 60_000);

    it("a fresh replica serves list and tree reads, each firm's own", async () => {
      await replicaCaughtUp();
      const before = reads();
      const list = await listRead(firm.as.owner);
      expect(list.statusCode).toBe(200);
      expect(namesOf(list.json())).toEqual(["Smith Family Trust"]);
      const tree = await firm.as.owner.get("/api/folder/get-all", { type: 1 });
      expect(tree.statusCode).toBe(200);
      expect(reads().replica).toBe(before.replica + 2);
      expect(reads().primary).toBe(before.primary);

      // The router keeps the queries' firm scoping: the other firm sees its own, never ours.
      const theirs = await listRead(other.as.owner);
      expect(namesOf(theirs.json())).toEqual([otherDocumentName]);
      expect(reads().replica).toBe(before.replica + 3);
      const outsider = firmClient(t, other.as.owner.token, firm.teamId);
      const refused = await listRead(outsider);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain("Smith Family Trust");
    });

    it("a write then a read by the same person sees the write while the replica is paused", async () => {
      await replicaCaughtUp();
      await cluster.pause();
      const renamed = await firm.as.owner.put(`/api/doc/rename/${documentId}`, {
        new_name: "Smith Family Trust (varied)",
      });
      expect(renamed.statusCode).toBe(200);
      const before = reads();
      const list = await listRead(firm.as.owner);
      expect(namesOf(list.json())).toEqual(["Smith Family Trust (varied)"]);
      expect(reads().primary).toBe(before.primary + 1);
      expect(reads().replica).toBe(before.replica);
      // A firm the replica is not behind on is still read there while it is paused.
      expect(namesOf((await listRead(other.as.owner)).json())).toEqual([otherDocumentName]);
      expect(reads().replica).toBe(before.replica + 1);
    });

    it("a replica found behind read after read is left out, then used again once it has caught up", async () => {
      // Still paused, and behind on our firm: each read finds it so, until it is left out.
      for (let read = 1; read < REPLICA_BEHIND_LIMIT; read++) await listRead(firm.as.owner);
      expect(t.services.reads.state().status).toBe("in");
      await listRead(firm.as.owner);
      expect(t.services.reads.state()).toMatchObject({ status: "out", reason: "lagging" });
      // Out: even the firm it holds is read on the primary, and the health check keeps it out.
      const before = reads();
      await listRead(other.as.owner);
      expect(reads().primary).toBe(before.primary + 1);
      await t.services.reads.checkNow();
      await t.services.reads.checkNow();
      expect(t.services.reads.state().status).toBe("out");
      const ready = (await t.app.inject({ method: "GET", url: "/readyz" })).json();
      expect(ready.status).toBe("ok");
      expect(ready.read_replica).toMatchObject({ status: "out", reason: "lagging" });

      await cluster.resume();
      await replicaBecomes("in");
      const back = reads();
      const list = await listRead(firm.as.owner);
      expect(namesOf(list.json())).toEqual(["Smith Family Trust (varied)"]);
      expect(reads().replica).toBe(back.replica + 1);
    });

    it("a stopped replica: reads answer from the primary and it is left out; started again, it is used", async () => {
      await replicaCaughtUp();
      // Read once on the replica so that the router knows it holds the firm (no version check next).
      await listRead(other.as.owner);
      await cluster.stop();
      const before = reads();
      const list = await listRead(other.as.owner);
      expect(list.statusCode).toBe(200);
      expect(namesOf(list.json())).toEqual([otherDocumentName]);
      expect(reads().fallbacks).toBe(before.fallbacks + 1);
      expect(t.services.reads.state()).toMatchObject({ status: "out", reason: "error" });
      // Left out, the next read does not try it at all.
      const tree = await firm.as.owner.get("/api/folder/get-all", { type: 1, include_folder: "1" });
      expect(tree.statusCode).toBe(200);
      expect(reads().fallbacks).toBe(before.fallbacks + 1);
      await t.services.reads.checkNow();
      const ready = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().read_replica).toMatchObject({ status: "out", reason: "error" });

      await cluster.start();
      await replicaBecomes("in");
      const back = reads();
      expect((await listRead(firm.as.owner)).statusCode).toBe(200);
      expect(reads().replica).toBe(back.replica + 1);
      expect(replicaLog()).toEqual([
        "read replica in (in)",
        "read replica left out (lagging)",
        "read replica in (in)",
        "read replica left out (error)",
        "read replica in (in)",
      ]);
    });
  },
);
