import { expect, type Page, test } from "@playwright/test";
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
import { DEMO_PASSWORD, type DemoUser, dismissAnnouncement, expectAccessible, OWNER } from "./support";

/**
 * The voice interview (interview spec §3 "AI voice interview", §4 "AI interview (voice)"; issue 32
 * item 4) in Chromium, with the browser's speech replaced by a scripted fake: recognition hears
 * the next scripted answer when it starts, synthesis records each utterance and ends it at once.
 * Minutes of a first directors' meeting, answered but for the shareholders (a loop) and the
 * financial year (an option): the loop expands, an answer outside the list is asked again, the
 * question is replayed, the logs are read, and finishing saves and reloads the page.
 */

test.describe.configure({ mode: "serial", timeout: INTERVIEW_SPEC_TIMEOUT_MS });

/** As support.ts's signIn, with more time for the account to load on a busy machine. */
async function signIn(page: Page, user: DemoUser, path: string) {
  const reply = await page.request.post("/api/auth/login", {
    data: { email: user.email, password: DEMO_PASSWORD },
  });
  expect(reply.status()).toBe(200);
  await dismissAnnouncement(page);
  await page.goto(path);
  await slowExpect(page.getByRole("banner").getByText(user.firm)).toBeVisible();
}

/** How the interview labels a question of the first entry of a group. */
const ENTRY = "Shareholder 1 › ";

const modalOf = (page: Page) => page.getByRole("dialog", { name: "Voice interview" });
const questionOf = (page: Page) => modalOf(page).getByRole("heading", { level: 2 });

/**
 * Speaks an answer: on a laptop a click, the answer going after 2 s of silence; on a phone press
 * and hold, the answer going on release (the caller waits for what follows).
 */
async function speak(page: Page, words: string, phone: boolean) {
  await script(page, words);
  const record = modalOf(page).getByRole("button", { name: "Record" });
  if (phone) {
    await record.hover();
    await page.mouse.down();
    // Held, nothing goes until the release, however long the pause.
    await expect(modalOf(page).getByLabel("What was heard")).toContainText(words);
    await expect(modalOf(page).getByRole("button", { name: "Record", pressed: true })).toBeVisible();
    await page.mouse.up();
  } else {
    await record.click();
  }
}

