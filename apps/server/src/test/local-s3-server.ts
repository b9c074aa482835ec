// A local S3 server (s3rver) for the browser tests' app servers when TEST_FILE_STORE=s3, started
// by apps/web/playwright.config.ts before them and ended with them: LOCAL_S3_PORT and
// LOCAL_S3_BUCKET say where. Its objects live in a temp folder removed when it is stopped.
import { serveLocalS3 } from "./local-s3.ts";

const port = Number(process.env.LOCAL_S3_PORT);
const bucket = process.env.LOCAL_S3_BUCKET ?? "precedent-e2e-files";
if (!Number.isInteger(port) || port <= 0) throw new Error("LOCAL_S3_PORT must name a port");
const s3 = await serveLocalS3(port, bucket);
process.stdout.write(`local S3 on http://127.0.0.1:${port}, bucket ${bucket}\n`);
const stop = async () => {
  await s3.close();
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
