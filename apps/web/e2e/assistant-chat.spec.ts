import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { ASSISTANT_TOO_MANY_MESSAGES, INTERVIEW_SAVED } from "@precedent/contracts";
import { teamIdOf } from "./documents-support";
import {
  expectInterviewShown,
  INTERVIEW_SPEC_TIMEOUT_MS,
  interviewUrl,
  sampleAnswers,
  saveAnswersByApi,
  savedAnswers,
  slowExpect,
  startDocumentByApi,
} from "./interview-support";
import { serverWithMailSink } from "./mail-server";
import {
  DEMO_PASSWORD,
  type DemoUser,
  dismissAnnouncement,
  expectAccessible,
  NEW_OWNER,
  OWNER,
} from "./support";

/**
 * The assistant's chat panel (issue 32 item 3 and its first "Done when"): a firm that has just
 * joined asks for a confidentiality agreement in plain words, is offered the NDA, starts it, and
 * answers its questions in the chat; the answers are ordinary answers on the interview page, and
 * the document is finished there. The spec runs a server of its own on a database of its own, so
 * the firm is new for every run (the shared server's New Practice must stay empty for the
 * first-use specs).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 17;
const spec = serverWithMailSink({ port: PORT, name: "assistant" });
const SHOTS = process.env.E2E_SHOTS_DIR;

test.describe.configure({ mode: "serial", timeout: INTERVIEW_SPEC_TIMEOUT_MS });
test.use({ baseURL: spec.baseUrl });

const REPEATED_TEXT_REPLY = "Somethings went wrong. Could you try again?";
const NDA = "Mutual Non-Disclosure Agreement";
const YEARS_QUESTION = "For how many years after the agreement ends must information be kept confidential?";
const MONTHS_QUESTION = "For how many months may the parties exchange information under this agreement?";
const SOLICIT_QUESTION = "Should each party promise not to solicit the other's employees?";
const SOLICIT_MONTHS_QUESTION = "For how many months after the agreement ends?";
const PURPOSE_QUESTION = "The purpose for which the parties will share information";

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `assistant-${name}.png`) });
}

/**
 * Signs in and opens `path`. As support.ts's signIn, with more time for the first page: this
 * spec's server starts cold, on two cores shared with the other servers.
 */
async function signIn(page: Page, user: DemoUser, path: string) {
  const reply = await page.request.post("/api/auth/login", {
    data: { email: user.email, password: DEMO_PASSWORD },
  });
  expect(reply.status()).toBe(200);
  await dismissAnnouncement(page);
  await page.goto(path);
  await slowExpect(page.getByRole("banner").getByText(user.firm)).toBeVisible();
}

const launcherOf = (page: Page) => page.getByRole("button", { name: "Assistant", exact: true });
const panelOf = (page: Page) => page.getByRole("dialog", { name: "Assistant" });
const messageBox = (panel: Locator) => panel.getByRole("textbox", { name: "Message to the assistant" });
const replies = (panel: Locator) => panel.getByRole("log").locator(".assistant-message--assistant");
const suggestion = (panel: Locator, name: string) =>
  panel.getByRole("group", { name: "Suggested replies" }).getByRole("button", { name, exact: true });

/** Opens the panel from its launcher and waits for the conversation to be there. */
async function openPanel(page: Page) {
  await launcherOf(page).click();
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  await expect(messageBox(panel)).toBeFocused();
  await slowExpect(replies(panel).first()).toBeVisible();
  return panel;
}

/** Waits for the assistant's next message after `act` and returns its text. */
async function nextReply(panel: Locator, act: () => Promise<void>): Promise<string> {
  const before = await replies(panel).count();
  await act();
  await slowExpect(replies(panel)).toHaveCount(before + 1);
  return ((await replies(panel).last().textContent()) ?? "").trim();
}

/** Types a message and sends it with Enter, as a person at a keyboard does. */
const say = (panel: Locator, text: string) =>
  nextReply(panel, async () => {
    await messageBox(panel).fill(text);
    await messageBox(panel).press("Enter");
  });

const choose = (panel: Locator, chip: string) => nextReply(panel, () => suggestion(panel, chip).click());

/** Skips questions with the Skip chip until the assistant asks `question`. */
async function skipUntil(panel: Locator, reply: string, question: string): Promise<string> {
  let current = reply;
  for (let i = 0; i < 40 && !current.includes(question); i++) current = await choose(panel, "Skip");
  expect(current).toContain(question);
  return current;
}

