import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  expectInterviewShown,
  INTERVIEW_SPEC_TIMEOUT_MS,
  slowExpect,
  startDocumentByApi,
} from "./interview-support";
import { expectAccessible, OWNER, signIn } from "./support";

/**
 * The assistant's sales mode in the chat panel (interview spec, "AI assistant (chat and voice)":
 * a sales mode promoting the training courses and the Successor Director offer), chosen in the
 * panel by keyboard, answering from the settings' prices with links to where a person buys; and
 * the panel opening by itself on an interview page reached from the chat (chatBoxSession).
 */
// Each test answers several messages on a server shared by the other specs: the interview specs' time.
test.describe.configure({ mode: "serial", timeout: INTERVIEW_SPEC_TIMEOUT_MS });

const launcherOf = (page: Page) => page.getByRole("button", { name: "Assistant", exact: true });
const panelOf = (page: Page) => page.getByRole("dialog", { name: "Assistant" });
const replies = (panel: Locator) => panel.getByRole("log").locator(".assistant-message--assistant");
const messageBox = (panel: Locator) => panel.getByRole("textbox", { name: "Message to the assistant" });

for (const viewport of [
  { label: "laptop", width: 1366, height: 900 },
  { label: "phone", width: 375, height: 812 },
] as const) {
  test(`${viewport.label} (${viewport.width} px): the sales mode, chosen by keyboard, answers with the courses, the offer and where to buy`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, OWNER, "/my-account/my-company");
    await launcherOf(page).click();
    const panel = panelOf(page);
    await expect(panel).toBeVisible();
    await slowExpect(replies(panel).first()).toBeVisible();

    // The mode by keyboard: Tab from the message box back to the mode, arrow to the other one.
    const modes = panel.getByRole("radiogroup", { name: "Chat mode" });
    await expect(modes.getByRole("radio", { name: "Assistant" })).toBeChecked();
    const sales = modes.getByRole("radio", { name: "Courses & offers" });
    await sales.focus();
    await page.keyboard.press("Space");
    await expect(sales).toBeChecked();
    await slowExpect(replies(panel)).toHaveCount(1);
    await expect(replies(panel).first()).toContainText("training courses for advisers ($1,795 to $2,495)");
    await expect(replies(panel).first()).toContainText("the Successor Director offer ($750 per company)");
    await expectAccessible(page, `sales mode at ${viewport.width} px`, { include: ".assistant-panel" });

    await messageBox(panel).fill("What courses do you run?");
    await messageBox(panel).press("Enter");
    await slowExpect(replies(panel)).toHaveCount(2);
    const courses = replies(panel).last();
    await expect(courses).toContainText("Estate Planning for Advisers: $1,795");
    await expect(courses).toContainText("Business Structures and Succession: $2,495");
    const enrol = courses.getByRole("link", {
      name: "https://www.precedent.com.au/training/estate-planning (opens in a new tab)",
    });
    await expect(enrol).toHaveAttribute("target", "_blank");

    // A suggested reply by keyboard: the offer, and the chat sells nothing.
    const offerChip = panel.getByRole("button", { name: "What is the Successor Director offer?" });
    await offerChip.focus();
    await page.keyboard.press("Enter");
    await slowExpect(replies(panel)).toHaveCount(3);
    await expect(replies(panel).last()).toContainText("Successor Director: $750 per company");
    await messageBox(panel).fill("Can I pay for it here?");
    await messageBox(panel).press("Enter");
    await slowExpect(replies(panel)).toHaveCount(4);
    await expect(replies(panel).last()).toContainText("I cannot take payments or enrolments in the chat");
    await expectAccessible(page, `sales answers at ${viewport.width} px`, { include: ".assistant-panel" });

    // Back to the assistant: a new conversation about documents.
    const assistant = modes.getByRole("radio", { name: "Assistant" });
    await assistant.focus();
    await page.keyboard.press("Space");
    await expect(assistant).toBeChecked();
    await slowExpect(replies(panel)).toHaveCount(1);
    await expect(replies(panel).first()).not.toContainText("$1,795");
  });
}

test("the interview page opens the panel by itself when the person came from the chat (chatBoxSession)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, OWNER, "/my-account/my-company");
  const doc = await startDocumentByApi(page);
  const created = await page.request.post(`/api/ai/threads?id_team=${doc.teamId}`, {
    data: { doc_id: doc.id },
  });
  expect(created.status()).toBe(200);
  const threadId = ((await created.json()) as { data: { thread_id: string } }).data.thread_id;

  // Without the parameter the panel stays closed.
  await page.goto(`/my-account/my-document/template?docId=${doc.id}&tab=my-document`);
  await expectInterviewShown(page, doc);
  await expect(panelOf(page)).toBeHidden();

  await page.goto(
    `/my-account/my-document/template?docId=${doc.id}&tab=my-document&chatBoxSession=${threadId}`,
  );
  await expectInterviewShown(page, doc);
  const panel = panelOf(page);
  await slowExpect(panel).toBeVisible();
  await expect(launcherOf(page)).toHaveAttribute("aria-expanded", "true");
  await slowExpect(replies(panel).first()).toBeVisible();
  // The conversation it names, beside the interview at the spec's 350 × 500.
  const box = await panel.boundingBox();
  expect(box?.width).toBe(350);
  expect(box?.height).toBe(500);
  await expectAccessible(page, "interview with the panel opened from the chat", {
    include: ".assistant-panel",
  });
});
