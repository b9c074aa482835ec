import { expect, test } from "@playwright/test";
import {
  ASIC_PAYMENT_NOT_FINISHED_TITLE,
  ASIC_PAYMENT_SUCCESS_TITLE,
  ASIC_RETURN_TO_PAYMENT,
} from "@precedent/contracts";
import { registrationByApi } from "./asic-support";
import { openDocuments } from "./documents-support";
import { expectInterviewShown, interviewUrl } from "./interview-support";
import { expectAccessible, STRATEGIST_OWNER } from "./support";

// Issue 29 item 3: an interrupted ASIC payment says why the gateway is held and until when, and
// 'Return to ASIC payment' reopens the same payment on the gateway (no second one is started).

test("an interrupted ASIC payment says until when it holds, and 'Return to ASIC payment' reopens the same one", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openDocuments(page, STRATEGIST_OWNER);
  const doc = await registrationByApi(page);
  const started = await page.request.post(`/api/asic/init-payment?id_team=${doc.teamId}`, {
    data: {
      doc_id: doc.docId,
      redirect_url: `/my-account/my-document?docId=${doc.docId}&action=get_transaction_status`,
    },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { transactionNumber } = (await started.json()).data.payment as { transactionNumber: string };

  // The user leaves the gateway without paying and lands on the return page: not finished, why.
  await page.goto(`/my-account/my-document?docId=${doc.docId}&action=get_transaction_status`);
  const returned = page.getByRole("dialog").filter({ hasText: ASIC_PAYMENT_NOT_FINISHED_TITLE });
  await expect(returned).toBeVisible({ timeout: 30_000 });
  await expect(returned).toContainText("RESERVED until");
  await expectAccessible(page, "interrupted ASIC payment", { include: ".ant-modal" });
  await page.keyboard.press("Escape");
  await expect(returned).toBeHidden();

  // The interview's top bar: the hold and its end, and the way back instead of a new payment.
  await page.goto(interviewUrl(doc.docId, doc.folderId));
  await expectInterviewShown(page, { id: doc.docId, name: doc.name });
  const toolbar = page.getByRole("toolbar", { name: "Interview actions" });
  await expect(toolbar).toContainText("RESERVED until");
  await expect(toolbar.getByRole("button", { name: "Make ASIC payment" })).toHaveCount(0);
  const back = toolbar.getByRole("button", { name: ASIC_RETURN_TO_PAYMENT });
  await back.focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(new RegExp(`/asic-gateway/${transactionNumber}$`), { timeout: 30_000 });

  // The same payment, paid now: the return page says so.
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("dialog").filter({ hasText: ASIC_PAYMENT_SUCCESS_TITLE })).toBeVisible({
    timeout: 30_000,
  });
});
