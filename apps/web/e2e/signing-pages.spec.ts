import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support";

/**
 * The signing pages (issue 15 §3): a signer and then their witness sign on their own pages (the
 * witness on a 375 px phone), and a decline. No account is involved: each person has only their
 * link. The spec runs a server of its own (the ceremony's e2e fixture server: the real app on an
 * in-memory database with envelopes made by the test fixture), since envelopes are made only
 * through the sender's wizard in the product.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 9;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const repoRoot = path.resolve(import.meta.dirname, "../../..");
const SHOTS = process.env.E2E_SHOTS_DIR;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: BASE_URL });

let server: ChildProcess | undefined;
let tokens: { signer: string; witness: string; decliner: string; later: string };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const { DATABASE_URL: _shared, ...env } = process.env;
  const webDist = process.env.E2E_WEB_DIST ?? path.join(repoRoot, "apps/web/dist");
  server = spawn(
    "npx",
    ["tsx", "apps/server/src/modules/signing/ceremony/e2e-fixture-server.ts", webDist, String(PORT)],
    { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"], detached: true, env },
  );
  tokens = await new Promise((resolve, reject) => {
    let out = "";
    server?.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve(JSON.parse(line));
    });
    server?.once("exit", (code) => reject(new Error(`the fixture server stopped (exit ${code})`)));
  });
});

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const stopped = new Promise((resolve) => server?.once("exit", resolve));
    process.kill(-server.pid, "SIGTERM");
    await stopped;
  }
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function drawSignature(page: Page) {
  const pad = page.getByRole("img", { name: /Signature drawing area/ });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error("no signature pad");
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + 20 + i * 15, box.y + box.height / 2 + (i % 2 ? -25 : 25), { steps: 3 });
  }
  await page.mouse.up();
}

test("a signer signs, then their witness witnesses on a phone", async ({ browser, page: phone }) => {
  // Two devices, two pages rendering the PDF, two axe checks and the sealing job: slower than most.
  test.setTimeout(90_000);
  // The witness's page first: nothing to do until Jane has signed.
  await phone.setViewportSize({ width: 375, height: 812 });
  await phone.goto(`/sign/${tokens.witness}`);
  await expect(phone.getByText("Waiting for the person you witness")).toBeVisible();

  const deskContext = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1366, height: 900 } });
  const desk = await deskContext.newPage();
  await desk.goto(`/sign/${tokens.signer}`);
  await expect(desk.getByRole("heading", { name: "Deed of Appointment of Trustee" })).toBeVisible();
  await expect(desk.getByText("Harbour Legal Pty Ltd asks Jane Citizen to sign")).toBeVisible();
  await expect(desk.locator(".signing-page__document[data-rendered='true'] canvas")).toHaveCount(1);
  await expectAccessible(desk, "signing page");
  const sign = desk.getByRole("button", { name: "Sign", exact: true });
  await expect(sign).toBeDisabled();
  // The consent box is reached and ticked with the keyboard.
  await desk.getByRole("checkbox", { name: /I agree to sign this document electronically/ }).focus();
  await desk.keyboard.press("Space");
  await expect(desk.getByRole("checkbox", { name: /I agree/ })).toBeChecked();
  await drawSignature(desk);
  await shot(desk, "signing-page-1366");
  await sign.click();
  await expect(desk.getByText("You have signed")).toBeVisible();

  await phone.reload();
  await expect(
    phone.getByText("Harbour Legal Pty Ltd asks Sam Witness to witness Jane Citizen's signature"),
  ).toBeVisible();
  // The box stays ticked once the server has recorded the consent.
  await phone.getByRole("checkbox", { name: /I agree/ }).click();
  await expect(phone.getByRole("checkbox", { name: /I agree/ })).toBeChecked();
  await phone.getByRole("radio", { name: /by audio-visual link/ }).check();
  await phone.getByRole("tab", { name: "Type" }).click();
  await phone.getByRole("textbox", { name: "Your name as your signature" }).fill("Sam Witness");
  // The hand chosen is the one shown: its face is loaded and the preview is written in it (the
  // sealer writes the PDF's signature in the same face).
  await phone.getByRole("radio", { name: "Great Vibes" }).check();
  await expect
    .poll(() =>
      phone.evaluate(() =>
        [...document.fonts].some(
          (face) => face.family.replace(/["']/g, "") === "Great Vibes" && face.status === "loaded",
        ),
      ),
    )
    .toBe(true);
  await expect(phone.locator(".signing-page__typed")).toHaveCSS("font-family", /Great Vibes/);
  await expectAccessible(phone, "witness signing page");
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await shot(phone, "signing-page-witness-375");
  await phone.getByRole("button", { name: "Witness and sign" }).click();
  // Everyone has signed (the answer to the signing is in: a reload before it would cancel it). The
  // job seals the PDF, and the page, asking again by itself, offers it: no refresh by the witness.
  await expect(phone.getByText("Everyone has signed")).toBeVisible();
  await expect(phone.getByRole("link", { name: "Download the signed PDF" })).toBeVisible({ timeout: 30_000 });
  await shot(phone, "signing-page-completed-375");
  const pdf = await phone.request.get(`/api/sign/${tokens.witness}/signed.pdf`);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await deskContext.close();
});

test("a signer declines with a reason, and the next group's link says the request has ended", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/sign/${tokens.later}`);
  await expect(page.getByText("It is not your turn to sign yet")).toBeVisible();
  await expectAccessible(page, "not-your-turn page");

  await page.goto(`/sign/${tokens.decliner}`);
  await page.getByRole("button", { name: "Decline" }).click();
  const dialog = page.getByRole("dialog", { name: "Decline to sign" });
  await expect(dialog.getByRole("button", { name: "Decline" })).toBeDisabled();
  await dialog.getByRole("textbox", { name: "Reason for declining" }).fill("The trustee's name is misspelt.");
  await expectAccessible(page, "decline dialog");
  await dialog.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByText("You declined to sign")).toBeVisible();
  await shot(page, "signing-page-declined-1366");

  await page.goto(`/sign/${tokens.later}`);
  await expect(page.getByText("This signing request has ended")).toBeVisible();
  await page.goto(`/sign/${"x".repeat(43)}`);
  await expect(page.getByText("This signing link cannot be used")).toBeVisible();
});
