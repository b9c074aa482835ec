import { expect, test } from "@playwright/test";
import {
  chooseRadio,
  FIRST_MINUTES,
  INTERVIEW_SPEC_TIMEOUT_MS,
  sampleAnswers,
  saveAnswersByApi,
  slowExpect,
  startDocumentByApi,
} from "./interview-support";
import { OWNER, signIn } from "./support";

/**
 * An is_qaction question in the normal interview (interview spec §4 step 4): the first minutes'
 * "send for e-signing?" answered Yes joins SignFS to the page's `actions`, which assembling carries
 * to the download view; answered No, the address keeps only what it named.
 */
test.describe.configure({ timeout: INTERVIEW_SPEC_TIMEOUT_MS });

const QUESTION = "Send the minutes to the chair for e-signing once they are assembled?";

for (const answer of ["Yes", "No"] as const) {
  test(`answered ${answer}, assembling ${answer === "Yes" ? "adds" : "does not add"} SignFS to the actions`, async ({
    page,
  }) => {
    await signIn(page, OWNER, "/my-account/my-document");
    const doc = await startDocumentByApi(page, FIRST_MINUTES);
    const answers = await sampleAnswers(FIRST_MINUTES.identifier);
    delete answers.send_for_signing;
    await saveAnswersByApi(page, doc, answers);
    await page.goto(
      `/my-account/my-document/template?docId=${doc.id}&templateIdentifier=${FIRST_MINUTES.identifier}&actions=XD_Assemble,XD_Download`,
    );
    await slowExpect(page.getByRole("radiogroup", { name: QUESTION, exact: true })).toBeVisible();
    await chooseRadio(page, QUESTION, answer);
    await page.getByRole("button", { name: "Assemble" }).click();
    await slowExpect(page).toHaveURL(/download_id/);
    if (answer === "Yes")
      await expect(page).toHaveURL(/actions=XD_Assemble(%2C|,)XD_Download(%2C|,)SignFS(&|$)/);
    else await expect(page).toHaveURL(/actions=XD_Assemble(%2C|,)XD_Download(&|$)/);
  });
}
