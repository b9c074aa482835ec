import { expect, type Page, test } from "@playwright/test";
import { REGISTRATION } from "./asic-support";
import { productIdByName } from "./catalogue-support";
import {
  createDraftByApi,
  createFolderByApi,
  DOCUMENT_SPEC_TIMEOUT_MS,
  documentAction,
  documentRows,
  openDocuments,
  teamIdOf,
  uniqueName,
} from "./documents-support";
import { slowExpect } from "./interview-support";
import { expectAccessible, OWNER, STRATEGIST_OWNER } from "./support";

/**
 * The document list's address (documents spec §2): `docName` shown while the document loads and
 * finding it alone, `actions` opening the named action where the reader's abilities offer it; and
 * the start wizard reopened on an existing registration at the step the server names (§4).
 */

const WIDTHS = [1366, 375] as const;

/** A registration document (mode 'both') whose name is applied and whose consents are not yet given. */
async function registrationAwaitingConsent(page: Page) {
  const teamId = await teamIdOf(page);
  const folderId = await createFolderByApi(page, uniqueName("Registrations"));
  const name = uniqueName("Registration");
  const started = await page.request.post(`/api/doc/start?id_team=${teamId}`, {
    data: { product_id: await productIdByName(page, REGISTRATION), name, folder_id: folderId, is_asic: 1 },
  });
  expect(started.status(), await started.text()).toBe(200);
  const docId = (await started.json()).data.id as number;
  const applied = await page.request.post(`/api/asic/apply-proposed-name?id_team=${teamId}`, {
    data: {
      doc_id: docId,
      proposed_name: `Bilby Creek Traders ${name.split(" ").at(-1)}`,
      legal_element: "PTY LTD",
    },
  });
  expect((await applied.json()).data.applied).toBe(true);
  return { teamId, folderId, docId, name };
}

