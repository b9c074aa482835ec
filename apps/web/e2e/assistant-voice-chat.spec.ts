import { expect, type Locator, type Page, type Route, test } from "@playwright/test";
import {
  FIRST_MINUTES,
  INTERVIEW_SPEC_TIMEOUT_MS,
  sampleAnswers,
  saveAnswersByApi,
  savedAnswers,
  slowExpect,
  startDocumentByApi,
} from "./interview-support";
import { installFakeSpeech, lastSpoken, script, speech } from "./speech-fake";
import {
  DEMO_PASSWORD,
  type DemoUser,
  dismissAnnouncement,
  expectAccessible,
  MANAGER,
  MEMBER,
  OWNER,
} from "./support";

/**
 * The voice chat (interview spec §2 "Voice chat assistant", §4; issue 32 item 5) in Chromium, with
 * the browser's speech replaced by a scripted fake (speech-fake.ts). The assistant mode finds a
 * template by voice; the realtime rules are shown on the chat's answers made to fail in the
 * browser (a rate limit, a reply under way, a failed reply tried again, a refused request, an
 * expired session, an echo) and on the browser's own speech errors; the interview mode answers a
 * document's questions by voice, a loop and an option asked again, and saves them on End.
 */

test.describe.configure({ mode: "serial", timeout: INTERVIEW_SPEC_TIMEOUT_MS });

const INVALID_REQUEST_REPLY = "Somethings went wrong. Please try again";
const REPEATED_TEXT_REPLY = "Somethings went wrong. Could you try again?";
const MESSAGES = "**/api/ai/threads/*/messages*";

async function signIn(page: Page, user: DemoUser, path: string) {
  const reply = await page.request.post("/api/auth/login", {
    data: { email: user.email, password: DEMO_PASSWORD },
  });
  expect(reply.status()).toBe(200);
  await dismissAnnouncement(page);
  await page.goto(path);
  await slowExpect(page.getByRole("banner").getByText(user.firm)).toBeVisible();
}

const modalOf = (page: Page) => page.getByRole("dialog", { name: "Voice chat" });
const conversationOf = (modal: Locator) => modal.getByRole("log", { name: "Voice conversation" });
const assistantTurns = (modal: Locator) => conversationOf(modal).locator(".assistant-message--assistant");
const statusOf = (modal: Locator) => modal.getByRole("status");

