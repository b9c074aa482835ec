import { expect, type Page, test } from "@playwright/test";
import { teamIdOf } from "./documents-support";
import { connectByApi } from "./integrations-support";
import {
  openInterview,
  sampleAnswers,
  saveAnswersByApi,
  savedAnswers,
  slowExpect,
  startDocumentByApi,
} from "./interview-support";
import { expectAccessible, OWNER, STRATEGIST_OWNER, signIn } from "./support";

const SHOTS = "/tmp/shots-integrations";
const SF360_VALIDATED_TEXT =
  "The data validation has been completed. Please check the log for more information and review carefully before assembling the document because you cannot edit and resubmit again on SF 360.";
const PAGE = "/my-account/my-integration";

test.describe("integrations", () => {
  test.describe.configure({ timeout: 120_000 });

  test("connects the sandbox Xero through its consent popup, then disconnects", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, OWNER, PAGE);
    await expect(page.getByRole("heading", { level: 1, name: "My Integrations" })).toBeVisible();
    for (const group of [
      "Accounting and practice management",
      "E-signing",
      "CRM",
      "Company and fund administration",
    ])
      await expect(page.getByRole("heading", { level: 2, name: group })).toBeVisible();
    await expectAccessible(page, "integrations page");
    await page.screenshot({ path: `${SHOTS}/page-1366.png` });

    // Keyboard: the card is a button; Enter opens the detail modal and puts the app in the address.
    await page.getByRole("button", { name: /^Xero\b/ }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]app=Xero/);
    const modal = page.getByRole("dialog", { name: "Xero" });
    await expect(modal.getByRole("tab", { name: "Overview" })).toBeVisible();
    await modal.getByRole("tab", { name: "Integration key features" }).click();
    await expect(modal.getByText("Import clients and contacts")).toBeVisible();
    await expectAccessible(page, "integration detail modal", { include: ".ant-modal" });
    await page.screenshot({ path: `${SHOTS}/modal-1366.png` });

    const popupOpened = page.waitForEvent("popup");
    await modal.getByRole("button", { name: "Connect" }).click();
    const popup = await popupOpened;
    await expect(popup).toHaveURL(/\/sandbox\/oauth\/xero\/authorize\?/);
    await expect(
      popup.getByRole("heading", { name: /Allow Precedent to use your Xero sandbox account/ }),
    ).toBeVisible();
    await popup.screenshot({ path: `${SHOTS}/consent-500.png` });
    await popup.getByRole("button", { name: "Allow" }).click();
    // Back on our page inside the popup: the code is exchanged and the popup closes itself.
    await popup.waitForEvent("close", { timeout: 30_000 });
    // The opener says so (the popup's own message used to close with it).
    await expect(page.getByText("Successfully connected to your Xero account.")).toBeVisible();

    await expect(modal.getByText("Connected")).toBeVisible({ timeout: 15_000 });
    await expect(modal.getByText("Organisation: Harbour Practice (sandbox)")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/connected-1366.png` });

    // Disconnect asks first; Escape keeps the connection, the keyboard confirms.
    await modal.getByRole("button", { name: "Disconnect" }).click();
    const confirm = page.getByRole("dialog", { name: "Disconnect Xero?" });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, "disconnect confirmation", { include: ".ant-modal-confirm" });
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(modal.getByText("Connected")).toBeVisible();
    await modal.getByRole("button", { name: "Disconnect" }).click();
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Disconnect" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Disconnected successfully")).toBeVisible();
    await expect(modal.getByRole("button", { name: "Connect", exact: true })).toBeVisible();
    await expect(modal.getByText("Connected")).toHaveCount(0);
  });

  test("denying consent closes the popup and says so in the page that opened it", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, OWNER, PAGE);
    // Not connected to begin with, whatever an earlier test left.
    await page.request.get(`/api/xero/auth/disconnect?id_team=${await teamIdOf(page)}`);
    await page.goto(`${PAGE}?app=Xero`);
    const modal = page.getByRole("dialog", { name: "Xero" });
    const popupOpened = page.waitForEvent("popup");
    await modal.getByRole("button", { name: "Connect" }).click();
    const popup = await popupOpened;
    await popup.getByRole("button", { name: "Deny" }).click();
    await popup.waitForEvent("close", { timeout: 30_000 });
    await expect(
      page.getByText("You did not allow Precedent to use your Xero account, so it is not connected."),
    ).toBeVisible();
    await expect(modal.getByRole("button", { name: "Connect" })).toBeVisible();
  });

  for (const width of [1366, 375])
    test(`the search box filters the apps after its pause, by keyboard, with axe at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, OWNER, PAGE);
      const search = page.getByRole("searchbox", { name: "Search integrations" });
      await expect(search).toBeVisible();
      await expect(page.getByRole("button", { name: /^Xero\b/ })).toBeVisible();
      await search.focus();
      await page.keyboard.type("  fuse ");
      // Matched after the 1 s pause, trimmed and case-insensitive: only FuseSign, its group alone.
      await expect(page.getByRole("button", { name: /^Xero\b/ })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /^FuseSign\b/ })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "E-signing" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "CRM" })).toHaveCount(0);
      await expectAccessible(page, `integrations search at ${width} px`);
      // The filtered card still opens by keyboard.
      await page.getByRole("button", { name: /^FuseSign\b/ }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("dialog", { name: "FuseSign" })).toBeVisible();
      await page.keyboard.press("Escape");
      await search.fill("no such app");
      await expect(page.getByText('No integrations match "no such app".')).toBeVisible();
      await search.fill("");
      await expect(page.getByRole("button", { name: /^Xero\b/ })).toBeVisible();
    });

  test("the {appName} route redirects with app set, and a refused code shows the failure message", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, OWNER, PAGE);
    await page.goto("/my-account/my-integration/xero?code=not-a-real-code&state=forged");
    await expect(page).toHaveURL(/\/my-account\/my-integration\?.*app=Xero/);
    await expect(page.getByText("Fail to connect your Xero account! Please try again!")).toBeVisible();
    await expect(page).not.toHaveURL(/code=/);
    await expect(page.getByRole("dialog", { name: "Xero" })).toBeVisible();
    await expectAccessible(page, "integrations page at 375 px");
    await page.screenshot({ path: `${SHOTS}/page-375.png`, fullPage: true });
  });

  test("imports a sandbox company into an interview and assembles it with the imported officers", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, OWNER, PAGE);
    const doc = await startDocumentByApi(page);
    await connectByApi(page, doc.teamId, "xero");
    // Everything answered but the company, which comes from Xero.
    const { company: _company, ...rest } = await sampleAnswers("first-directors-minutes");
    await saveAnswersByApi(page, doc, rest);

    await openInterview(page, doc);
    await page.getByRole("button", { name: "Import Client" }).click();
    const picker = page.getByRole("dialog", { name: "Import Client" });
    await picker.getByRole("combobox", { name: "Contact type" }).click();
    await page.locator('.ant-select-item-option[title="Company"]').click();
    const firstCompany = picker.locator(".integration-client-list__pick").first();
    await slowExpect(firstCompany).toBeVisible();
    const companyName = ((await firstCompany.locator("span").first().textContent()) ?? "").trim();
    await expectAccessible(page, "import client list", { include: ".ant-modal" });
    await picker.getByRole("button", { name: `View detail of ${companyName}` }).click();
    await expect(picker.getByRole("tab", { name: "General Infomation" })).toBeVisible();
    await picker.getByRole("tab", { name: "Contacts" }).click();
    await expect(picker.getByText(/— Director \(appointed/).first()).toBeVisible();
    const directors = (await picker.getByText(/— Director \(appointed/).allTextContents()).map((t) =>
      t.split(" — ")[0]?.trim(),
    );
    await picker.getByRole("tab", { name: "Relationships" }).click();
    await page.screenshot({ path: `${SHOTS}/import-detail-1366.png` });
    await picker.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByText("Data imported successfully.")).toBeVisible();

    // Saved with the interview's own token, then assembled from exactly those answers.
    const toolbar = page.getByRole("toolbar", { name: "Interview actions" });
    await slowExpect(toolbar.getByText(/^Saved at/)).toBeVisible();
    const company = (await savedAnswers(page, doc.teamId, doc.id)).company as {
      name: string;
      acn: string;
      sole_director_name?: string;
      directors?: { name: string }[];
    };
    expect(companyName).toContain(company.name);
    expect(company.acn).toMatch(/^\d{3} \d{3} \d{3}$/);
    expect(company.directors?.map((d) => d.name) ?? [company.sole_director_name]).toEqual(directors);

    // Reset Address: a changed street goes back to the imported one, after a confirmation.
    const street = page.locator("#answer-company-street");
    const importedStreet = await street.inputValue();
    expect(importedStreet).not.toBe("");
    await street.fill("99 Changed Street");
    await page.getByRole("button", { name: "Reset Address" }).click();
    const resetConfirm = page.locator(".ant-modal-confirm");
    await expect(resetConfirm).toContainText("The address you changed will be replaced");
    await expectAccessible(page, "reset address confirmation", { include: ".ant-modal-confirm" });
    await resetConfirm.getByRole("button", { name: "Reset Address" }).click();
    await expect(street).toHaveValue(importedStreet);

    // The chair must be one of the imported company's directors (s248E): the first of them chairs.
    const saved = await savedAnswers(page, doc.teamId, doc.id);
    const { middle_name: _middle, ...chair } = saved.chair as Record<string, unknown>;
    const [givenName, ...familyNames] = (directors[0] ?? "").split(" ");
    await saveAnswersByApi(page, doc, {
      ...saved,
      chair: { ...chair, first_name: givenName, last_name: familyNames.join(" ") },
    });
    await openInterview(page, doc);
    await toolbar.getByRole("button", { name: "Assemble" }).click();
    await slowExpect(page).toHaveURL(/download_id/);
    await page.screenshot({ path: `${SHOTS}/import-assembled-1366.png` });

    // Sync back: the assembled PDF to the same client, queued for the job.
    await page
      .getByRole("dialog", { name: "Assemble Results" })
      .getByRole("button", { name: "Continue" })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).first().click();
    await page.getByRole("button", { name: "Sync Document" }).click();
    const sync = page.getByRole("dialog", { name: "Sync Document" });
    await sync.getByRole("textbox", { name: "Description" }).fill("First directors' minutes");
    await sync.getByRole("searchbox", { name: "Search client name" }).fill(companyName);
    await sync.getByRole("radio", { name: companyName }).first().check();
    await sync.getByRole("button", { name: "Sync" }).click();
    await expect(page.getByText("Queued for Xero. The Document Logs show when it is sent.")).toBeVisible();
  });

  test("a completed document's menu offers Sync Document while Xero is connected, by keyboard", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const name = "Unit Trust Deed – Bayside Property Trust";
    const listed = `/my-account/my-document?search=${encodeURIComponent("Bayside Property Trust")}`;
    await signIn(page, OWNER, PAGE);
    const teamId = await teamIdOf(page);
    // An earlier test of this file leaves Xero connected: start from no connection.
    await page.request.get(`/api/xero/auth/disconnect?id_team=${teamId}`);
    await page.goto(listed);
    const actions = page.getByRole("button", { name: `Actions for ${name}`, exact: true });
    await expect(actions).toBeVisible({ timeout: 30_000 });
    await actions.click();
    await expect(page.getByRole("menuitem", { name: "Download PDF" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Sync Document" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    await connectByApi(page, teamId, "xero");
    try {
      await page.reload();
      await actions.focus();
      await page.keyboard.press("Enter");
      const sync = page.getByRole("menuitem", { name: "Sync Document" });
      await expect(sync).toBeVisible();
      await sync.click();
      const dialog = page.getByRole("dialog", { name: "Sync Document" });
      await expect(dialog.getByRole("combobox", { name: "Destination" })).toBeVisible();
      await expect(dialog.getByText("Xero")).toBeVisible();
      await expectAccessible(page, "sync document dialog from the list", { include: ".ant-modal" });
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      // The document's detail panel offers it too, by the same rule.
      await page.getByRole("button", { name, exact: true }).click();
      const panel = page.getByRole("dialog", { name: new RegExp(`^Doc ID \\d+ - ${name}$`) });
      const panelSync = panel.getByRole("button", { name: "Sync Document" });
      await panelSync.focus();
      await page.keyboard.press("Enter");
      await expect(dialog.getByRole("combobox", { name: "Destination" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    } finally {
      const ended = await page.request.get(`/api/xero/auth/disconnect?id_team=${teamId}`);
      expect(ended.status()).toBe(200);
    }
  });

  test("the header's accounting organisation dropdown changes organisation after the confirmation, by keyboard", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, OWNER, PAGE);
    const teamId = await teamIdOf(page);
    await connectByApi(page, teamId, "xero");
    await page.reload();
    const header = page.getByRole("banner");
    const switcher = header.getByRole("combobox", { name: "Accounting organisation" });
    await expect(switcher).toBeVisible({ timeout: 15_000 });
    await expect(header.getByTitle("Harbour Practice (sandbox)")).toBeVisible();

    // Choosing another organisation asks first; Escape leaves things as they were.
    const choose = async (name: string) => {
      await switcher.focus();
      await page.keyboard.press("ArrowDown");
      await expect(page.locator(`.ant-select-item-option[title="${name}"]`)).toBeVisible();
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
    };
    await choose("Coastal Advisory (sandbox)");
    const confirm = page.getByRole("dialog", { name: "Change Organisation" });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Go to My Integrations" })).toBeVisible();
    await expectAccessible(page, "change organisation confirmation", { include: ".ant-modal" });
    await page.screenshot({ path: `${SHOTS}/change-organisation-1366.png` });
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(header.getByTitle("Harbour Practice (sandbox)")).toBeVisible();

    await choose("Coastal Advisory (sandbox)");
    await confirm.getByRole("button", { name: "Change Organisation" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Organisation changed to Coastal Advisory (sandbox).")).toBeVisible();
    await expect(header.getByTitle("Coastal Advisory (sandbox)")).toBeVisible();
    // The client lists now read the chosen organisation.
    const clients = await page.request.get(`/api/integrations/xero/clients?id_team=${teamId}&type=Company`);
    const ids = ((await clients.json()) as { data: { id: string }[] }).data.map((c) => c.id);
    expect(ids.every((id) => id.startsWith("xero-coastal-"))).toBe(true);
    await expectAccessible(page, "header with the accounting organisation");

    const ended = await page.request.get(`/api/xero/auth/disconnect?id_team=${teamId}`);
    expect(ended.status()).toBe(200);
  });

  test("validates a selected SMSF's contacts with the sandbox Simple Fund 360 from the top bar, and notes on assembling that the fund is already there", async ({
    page,
  }) => {
    const doc = await smsfDeedWithChosenFund(page);
    await openInterview(page, doc);
    const toolbar = page.getByRole("toolbar", { name: "Interview actions" });
    // Spec §2: a Simple Fund 360 action of the top bar; Select Fund stays with the floating buttons.
    const floating = page.getByRole("navigation", { name: "Practice software" });
    await expect(floating.getByRole("button", { name: "Select Fund" })).toBeVisible();
    await expect(floating.getByRole("button", { name: "Validate with Simple Fund 360" })).toHaveCount(0);
    const validate = toolbar.getByRole("button", { name: "Validate with Simple Fund 360" });
    await expect(validate).toBeVisible();
    // Keyboard: Tab from Back to list reaches it, Enter validates.
    await toolbar.getByRole("button", { name: "Back to list" }).focus();
    await page.keyboard.press("Tab");
    await expect(validate).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText(SF360_VALIDATED_TEXT)).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, "interview with the Simple Fund 360 actions");
    // The bar stays one row at 1366 px with the action and a saved time in it.
    await toolbar.getByRole("button", { name: "Save" }).click();
    await expect(toolbar.getByRole("status")).toContainText("Saved at");
    const top = async (name: string) => (await toolbar.getByRole("button", { name }).boundingBox())?.y;
    expect(await top("Assemble")).toBe(await top("Back to list"));
    await page.screenshot({ path: `${SHOTS}/sf360-validated-1366.png` });

    // The sandbox already holds this fund: assembling says later changes will not reach SF 360.
    await toolbar.getByRole("button", { name: "Assemble" }).click();
    await expect(
      page.getByText(
        "Please note that the fund was already created before on SF 360 so that any changes will not be synced and updated after assembling.",
      ),
    ).toBeVisible({ timeout: 20_000 });
  });

  test("on a small screen Validate with Simple Fund 360 is in the top bar's More actions menu, reached by keyboard", async ({
    page,
  }) => {
    const doc = await smsfDeedWithChosenFund(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await openInterview(page, doc);
    const toolbar = page.getByRole("toolbar", { name: "Interview actions" });
    const more = toolbar.getByRole("button", { name: "More actions" });
    await expect(more).toBeVisible();
    await expect(toolbar.getByRole("button", { name: "Validate with Simple Fund 360" })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/sf360-topbar-375.png` });

    await more.focus();
    await page.keyboard.press("Enter");
    const item = page.getByRole("menuitem", { name: "Validate with Simple Fund 360" });
    await expect(item).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Preview document" })).toBeVisible();
    await expectAccessible(page, "More actions with the Simple Fund 360 action", {
      include: ".ant-dropdown",
    });
    await page.screenshot({ path: `${SHOTS}/sf360-more-actions-375.png` });
    // Down to the second entry (after Preview document), then Enter.
    await expect(async () => {
      await page.keyboard.press("ArrowDown");
      await expect(item).toHaveClass(/ant-dropdown-menu-item-active/, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await page.keyboard.press("Enter");
    await expect(page.getByText(SF360_VALIDATED_TEXT)).toBeVisible({ timeout: 20_000 });
    await expect(item).toBeHidden();
  });

  test("selects an SMSF from the sandbox Simple Fund 360 with its members as trustees, then changes fund after 'Changes need to be notified'", async ({
    page,
  }) => {
    const doc = await smsfDeedWithFundApp(page);
    await openInterview(page, doc);

    const chooseFund = async (index: number) => {
      await page.getByRole("button", { name: "Select Fund" }).click();
      const picker = page.getByRole("dialog", { name: "Select Fund" });
      const pick = picker.locator(".integration-client-list__pick").nth(index);
      await slowExpect(pick).toBeVisible();
      const name = ((await pick.locator("span").first().textContent()) ?? "").trim();
      // The list may load again just after it opens (its search settles), and a pick made on the
      // first rendering is then gone: pick until the choice holds.
      await expect(async () => {
        await pick.click();
        await expect(pick).toHaveAttribute("aria-pressed", "true", { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await picker.getByRole("button", { name: "Select", exact: true }).click();
      return name;
    };
    const savedFund = async () =>
      (await savedAnswers(page, doc.teamId, doc.id)) as {
        fund_name?: string;
        trustees?: { trustee?: { first_name?: string; last_name?: string } }[];
      };
    // The individual trustees' names as the interview holds them (given and family name apart).
    const trusteesOf = (saved: Awaited<ReturnType<typeof savedFund>>) =>
      (saved.trustees ?? []).map((t) =>
        `${t.trustee?.first_name ?? ""} ${t.trustee?.last_name ?? ""}`.trim(),
      );
    const toolbar = page.getByRole("toolbar", { name: "Interview actions" });

    // The first fund: no confirmation (nothing chosen yet); its members become the trustees.
    const first = await chooseFund(0);
    await expect(page.getByText("Data imported successfully.")).toBeVisible();
    await slowExpect(toolbar.getByText(/^Saved at/)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Name of the fund" })).toHaveValue(first);
    const firstSaved = await savedFund();
    expect(firstSaved.fund_name).toBe(first);
    const detailOf = async (name: string) => {
      const list = await page.request.get(
        `/api/integrations/bglsf360/clients?id_team=${doc.teamId}&type=${encodeURIComponent("Self Managed Superannuation Fund")}&search=${encodeURIComponent(name)}`,
      );
      const id = ((await list.json()) as { data: { id: string; name: string }[] }).data.find(
        (f) => f.name === name,
      )?.id;
      const detail = await page.request.get(`/api/integrations/bglsf360/clients/${id}?id_team=${doc.teamId}`);
      return (
        (await detail.json()) as { data: { related: { related_client_name: string; relation: string }[] } }
      ).data;
    };
    const firstMembers = (await detailOf(first)).related
      .filter((r) => /member/i.test(r.relation))
      .map((r) => r.related_client_name);
    expect(firstMembers.length).toBeGreaterThan(0);
    expect(trusteesOf(firstSaved).sort()).toEqual([...new Set(firstMembers)].sort());

    // Another fund: the spec's confirmation first; Cancel keeps the first fund's answers.
    const second = await chooseFund(1);
    expect(second).not.toBe(first);
    const confirm = page.getByRole("dialog", { name: "Changes need to be notified" });
    await expect(
      confirm.getByText(
        "When you select another fund, the information you filled in earlier will all be reset. Are you sure you want to proceed with that?",
      ),
    ).toBeVisible();
    await expectAccessible(page, "change fund confirmation", { include: ".ant-modal-confirm" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole("dialog", { name: "Select Fund" }).getByRole("button", { name: "Cancel" }).click();
    expect((await savedFund()).fund_name).toBe(first);

    // Again, confirmed: the second fund replaces the first, trustees included.
    await chooseFund(1);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    // The second fund's details and members come from the sandbox app, as a loaded CI machine
    // allows (it once took over the 10 s expectations get).
    await slowExpect(page.getByText("Data imported successfully.").first()).toBeVisible();
    await slowExpect(async () => expect((await savedFund()).fund_name).toBe(second)).toPass();
    const secondMembers = (await detailOf(second)).related
      .filter((r) => /member/i.test(r.relation))
      .map((r) => r.related_client_name);
    expect(trusteesOf(await savedFund()).sort()).toEqual([...new Set(secondMembers)].sort());
    await page.screenshot({ path: `${SHOTS}/sf360-fund-changed-1366.png` });
  });

  for (const width of [1366, 375]) {
    test(`Select Fund's detail: the fund's details with the TFN masked, by keyboard, axe at ${width} px`, async ({
      page,
    }) => {
      const doc = await smsfDeedWithFundApp(page);
      await page.setViewportSize({ width, height: 900 });
      await openInterview(page, doc);
      await page.getByRole("button", { name: "Select Fund" }).click();
      const picker = page.getByRole("dialog", { name: "Select Fund" });
      const pick = picker.locator(".integration-client-list__pick").first();
      await slowExpect(pick).toBeVisible();
      const details = picker.locator(".fund-details");
      // The list may load again just after it opens (its search settles): open the detail until it holds.
      await expect(async () => {
        await picker
          .getByRole("button", { name: /^View detail of / })
          .first()
          .focus();
        await page.keyboard.press("Enter");
        await expect(details).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 30_000 });
      for (const label of [
        "Fund name",
        "Entity Code",
        "Financial year",
        "ABN",
        "TFN",
        "ESA",
        "Date formed",
        "Wind up date",
        "Trust deed source",
        "Physical address",
      ]) {
        await expect(details.getByText(label, { exact: true })).toBeVisible();
      }
      // Only the last three digits of the TFN reach the browser.
      await expect(details.getByText(/^\*\*\* \*\*\* \d{3}$/)).toBeVisible();
      await expect(details.getByText(/^01\/07\/\d{4} – 30\/06\/\d{4}$/)).toBeVisible();
      await expectAccessible(page, `fund detail at ${width} px`, { include: ".ant-modal" });
      await page.screenshot({ path: `${SHOTS}/fund-detail-${width}.png` });
      await picker.getByRole("button", { name: "Back to list" }).focus();
      await page.keyboard.press("Enter");
      await expect(pick).toBeVisible();
    });
  }

  test("Select Member/Trustee: imports a member of the chosen Simple Fund 360 fund into the members, by keyboard", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, STRATEGIST_OWNER, PAGE);
    const doc = await startDocumentByApi(page, {
      identifier: "smsf-trust-deed",
      name: "Self Managed Superannuation Fund Trust Deed",
    });
    await connectByApi(page, doc.teamId, "bglsf360");
    await openInterview(page, doc);
    // No fund chosen yet: nothing to pick members from.
    await expect(page.getByRole("button", { name: "Select Fund" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Select Member/Trustee" })).toHaveCount(0);

    await page.getByRole("button", { name: "Select Fund" }).click();
    const funds = page.getByRole("dialog", { name: "Select Fund" });
    await slowExpect(funds.locator(".integration-client-list__pick").first()).toBeVisible();
    await funds.locator(".integration-client-list__pick").first().click();
    await funds.getByRole("button", { name: "Select", exact: true }).click();
    const toolbar = page.getByRole("toolbar", { name: "Interview actions" });
    await slowExpect(toolbar.getByText(/^Saved at/)).toBeVisible();
    type Saved = {
      fund_name?: string;
      members?: { member?: { first_name?: string; last_name?: string }; date_of_birth?: string }[];
    };
    const before = (await savedAnswers(page, doc.teamId, doc.id)) as Saved;
    const fundName = before.fund_name ?? "";
    expect(fundName).not.toBe("");

    // The fund's members as Simple Fund 360 lists them, for what the modal should show and import.
    const list = await page.request.get(
      `/api/integrations/bglsf360/clients?id_team=${doc.teamId}&type=${encodeURIComponent("Self Managed Superannuation Fund")}&search=${encodeURIComponent(fundName)}`,
    );
    const fundId = ((await list.json()) as { data: { id: string; name: string }[] }).data.find(
      (f) => f.name === fundName,
    )?.id;
    const contacts = await page.request.get(
      `/api/bglsf360/simple-fund/${fundId}/list-contact?id_team=${doc.teamId}&entityRelation=member`,
    );
    const members = (
      (await contacts.json()) as {
        data: { name: string; first_name: string; last_name: string; dob: string; relation: string }[];
      }
    ).data;
    const wanted = members[members.length - 1];
    if (!wanted) throw new Error("the fund has no members");

    // Keyboard: the floating button opens the modal.
    await page.getByRole("button", { name: "Select Member/Trustee" }).focus();
    await page.keyboard.press("Enter");
    const modal = page.getByRole("dialog", { name: "Select Member/Trustee" });
    await expect(modal.getByText(`Fund: ${fundName}`)).toBeVisible();
    // The relation filter is a radio group: arrow keys move from All to Member.
    await modal.getByRole("radio", { name: "All", exact: true }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(modal.getByRole("radio", { name: "Member", exact: true })).toBeChecked();
    await modal.getByRole("searchbox", { name: "Search" }).fill(wanted.first_name);
    const row = modal.locator(".integration-client-list__pick", { hasText: wanted.name }).first();
    await slowExpect(row).toBeVisible();
    await expect(row.getByText(wanted.relation, { exact: true })).toBeVisible();
    // The filter leaves members only: every row's relation is one of spec §7's member relations.
    for (const tag of await modal.locator(".integration-client-list__pick .ant-tag").allTextContents())
      expect(["member", "leading member", "leaving member"]).toContain(tag);
    await expectAccessible(page, "select member or trustee", { include: ".ant-modal" });
    await row.focus();
    await page.keyboard.press("Enter");
    await expect(row).toHaveAttribute("aria-pressed", "true");
    // A member goes into the fund's members unless the person chooses otherwise.
    await expect(modal.getByText("Initial members")).toBeVisible();
    await modal.getByRole("button", { name: "Select", exact: true }).click();
    await expect(page.getByText("Data imported successfully.").first()).toBeVisible();

    // Saved: the member's own entry now has their date of birth, and no second entry was added.
    const [year, month, day] = wanted.dob.split("-");
    await slowExpect(async () => {
      const after = (await savedAnswers(page, doc.teamId, doc.id)) as Saved;
      expect(after.members).toHaveLength(before.members?.length ?? 0);
      const entry = after.members?.find(
        (m) => m.member?.first_name === wanted.first_name && m.member?.last_name === wanted.last_name,
      );
      expect(entry?.date_of_birth).toBe(`${day}/${month}/${year}`);
    }).toPass();
    await page.screenshot({ path: `${SHOTS}/sf360-select-member-1366.png` });
  });
});

test.describe("integrations page logs", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the Logs section lists the integration log across documents: filters, Load more, detail by keyboard, axe at 1366 and 375 px", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, OWNER, PAGE);
    const doc = await startDocumentByApi(page);
    await connectByApi(page, doc.teamId, "xero");
    const scope = `id_team=${doc.teamId}`;
    const firstOfType = async (type: string) => {
      const listed = await page.request.get(`/api/integrations/xero/clients?${scope}&type=${type}`);
      return ((await listed.json()) as { data: { id: string; type: string }[] }).data[0];
    };
    const company = await firstOfType("Company");
    const person = await firstOfType("Individual");
    if (!company || !person) throw new Error("the sandbox has no company or no individual");
    // Sixteen imports that pass and one that fails (an individual into the company): over a page.
    for (let i = 0; i < 16; i++) {
      const done = await page.request.post(`/api/integrations/xero/import?${scope}`, {
        data: { doc_id: doc.id, client_id: company.id, question_id: "company" },
      });
      expect(done.status()).toBe(200);
    }
    const refused = await page.request.post(`/api/integrations/xero/import?${scope}`, {
      data: { doc_id: doc.id, client_id: person.id, question_id: "company" },
    });
    expect(refused.status()).toBe(422);
    const api = await page.request.get(`/api/integrations/logs?${scope}`);
    const { totals } = (
      (await api.json()) as {
        data: { totals: { total: number; total_passed: number; total_failed: number } };
      }
    ).data;
    expect(totals.total).toBeGreaterThanOrEqual(17);

    await page.reload();
    // Other specs sign in to this firm meanwhile and add to its log (the console's queue specs fail
    // its imports), so the counts are at least what the API said, and this spec's own entries are
    // found by its document's name.
    const logs = page.getByRole("region", { name: "Logs" });
    await expect(logs.getByRole("heading", { level: 2, name: "Logs" })).toBeVisible();
    const shownCount = async (label: string) => {
      const text = await logs.getByText(new RegExp(`^${label} \\(\\d+\\)$`)).textContent();
      return Number(/\((\d+)\)/.exec(text ?? "")?.[1]);
    };
    await expect(async () => {
      expect(await shownCount("Total")).toBeGreaterThanOrEqual(totals.total);
      expect(await shownCount("Total Data Passed")).toBeGreaterThanOrEqual(totals.total_passed);
      expect(await shownCount("Total Data Failed")).toBeGreaterThanOrEqual(totals.total_failed);
    }).toPass({ timeout: 10_000 });
    const rows = logs.getByRole("list", { name: "Integration log entries" }).getByRole("listitem");
    await expect(rows).toHaveCount(15);
    // Newest first: this spec's last entry is the refused import, shown by the document's name.
    const ours = rows.filter({ hasText: doc.name });
    await expect(ours.first()).toContainText("Import client (Xero)");
    await expect(ours.first()).not.toContainText(`Doc ID ${doc.id}`);
    await expect(ours.first()).toContainText("Failed");
    await expectAccessible(page, "integrations page logs");
    await page.screenshot({ path: `${SHOTS}/logs-1366.png`, fullPage: true });

    // Load more, by keyboard: a second page of up to 15.
    await logs.getByRole("button", { name: "Load more" }).focus();
    await page.keyboard.press("Enter");
    await expect(async () => {
      const count = await rows.count();
      expect(count).toBeGreaterThanOrEqual(Math.min(totals.total, 30));
      expect(count).toBeLessThanOrEqual(30);
    }).toPass({ timeout: 10_000 });

    // Only the failed ones, as many as the filter says once it has been chosen.
    const failedFilter = logs.getByText(/^Total Data Failed \(\d+\)$/);
    await failedFilter.click();
    await expect(async () => {
      const shown = await shownCount("Total Data Failed");
      expect(shown).toBeGreaterThanOrEqual(totals.total_failed);
      expect(await rows.count()).toBe(Math.min(shown, 15));
    }).toPass({ timeout: 10_000 });
    for (const text of await rows.allTextContents()) expect(text).toContain("Failed");

    // The detail of this spec's refused import by keyboard: Enter opens it, Escape closes it.
    await ours
      .first()
      .getByRole("button", { name: /^View Detail/ })
      .focus();
    await page.keyboard.press("Enter");
    const detail = page.getByRole("dialog", { name: "Log Detail" });
    await expect(detail).toBeVisible();
    for (const label of ["Action", "Status", "Request", "Response"])
      await expect(detail.getByText(label, { exact: true })).toBeVisible();
    await expect(detail.getByText("Client imported failed! Data not matching")).toBeVisible();
    // Which fields did not match, after the spec's words.
    await expect(detail.getByText(/"The company" takes a company, but .* is an individual\./)).toBeVisible();
    // Request and Response as labelled fields, not raw JSON; the app by its name.
    const fields = detail.locator("dl[aria-label='Request']");
    const field = (label: string) =>
      fields
        .locator(".log-fields__row")
        .filter({ has: page.locator("dt").getByText(label, { exact: true }) });
    await expect(field("App").locator("dd")).toHaveText("Xero");
    await expect(field("Client ID in the app").locator("dd")).toHaveText(person.id);
    await expect(detail.locator("dl[aria-label='Response']")).toContainText("Status code422");
    await expect(detail.getByText('"client_id"')).toHaveCount(0);
    await expect(detail.getByText("Document", { exact: true })).toBeVisible();
    await expect(detail.getByText(doc.name, { exact: true })).toBeVisible();
    await expectAccessible(page, "integration log detail", { include: ".ant-modal" });
    await page.screenshot({ path: `${SHOTS}/logs-detail-1366.png` });
    await page.keyboard.press("Escape");
    await expect(detail).toBeHidden();

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(ours.first()).toBeVisible();
    await expectAccessible(page, "integrations page logs at 375 px");
    await page.screenshot({ path: `${SHOTS}/logs-375.png`, fullPage: true });
    await ours
      .first()
      .getByRole("button", { name: /^View Detail/ })
      .click();
    await expect(detail).toBeVisible();
    await expectAccessible(page, "integration log detail at 375 px", { include: ".ant-modal" });
    await detail.getByRole("button", { name: "Back" }).click();
    await expect(detail).toBeHidden();

    const ended = await page.request.get(`/api/xero/auth/disconnect?${scope}`);
    expect(ended.status()).toBe(200);
  });
});

/** An SMSF deed (a Strategist plan's template) started by the Strategist owner, with Simple Fund 360 connected. */
/** An SMSF deed whose fund was chosen from the sandbox Simple Fund 360 (imported and saved by API). */
async function smsfDeedWithChosenFund(page: Page) {
  const doc = await smsfDeedWithFundApp(page);
  const scope = `id_team=${doc.teamId}`;
  const funds = await page.request.get(
    `/api/integrations/bglsf360/clients?${scope}&type=${encodeURIComponent("Self Managed Superannuation Fund")}`,
  );
  const fund = ((await funds.json()) as { data: { id: string; name: string }[] }).data[0];
  if (!fund) throw new Error("the sandbox has no fund");
  const imported = await page.request.post(`/api/integrations/bglsf360/import?${scope}`, {
    data: { doc_id: doc.id, client_id: fund.id, question_id: "fund" },
  });
  const { answers } = ((await imported.json()) as { data: { answers: Record<string, unknown> } }).data;
  await saveAnswersByApi(page, doc, answers);
  return doc;
}

async function smsfDeedWithFundApp(page: Page) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, STRATEGIST_OWNER, PAGE);
  const doc = await startDocumentByApi(page, {
    identifier: "smsf-trust-deed",
    name: "Self Managed Superannuation Fund Trust Deed",
  });
  await connectByApi(page, doc.teamId, "bglsf360");
  return doc;
}
