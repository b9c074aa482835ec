import { expect, type Page, test } from "@playwright/test";
import { openCatalogue, openPreview } from "./catalogue-support";
import {
  createDraftByApi,
  createFolderByApi,
  DOCUMENT_SPEC_TIMEOUT_MS,
  documentAction,
  openDocuments,
  renameDocumentByApi,
  uniqueName,
} from "./documents-support";
import { sampleAnswers, startDocumentByApi } from "./interview-support";
import {
  DEMO_FIRM,
  type DemoUser,
  expectAccessible,
  loginUrl,
  MEMBER,
  OWNER,
  STRATEGIST_OWNER,
  signIn,
} from "./support";

/** The demo's Lite firm whose owner has not yet seen the Lite plan's intro video. */
const LITE_OWNER: DemoUser = {
  email: "owner@lite.test",
  name: "Lara Lite",
  firm: "Lite Start Pty Ltd",
  role: "Owner",
};
const ANNOUNCEMENT = /Document Logs now list every assembly and download/;
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 740 };
const TEN_HOURS_MS = 10 * 3_600_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** 'hh:mm a - DD MMM YYYY' at UTC+10, worked out without the app's code. */
function atUtc10(iso: string) {
  const t = new Date(new Date(iso).getTime() + TEN_HOURS_MS);
  const hours = t.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(hour12)}:${pad(t.getUTCMinutes())} ${hours < 12 ? "am" : "pm"} - ${pad(t.getUTCDate())} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}`;
}

const marker = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "lydLogged");

/** Opens a page and waits for the announcement call the bootstrap makes, so an absent toast means hidden. */
async function gotoAndFetchAnnouncement(page: Page, path: string) {
  const fetched = page.waitForResponse((r) => r.url().includes("/api/announcement/active"));
  await page.goto(path);
  expect((await fetched).status()).toBe(200);
}

/** A screenshot in this run's output folder, to look at the screen at each width. */
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${page.viewportSize()?.width}.png`) });