/** Opens the assistant's panel, then the voice chat from it; focus starts on the mic. */
async function openVoiceChat(page: Page) {
  await page.getByRole("button", { name: "Assistant", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Assistant" });
  await expect(panel).toBeVisible();
  await slowExpect(panel.getByRole("log").locator(".assistant-message--assistant").first()).toBeVisible();
  await panel.getByRole("button", { name: "Voice chat" }).click();
  const modal = modalOf(page);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("button", { name: "Mic" })).toBeFocused();
  return modal;
}

/** Types a message in the voice chat's own box, by keyboard. */
async function typeTurn(modal: Locator, text: string) {
  const box = modal.getByRole("textbox", { name: "Type a message instead" });
  await box.fill(text);
  await box.press("Enter");
}

/**
 * One spoken turn: the fake hears its script as listening starts, so the mic is turned on afresh
 * (off first if it is on and listening with nothing scripted).
 */
async function speakTurn(page: Page, modal: Locator, words: string) {
  const mic = modal.getByRole("button", { name: "Mic" });
  if ((await mic.getAttribute("aria-pressed")) === "true") await mic.click();
  await expect(mic).toHaveAttribute("aria-pressed", "false");
  await script(page, words);
  await mic.click();
}

for (const viewport of [
  { label: "laptop", width: 1366, height: 900, user: OWNER },
  { label: "phone", width: 375, height: 812, user: MEMBER },
] as const) {
  test(`${viewport.label} (${viewport.width} px): assistant mode by voice, the realtime error rules, refresh, show and hide, end`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.addInitScript(installFakeSpeech);
    await signIn(page, viewport.user, "/my-account/my-document");
    const modal = await openVoiceChat(page);
    await expect(statusOf(modal)).toContainText("Mic off");
    await expectAccessible(page, `voice chat at ${viewport.width} px`, { include: ".voice-chat" });

    // A spoken request: heard after the silence, thought about, answered aloud; the mic stays on.
    await script(page, "I need a confidentiality agreement");
    await page.keyboard.press("Enter");
    await expect(modal.getByRole("button", { name: "Mic", pressed: true })).toBeVisible();
    await slowExpect(assistantTurns(modal).first()).toContainText("Non-Disclosure");
    await expect(conversationOf(modal)).toContainText("I need a confidentiality agreement");
    await expect.poll(() => lastSpoken(page)).toContain("Non-Disclosure");
    expect((await speech(page)).spoken.at(-1)).toMatchObject({ rate: 0.9, voice: "Gordon" });
    await expect(statusOf(modal)).toContainText("Listening…");
    await modal.getByRole("button", { name: "Mic" }).click();
    await expect(statusOf(modal)).toContainText("Mic off");

    // The browser's own speech errors: no speech is said and listened for again; a network failure
    // is tried again after 3 s; a blocked microphone turns the mic off and leaves typing.
    await script(page, "!no-speech");
    await modal.getByRole("button", { name: "Mic" }).click();
    await expect(statusOf(modal)).toContainText("I did not hear anything.");
    await expect(statusOf(modal)).toContainText("Listening…");
    await modal.getByRole("button", { name: "Mic" }).click();
    await script(page, "!network");
    await script(page, "!not-allowed");
    await modal.getByRole("button", { name: "Mic" }).click();
    await expect(statusOf(modal)).toContainText("Listening again in 3 seconds…");
    await slowExpect(statusOf(modal)).toContainText("The microphone is blocked.");
    await expect(modal.getByRole("button", { name: "Mic", pressed: false })).toBeVisible();
    await expect(modal.getByRole("textbox", { name: "Type a message instead" })).toBeFocused();

    // A rate limit: a please-wait message, and the turn sent again after the stated delay.
    let limited = false;
    await page.route(MESSAGES, async (route: Route) => {
      if (limited) return route.fallback();
      limited = true;
      await route.fulfill({
        status: 429,
        contentType: "application/json",
        headers: { "retry-after": "1" },
        body: JSON.stringify({ message: "Too many requests", data: { retry_after_seconds: 1 } }),
      });
    });
    const before = await assistantTurns(modal).count();
    await typeTurn(modal, "something else");
    await expect(statusOf(modal)).toContainText("Please wait 1 second");
    await slowExpect(assistantTurns(modal)).toHaveCount(before + 1);
    await page.unrouteAll({ behavior: "wait" });

    // A reply already under way: a second turn meanwhile is told 'Please wait a second'. The reply
    // is held long enough for the second turn to be typed on a busy machine.
    await page.route(MESSAGES, async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 5000));
      await route.fallback();
    });
    await typeTurn(modal, "a family trust");
    await typeTurn(modal, "hello again");
    await expect(statusOf(modal)).toContainText("Please wait a second");
    // The refused turn is not lost: it stays in the box to send again.
    await expect(modal.getByRole("textbox", { name: "Type a message instead" })).toHaveValue("hello again");
    await slowExpect(assistantTurns(modal)).toHaveCount(before + 2);
    await page.unrouteAll({ behavior: "wait" });

    // A failed reply is tried again after 3 s; failing again, it is said to have gone wrong.
    let failures = 0;
    await page.route(MESSAGES, async (route: Route) => {
      failures++;
      await route.fulfill({
        status: 502,
        contentType: "application/json",
        body: '{"message":"","data":null}',
      });
    });
    await typeTurn(modal, "a will");
    await expect(statusOf(modal)).toContainText("The reply failed. Trying again in 3 seconds…");
    await slowExpect(assistantTurns(modal).last()).toHaveText(`Assistant: ${INVALID_REQUEST_REPLY}`);
    expect(failures).toBe(2);
    await page.unrouteAll({ behavior: "wait" });

    // A refused request (the model's invalid_request_error): said as the assistant's message.
    await page.route(MESSAGES, (route: Route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ message: "The AI model refused the request.", data: null }),
      }),
    );
    const count = await assistantTurns(modal).count();
    await typeTurn(modal, "a unit trust");
    await expect(assistantTurns(modal)).toHaveCount(count + 1);
    await expect(assistantTurns(modal).last()).toHaveText(`Assistant: ${INVALID_REQUEST_REPLY}`);
    await page.unrouteAll({ behavior: "wait" });

    // A reply that only repeats the person's words.
    await page.route(MESSAGES, async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { reply: { text: string } } };
      body.data.reply.text = "echo echo";
      await route.fulfill({ response, json: body });
    });
    await typeTurn(modal, "echo echo");
    await slowExpect(assistantTurns(modal).last()).toHaveText(`Assistant: ${REPEATED_TEXT_REPLY}`);
    await page.unrouteAll({ behavior: "wait" });

    // The session gone: the person is told to refresh, and Refresh starts a clean conversation.
    await page.route(MESSAGES, (route: Route) =>
      route.fulfill({
        status: 404,
        contentType: "application/json",
        body: JSON.stringify({ message: "No such conversation.", data: null }),
      }),
    );
    await typeTurn(modal, "a company");
    await expect(statusOf(modal)).toContainText("Your session has expired. Please press Refresh");
    await page.unrouteAll({ behavior: "wait" });
    // Refresh starts a new conversation; its start is held here, so the turn typed meanwhile is
    // typed while it is not ready: it waits ('Please wait a second', still in the box) and goes
    // once the conversation has started.
    let startConversation = () => {};
    const started = new Promise<void>((resolve) => {
      startConversation = resolve;
    });
    await page.route(
      (url) => url.pathname === "/api/ai/threads",
      async (route: Route) => {
        if (route.request().method() === "POST") await started;
        await route.fallback();
      },
    );
    await modal.getByRole("button", { name: "Refresh" }).click();
    await expect(conversationOf(modal).locator(".assistant-message")).toHaveCount(0);
    await expect(statusOf(modal)).not.toContainText("expired");
    await typeTurn(modal, "a family trust");
    await expect(statusOf(modal)).toContainText("Please wait a second");
    const typingBox = modal.getByRole("textbox", { name: "Type a message instead" });
    await expect(typingBox).toHaveValue("a family trust");
    startConversation();
    await slowExpect(assistantTurns(modal)).toHaveCount(1);
    await expect(conversationOf(modal)).toContainText("a family trust");
    await expect(typingBox).toHaveValue("");
    await page.unrouteAll({ behavior: "wait" });

    // Show and hide the conversation.
    const toggle = modal.getByRole("button", { name: "Hide conversation" });
    await toggle.click();
    await expect(conversationOf(modal)).toBeHidden();
    await expect(modal.getByRole("button", { name: "Show conversation" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await modal.getByRole("button", { name: "Show conversation" }).click();
    await expect(conversationOf(modal)).toBeVisible();
    await expectAccessible(page, `voice chat conversation at ${viewport.width} px`, {
      include: ".voice-chat",
    });

    // End closes the modal; focus goes back to the panel's Voice chat button.
    await modal.getByRole("button", { name: "End", exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(
      page.getByRole("dialog", { name: "Assistant" }).getByRole("button", { name: "Voice chat" }),
    ).toBeFocused();
  });
}

test("interview mode: a loop, an option asked again, and End saves the answers", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.addInitScript(installFakeSpeech);
  // Another person than the laptop's: each person may send 30 messages and answers a minute.
  await signIn(page, MANAGER, "/my-account/my-document");
  const doc = await startDocumentByApi(page, FIRST_MINUTES);
  const answers = await sampleAnswers(FIRST_MINUTES.identifier);
  delete answers.shareholders;
  delete answers.financial_year_end;
  await saveAnswersByApi(page, doc, answers);
  await page.goto(
    `/my-account/my-document/template?docId=${doc.id}&templateIdentifier=${FIRST_MINUTES.identifier}&tab=my-document`,
  );
  await slowExpect(page.getByRole("button", { name: "Voice interview" })).toBeVisible();
  const modal = await openVoiceChat(page);

  // Interview mode asks the document's first open question aloud.
  await modal.getByText("Interview", { exact: true }).click();
  await slowExpect(assistantTurns(modal).first()).not.toBeEmpty();
  await expect.poll(() => lastSpoken(page)).not.toBe("");

  // Questions the sample leaves empty are skipped, by voice, until the loop's count.
  for (let i = 0; i < 15; i++) {
    if ((await assistantTurns(modal).last().textContent())?.includes("How many shareholders?")) break;
    const asked = await assistantTurns(modal).count();
    await speakTurn(page, modal, "skip");
    await slowExpect(assistantTurns(modal)).toHaveCount(asked + 1);
  }
  await expect(assistantTurns(modal).last()).toContainText("How many shareholders?");
  await speakTurn(page, modal, "one");
  await slowExpect(assistantTurns(modal).last()).toContainText("Shareholder 1 › Shareholder's full name");
  await modal.getByRole("button", { name: "Mic" }).click();
  await expect(modal.getByRole("button", { name: "Mic", pressed: false })).toBeVisible();

  // The entry's questions, typed.
  const answer = async (text: string, next: string) => {
    await typeTurn(modal, text);
    await slowExpect(assistantTurns(modal).last()).toContainText(next);
  };
  await answer("Tamsin Jane Rowe", "Class of shares");
  await answer("Ordinary", "Number of shares");
  await answer("fifty", "Amount paid per share");
  await answer("one", "beneficially");
  await answer("yes", "Financial year ends on");

  // An answer outside the list: refused, and the question asked again with its choices.
  await answer("the fourth of July", "is not one of the choices");
  await expect(assistantTurns(modal).last()).toContainText("30 June, 31 December, 31 March");
  await expect.poll(() => lastSpoken(page)).toContain("30 June, 31 December, 31 March");

  // The last answer: the assistant says so; End saves with the page's token.
  await answer("30 June", "That was the last question.");
  await modal.getByRole("button", { name: "End", exact: true }).click();
  await expect(modal).toBeHidden();
  await expect
    .poll(async () => (await savedAnswers(page, doc.teamId, doc.id)).financial_year_end)
    .toBe("30 June");
  const saved = await savedAnswers(page, doc.teamId, doc.id);
  expect(saved.shareholders).toEqual([
    { name: "Tamsin Jane Rowe", share_class: "Ordinary", number: 50, price: 1, beneficial: "Yes" },
  ]);
  await slowExpect(page.getByLabel("Shareholder's full name (or company name)").first()).toHaveValue(
    "Tamsin Jane Rowe",
  );
});