const preConsent = async (page: Page, teamId: number, docId: number) =>
  (
    await (
      await page.request.post(`/api/asic/check-pre-consent?id_team=${teamId}`, { data: { doc_id: docId } })
    ).json()
  ).data as { is_pre_consent: boolean; pre_registration_consent: boolean };

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.describe.configure({ timeout: DOCUMENT_SPEC_TIMEOUT_MS * 2 });
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width > 600 ? 900 : 812 });
    });

    test("docId, docName and actions open the document's action; one it does not offer is refused", async ({
      page,
    }) => {
      await openDocuments(page, OWNER);
      const folderId = await createFolderByApi(page, uniqueName("Linked"));
      const name = uniqueName("Linked draft");
      const docId = await createDraftByApi(page, name, folderId);

      // The name the link gives shows while the document loads; then the document's own.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(new RegExp(`/api/doc/${docId}\\?`), async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(
        `/my-account/my-document?docId=${docId}&docName=${encodeURIComponent("Name from the link")}&actions=MOVE_TO`,
      );
      // A whole page load each time the address changes: on a loaded machine, slower than a click.
      await slowExpect(page.getByText(`Doc ID ${docId} - Name from the link`)).toBeVisible();
      release();

      // MOVE_TO: the draft's Move dialog, keyboard first.
      const move = page.getByRole("dialog", { name: "Move document to" });
      await expect(move).toBeVisible();
      await expect(page.getByText(`Doc ID ${docId} - ${name}`)).toBeVisible();
      await expectAccessible(page, "move dialog opened from the address", { include: ".ant-modal" });
      // Opened once: the address no longer names the action, so a reload opens nothing.
      await expect(page).not.toHaveURL(/actions=/);
      await page.keyboard.press("Escape");
      await expect(move).toBeHidden();

      // SEND_FUSESIGN on a draft: not offered, said plainly, nothing opened.
      await page.goto(
        `/my-account/my-document?docId=${docId}&docName=${encodeURIComponent(name)}&actions=SEND_FUSESIGN`,
      );
      await slowExpect(
        page.getByText(`Send for signature is not available for Doc ID ${docId} - ${name}.`),
      ).toBeVisible();
      await expect(page.getByRole("dialog", { name: /Sign/ })).toHaveCount(0);
      await expect(page).not.toHaveURL(/actions=/);

      // docName alone finds the document by its name, and opens it with its action.
      await page.goto(`/my-account/my-document?docName=${encodeURIComponent(name)}&actions=MOVE_TO`);
      await slowExpect(page).toHaveURL(new RegExp(`docId=${docId}`));
      await expect(page.getByRole("dialog", { name: "Move document to" })).toBeVisible();
      await page.keyboard.press("Escape");

      // A name no document has, and an action the list does not know: both said.
      await page.goto(`/my-account/my-document?docName=${encodeURIComponent(`${name} (none)`)}`);
      await slowExpect(page.getByText(`No document named '${name} (none)' was found.`)).toBeVisible();
      await page.goto(`/my-account/my-document?docId=${docId}&actions=TELEPORT`);
      await slowExpect(
        page.getByText("The link names an action this page does not have ('TELEPORT')."),
      ).toBeVisible();
      await expectAccessible(page, "document list opened from an address");
    });

    test("actions open in turn, each after the last closes; docName is found in another tab, and several of one name are searched", async ({
      page,
    }) => {
      await openDocuments(page, OWNER);
      const folderId = await createFolderByApi(page, uniqueName("In turn"));
      const name = uniqueName("In turn draft");
      const docId = await createDraftByApi(page, name, folderId);

      // MOVE_TO, then SEND_FUSESIGN (not offered on a draft), then MOVE_TO again.
      await page.goto(`/my-account/my-document?docId=${docId}&actions=MOVE_TO,SEND_FUSESIGN,MOVE_TO`);
      const move = page.getByRole("dialog", { name: "Move document to" });
      await expect(move).toBeVisible();
      // The first is taken off the address as it opens; the rest wait for it to close.
      await expect(page).toHaveURL(/actions=SEND_FUSESIGN%2CMOVE_TO|actions=SEND_FUSESIGN,MOVE_TO/);
      await expect(
        page.getByText(`Send for signature is not available for Doc ID ${docId} - ${name}.`),
      ).toHaveCount(0);
      await expectAccessible(page, "first of several address actions", { include: ".ant-modal" });
      // The dialog opened above the document's panel, with the focus: Escape closes the dialog.
      await page.keyboard.press("Escape");
      await expect(
        page.getByText(`Send for signature is not available for Doc ID ${docId} - ${name}.`),
      ).toBeVisible();
      // The third opens after the refusal, with the keyboard in it.
      await expect(move).toBeVisible();
      await expect(page).not.toHaveURL(/actions=/);
      const cancel = move.getByRole("button", { name: "Cancel" });
      await cancel.focus();
      await page.keyboard.press("Enter");
      await expect(move).toBeHidden();
      await expect(page.getByText(`Doc ID ${docId} - ${name}`, { exact: true })).toBeVisible();

      // docName from the Shared Folders tab: the draft is in My Documents, so the list goes there.
      await page.goto(`/my-account/my-document?tab=shared-folder&docName=${encodeURIComponent(name)}`);
      await expect(page).toHaveURL(new RegExp(`docId=${docId}`));
      await expect(page).toHaveURL(/tab=my-document/);
      await expect(page.getByText(`Doc ID ${docId} - ${name}`)).toBeVisible();

      // Several documents of one name: searched, in the tab listing them, with a message.
      const twin = uniqueName("Twin deed");
      const firstTwin = await createDraftByApi(page, twin, folderId);
      const secondTwin = await createDraftByApi(page, twin.toUpperCase(), folderId);
      await createDraftByApi(page, `${twin} (copy)`, folderId);
      await page.goto(`/my-account/my-document?tab=shared-folder&docName=${encodeURIComponent(twin)}`);
      await expect(page.getByText(`3 documents are named '${twin}'. Choose one from the list.`)).toHaveCount(
        0,
      );
      await expect(
        page.getByText(`2 documents are named '${twin}'. Choose one from the list.`),
      ).toBeVisible();
      await expect(page).toHaveURL(/tab=my-document/);
      await expect(page).not.toHaveURL(/docName=/);
      await expect(page).not.toHaveURL(/docId=/);
      // The search matches any part of a name, so the copy is listed too; both twins are there.
      await expect(
        documentRows(page)
          .filter({ hasText: new RegExp(`Doc ID ${firstTwin}(?!\\d)`) })
          .first(),
      ).toBeVisible();
      await expect(
        documentRows(page)
          .filter({ hasText: new RegExp(`Doc ID ${secondTwin}(?!\\d)`) })
          .first(),
      ).toBeVisible();
      await expectAccessible(page, "several documents of one name, searched");
    });

    test("an existing registration reopens the start wizard at the consent, and finishing records it", async ({
      page,
    }) => {
      await openDocuments(page, STRATEGIST_OWNER);
      const { teamId, folderId, docId, name } = await registrationAwaitingConsent(page);
      expect(await preConsent(page, teamId, docId)).toMatchObject({ is_pre_consent: false });

      if (width > 600) {
        // From the list: the row's menu offers it.
        await page.goto(`/my-account/my-document?folderId=${folderId}`);
        await documentAction(page, name, "Registration steps");
      } else {
        // From an address: the document's panel and the wizard as its action.
        await page.goto(`/my-account/my-document?docId=${docId}&actions=REGISTRATION`);
      }
      const wizard = page.getByRole("dialog", { name: `Registration steps: ${name}` });
      await expect(wizard).toBeVisible();
      // At the consent: the name and the name check are behind it, and not asked again.
      const consent = wizard.getByRole("checkbox", {
        name: "I confirm the officeholders' consents have been obtained",
      });
      await expect(consent).toBeVisible();
      await expect(wizard.getByLabel("Proposed company name")).toHaveCount(0);
      await expect(wizard.getByRole("button", { name: "Back" })).toHaveCount(0);
      const next = wizard.getByRole("button", { name: "Next" });
      await expect(next).toBeDisabled();
      await expectAccessible(page, "registration steps wizard at the consent", { include: ".ant-modal" });

      // Keyboard: tick, go on, tick the three Director ID statements, finish.
      await consent.focus();
      await page.keyboard.press("Space");
      await expect(consent).toBeChecked();
      await next.focus();
      await page.keyboard.press("Enter");
      const boxes = wizard.getByRole("checkbox");
      await expect(boxes).toHaveCount(3);
      for (let index = 0; index < 3; index += 1) {
        await boxes.nth(index).focus();
        await page.keyboard.press("Space");
      }
      await expectAccessible(page, "registration steps wizard at Director ID", { include: ".ant-modal" });
      const finish = wizard.getByRole("button", { name: "Continue to Interview" });
      await expect(finish).toBeEnabled();
      await finish.focus();
      await page.keyboard.press("Enter");

      await expect(page).toHaveURL(new RegExp(`/my-account/my-document/template\\?docId=${docId}`));
      expect(await preConsent(page, teamId, docId)).toMatchObject({
        is_pre_consent: true,
        pre_registration_consent: true,
      });
      // Nothing left to reopen: the server names no step, so neither the menu nor the address offers it.
      const row = await page.request.get(`/api/doc/${docId}?id_team=${teamId}`);
      expect((await row.json()).data.registration_step).toBeNull();
      await page.goto(`/my-account/my-document?docId=${docId}&actions=REGISTRATION`);
      await expect(
        page.getByText(`Registration steps is not available for Doc ID ${docId} - ${name}.`),
      ).toBeVisible();
    });

    test("the reopened wizard ends with the acknowledgement when the server still asks for one", async ({
      page,
    }) => {
      await openDocuments(page, STRATEGIST_OWNER);
      const { docId, name } = await registrationAwaitingConsent(page);
      // No demo registration template carries an acknowledgement (adding one would change every
      // registration start in the other specs), so the document's reply names one, as the server
      // does for a template that carries one no one has accepted (API: resume-acknowledgement.test.ts).
      const text = "I/we acknowledge the company is registered on the details given.";
      await page.route(new RegExp(`/api/doc/${docId}\\?`), async (route) => {
        const reply = await route.fetch();
        const body = await reply.json();
        body.data.asic_acknowledgement = text;
        await route.fulfill({ response: reply, json: body });
      });
      // The wizard's read of the ticks recorded before is held back until the test has ticked.
      let releaseRecordedTicks = () => {};
      const held = new Promise<void>((resolve) => {
        releaseRecordedTicks = resolve;
      });
      await page.route(/\/api\/asic\/check-pre-consent\?/, async (route) => {
        await held;
        await route.continue();
      });
      const recordedTicksAnswered = page.waitForResponse(/\/api\/asic\/check-pre-consent\?/);
      await page.goto(`/my-account/my-document?docId=${docId}&actions=REGISTRATION`);
      const wizard = page.getByRole("dialog", { name: `Registration steps: ${name}` });
      // The wizard opens once the document's own reply (passed through the route above) is in: on a
      // loaded machine that took longer than the usual wait.
      await slowExpect(wizard).toBeVisible();
      // The steps' list (hidden on a phone, as in the start wizard) ends with it.
      if (width > 600) await expect(wizard.getByText("Acknowledgement", { exact: true })).toBeVisible();
      const consent = wizard.getByRole("checkbox", {
        name: "I confirm the officeholders' consents have been obtained",
      });
      await consent.focus();
      await page.keyboard.press("Space");
      await expect(consent).toBeChecked();
      // The recorded ticks (none) arrive only now, after the tick: they are added to it, never put
      // in its place (on a loaded machine they once arrived late and cleared it).
      releaseRecordedTicks();
      await recordedTicksAnswered;
      await expect(consent).toBeChecked();
      const next = wizard.getByRole("button", { name: "Next" });
      await next.focus();
      await page.keyboard.press("Enter");
      const boxes = wizard.getByRole("checkbox");
      await expect(boxes).toHaveCount(3);
      for (let index = 0; index < 3; index += 1) {
        await boxes.nth(index).focus();
        await page.keyboard.press("Space");
      }
      // Director ID is no longer the last step: Next leads to the acknowledgement.
      await next.focus();
      await page.keyboard.press("Enter");
      await expect(wizard.getByText(text)).toBeVisible();
      const accept = wizard.getByRole("checkbox", { name: "Yes - I/we accept" });
      await expect(accept).toBeFocused();
      const finish = wizard.getByRole("button", { name: "Continue to Interview" });
      await expect(finish).toBeDisabled();
      await expect(wizard.getByLabel("Accepted by")).not.toHaveValue("");
      await expectAccessible(page, "registration steps wizard at the acknowledgement", {
        include: ".ant-modal",
      });
      await page.keyboard.press("Space");
      await expect(finish).toBeEnabled();

      const recorded = page.waitForRequest(
        (request) => request.url().includes("/api/asic/apply-proposed-name") && request.method() === "POST",
      );
      await finish.focus();
      await page.keyboard.press("Enter");
      const sent = (await recorded).postDataJSON() as Record<string, unknown>;
      expect(sent).toMatchObject({ doc_id: docId, pre_registration_consent: true, acknowledgement: "yes" });
      expect(String(sent.acknowledgement_date)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(String(sent.acknowledgement_user).trim()).not.toBe("");
      await expect(page).toHaveURL(new RegExp(`/my-account/my-document/template\\?docId=${docId}`));
    });
  });
}