test.describe("session and page bootstrap", () => {
  // Three sign-ins in the Lite video test; on a busy machine each takes seconds.
  test.describe.configure({ timeout: 90_000 });
  test("the announcement toast shows, and stays hidden across reloads once dismissed", async ({ page }) => {
    await page.setViewportSize(WIDE);
    await signIn(page, MEMBER, undefined, { keepAnnouncement: true });
    expect((await marker(page))?.value).toBe("1");
    const toast = page.locator(".announcement-toast");
    await expect(toast.getByText(ANNOUNCEMENT)).toBeVisible();
    await expect(toast.getByRole("link", { name: "Read more" })).toHaveAttribute(
      "href",
      "/my-account/my-document",
    );
    await expectAccessible(page, "announcement toast", { include: ".announcement-toast" });

    // A dialog opened while it is up lies over it: the toast takes no click meant for the dialog.
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Sign out", exact: true });
    await expect(dialog).toBeVisible();
    const box = await toast.boundingBox();
    if (!box) throw new Error("the announcement toast has no box");
    const topmostIsToast = await page.evaluate(
      ([x, y]) => Boolean(document.elementFromPoint(x, y)?.closest(".announcement-toast")),
      [box.x + box.width / 2, box.y + box.height / 2] as const,
    );
    expect(topmostIsToast, "the toast lies over the open dialog").toBe(false);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // Not dismissed: the next page load shows it again.
    await gotoAndFetchAnnouncement(page, "/my-account/my-company");
    await expect(toast.getByText(ANNOUNCEMENT)).toBeVisible();
    await toast.getByRole("button", { name: /close/i }).click();
    await expect(toast).toHaveCount(0);

    await gotoAndFetchAnnouncement(page, "/my-account/my-company");
    await expect(page.getByRole("heading", { name: "My Company", level: 1 })).toBeVisible();
    await expect(page.getByText(ANNOUNCEMENT)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: "My Company", level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByText(ANNOUNCEMENT)).toHaveCount(0);
  });

  test("on a phone the announcement toast lies clear of the floating buttons", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, MEMBER, undefined, { keepAnnouncement: true });
    await page.goto("/my-account/my-document");
    const toast = page.locator(".announcement-toast");
    await expect(toast.getByText(ANNOUNCEMENT)).toBeVisible();
    const create = page.getByRole("button", { name: "Create New" }).last();
    await expect(create).toBeVisible();
    const [a, b] = [await toast.boundingBox(), await create.boundingBox()];
    if (!a || !b) throw new Error("no box for the toast or the floating button");
    // The floating buttons lie above the toast (they must stay usable), so the toast must end
    // above them rather than have its last lines covered.
    expect(a.y + a.height, "the toast's bottom edge above the floating buttons").toBeLessThanOrEqual(b.y);
    await shoot(page, "announcement-phone");
  });

  test("with the marker but an ended session, the page signs out and removes the marker", async ({
    page,
  }) => {
    await signIn(page, OWNER);
    const kept = await marker(page);
    if (!kept) throw new Error("no lydLogged cookie after sign-in");
    // Sign out behind the page's back, then put the marker back as a stale one would be.
    expect((await page.request.get("/api/logout")).status()).toBe(200);
    expect(await marker(page)).toBeUndefined();
    await page.context().addCookies([{ ...kept, expires: Math.floor(Date.now() / 1000) + 600 }]);
    await page.goto("/my-account/my-company");
    await expect(page).toHaveURL(loginUrl);
    expect(await marker(page)).toBeUndefined();
  });

  test("the Lite video intro: closing hides it in this browser, 'Do not display again' everywhere", async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(WIDE);
    await signIn(page, LITE_OWNER);
    const intro = page.getByRole("dialog", { name: "Welcome to Precedent Lite" });
    await expect(intro).toBeVisible();
    // The product's own tour plays in the page, with its captions (a real file, not a poster).
    const video = intro.locator("video");
    await expect(video).toBeVisible();
    await expect(video.locator('track[kind="captions"]')).toHaveAttribute(
      "src",
      "/media/lite-plan-intro.vtt",
    );
    const played = await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const track = element.textTracks[0];
      return { duration: element.duration, time: element.currentTime, cues: track?.cues?.length ?? 0 };
    });
    expect(played.duration).toBeGreaterThan(5);
    expect(played.time).toBeGreaterThan(0);
    expect(played.cues).toBe(4);
    const captions = await page.request.get("/media/lite-plan-intro.vtt");
    expect(captions.status()).toBe(200);
    expect(await captions.text()).toContain("1. Find a template");
    await expectAccessible(page, "Lite video intro", { include: ".ant-modal" });
    await shoot(page, "lite-video");
    await page.setViewportSize(PHONE);
    await expectAccessible(page, "Lite video intro", { include: ".ant-modal" });
    await shoot(page, "lite-video");
    await page.setViewportSize(WIDE);
    await page.keyboard.press("Escape");
    await expect(intro).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("showVideoLite"))).toBe("false");
    await page.reload();
    await expect(page.getByRole("heading", { name: "My Company", level: 1 })).toBeVisible();
    await expect(intro).toHaveCount(0);

    // Another browser has no local flag: the intro shows until 'Do not display again'.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const second = await other.newPage();
      await signIn(second, LITE_OWNER);
      const again = second.getByRole("dialog", { name: "Welcome to Precedent Lite" });
      await expect(again).toBeVisible();
      const recorded = second.waitForResponse((r) => r.url().includes("/api/user/set-hide-lite-video"));
      await again.getByRole("button", { name: "Do not display again" }).click();
      expect((await recorded).status()).toBe(200);
      await expect(again).toBeHidden();
    } finally {
      await other.close();
    }
    const third = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const fresh = await third.newPage();
      const asked = fresh.waitForResponse((r) => r.url().includes("/api/user/lite-video"));
      await signIn(fresh, LITE_OWNER);
      expect(((await (await asked).json()) as { data: { show_video: boolean } }).data.show_video).toBe(false);
      await expect(fresh.getByRole("dialog", { name: "Welcome to Precedent Lite" })).toHaveCount(0);
    } finally {
      await third.close();
    }
  });

  test("'Talk to Sales' shows the sales phone and e-mail from the settings", async ({ page }) => {
    await openCatalogue(page, OWNER);
    const preview = await openPreview(page, "Self Managed Superannuation Fund Trust Deed");
    await preview.getByRole("button", { name: "Upgrade" }).click();
    await page
      .getByRole("dialog", { name: "Strategist plan required" })
      .getByRole("button", { name: "Talk to Sales" })
      .click();
    const sales = page.getByRole("dialog", { name: "Talk to Sales" });
    await expect(sales.getByRole("link", { name: "1800 160 401" })).toHaveAttribute("href", "tel:1800160401");
    await expect(sales.getByRole("link", { name: "sales@precedent.com.au" })).toHaveAttribute(
      "href",
      /^mailto:sales@precedent\.com\.au\?subject=Upgrade/,
    );
    await expectAccessible(page, "Talk to Sales", { include: ".ant-modal" });
    await shoot(page, "talk-to-sales");
    await page.keyboard.press("Escape");
    await expect(sales).toBeHidden();
  });
});