for (const viewport of [
  { label: "laptop", width: 1366, height: 900 },
  { label: "phone", width: 375, height: 812 },
] as const) {
  test(`${viewport.label} (${viewport.width} px): asks for a confidentiality agreement, answers in words, finishes the NDA`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, NEW_OWNER, "/my-account/my-document");
    await expect(launcherOf(page)).toBeVisible();
    await shot(page, `${viewport.label}-0-launcher`);
    const panel = await openPanel(page);
    await expect(replies(panel).first()).toContainText("Tell me what document you need");
    if (viewport.width > 600) {
      // Beside a page other than an interview: the roomier default, at the bottom right.
      const box = await panel.boundingBox();
      expect(box?.width).toBe(400);
      expect(box?.height).toBe(560);
    }

    const proposal = await say(
      panel,
      "We need a confidentiality agreement before we show a buyer our figures",
    );
    expect(proposal).toContain(`I suggest "${NDA}"`);
    await shot(page, `${viewport.label}-1-proposal`);

    // Confirming starts the draft and opens its interview, the panel still open on the same thread.
    const started = await choose(panel, "Yes, start it");
    expect(started).toContain(`I have started "${NDA}" as a draft`);
    expect(started).toContain("Date of the agreement?");
    await slowExpect(page).toHaveURL(
      /\/my-account\/my-document\/template\?docId=\d+&templateIdentifier=mutual-nda/,
    );
    const docId = Number(new URL(page.url()).searchParams.get("docId"));
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("log")).toContainText("We need a confidentiality agreement");

    // 1. A date in words.
    let reply = await say(panel, "the third of March 2026");
    expect(reply).toContain("03/03/2026");
    // The parties and the purpose are left for the interview page (a person may send 30 messages
    // a minute, and both widths' conversations fall within one).
    expect(reply).toContain("Choices: An Individual, A Company, A Trust.");
    reply = await skipUntil(panel, reply, YEARS_QUESTION);
    // 2. A number in words.
    reply = await say(panel, "five years");
    expect(reply).toContain("5");
    expect(reply).toContain(MONTHS_QUESTION);
    // 3. Another number in words.
    reply = await say(panel, "twenty-four");
    reply = await skipUntil(panel, reply, SOLICIT_QUESTION);
    // An answer outside the list is refused, and the question asked again with its choices.
    reply = await say(panel, "perhaps");
    expect(reply).toContain("Please choose one of: Yes, No.");
    // 4. An option: yes, in other words; its condition brings in the next question.
    reply = await say(panel, "yeah");
    expect(reply).toContain(SOLICIT_MONTHS_QUESTION);
    reply = await say(panel, "six");
    // 5. An option from a long list, by name.
    expect(reply).toContain("Governing law");
    reply = await say(panel, "victoria");
    expect(reply).toContain("Victoria");
    if (viewport.width > 600) {
      // Beside the interview: the spec's 350 × 500.
      const box = await panel.boundingBox();
      expect(box?.width).toBe(350);
      expect(box?.height).toBe(500);
    } else {
      // A phone: a sheet over the whole screen.
      const box = await panel.boundingBox();
      expect(box?.width).toBe(viewport.width);
      expect(box?.height).toBe(viewport.height);
    }
    await shot(page, `${viewport.label}-2-interviewing`);

    // Escape closes the panel; the interview page shows what the chat answered, as ordinary answers.
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(launcherOf(page)).toBeFocused();
    await expect(page.getByLabel("Date of the agreement", { exact: true })).toHaveValue("03/03/2026");
    const years = page.getByLabel(YEARS_QUESTION, { exact: true });
    await expect(years).toHaveValue("5");
    await expect(page.getByLabel(MONTHS_QUESTION, { exact: true })).toHaveValue("24");
    await expect(
      page
        .getByRole("radiogroup", { name: SOLICIT_QUESTION, exact: true })
        .getByLabel("Yes", { exact: true }),
    ).toBeChecked();
    await expect(page.getByLabel(SOLICIT_MONTHS_QUESTION, { exact: true })).toHaveValue("6");
    await expect(page.getByTitle("Victoria", { exact: true })).toBeVisible();
    await shot(page, `${viewport.label}-3-interview-answers`);

    // Editable as any answer: the person changes one and types one the chat skipped, and saves.
    await years.fill("4");
    await years.press("Tab");
    const purpose = page.getByLabel(PURPOSE_QUESTION, { exact: true });
    await purpose.fill("evaluating the sale of our bookkeeping business to the buyer");
    await purpose.press("Tab");
    await page
      .getByRole("toolbar", { name: "Interview actions" })
      .getByRole("button", { name: "Save" })
      .click();
    await expect(page.getByText(INTERVIEW_SAVED)).toBeVisible();

    const teamId = await teamIdOf(page);
    const answered = await savedAnswers(page, teamId, docId);
    expect(answered).toMatchObject({
      agreement_date: "03/03/2026",
      confidentiality_years: 4,
      agreement_term_months: 24,
      non_solicitation: "Yes",
      non_solicitation_months: 6,
      jurisdiction: "VIC",
      purpose: "evaluating the sale of our bookkeeping business to the buyer",
    });

    // The parties' details (the chat skipped them) arrive as another tab's save would, as in the
    // first-hour journey; the page is left first, since leaving saves what it shows.
    const interviewPage = page.url();
    await page.goto("/my-account/my-document");
    await page.waitForLoadState("networkidle");
    const sample = await sampleAnswers("mutual-nda");
    const parties = (key: "first_party" | "second_party") => ({
      ...(sample[key] as Record<string, unknown>),
      ...((answered[key] as Record<string, unknown> | undefined) ?? {}),
    });
    await saveAnswersByApi(
      page,
      { id: docId, teamId },
      { ...sample, ...answered, first_party: parties("first_party"), second_party: parties("second_party") },
    );

    // After a reload the same conversation comes back: the address names it (chatBoxSession, set
    // when the chat started the draft), so the panel opens by itself.
    expect(new URL(interviewPage).searchParams.get("chatBoxSession")).toBeTruthy();
    await page.goto(interviewPage);
    const reopened = panelOf(page);
    await slowExpect(reopened).toBeVisible();
    await slowExpect(replies(reopened).first()).toBeVisible();
    await expect(reopened.getByRole("log")).toContainText("We need a confidentiality agreement");
    await expect(reopened.getByRole("log")).toContainText("victoria");
    await reopened.getByRole("button", { name: "Close the assistant" }).click();
    await expect(reopened).toBeHidden();
    await expect(launcherOf(page)).toBeFocused();

    // Finished: the document assembles, as the interview spec's does.
    const assemble = page
      .getByRole("toolbar", { name: "Interview actions" })
      .getByRole("button", { name: "Assemble" });
    await slowExpect(assemble).toBeVisible();
    await assemble.click();
    const results = page.getByRole("dialog", { name: "Assemble Results" });
    await slowExpect(results).toBeVisible();
    await expect(results.getByRole("link", { name: /Download PDF/ })).toBeVisible();
    await shot(page, `${viewport.label}-4-assembled`);
  });
}

