import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  FIRST_MINUTES,
  INTERVIEW_SPEC_TIMEOUT_MS,
  sampleAnswers,
  saveAnswersByApi,
  slowExpect,
  startDocumentByApi,
} from "./interview-support";
import { fakeReplyTo, type RealtimeFake, startRealtimeFake } from "./realtime-fake";
import { installFakeSpeech, lastSpoken } from "./speech-fake";
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
 * The voice chat on a configured realtime model (issue 32 items 1 and 5): its own app server
 * (playwright.config.ts, project "realtime") points the OpenAI-compatible provider at a fake of the
 * realtime endpoints (realtime-fake.ts) started here; Chromium's fake microphone streams a tone.
 * The fake hears what the test scripts, answers, sends an error event or drops the socket.
 */

test.describe.configure({ mode: "serial", timeout: INTERVIEW_SPEC_TIMEOUT_MS });

const FAKE_PORT = Number(process.env.E2E_PORT ?? 3100) + 4;
const INVALID_REQUEST_REPLY = "Somethings went wrong. Please try again";
let fake: RealtimeFake;

test.beforeAll(async () => {
  fake = await startRealtimeFake(FAKE_PORT);
});
test.afterAll(async () => fake?.close());

async function signIn(page: Page, user: DemoUser) {
  const reply = await page.request.post("/api/auth/login", {
    data: { email: user.email, password: DEMO_PASSWORD },
  });
  expect(reply.status()).toBe(200);
  await dismissAnnouncement(page);
  await page.goto("/my-account/my-document");
  await slowExpect(page.getByRole("banner").getByText(user.firm)).toBeVisible();
}

const conversationOf = (modal: Locator) => modal.getByRole("log", { name: "Voice conversation" });
const assistantTurns = (modal: Locator) => conversationOf(modal).locator(".assistant-message--assistant");
const statusOf = (modal: Locator) => modal.getByRole("status");

async function typeTurn(modal: Locator, text: string) {
  const box = modal.getByRole("textbox", { name: "Type a message instead" });
  await box.fill(text);
  await box.press("Enter");
}

for (const viewport of [
  { label: "laptop", width: 1366, height: 900, user: OWNER },
  { label: "phone", width: 375, height: 812, user: MEMBER },
] as const) {
  test(`${viewport.label} (${viewport.width} px): the voice chat through the realtime model, its errors, a dropped socket, End`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.addInitScript(installFakeSpeech);
    await signIn(page, viewport.user);

    // Opening the modal opens the session: a key from our server, then the socket, configured.
    const sessionsBefore = fake.sessions.length;
    await page.getByRole("button", { name: "Assistant", exact: true }).click();
    const panel = page.getByRole("dialog", { name: "Assistant" });
    await slowExpect(panel.getByRole("button", { name: "Voice chat" })).toBeVisible();
    await panel.getByRole("button", { name: "Voice chat" }).click();
    const modal = page.getByRole("dialog", { name: "Voice chat" });
    await expect(modal).toBeVisible();
    await expect.poll(() => fake.sessions.length).toBe(sessionsBefore + 1);
    const first = fake.sessions.at(-1);
    expect(first?.model).toBe("fake-realtime");
    expect(first?.key).toMatch(/^ek_fake_/);
    await expect
      .poll(() => first?.received[0])
      .toMatchObject({
        type: "session.update",
        session: { turn_detection: { create_response: true }, input_audio_format: "pcm16" },
      });
    const mic = modal.getByRole("button", { name: "Mic" });
    await slowExpect(mic).toBeEnabled();
    await expect(statusOf(modal)).toContainText("Mic off");
    await expectAccessible(page, `realtime voice chat at ${viewport.width} px`, { include: ".voice-chat" });

    // Spoken: the microphone streams, the fake hears the words; its transcript and reply appear and
    // the reply is said.
    fake.say("I need a family trust");
    await mic.focus();
    await page.keyboard.press("Enter");
    await expect(modal.getByRole("button", { name: "Mic", pressed: true })).toBeVisible();
    await slowExpect(conversationOf(modal)).toContainText("I need a family trust");
    await slowExpect(assistantTurns(modal).first()).toContainText(fakeReplyTo("I need a family trust"));
    await expect.poll(() => lastSpoken(page)).toBe(fakeReplyTo("I need a family trust"));
    expect(first?.audioChunks).toBeGreaterThan(0);
    await expect(statusOf(modal)).toContainText("Listening…");

    // Typed: the same session answers.
    await typeTurn(modal, "a unit trust");
    await slowExpect(assistantTurns(modal)).toHaveCount(2);
    await expect(assistantTurns(modal).last()).toContainText(fakeReplyTo("a unit trust"));

    // The model's rate limit: a please-wait message, then the reply asked for again.
    fake.failNext({ type: "requests", code: "rate_limit_exceeded", message: "Please try again in 1s." });
    await typeTurn(modal, "a company");
    await expect(statusOf(modal)).toContainText("Please wait 1 second");
    await slowExpect(assistantTurns(modal)).toHaveCount(3);
    await expect(assistantTurns(modal).last()).toContainText(fakeReplyTo("a company"));

    // An invalid_request_error: said as the assistant's message, verbatim.
    fake.failNext({ type: "invalid_request_error", code: "invalid_value", message: "Bad item." });
    await typeTurn(modal, "a will");
    await slowExpect(assistantTurns(modal)).toHaveCount(4);
    await expect(assistantTurns(modal).last()).toHaveText(`Assistant: ${INVALID_REQUEST_REPLY}`);

    // The socket dropped: the failed-response message, and a new session 3 s later.
    fake.drop();
    await expect(statusOf(modal)).toContainText("The reply failed. Trying again in 3 seconds…");
    await slowExpect.poll(() => fake.sessions.length).toBe(sessionsBefore + 2);
    await slowExpect(statusOf(modal)).not.toContainText("The reply failed");
    await typeTurn(modal, "a trust deed");
    await slowExpect(assistantTurns(modal).last()).toContainText(fakeReplyTo("a trust deed"));
    await expectAccessible(page, `realtime voice chat conversation at ${viewport.width} px`, {
      include: ".voice-chat",
    });

    // End closes the socket (the fake sees a normal close) and the modal.
    const last = fake.sessions.at(-1);
    await modal.getByRole("button", { name: "End", exact: true }).click();
    await expect(modal).toBeHidden();
    await expect.poll(() => last?.closeCode).toBe(1000);
  });
}

