import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible, MEMBER, OWNER, signIn } from "./support";

/**
 * The assistant's usage totals (issue 32 item 8), summed by the server from the activity log: the
 * firm's on its owner's activity log and My Company's Assistant tab, a member's own on theirs, and
 * the activity log's period applied. A spoken chat message moves the figures on reload.
 */

type Usage = { scope: string; messages: number; audio_seconds: number };

async function teamIdOf(page: Page): Promise<number> {
  const reply = await page.request.get("/api/users/me");
  expect(reply.status()).toBe(200);
  const body = (await reply.json()) as { data: { teams: { id: number }[] } };
  const team = body.data.teams[0];
  if (!team) throw new Error("the demo user has no firm");
  return team.id;
}

async function usageOf(page: Page, teamId: number): Promise<Usage> {
  const reply = await page.request.get(`/api/ai/usage?id_team=${teamId}`);
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { data: Usage }).data;
}

/** A message to the assistant as the chat sends a spoken one (its seconds of speech counted). */
async function spokenMessage(page: Page, teamId: number, seconds: number) {
  const open = await page.request.post(`/api/ai/threads?id_team=${teamId}`, { data: {} });
  expect(open.status()).toBe(200);
  const threadId = ((await open.json()) as { data: { thread_id: string } }).data.thread_id;
  const sent = await page.request.post(`/api/ai/threads/${threadId}/messages?id_team=${teamId}`, {
    data: { text: "I need a confidentiality agreement", is_prompt: false, audio_seconds: seconds },
  });
  expect(sent.status()).toBe(200);
}

const usageSection = (page: Page, name: RegExp) => page.getByRole("region", { name });

/**
 * The count a usage list shows on its first item ("1,234 messages"), once it has loaded. The demo
 * firm is shared with the other assistant tests, which run beside this one, so the page's figure
 * is checked to lie between the totals read before and after it, never against one exact total.
 */
async function shownMessages(section: Locator): Promise<number> {
  const item = section.getByRole("listitem").first();
  await expect(item).toHaveText(/^[\d,]+ messages?$/);
  return Number(((await item.textContent()) ?? "").replace(/[^\d]/g, ""));
}

test("the owner reads the firm's assistant usage on the activity log, by period, and on My Company", async ({
  page,
}) => {
  await signIn(page, OWNER, "/my-account/activity-log");
  const teamId = await teamIdOf(page);
  const before = await usageOf(page, teamId);
  expect(before.scope).toBe("firm");
  await spokenMessage(page, teamId, 9);
  const after = await usageOf(page, teamId);
  // At least the one message and its 9 seconds: other tests may speak to the firm's assistant too.
  expect(after.messages).toBeGreaterThanOrEqual(before.messages + 1);
  expect(after.audio_seconds).toBeGreaterThanOrEqual(before.audio_seconds + 9);

  await page.reload();
  const section = usageSection(page, /^The firm's use of the assistant$/);
  await expect(section).toBeVisible();
  const shown = await shownMessages(section);
  const latest = await usageOf(page, teamId);
  expect(shown).toBeGreaterThanOrEqual(after.messages);
  expect(shown).toBeLessThanOrEqual(latest.messages);
  const audio = section.getByRole("listitem").filter({ hasText: /audio seconds?$/ });
  await expect(audio).toHaveText(/^[\d,]+ audio seconds?$/);
  const seconds = Number(((await audio.textContent()) ?? "").replace(/[^\d]/g, ""));
  expect(seconds).toBeGreaterThanOrEqual(after.audio_seconds);
  expect(seconds).toBeLessThanOrEqual(latest.audio_seconds);
  await expectAccessible(page, "activity log with the assistant's usage");

  // A period with no use: the figures follow the log's own period, typed and entered.
  await page.getByPlaceholder("From").click();
  await page.getByPlaceholder("From").fill("01/01/2001");
  await page.getByPlaceholder("From").press("Enter");
  await page.getByPlaceholder("To").fill("31/01/2001");
  await page.getByPlaceholder("To").press("Enter");
  const period = usageSection(page, /^The firm's use of the assistant in this period$/);
  await expect(period).toBeVisible();
  await expect(period.getByRole("listitem").first()).toHaveText("0 messages");

  // My Company's Assistant tab: the same total, all time.
  await page.goto("/my-account/my-company?tab=assistant");
  const tab = usageSection(page, /^The firm's use of the assistant$/);
  const onTab = await shownMessages(tab);
  expect(onTab).toBeGreaterThanOrEqual(after.messages);
  expect(onTab).toBeLessThanOrEqual((await usageOf(page, teamId)).messages);
  await expectAccessible(page, "My Company's Assistant tab with the assistant's usage");
});

test("a member reads only their own use", async ({ page }) => {
  await signIn(page, MEMBER, "/my-account/activity-log");
  const teamId = await teamIdOf(page);
  const own = await usageOf(page, teamId);
  expect(own.scope).toBe("own");
  const section = usageSection(page, /^Your use of the assistant$/);
  const shown = await shownMessages(section);
  expect(shown).toBeGreaterThanOrEqual(own.messages);
  expect(shown).toBeLessThanOrEqual((await usageOf(page, teamId)).messages);
  await expect(usageSection(page, /firm's use/)).toHaveCount(0);
});