test("typed on the interview page and not yet autosaved, then a message in the chat: both answers are kept", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, OWNER, "/my-account/my-document");
  const doc = await startDocumentByApi(page, { identifier: "mutual-nda", name: NDA });
  // The order of the page's saves of this document and its messages to the assistant.
  const calls: { kind: "save" | "message"; body: string }[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && request.url().includes(`/api/xpressdox/update-xml/${doc.id}`))
      calls.push({ kind: "save", body: request.postData() ?? "" });
    if (request.method() === "POST" && /\/api\/ai\/threads\/[^/]+\/messages/.test(request.url()))
      calls.push({ kind: "message", body: request.postData() ?? "" });
  });
  await page.goto(interviewUrl(doc.id, doc.folderId));
  await expectInterviewShown(page, doc);

  // Typed, not left with Tab and not saved: the autosave comes every 15 seconds, and the panel
  // opens and the message goes well within that (the page was opened just now).
  const purposeText = "weighing a joint tender for the council's records contract";
  const purpose = page.getByLabel(PURPOSE_QUESTION, { exact: true });
  await purpose.fill(purposeText);
  await expect(page.getByText("Unsaved changes")).toBeVisible();

  // Opened on this interview, the panel asks this document's first question.
  const panel = await openPanel(page);
  await expect(replies(panel).last()).toContainText("Date of the agreement?");
  const reply = await say(panel, "the third of March 2026");
  expect(reply).toContain("03/03/2026");

  // The page saved the typed answer before the message went, so the assistant's answer (which
  // reloads the form from the server) found it there and kept it.
  const firstMessage = calls.findIndex((call) => call.kind === "message");
  const typedSave = calls.findIndex((call) => call.kind === "save" && call.body.includes(purposeText));
  // Soft, so that a failure here goes on to show what the person would see.
  expect.soft(firstMessage).toBeGreaterThan(-1);
  expect.soft(typedSave, JSON.stringify(calls.map((call) => call.kind))).toBeGreaterThan(-1);
  expect.soft(typedSave).toBeLessThan(firstMessage);

  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  const date = page.getByLabel("Date of the agreement", { exact: true });
  await expect(date).toHaveValue("03/03/2026");
  await expect(purpose).toHaveValue(purposeText);
  expect(await savedAnswers(page, doc.teamId, doc.id)).toMatchObject({
    agreement_date: "03/03/2026",
    purpose: purposeText,
  });

  await page.reload();
  await expectInterviewShown(page, doc);
  await expect(page.getByLabel("Date of the agreement", { exact: true })).toHaveValue("03/03/2026");
  await expect(page.getByLabel(PURPOSE_QUESTION, { exact: true })).toHaveValue(purposeText);
});