test("interview mode on the realtime model: it only transcribes; the server's answer route moves on", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.addInitScript(installFakeSpeech);
  await signIn(page, MANAGER);
  const doc = await startDocumentByApi(page, FIRST_MINUTES);
  // One question left open for the voice to answer.
  const answers = await sampleAnswers(FIRST_MINUTES.identifier);
  delete answers.financial_year_end;
  await saveAnswersByApi(page, doc, answers);
  await page.goto(
    `/my-account/my-document/template?docId=${doc.id}&templateIdentifier=${FIRST_MINUTES.identifier}&tab=my-document`,
  );
  await slowExpect(page.getByRole("button", { name: "Voice interview" })).toBeVisible();
  await page.getByRole("button", { name: "Assistant", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Assistant" });
  await slowExpect(panel.getByRole("button", { name: "Voice chat" })).toBeVisible();
  await panel.getByRole("button", { name: "Voice chat" }).click();
  const modal = page.getByRole("dialog", { name: "Voice chat" });
  await slowExpect(modal.getByRole("button", { name: "Mic" })).toBeEnabled();

  // Switching mode closes the socket and opens one that does not answer by itself.
  const previous = fake.sessions.at(-1);
  await modal.getByText("Interview", { exact: true }).click();
  await expect.poll(() => previous?.closeCode).toBe(1000);
  await slowExpect
    .poll(() => fake.sessions.at(-1)?.received[0])
    .toMatchObject({
      type: "session.update",
      session: { turn_detection: { create_response: false } },
    });
  const session = fake.sessions.at(-1);
  await slowExpect(assistantTurns(modal).first()).not.toBeEmpty();
  const firstQuestion = await assistantTurns(modal).first().textContent();

  // Heard by the model server, answered by ours: "skip" moves to the server's next question, and
  // the model sent no reply of its own.
  fake.say("skip");
  await modal.getByRole("button", { name: "Mic" }).click();
  await slowExpect(assistantTurns(modal)).toHaveCount(2);
  await expect(conversationOf(modal).locator(".assistant-message--user")).toHaveText("You: skip");
  expect(await assistantTurns(modal).last().textContent()).not.toBe(firstQuestion);
  expect(session?.received.some((event) => event.type === "response.create")).toBe(false);
  await modal.getByRole("button", { name: "End", exact: true }).click();
  await expect(modal).toBeHidden();
  await expect.poll(() => session?.closeCode).toBe(1000);
});
