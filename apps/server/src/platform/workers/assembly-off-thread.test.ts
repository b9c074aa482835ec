import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFirmWithPeople,
  createTestApp,
  type FirmClient,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";

/**
 * Issue 35's "Done when": while assemblies run, the request thread stays free. Four assemblies
 * of the SMSF deed (the longest starter template, 40 pages) through the API, at once, while a
 * 1 ms timer counts its ticks. With assembly on the request thread the timer did not fire at all
 * (0 ticks in 4.1 s on a loaded machine, 0 in 241 ms on a quiet one); on the worker pool it keeps
 * firing. The rate is compared with the same timer's rate just before, with nothing running, so
 * a slow or busy machine moves both. What still holds the thread is the rest of each request,
 * above all storing the files: on PGlite (the database in this process) writing the deed's
 * 270 KB PDF takes 150-300 ms of this thread on a loaded machine, which is why the bar is a
 * quarter of the idle rate (measured: 35-45 % with four test runs sharing two cores, 0 % on the
 * old code). Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */

const SMSF = { identifier: "smsf-trust-deed", name: "SMSF Trust Deed" };
const ASSEMBLIES = 4;

let t: TestApp;
let teamId: number;
let ids: FirmWithPeople["ids"];
let as: FirmWithPeople["as"];
let sample: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  ({ teamId, ids, as } = await buildFirmWithPeople(t));
  const template = t.services.templates.starter(SMSF.identifier);
  if (!template?.sampleAnswers) throw new Error("the SMSF deed's sample answers are missing");
  sample = template.sampleAnswers as Record<string, unknown>;
});
afterAll(() => t.close());

const tokenFor = async (client: FirmClient, docId: number) => {
  const res = await client.get(`/api/get-action-token/${docId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.action_token as string;
};

/** A SMSF deed with its sample answers, ready to assemble, and the token to do it with. */
async function readyDeed(name: string) {
  const doc = await t.buildDocument({
    teamId,
    createdBy: ids.alice,
    status: 1,
    name,
    template: { ...SMSF, xml: sample },
  });
  return { doc, token: await tokenFor(as.alice, doc.id) };
}

/** Ticks of a 1 ms timer while `work` runs, and how long it ran. */
async function ticksDuring(work: () => Promise<unknown>) {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { ticks, ms: performance.now() - started };
}

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("assembly off the request thread", () => {
  it("keeps a 1 ms timer firing while four SMSF deeds are assembled at once", async () => {
    // The first assembly starts a worker and loads the engine there; the figures are of a warm
    // server, as the old code's were.
    const first = await readyDeed("Warm-up deed");
    const warm = await as.alice.post(`/api/xpressdox/assemble/${first.doc.id}`, {
      action_token: first.token,
    });
    expect(warm.statusCode, warm.body).toBe(200);
    const deeds = await Promise.all(
      Array.from({ length: ASSEMBLIES }, (_, i) => readyDeed(`Fund deed ${i + 1}`)),
    );

    const baseline = await ticksDuring(() => idle(500));
    const busy = await ticksDuring(async () => {
      const replies = await Promise.all(
        deeds.map(({ doc, token }) =>
          as.alice.post(`/api/xpressdox/assemble/${doc.id}`, { action_token: token }),
        ),
      );
      for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    });

    const expected = (baseline.ticks / baseline.ms) * busy.ms;
    const context = `${busy.ticks} ticks in ${Math.round(busy.ms)} ms while assembling; ${baseline.ticks} in ${Math.round(baseline.ms)} ms idle`;
    expect(busy.ticks, context).toBeGreaterThanOrEqual(0.25 * expected);
    // The deeds were made: each completed with its PDF and Word file.
    for (const { doc } of deeds) {
      const files = await as.alice.get(`/api/xpressdox/get-download-ids/${doc.id}`);
      expect(files.json().data.files.map((f: { name: string }) => f.name)).toEqual([
        `${doc.name}.pdf`,
        `${doc.name}.docx`,
      ]);
    }
  });
});