const RENDER_LIMIT_WINDOW_MS = 61_000;

/** Starts a document and logs 15 assemblies refused for missing answers, then one that passes. */
async function logFifteenRefusalsThenAnAssembly(page: Page) {
  const doc = await startDocumentByApi(page);
  const scope = `id_team=${doc.teamId}`;
  const token = await page.request.get(`/api/get-action-token/${doc.id}?${scope}`);
  const { action_token } = ((await token.json()) as { data: { action_token: string } }).data;
  for (let i = 0; i < 15; i += 1) {
    const refused = await page.request.post(`/api/xpressdox/assemble/${doc.id}?${scope}`, {
      data: { action_token },
    });
    expect(refused.status()).toBe(400);
  }
  // Saved with the same token, so the assembly below still holds the document.
  const saved = await page.request.put(`/api/xpressdox/update-xml/${doc.id}?${scope}`, {
    data: { xml: await sampleAnswers("first-directors-minutes"), action_token },
  });
  expect(saved.status()).toBe(200);
  expect(((await saved.json()) as { data: { status: boolean } }).data.status).toBe(true);
  const assembled = await page.request.post(`/api/xpressdox/assemble/${doc.id}?${scope}`, {
    data: { action_token },
  });
  expect(assembled.status(), await assembled.text()).toBe(200);
  return doc;
}