test("keyboard: opens with Enter, Shift+Enter breaks a line, Escape returns to the launcher; the open panel passes axe", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, OWNER, "/my-account/my-company");
  const launcher = launcherOf(page);
  await launcher.focus();
  await page.keyboard.press("Enter");
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  const box = messageBox(panel);
  await expect(box).toBeFocused();
  await slowExpect(replies(panel).first()).toBeVisible();
  await expect(launcher).toHaveAttribute("aria-expanded", "true");

  // Shift+Enter is a new line, not a send.
  await page.keyboard.type("Hello");
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.type("what can you do?");
  await expect(box).toHaveValue("Hello\nwhat can you do?");
  await expect(panel.getByRole("log").locator(".assistant-message--user")).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("log").locator(".assistant-message--user")).toHaveText([
    "You: Hello\nwhat can you do?",
  ]);
  await expect(box).toHaveValue("");
  await slowExpect(replies(panel)).toHaveCount(2);

  await expectAccessible(page, "assistant panel", { include: ".assistant-panel" });
  await expectAccessible(page, "page with the assistant panel open");
  await shot(page, "keyboard-open");

  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(launcher).toBeFocused();
  await expect(launcher).toHaveAttribute("aria-expanded", "false");

  // Opened again: the same conversation.
  await page.keyboard.press("Enter");
  await expect(panelOf(page).getByRole("log")).toContainText("what can you do?");
  await page.setViewportSize({ width: 375, height: 812 });
  await expectAccessible(page, "assistant panel on a phone", { include: ".assistant-panel" });
  await shot(page, "keyboard-phone");
});

test("a reply that repeats the message, a rate limit and a lost connection are told plainly", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, OWNER, "/my-account/my-company");
  const panel = await openPanel(page);
  const messages = "**/api/ai/threads/*/messages*";

  // The reply only echoes the message: the spec's words instead.
  await page.route(messages, async (route) => {
    const sent = route.request().postDataJSON() as { text: string };
    await route.fulfill({
      json: {
        message: "",
        data: {
          reply: {
            text: sent.text,
            intent: "unknown",
            template: null,
            doc_id: null,
            question: null,
            suggestions: [],
          },
        },
      },
    });
  });
  expect(await say(panel, "a family trust")).toBe(`Assistant: ${REPEATED_TEXT_REPLY}`);
  await page.unroute(messages);

  // Too many messages: the server's message with its wait; the text stays in the box to send again.
  await page.route(messages, (route) =>
    route.fulfill({
      status: 429,
      json: { message: ASSISTANT_TOO_MANY_MESSAGES, data: { retry_after_seconds: 20 } },
    }),
  );
  await messageBox(panel).fill("a unit trust");
  await messageBox(panel).press("Enter");
  await expect(panel.getByRole("alert")).toContainText(
    `${ASSISTANT_TOO_MANY_MESSAGES} (Try again in 20 seconds.)`,
  );
  await expect(messageBox(panel)).toHaveValue("a unit trust");
  await expect(panel.getByRole("log")).not.toContainText("a unit trust");
  await page.unroute(messages);

  // No connection: the client's own message.
  await page.route(messages, (route) => route.abort("internetdisconnected"));
  await messageBox(panel).press("Enter");
  await expect(panel.getByRole("alert")).toContainText("Cannot reach Precedent");
  await expect(messageBox(panel)).toHaveValue("a unit trust");
  await shot(page, "errors");
  await page.unroute(messages);

  // Back online, the same text goes through to the real assistant.
  const reply = await nextReply(panel, () => messageBox(panel).press("Enter"));
  expect(reply).toContain("I suggest");
  await expect(panel.getByRole("alert")).toHaveCount(0);
});

test("the firm's owner turns the assistant off on My Company: the launcher goes, the chat is refused; on again, it is back", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, OWNER, "/my-account/my-company?tab=assistant");
  await slowExpect(launcherOf(page)).toBeVisible();
  const toggle = page.getByRole("switch", { name: "Assistant for everyone in the firm" });
  await slowExpect(toggle).toBeChecked();
  await expect(page.getByText("The built-in assistant answers")).toBeVisible();
  await expectAccessible(page, "My Company's Assistant tab");

  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(launcherOf(page)).toHaveCount(0);
  // The server refuses the chat too, not only the page's button.
  const teamId = await teamIdOf(page);
  const refused = await page.request.post(`/api/ai/threads?id_team=${teamId}`, { data: {} });
  expect(refused.status()).toBe(403);
  // A new page load keeps it off.
  await page.reload();
  await slowExpect(
    page.getByRole("switch", { name: "Assistant for everyone in the firm" }),
  ).not.toBeChecked();
  await expect(launcherOf(page)).toHaveCount(0);
  await shot(page, "switched-off");

  await page.getByRole("switch", { name: "Assistant for everyone in the firm" }).click();
  await slowExpect(launcherOf(page)).toBeVisible();
  await openPanel(page);
});
