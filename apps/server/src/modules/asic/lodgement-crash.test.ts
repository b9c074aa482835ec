import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "../../db/client.ts";
import { ensurePlans } from "../../demo/seed.ts";
import { jobs } from "../../platform/jobs/schema.ts";
import { createServices } from "../../services.ts";
import { openTestDatabase } from "../../test/database.ts";
import { createFactories } from "../../test/harness.ts";
import { documents } from "../documents/index.ts";
import { LODGEMENT_RESUME_MS, LODGEMENT_SEND_JOB, type LodgementStep } from "./lodgement.ts";
import { asicApplications, asicSandboxLodgements } from "./schema.ts";
import { templateSample } from "./testing.ts";

// Issue 31 item 4: a server killed with SIGKILL at each step of a lodgement (before the send, after
// it, before the receipt's record commits) leaves every application with a way forward, and ends
// with exactly one lodgement per application at the regulator. The lodging server is a real
// process running the real services; it stops at the step and is killed there. On PostgreSQL
// (DATABASE_URL) it shares the server with this test; on PGlite the data folder passes between
// the processes, as at a restart. ASIC_CRASH_ROUNDS repeats the whole (1 by default, for CI).

const STEPS: LodgementStep[] = ["before-send", "after-send", "before-commit"];
const ROUNDS = Number(process.env.ASIC_CRASH_ROUNDS ?? 1);
const lodgerScript = path.resolve(import.meta.dirname, "../../test/processes/asic-lodger.ts");
const config = loadConfig({ ...process.env, LOG_LEVEL: "silent", WEB_DIST: "/nonexistent" });

let testDatabase: (DatabaseHandle & { url?: string }) | undefined;
let dataDir: string | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    testDatabase = await openTestDatabase();
    await testDatabase.migrate(ensurePlans);
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), "precedent-lodgement-"));
  }
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await testDatabase?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function open(): Promise<DatabaseHandle> {
  if (testDatabase?.url) return openPostgres(testDatabase.url, 3);
  const handle = await openPglite(dataDir as string);
  await handle.migrate(ensurePlans);
  return handle;
}