test.describe("logs", () => {
  test.describe.configure({ timeout: DOCUMENT_SPEC_TIMEOUT_MS });

  test("Data Change Logs Record: detail with previous/next, times at UTC+10", async ({ page }) => {
    await page.setViewportSize(WIDE);
    await openDocuments(page, MEMBER);
    const folderId = await createFolderByApi(page, uniqueName("Bootstrap log folder"));
    const name = uniqueName("Logged lease");
    const docId = await createDraftByApi(page, name, folderId);
    await renameDocumentByApi(page, docId, `${name} v1`);
    await renameDocumentByApi(page, docId, `${name} v2`);
    const teamReply = await page.request.get("/api/users/me");
    const teamId = ((await teamReply.json()) as { data: { teams: { id: number }[] } }).data.teams[0]?.id;
    const newest = (
      (await (
        await page.request.get(`/api/log/log-changes?id_team=${teamId}&doc_id=${docId}&length=1`)
      ).json()) as {
        data: { rows: { created_at: string }[] };
      }
    ).data.rows[0]?.created_at;
    if (!newest) throw new Error("no change log");

    await page.goto(`/my-account/my-document?folderId=${folderId}`);
    await documentAction(page, `${name} v2`, "Data Change Logs Record");
    const log = page.getByRole("dialog", { name: "Data Change Logs Record" });
    const rows = log.getByRole("list", { name: "Changes" }).getByRole("listitem");
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText(atUtc10(newest));
    await expectAccessible(page, "change log", { include: ".ant-modal" });
    await page.setViewportSize(PHONE);
    await expectAccessible(page, "change log", { include: ".ant-modal" });
    await page.setViewportSize(WIDE);

    await rows.first().getByRole("button", { name: "View Detail" }).click();
    await expect(log.getByText("1 of 3")).toBeVisible();
    await expect(log.getByText(`${name} v1 → ${name} v2`, { exact: true })).toBeVisible();
    await log.getByRole("button", { name: "Next entry" }).click();
    await expect(log.getByText("2 of 3")).toBeVisible();
    await expect(log.getByText(`${name} → ${name} v1`, { exact: true })).toBeVisible();
    await log.getByRole("button", { name: "Previous entry" }).click();
    await expect(log.getByText("1 of 3")).toBeVisible();
    await expectAccessible(page, "change log detail", { include: ".ant-modal" });
    await log.getByRole("button", { name: "Back" }).click();
    await expect(rows).toHaveCount(3);
  });

  test("Document Logs: 15 at a time with Load more, the passed and failed filters, a detail; then the activity log", async ({
    page,
  }) => {
    if (test.info().retry > 0) {
      // A failed first try's 16 assemblies still count against the person's limit of 30 a minute.
      test.setTimeout(DOCUMENT_SPEC_TIMEOUT_MS + RENDER_LIMIT_WINDOW_MS);
      await page.waitForTimeout(RENDER_LIMIT_WINDOW_MS);
    }
    await page.setViewportSize(WIDE);
    await signIn(page, STRATEGIST_OWNER, "/my-account/my-document");
    const doc = await logFifteenRefusalsThenAnAssembly(page);

    await page.goto(`/my-account/my-document?folderId=${doc.folderId}`);
    await documentAction(page, doc.name, "Document Logs");
    const logs = page.getByRole("dialog", { name: "Document Logs" });
    const rows = logs.getByRole("list", { name: "Document log entries" }).getByRole("listitem");
    await expect(rows).toHaveCount(15);
    await expect(rows.first()).toContainText("Assemble document");
    await expect(rows.first()).toContainText("Passed");
    await expectAccessible(page, "document logs", { include: ".ant-modal" });
    await shoot(page, "document-logs");
    await page.setViewportSize(PHONE);
    await expectAccessible(page, "document logs", { include: ".ant-modal" });
    await shoot(page, "document-logs");
    await page.setViewportSize(WIDE);
    await logs.getByRole("button", { name: "Load more" }).click();
    await expect(rows).toHaveCount(16);
    await expect(logs.getByRole("button", { name: "Load more" })).toHaveCount(0);

    await logs.getByText("Total Data Passed (1)").click();
    await expect(rows).toHaveCount(1);
    await logs.getByText("Total Data Failed (15)").click();
    await expect(rows).toHaveCount(15);
    await expect(rows.first()).toContainText("Failed");
    await rows.first().getByRole("button", { name: "View Detail" }).click();
    for (const label of ["Action", "Status", "Request", "Response"]) {
      await expect(logs.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(logs.getByText("400", { exact: false }).first()).toBeVisible();
    await logs.getByRole("button", { name: "Back" }).click();
    // Back to Total: both pages loaded before are still there.
    await logs.getByText("Total (16)").click();
    await expect(rows).toHaveCount(16);
    await page.keyboard.press("Escape");
    await expect(logs).toBeHidden();

    // The firm's activity log, for its owner, shows the same actions, newest first. (One test:
    // two would pass the per-person limit of 30 assemblies a minute between them.)
    await page
      .getByRole("navigation", { name: "Account" })
      .getByRole("link", { name: "Activity Log" })
      .click();
    await expect(page.getByRole("heading", { name: "Activity Log", level: 1 })).toBeVisible();
    const activity = page.getByRole("list", { name: "Activity" }).getByRole("listitem");
    await expect(activity).toHaveCount(15);
    // Other tests act in this firm at the same time (its ASIC lodgements log their status checks),
    // so this document's entries need not be the newest; the newest of them is the assembly that
    // passed, after the refusals.
    const thisDocument = activity.filter({ hasText: `(Doc ID ${doc.id})` });
    await expect(thisDocument.first()).toContainText("Passed");
    await expect(thisDocument.nth(1)).toContainText("Failed");
    await expectAccessible(page, "activity log");
    await shoot(page, "activity-log");
    await page.setViewportSize(PHONE);
    await expectAccessible(page, "activity log");
    await shoot(page, "activity-log");
  });

  test("a member's activity log shows only their own", async ({ page }) => {
    await signIn(page, MEMBER, "/my-account/activity-log");
    await expect(page.getByRole("heading", { name: "Activity Log", level: 1 })).toBeVisible();
    await expect(page.getByText("Your own activity")).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Updated by" })).toHaveCount(0);
    await expect(page.getByText(DEMO_FIRM).first()).toBeVisible();
  });
});
