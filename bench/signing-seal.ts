// `npm run bench:signing`: two times, over RUNS runs after a warm-up, in this process.
// 1. The sealer alone: a completed envelope's inputs (the original PDF, its boxes, the signatures and
//    the audit certificate) to the sealed PDF's bytes: stamping, the certificate pages, the PAdES seal.
// 2. The product's path: from the last signature's request (POST /api/sign/:token/sign, through the
//    app) to the sealed PDF stored and the document Signed: the completion transaction, the sealing
//    job claimed from the queue, the seal, the file store and the emails queued. On PGlite in memory
//    (or DATABASE_URL), as the API tests run.
// Beside them, the bare Fastify hello-world the other benches print, measured in the same run, so a
// slow machine shows as a slow baseline. Also the sealed file's size against the original's.
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createPdfSealer, loadOrCreateSealingCertificate } from "@precedent/server/signing-seal";
import { SAMPLE_TEMPLATE, sampleSealInput } from "@precedent/server/signing-seal/sample";
import { buildSigningEnvelope, type FixtureRecipient } from "@precedent/server/signing-testing";
import { createTestApp } from "@precedent/server/test-harness";
import { measure, startServer } from "./support.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARM_UP = 3;
const HELLO_CONNECTIONS = 10;
const HELLO_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const loadBefore = loadavg()[0]?.toFixed(1);
const hello = await startServer("hello-server.ts", process.env);
let helloResult: Awaited<ReturnType<typeof measure>>;
try {
  helloResult = await measure(`http://127.0.0.1:${hello.port}/`, {
    connections: HELLO_CONNECTIONS,
    seconds: HELLO_SECONDS,
  });
} finally {
  hello.child.kill();
}

const input = await sampleSealInput();
const certificate = loadOrCreateSealingCertificate({ dataDir: path.join(tmpdir(), "precedent-bench-seal") });
const sealer = createPdfSealer({ certificate });
let sealedBytes = 0;
for (let i = 0; i < WARM_UP; i++) await sealer.seal(input);
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  sealedBytes = (await sealer.seal(input)).byteLength;
  times.push(performance.now() - started);
}
const percentile = (sample: number[], p: number) => {
  const sorted = [...sample].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

// 2. Through the app: each run a new envelope over the same deed, everyone but the last witness
// signs, then the last signature is timed to the sealed PDF.
const dataDir = mkdtempSync(path.join(tmpdir(), "precedent-bench-signing-"));
const t = await createTestApp({ env: { DATA_DIR: dataDir } });
const { team, owner } = await t.buildTeam({ name: "Harbour Advisory Pty Ltd" });
// One recipient a box; the fixture keys links by name, so a person signing two boxes gets two names.
const nameOf = new Map(input.fields.map((field, i) => [field.metaKey, `${field.fullName} (${i + 1})`]));
const recipients: FixtureRecipient[] = input.fields.map((field) => ({
  name: nameOf.get(field.metaKey) ?? field.fullName,
  role: field.role,
  ...(field.witnessOf ? { witnessOf: nameOf.get(field.witnessOf) } : {}),
}));
const lastName = recipients.find((r) => r.role === "witness")?.name ?? recipients.at(-1)?.name ?? "";
let address = 0;
const call = (url: string, payload: object) => {
  address += 1;
  return t.app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: `10.${Math.floor(address / 62500) % 250}.${Math.floor(address / 250) % 250}.${address % 250}`,
    headers: { "user-agent": "bench" },
  });
};
const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
  const res = await response;
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
};
const signatureOf = (r: FixtureRecipient) => ({
  signature: { kind: "typed", text: r.name, font: "Great Vibes" },
  ...(r.role === "witness" ? { witnessed_by: "audio-visual" } : {}),
});
const apiTimes: number[] = [];
let signedBytes = 0;
for (let i = 0; i < WARM_UP + RUNS; i++) {
  const doc = await t.buildDocument({ teamId: team.id, createdBy: owner.id, status: 4, name: `Deed ${i}` });
  const built = await buildSigningEnvelope(t.db, t.services.fileStore, {
    teamId: team.id,
    documentId: doc.id,
    senderUserId: owner.id,
    recipients,
    now: t.clock.now(),
    pdf: input.original,
  });
  for (const r of recipients.filter((x) => x.name !== lastName)) {
    await ok(call(`/api/sign/${built.tokens[r.name]}/consent`, { agree: true }));
    await ok(call(`/api/sign/${built.tokens[r.name]}/sign`, signatureOf(r)));
  }
  await ok(call(`/api/sign/${built.tokens[lastName]}/consent`, { agree: true }));
  const last = recipients.find((r) => r.name === lastName) as FixtureRecipient;
  const started = performance.now();
  await ok(call(`/api/sign/${built.tokens[lastName]}/sign`, signatureOf(last)));
  await t.services.jobs.runDue();
  const elapsed = performance.now() - started;
  const state = await t.app.inject({ method: "GET", url: `/api/sign/${built.tokens[lastName]}` });
  if (!state.json().data.signed_pdf_ready) throw new Error(`run ${i}: not sealed`);
  if (i >= WARM_UP) apiTimes.push(elapsed);
  const sealed = await t.app.inject({ method: "GET", url: `/api/sign/${built.tokens[lastName]}/signed.pdf` });
  signedBytes = sealed.rawPayload.byteLength;
}
await t.close();
rmSync(dataDir, { recursive: true, force: true });
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log(
  `\n${SAMPLE_TEMPLATE} (${input.fields.length} boxes, ${input.certificate.parties.length} parties), ${RUNS} runs after ${WARM_UP} warm-up; node ${process.version}; load average ${loadBefore} before, ${loadavg()[0]?.toFixed(1)} after (${cpus().length} CPUs)\n`,
);
console.log(`${"".padEnd(44)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}`);
console.log(
  `${`Fastify hello-world (${HELLO_CONNECTIONS} connections, ${helloResult.rps} req/s)`.padEnd(44)}${String(helloResult.p50).padStart(9)}${String(helloResult.p99).padStart(9)}`,
);
console.log(
  `${"Inputs to sealed PDF (stamp, certificate, seal)".padEnd(44)}${percentile(times, 50).toFixed(1).padStart(9)}${percentile(times, 99).toFixed(1).padStart(9)}`,
);
console.log(
  `${"Last signature to sealed PDF (API + job)".padEnd(44)}${percentile(apiTimes, 50).toFixed(1).padStart(9)}${percentile(apiTimes, 99).toFixed(1).padStart(9)}`,
);
console.log(
  `\nOriginal ${kb(input.original.byteLength)}, sealed ${kb(sealedBytes)} (${(sealedBytes / input.original.byteLength).toFixed(2)}×); through the app ${kb(signedBytes)}`,
);