/** Runs the lodging server until it reports `stopped <step> <docId>`, then kills it with SIGKILL. */
function lodgeAndKill(env: Record<string, string>, step: LodgementStep, docId: number) {
  const child = spawn(process.execPath, ["--import", "tsx", lodgerScript], {
    env: {
      ...process.env,
      ...env,
      STOP_AT: step,
      DOC_IDS: String(docId),
      ...(testDatabase?.url ? { DATABASE_URL: testDatabase.url } : { DATABASE_URL: "", DATA_DIR: dataDir }),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  return new Promise<void>((resolve, reject) => {
    const exited = (code: number | null) =>
      reject(new Error(`the lodging server ended (${code}) before ${step}:\n${output}`));
    child.on("exit", exited);
    const look = () => {
      if (!output.includes(`stopped ${step} ${docId}\n`)) return;
      child.off("exit", exited);
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    };
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      look();
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
  });
}

/** The services of a server (re)started on the database, on a clock this test moves. */
function serverOn(db: DatabaseHandle) {
  let now = Date.now();
  const services = createServices({ db: db.db, clock: () => new Date(now), config });
  return {
    services,
    advance(ms: number) {
      now += ms;
    },
  };
}

describe("an ASIC lodgement interrupted by kill -9", () => {
  it(`leaves a way forward and ends with one lodgement per application (${ROUNDS} round(s))`, {
    timeout: 240_000 * ROUNDS,
  }, async () => {
    const sample = templateSample("company-registration");
    for (let round = 0; round < ROUNDS; round++) {
      // Three paid registrations, one for each step, made through the services.
      let db = await open();
      const factories = createFactories(db.db);
      const { team, owner } = await factories.buildTeam();
      let server = serverOn(db);
      const member = await server.services.teams.memberContext(owner.id, team.id);
      if (!member) throw new Error("no member");
      const ctx = { teamId: team.id, userId: owner.id, ...member };
      const docIds: number[] = [];
      for (const step of STEPS) {
        const docId = await server.services.documents.createDraftIn(db.db, ctx, {
          name: `Company registration (${step})`,
          is_asic_document: 1,
          x_template_id: "company-registration",
        });
        const name = `Quokka Lodgement ${round} ${step.replace(/-/g, " ")} ${team.id}`;
        const applied = await server.services.asic.applyProposedName(ctx, {
          doc_id: docId,
          proposed_name: name,
          legal_element: "PTY LTD",
          pre_registration_consent: true,
          pre_director_read: true,
          pre_director_offences: true,
          pre_director_requirement: true,
        });
        expect(applied.data.applied).toBe(true);
        await db.db
          .update(documents)
          .set({ xml: { ...sample, name_choice: "name", proposed_name: name, legal_element: "PTY LTD" } })
          .where(eq(documents.id, docId));
        await db.db.insert(asicApplications).values({
          teamId: team.id,
          docId,
          paymentStatus: "paid",
          receiptNumber: `R-${docId}`,
          paidAt: new Date(),
          updatedAt: new Date(),
        });
        docIds.push(docId);
      }
      const lodgements = async () => {
        const rows = await db.db
          .select({ docId: asicSandboxLodgements.docId, n: count() })
          .from(asicSandboxLodgements)
          .where(inArray(asicSandboxLodgements.docId, docIds))
          .groupBy(asicSandboxLodgements.docId);
        return Object.fromEntries(docIds.map((id) => [id, rows.find((r) => r.docId === id)?.n ?? 0]));
      };
      if (dataDir) await db.close();

      // Each lodgement's server killed at its step.
      const env = { TEAM_ID: String(team.id), USER_ID: String(owner.id) };
      for (const [i, step] of STEPS.entries()) await lodgeAndKill(env, step, docIds[i] as number);

      if (dataDir) db = await open();
      server = serverOn(db);
      // Killed before the send: the regulator has nothing; after it (and before the record
      // committed), it has the lodgement and we have no receipt. Every one of them is claimed, says
      // it is being confirmed, offers 'Submit to ASIC', and has a job to finish it.
      expect(await lodgements()).toEqual({
        [docIds[0] as number]: 0,
        [docIds[1] as number]: 1,
        [docIds[2] as number]: 1,
      });
      for (const docId of docIds) {
        const { data } = await server.services.asicRegistration.application(ctx, docId);
        expect(data).toMatchObject({ asic_status: "INPR", lodgement_unconfirmed: true, can_submit: true });
        const [job] = await db.db
          .select({ state: jobs.state })
          .from(jobs)
          .where(and(eq(jobs.key, String(docId)), eq(jobs.name, LODGEMENT_SEND_JOB)));
        expect(job?.state).toBe("queued");
      }

      // The user presses 'Submit to ASIC' again on the one the regulator already has: it is
      // recorded, not sent again.
      const again = await server.services.asicRegistration.lodge(ctx, docIds[1] as number);
      expect(again.data).toMatchObject({
        notProcessed: false,
        application: { lodgement_unconfirmed: false },
      });

      // The restarted server's jobs finish the rest once they are due.
      server.advance(LODGEMENT_RESUME_MS + 1000);
      await server.services.jobs.runDue();
      expect(await lodgements()).toEqual({
        [docIds[0] as number]: 1,
        [docIds[1] as number]: 1,
        [docIds[2] as number]: 1,
      });
      const recorded = await db.db
        .select({ docId: asicApplications.docId, number: asicApplications.lodgementNumber })
        .from(asicApplications)
        .where(inArray(asicApplications.docId, docIds));
      const atRegulator = await db.db
        .select({ docId: asicSandboxLodgements.docId, number: asicSandboxLodgements.lodgementNumber })
        .from(asicSandboxLodgements)
        .where(inArray(asicSandboxLodgements.docId, docIds));
      expect(new Map(recorded.map((r) => [r.docId, r.number]))).toEqual(
        new Map(atRegulator.map((r) => [r.docId, r.number])),
      );

      // And ASIC's decision follows as for any lodgement.
      server.advance(2 * 60 * 60_000);
      await server.services.jobs.runDue();
      for (const docId of docIds) {
        const { data } = await server.services.asicRegistration.application(ctx, docId);
        expect(data).toMatchObject({ asic_status: "COMP", lodgement_unconfirmed: false, can_submit: false });
      }
      expect(Object.values(await lodgements())).toEqual([1, 1, 1]);
      await db.close();
    }
  });
});
