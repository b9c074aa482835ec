import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { createFolderByApi, uniqueName } from "./documents-support";

/** The interview specs fill long forms on a shared, busy machine. */
export const INTERVIEW_SPEC_TIMEOUT_MS = 180_000;

/** Opening an interview loads the whole definition and renders every question: allow for load. */
export const slowExpect = expect.configure({ timeout: 30_000 });

/** Waits until the interview form is shown (its save note appears with it). */
export async function expectInterviewShown(page: Page, doc: { id: number; name: string }) {
  await slowExpect(
    page.getByRole("toolbar", { name: "Interview actions" }).getByRole("button", { name: "Assemble" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: `Doc ID ${doc.id} - ${doc.name}`, level: 1 })).toBeVisible();
}

export const FIRST_MINUTES = {
  identifier: "first-directors-minutes",
  name: "Minutes of the First Meeting of Directors",
};

async function teamIdOf(page: Page): Promise<number> {
  const reply = await page.request.get("/api/users/me");
  expect(reply.status()).toBe(200);
  const body = (await reply.json()) as { data: { teams: { id: number }[] } };
  const team = body.data.teams[0];
  if (!team) throw new Error("the demo user has no firm");
  return team.id;
}

/**
 * Starts a document of a starter-library template the way the catalogue does (POST /api/doc/start,
 * in a new folder of My Documents) and returns its id, name and folder.
 */
export async function startDocumentByApi(page: Page, template = FIRST_MINUTES) {
  const teamId = await teamIdOf(page);
  const products = await page.request.get("/api/products", { params: { search: template.name } });
  expect(products.status()).toBe(200);
  const list = (await products.json()) as { data: { rows: { id: number; template_identifier: string }[] } };
  const product = list.data.rows.find((row) => row.template_identifier === template.identifier);
  if (!product) throw new Error(`no catalogue product for ${template.identifier}`);
  const folderName = uniqueName("Interview");
  const folderId = await createFolderByApi(page, folderName);
  const name = uniqueName("Minutes");
  const reply = await page.request.post(`/api/doc/start?id_team=${teamId}`, {
    data: { product_id: product.id, name, folder_id: folderId },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  const id = ((await reply.json()) as { data: { id: number } }).data.id;
  return { id, name, folderId, folderName, teamId };
}

/** The answers the server holds for a document (GET /api/doc/{id}/interview). */
export async function savedAnswers(page: Page, teamId: number, docId: number) {
  const reply = await page.request.get(`/api/doc/${docId}/interview?id_team=${teamId}`);
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { data: { xml: Record<string, unknown> } }).data.xml;
}

export const interviewUrl = (docId: number, folderId?: number) =>
  `/my-account/my-document/template?docId=${docId}&tab=my-document${folderId ? `&folderId=${folderId}` : ""}`;

/** Opens the interview page of a document and waits for its header. */
export async function openInterview(page: Page, doc: { id: number; name: string; folderId?: number }) {
  await page.goto(interviewUrl(doc.id, doc.folderId));
  await expectInterviewShown(page, doc);
}

/** A party or repeatable group of the interview, by its label. */
export const section = (scope: Page | Locator, label: string) =>
  scope.getByRole("group", { name: label, exact: true });

/** Types into a text field and leaves it with Tab, as a keyboard user does. */
export async function typeAnswer(scope: Page | Locator, label: string, value: string) {
  const field = scope.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.press("Tab");
}

/** Chooses a radio option of a short list. */
export async function chooseRadio(scope: Page | Locator, question: string, option: string) {
  await scope
    .getByRole("radiogroup", { name: question, exact: true })
    .getByLabel(option, { exact: true })
    .check();
}

/** Chooses from a long list by typing part of the option and pressing Enter. */
export async function chooseFromList(scope: Page | Locator, question: string, typed: string, shown: string) {
  const box = scope.getByLabel(question, { exact: true });
  await box.click();
  await box.fill(typed);
  await box.press("Enter");
  await expect(scope.getByTitle(shown, { exact: true })).toBeVisible();
}

/** Types a date as DD/MM/YYYY into a date picker and confirms it with Enter. */
export async function typeDate(scope: Page | Locator, label: string, date: string) {
  const box = scope.getByLabel(label, { exact: true });
  await box.click();
  await box.fill(date);
  await box.press("Enter");
  await expect(box).toHaveValue(date);
}

/** Answers a group's "how many?" question (applied when the box is left). */
export async function setCount(scope: Page | Locator, label: string, count: number) {
  const box = scope.getByLabel(label, { exact: true });
  await box.fill(String(count));
  await box.press("Tab");
}

/** Saves answers through the API, as another tab would (it takes the document's token). */
export async function saveAnswersByApi(
  page: Page,
  doc: { id: number; teamId: number },
  answers: Record<string, unknown>,
): Promise<string> {
  const token = await page.request.get(`/api/get-action-token/${doc.id}?id_team=${doc.teamId}`);
  expect(token.status()).toBe(200);
  const { action_token } = ((await token.json()) as { data: { action_token: string } }).data;
  const reply = await page.request.put(`/api/xpressdox/update-xml/${doc.id}?id_team=${doc.teamId}`, {
    data: { xml: answers, action_token },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  // A save with a token that is no longer the document's answers 200 with status false and saves
  // nothing: an interview page that opened meanwhile took a newer token (the one tab rule).
  const saved = ((await reply.json()) as { data: { status: boolean } }).data.status;
  expect(saved, "the save was refused: a page opened since took the document's action token").toBe(true);
  return action_token;
}

/** The starter library's sample answers of a template (complete and valid). */
export async function sampleAnswers(identifier: string): Promise<Record<string, unknown>> {
  const file = path.resolve(import.meta.dirname, "../../../templates", identifier, "sample-answers.json");
  return JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
}
