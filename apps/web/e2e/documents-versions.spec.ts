import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { formatShortDay } from "@precedent/contracts";
import { documentAction, documentRows, openDocuments, uniqueName } from "./documents-support";
import { sampleAnswers, saveAnswersByApi, startDocumentByApi } from "./interview-support";
import { STRATEGIST_OWNER } from "./support";

/** Strategist starts every template without limit: these specs use no firm's allowance. */
const USER = STRATEGIST_OWNER;
const NDA = { identifier: "mutual-nda", name: "Mutual Non-Disclosure Agreement" };
const PURPOSE_QUESTION = "The purpose for which the parties will share information";
const NAME_QUESTION = "First party › Company name (without the legal element)";

test.describe.configure({ timeout: 180_000 });

type Doc = { id: number; teamId: number; name: string; folderId: number };

/** Saves answers and assembles them, as the interview's Assemble does. */
async function saveAndAssemble(page: Page, doc: Doc, answers: Record<string, unknown>) {
  const scope = `id_team=${doc.teamId}`;
  const action_token = await saveAnswersByApi(page, doc, answers);
  const assembled = await page.request.post(`/api/xpressdox/assemble/${doc.id}?${scope}`, {
    data: { action_token },
    timeout: 60_000,
  });
  expect(assembled.status(), await assembled.text()).toBe(200);
}

/** An NDA for a client of this name, with its answers saved (In Progress). */
async function ndaFor(page: Page, client: string): Promise<Doc> {
  const doc = await startDocumentByApi(page, NDA);
  const sample = await sampleAnswers(NDA.identifier);
  const answers = { ...sample, first_party: { ...(sample.first_party as object), name: client } };
  await saveAnswersByApi(page, doc, answers);
  return doc;
}

test("the document panel lists each assembly with who, when, what changed, and its own downloads", async ({
  page,
}) => {
  await openDocuments(page, USER);
  const doc = await startDocumentByApi(page, NDA);
  const sample = await sampleAnswers(NDA.identifier);
  await saveAndAssemble(page, doc, sample);
  const relaunch = await page.request.put(`/api/doc/relaunch/${doc.id}?id_team=${doc.teamId}`);
  expect(relaunch.status()).toBe(200);
  const longPurpose = `${"assessing a merger of the two practices, ".repeat(8)}and nothing else`;
  await saveAndAssemble(page, doc, {
    ...sample,
    purpose: longPurpose,
    first_party: { ...(sample.first_party as object), name: "Lakeside Software" },
  });

  await page.goto(`/my-account/my-document?folderId=${doc.folderId}&docId=${doc.id}`);
  const panel = page.getByRole("dialog", { name: `Doc ID ${doc.id} - ${doc.name}` });
  const versions = panel.getByRole("list", { name: "Versions" }).getByRole("listitem");
  await expect(versions).toHaveCount(2);
  const [second, first] = [versions.nth(0), versions.nth(1)];
  await expect(second).toContainText("Version 2");
  await expect(second).toContainText(STRATEGIST_OWNER.name);
  // Two lines of what changed show; a longer list opens with More (how much fits depends on width).
  await expect(second).toContainText(`Changed: ${NAME_QUESTION}`);
  // The ellipsis is measured after the first paint, so More can appear after the line was
  // first read whole: look again until the full line shows, opening More whenever it is there.
  const more = second.getByRole("button", { name: /^(Expand|More)$/ });
  await expect(async () => {
    if ((await more.count()) > 0) await more.click();
    await expect(second).toContainText(`Changed: ${NAME_QUESTION}; ${PURPOSE_QUESTION}`, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 10_000 });
  await expect(first).toContainText("Version 1");
  await expect(first).toContainText("First version");
  // Dated by the firm's calendar (Sydney time), as the page dates it.
  const listed = (await (
    await page.request.get(`/api/doc/${doc.id}/versions?id_team=${doc.teamId}`)
  ).json()) as {
    data: { versions: { assembled_at: string }[] };
  };
  const sydney = formatShortDay(new Date(listed.data.versions[0]?.assembled_at ?? ""));
  await expect(second.locator("time")).toContainText(sydney);

  // Each version downloads its own file.
  const downloading = page.waitForEvent("download");
  await first.getByRole("link", { name: "Download PDF of version 1" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${doc.name} (version 1).pdf`);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await expect(second.getByRole("link", { name: "Download Word of version 2" })).toBeVisible();

  // The change log shows the answers each save changed: question, before and after, long ones cut.
  await panel.getByRole("button", { name: "Close" }).click();
  await documentAction(page, doc.name, "Data Change Logs Record");
  const log = page.getByRole("dialog", { name: "Data Change Logs Record" });
  await log.getByRole("button", { name: "View Detail" }).first().click();
  await expect(log.getByText("Version 1 → 2")).toBeVisible();
  const changes = log.getByRole("list", { name: "Answers changed" }).getByRole("listitem");
  await expect(changes).toHaveCount(2);
  const purpose = changes.filter({ hasText: PURPOSE_QUESTION });
  await expect(purpose).toContainText(String(sample.purpose).slice(0, 40));
  await expect(purpose.getByText("and nothing else")).not.toBeVisible();
  await purpose
    .getByRole("button", { name: /^(Expand|More)$/ })
    .last()
    .click();
  await expect(purpose.getByText(/and nothing else/)).toBeVisible();
  await expect(changes.filter({ hasText: NAME_QUESTION })).toContainText("Riverbend Software");
  await expect(changes.filter({ hasText: NAME_QUESTION })).toContainText("Lakeside Software");
});

test("filters the list by template and by client, kept in the address", async ({ page }) => {
  await openDocuments(page, USER);
  const client = uniqueName("Wattle");
  const match = await ndaFor(page, `${client} Holdings`);
  const other = await ndaFor(page, uniqueName("Banksia"));

  await page.goto("/my-account/my-document");
  // It says what it matches (issue 33 item 8): the first party's name, not any answer.
  const clientFilter = page.getByRole("textbox", { name: "Filter by client name" });
  await expect(clientFilter).toHaveAttribute("placeholder", "Client: first party's name");
  await expect(clientFilter).toHaveAccessibleDescription(
    "Lists the documents whose client, the first party named in the interview, contains this text.",
  );
  await clientFilter.fill(client.toUpperCase());
  await expect(documentRows(page)).toHaveCount(1);
  await expect(documentRows(page).first()).toContainText(match.name);
  await expect(page).toHaveURL(
    new RegExp(`client=${encodeURIComponent(client.toUpperCase()).replace(/%20/g, "\\+")}`),
  );
  // The status tabs count the filtered documents.
  await expect(page.getByRole("tab", { name: "In Progress (1)" })).toBeVisible();

  // Template filter beside it: another template leaves nothing.
  await page.getByRole("combobox", { name: "Filter by template" }).click();
  await page.getByRole("option", { name: "Simple Will" }).click();
  await expect(page.getByText("No documents found.")).toBeVisible();
  await expect(page).toHaveURL(/template=simple-will/);
  await page.getByRole("combobox", { name: "Filter by template" }).click();
  await page.getByRole("option", { name: NDA.name }).click();
  await expect(documentRows(page)).toHaveCount(1);

  // Reloading keeps both; Clear filters lists the other document again.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Filter by client name" })).toHaveValue(
    client.toUpperCase(),
  );
  await expect(documentRows(page)).toHaveCount(1);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/client=|template=/);
  await page.goto(`/my-account/my-document?folderId=${other.folderId}`);
  await expect(documentRows(page).first()).toContainText(other.name);
});
