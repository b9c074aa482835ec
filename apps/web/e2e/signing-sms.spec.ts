import { mkdirSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, type Browser, expect, type Page, request, test } from "@playwright/test";
import { serverWithMailSink } from "./mail-server";
import { DEMO_FIRM, DEMO_PASSWORD, expectAccessible, OWNER, signIn } from "./support";

/**
 * SMS signing end to end through the sandbox SMS provider: the sender turns SMS on in the Digital
 * Signing Wizard; each signer, on their own link, asks for a code, which the tester reads from the
 * sandbox's developer page (GET /api/dev/sms, the sender's firm only), enters it and signs; the last
 * signature seals the PDF. On the way: a wrong code and an expired code, with their messages. Its
 * own server (codes last 30 s here, so expiry is seen without waiting ten minutes) and database.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 14;
const CODE_VALID_MS = 30_000;
const spec = serverWithMailSink({
  port: PORT,
  name: "signing-sms",
  env: { SMS_CODE_VALID_MS: String(CODE_VALID_MS) },
});
const BASE_URL = spec.baseUrl;
const SHOTS = process.env.E2E_SHOTS_DIR;
const DOCUMENT = "Non-Disclosure Agreement – Riverbend Software";
const PEOPLE = [
  { email: "daniel.kwan@riverbend.example", name: "Daniel Kwan", phone: "+61-412000101" },
  { email: "priya.raman@riverbend.example", name: "Priya Raman", phone: "+61-412000202" },
  { email: "harriet.okafor@example.com", name: "Harriet Louise Okafor", phone: "+61-412000303" },
  { email: "thomas.nguyen@example.com", name: "Thomas Nguyen", phone: "+61-412000404", witness: true },
];

test.describe.configure({ mode: "serial" });
test.use({ baseURL: BASE_URL, viewport: { width: 1366, height: 900 } });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The tester's view of the sandbox: the developer page, signed in as the sender. */
async function developerPage(): Promise<{
  latestTo(phone: string): Promise<{ id: number; body: string } | undefined>;
}> {
  const api: APIRequestContext = await request.newContext({ baseURL: BASE_URL });
  const login = await api.post("/api/auth/login", { data: { email: OWNER.email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const me = await (await api.get("/api/users/me")).json();
  const firm = (me.data.teams as { id: number; name: string }[]).find((team) => team.name === DEMO_FIRM);
  if (!firm) throw new Error(`${OWNER.email} is not in ${DEMO_FIRM}`);
  return {
    async latestTo(phone) {
      const reply = await api.get(`/api/dev/sms?id_team=${firm.id}`);
      expect(reply.status()).toBe(200);
      const rows = (await reply.json()).data.rows as { id: number; to: string; body: string }[];
      return rows.find((row) => row.to === phone);
    },
  };
}

/** Asks for a code on the signer's page and reads the new one from the developer page. */
async function askForCode(page: Page, sandbox: Awaited<ReturnType<typeof developerPage>>, phone: string) {
  const before = (await sandbox.latestTo(phone))?.id ?? 0;
  await page.getByRole("button", { name: "Send me a code" }).click();
  let code = "";
  await expect
    .poll(
      async () => {
        const sms = await sandbox.latestTo(phone);
        if (!sms || sms.id === before) return "";
        code = /\b(\d{6})\b/.exec(sms.body)?.[1] ?? "";
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

async function enterCode(page: Page, code: string) {
  await page.getByRole("textbox", { name: "Code from the SMS" }).fill(code);
  await page.getByRole("button", { name: "Check the code" }).click();
}

async function openSignerPage(browser: Browser, token: string) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/sign/${token}`);
  await expect(page.getByRole("heading", { name: DOCUMENT })).toBeVisible();
  await page.getByRole("checkbox", { name: /I agree to sign this document electronically/ }).click();
  await expect(page.getByRole("checkbox", { name: /I agree/ })).toBeChecked();
  return { page, close: () => context.close() };
}

async function signTyped(page: Page, name: string, witness = false) {
  if (witness) await page.getByRole("radio", { name: /in person/ }).check();
  await page.getByRole("tab", { name: "Type" }).click();
  await page.getByRole("textbox", { name: "Your name as your signature" }).fill(name);
  await page.getByRole("button", { name: witness ? "Witness and sign" : "Sign", exact: true }).click();
  // The last signature completes the request: its page says everyone has signed.
  await expect(page.getByText(/You have signed|Everyone has signed/).first()).toBeVisible();
}

test("sent with SMS on, every signer signs with the code from the sandbox, to the sealed PDF", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signIn(page, OWNER, "/my-account/my-document");
  await page.getByRole("button", { name: `Actions for ${DOCUMENT}`, exact: true }).click();
  await page.getByRole("menuitem", { name: "Sign document", exact: true }).click();
  const wizard = page.getByRole("dialog", { name: `Digital Signing Wizard: ${DOCUMENT}` });
  await expect(wizard.getByRole("textbox", { name: "Full name" }).first()).toHaveValue("Daniel Kwan");
  await wizard.getByRole("switch", { name: "SMS authentication" }).click();
  const names = wizard.getByRole("textbox", { name: "Full name" });
  const phones = wizard.getByRole("textbox", { name: "Mobile phone" });
  await expect(phones).toHaveCount(PEOPLE.length);
  for (let i = 0; i < PEOPLE.length; i++) {
    const name = await names.nth(i).inputValue();
    const who = PEOPLE.find((p) => p.name === name);
    if (!who) throw new Error(`an unexpected signer: ${name}`);
    await phones.nth(i).fill(who.phone);
  }
  // The witness rule: the sender confirms the witness is an adult who is not a party.
  await wizard
    .getByRole("checkbox", { name: "Each witness is 18 or over and is not a party to this document" })
    .check();
  await wizard.getByRole("button", { name: "Next Step" }).click();
  await wizard.getByRole("button", { name: "Send" }).click();
  const sent = page.getByRole("dialog").filter({ hasText: "Email sent successfully" });
  await expect(sent).toBeVisible();
  await sent.getByRole("button", { name: "OK" }).click();

  const linkOf = async (email: string) => {
    let token = "";
    await expect
      .poll(
        () => {
          token =
            /\/sign\/([A-Za-z0-9_-]{43})/.exec(
              spec.mail().latestTo(email, "Riverbend Software") ?? "",
            )?.[1] ?? "";
          return token;
        },
        { timeout: 30_000 },
      )
      .not.toBe("");
    return token;
  };
  const sandbox = await developerPage();

  for (const [index, person] of PEOPLE.entries()) {
    const token = await linkOf(person.email);
    const signer = await openSignerPage(browser, token);
    const signerPage = signer.page;
    await expect(
      signerPage.getByText(`we text a 6-digit code to your phone ending in ${person.phone.slice(-4)}`),
    ).toBeVisible();
    if (index === 0) {
      // A wrong code, then one that has expired: each refused with its message.
      const code = await askForCode(signerPage, sandbox, person.phone);
      await enterCode(signerPage, code === "000000" ? "111111" : "000000");
      await expect(signerPage.getByRole("alert")).toContainText("The code is not right. 4 tries left.");
      await expectAccessible(signerPage, "signing page with a wrong code");
      await shot(signerPage, "signing-sms-wrong-code-1366");
      await signerPage.waitForTimeout(CODE_VALID_MS + 1_000);
      await enterCode(signerPage, code);
      await expect(signerPage.getByRole("alert")).toContainText(
        "The code has expired. Please ask for a new one.",
      );
      await shot(signerPage, "signing-sms-expired-code-1366");
    }
    const code = await askForCode(signerPage, sandbox, person.phone);
    await enterCode(signerPage, code);
    await expect(signerPage.getByRole("tab", { name: "Type" })).toBeVisible();
    await signTyped(signerPage, person.name, person.witness);
    if (index === PEOPLE.length - 1) {
      await expect(async () => {
        await signerPage.reload();
        await expect(signerPage.getByRole("link", { name: "Download the signed PDF" })).toBeVisible({
          timeout: 1000,
        });
      }).toPass({ timeout: 60_000 });
      const pdf = await signerPage.request.get(`/api/sign/${token}/signed.pdf`);
      expect(pdf.status()).toBe(200);
      const bytes = await pdf.body();
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(bytes.toString("latin1")).toContain("/ETSI.CAdES.detached");
    }
    await signer.close();
  }

  await page.reload();
  await expect(
    page
      .getByRole("list", { name: "Documents" })
      .getByRole("listitem")
      .filter({ hasText: DOCUMENT })
      .getByRole("button", { name: "Signing status: 4/4 signed" }),
  ).toBeVisible();
});