for (const viewport of [
  { label: "laptop", width: 1366, height: 900, phone: false },
  { label: "phone", width: 375, height: 812, phone: true },
] as const) {
  test(`${viewport.label} (${viewport.width} px): a loop, an option asked again, replay, the logs, and finishing`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.addInitScript(installFakeSpeech);
    await signIn(page, OWNER, "/my-account/my-document");
    const doc = await startDocumentByApi(page, FIRST_MINUTES);
    const answers = await sampleAnswers(FIRST_MINUTES.identifier);
    delete answers.shareholders;
    delete answers.financial_year_end;
    delete answers.send_for_signing;
    await saveAnswersByApi(page, doc, answers);

    // The Voice interview button adds interviewAI=true; the modal opens at the first open question.
    // The page offers assembling and downloading only: e-signing joins when the answers ask for it.
    await page.goto(
      `/my-account/my-document/template?docId=${doc.id}&templateIdentifier=${FIRST_MINUTES.identifier}&tab=my-document&actions=XD_Assemble,XD_Download`,
    );
    await slowExpect(page.getByRole("button", { name: "Voice interview" })).toBeVisible();
    await page.getByRole("button", { name: "Voice interview" }).click();
    await expect(page).toHaveURL(/interviewAI=true/);
    const modal = modalOf(page);
    await slowExpect(questionOf(page)).not.toBeEmpty();
    await expect(modal.getByText("Tab to go next")).toBeVisible();
    await expect(
      modal.getByRole("navigation", { name: "Questions" }).locator("[aria-current=step]"),
    ).toHaveText("Question 1");
    const first = (await questionOf(page).textContent()) ?? "";
    await expect.poll(() => lastSpoken(page)).toContain(first);
    const voiceUsed = (await speech(page)).spoken.at(-1);
    expect(voiceUsed).toMatchObject({ rate: 0.9, voice: "Gordon" });
    await expectAccessible(page, `voice interview at ${viewport.width} px`, { include: ".voice-interview" });

    // Questions the sample leaves empty need no answer: "skip", said, passes each.
    let skipped = 0;
    for (let i = 0; i < 15 && (await questionOf(page).textContent()) !== "How many shareholders?"; i++) {
      const asked = (await questionOf(page).textContent()) ?? "";
      await speak(page, "skip", viewport.phone);
      await slowExpect(questionOf(page)).not.toHaveText(asked);
      skipped++;
    }
    await expect(questionOf(page)).toHaveText("How many shareholders?");

    // The loop: "one" shareholder, heard through the microphone, expands into its questions.
    await speak(page, "one", viewport.phone);
    await slowExpect(questionOf(page)).toHaveText(`${ENTRY}Shareholder's full name (or company name)`);
    const heard = (await speech(page)).recognitions.at(-1);
    expect(heard).toEqual({ lang: "en-US", continuous: true, maxAlternatives: 3 });
    await expect(modal.getByText(viewport.phone ? "Press to speak" : "Tab to speak")).toBeVisible();

    // Typed answers with Allow Input, by keyboard: the text area, Tab to Submit, Enter.
    await modal.getByRole("switch", { name: "Allow Input" }).click();
    const typeAnswer = async (text: string, next: string) => {
      const box = modal.getByRole("textbox", { name: "Your answer" });
      await box.fill(text);
      await box.press("Tab");
      await expect(modal.getByRole("button", { name: "Submit" })).toBeFocused();
      await page.keyboard.press("Enter");
      await slowExpect(questionOf(page)).toHaveText(next);
    };
    await typeAnswer("Tamsin Jane Rowe", `${ENTRY}Class of shares`);
    await typeAnswer("Ordinary", `${ENTRY}Number of shares`);
    await speak(page, "fifty", viewport.phone);
    await slowExpect(questionOf(page)).toHaveText(`${ENTRY}Amount paid per share (AUD)`);
    await typeAnswer("one", `${ENTRY}Does the shareholder hold the shares beneficially (for itself)?`);
    await speak(page, "yeah", viewport.phone);
    await slowExpect(questionOf(page)).toHaveText("Financial year ends on");

    // Replay reads the question again.
    const before = (await speech(page)).spoken.length;
    await modal.getByRole("button", { name: "Replay the question" }).click();
    await expect.poll(async () => (await speech(page)).spoken.length).toBe(before + 1);
    expect(await lastSpoken(page)).toContain("Financial year ends on");

    // An answer outside the list is refused, said, and the same question asked again with its choices.
    await speak(page, "the fourth of July", viewport.phone);
    await expect(modal.getByRole("status")).toContainText("is not one of the choices");
    await expect(questionOf(page)).toHaveText("Financial year ends on");
    await expect.poll(() => lastSpoken(page)).toContain("30 June, 31 December, 31 March");

    // The logs: numbered question and answer pairs, in a dialog of its own.
    await modal.getByRole("button", { name: "Logs" }).click();
    const logs = page.getByRole("dialog", { name: "Voice Interview Logs" });
    const pairs = logs.getByRole("listitem");
    await expect(pairs).toHaveCount(skipped + 6);
    await expect(pairs.nth(skipped)).toContainText("How many shareholders?");
    await expect(pairs.nth(skipped)).toContainText("1");
    await expect(pairs.nth(skipped + 5)).toContainText("Yes");
    await expectAccessible(page, `voice interview logs at ${viewport.width} px`, {
      include: ".ant-modal-wrap",
    });
    await page.keyboard.press("Escape");
    await expect(logs).toBeHidden();

    // An is_qaction question (spec §4 step 4): Yes adds e-signing (SignFS) to the page's actions.
    await speak(page, "30 June", viewport.phone);
    await slowExpect(questionOf(page)).toHaveText(
      "Send the minutes to the chair for e-signing once they are assembled?",
    );
    await expect(page).toHaveURL(/actions=XD_Assemble(%2C|,)XD_Download(&|$)/);

    // The last answer finishes: saved with the page's token, and the page reloads without
    // interviewAI, its actions now with SignFS.
    await speak(page, "yes", viewport.phone);
    await slowExpect(page).not.toHaveURL(/interviewAI/);
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/actions=XD_Assemble(%2C|,)XD_Download(%2C|,)SignFS(&|$)/);
    const saved = await savedAnswers(page, doc.teamId, doc.id);
    expect(saved.financial_year_end).toBe("30 June");
    expect(saved.send_for_signing).toBe("Yes");
    expect(saved.shareholders).toEqual([
      { name: "Tamsin Jane Rowe", share_class: "Ordinary", number: 50, price: 1, beneficial: "Yes" },
    ]);
    await slowExpect(page.getByLabel("Shareholder's full name (or company name)").first()).toHaveValue(
      "Tamsin Jane Rowe",
    );
  });
}

test("Back removes interviewAI and ends the session unsaved; no browser speech offers typing", async ({
  page,
}) => {
  // A browser without speech: Chromium's own recognition and synthesis taken away.
  await page.addInitScript(() => {
    for (const name of [
      "SpeechRecognition",
      "webkitSpeechRecognition",
      "speechSynthesis",
      "SpeechSynthesisUtterance",
    ])
      Object.defineProperty(window, name, { value: undefined, configurable: true });
  });
  await signIn(page, OWNER, "/my-account/my-document");
  const doc = await startDocumentByApi(page, FIRST_MINUTES);
  await page.goto(
    `/my-account/my-document/template?docId=${doc.id}&templateIdentifier=${FIRST_MINUTES.identifier}&interviewAI=true`,
  );
  const modal = modalOf(page);
  await slowExpect(questionOf(page)).toBeVisible();
  // The modal says so, and Allow Input is on.
  await expect(modal.getByText("This browser cannot listen or speak.")).toBeVisible();
  await expect(modal.getByRole("textbox", { name: "Your answer" })).toBeVisible();
  await modal.getByRole("button", { name: "Back" }).click();
  await expect(modal).toBeHidden();
  await expect(page).not.toHaveURL(/interviewAI/);
  expect(Object.keys((await savedAnswers(page, doc.teamId, doc.id)) ?? {})).toEqual([]);
});
