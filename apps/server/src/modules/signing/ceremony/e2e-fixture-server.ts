/**
 * For the signing pages' browser spec only (apps/web/e2e/signing-pages.spec.ts): the real app on a
 * fresh in-memory database, serving the built web app, with envelopes made by the test fixture
 * and the copying test sealer. Prints one JSON line with the signing tokens, then serves until
 * killed. Never part of the product: nothing imports it, and `npm start` does not run it.
 *
 * Usage: tsx e2e-fixture-server.ts <web dist> <port>
 */
import { createTestApp } from "../../../test/harness.ts";
import { createCopyingSealerForTests } from "./sealer.ts";
import { buildSigningEnvelope } from "./testing.ts";

const [webDist = "", port = "0"] = process.argv.slice(2);
const t = await createTestApp({ env: { WEB_DIST: webDist } });
t.services.signingCeremony.useSealer(createCopyingSealerForTests());
const { team, owner } = await t.buildTeam({ name: "Harbour Legal Pty Ltd" });
const build = async (name: string, recipients: Parameters<typeof buildSigningEnvelope>[2]["recipients"]) => {
  const doc = await t.buildDocument({ teamId: team.id, createdBy: owner.id, status: 4, name });
  return buildSigningEnvelope(t.db, t.services.fileStore, {
    teamId: team.id,
    documentId: doc.id,
    senderUserId: owner.id,
    recipients,
    now: t.clock.now(),
  });
};
const witnessed = await build("Deed of Appointment of Trustee", [
  { name: "Jane Citizen" },
  { name: "Sam Witness", role: "witness", witnessOf: "Jane Citizen" },
]);
const declined = await build("Deed of Variation", [
  { name: "Dana Decliner" },
  { name: "Later Signer", group: 1 },
]);
await t.app.listen({ port: Number(port), host: "127.0.0.1" });
await t.services.jobs.start({ log: t.app.log.child({ component: "jobs" }) });
process.stdout.write(
  `${JSON.stringify({
    signer: witnessed.tokens["Jane Citizen"],
    witness: witnessed.tokens["Sam Witness"],
    decliner: declined.tokens["Dana Decliner"],
    later: declined.tokens["Later Signer"],
  })}\n`,
);
// Once: the spec stops the server's process group, and a second signal while the first stop is
// closing the database closed it twice (PGlite throws "PGlite is closed", printed at exit).
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await t.services.jobs.stop();
  await t.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
