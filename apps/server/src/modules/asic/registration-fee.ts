import type { AnswerSupplement } from "../interview/index.ts";

/**
 * ASIC's registration fee in the registration application (issue 30 item 11): the template prints
 * the fee the server is set to pay (ASIC_REGISTRATION_FEE), never a figure of its own, since ASIC
 * indexes the fee each 1 July. The interview module knows it only as an answer supplement, whose
 * fee is held (written over the document's answer at every assembly), so that a document assembled
 * after the setting changes prints the new fee, as the catalogue (seeded from the same setting) shows.
 */
export const REGISTRATION_TEMPLATE = "company-registration";

export function registrationFeeSupplement(feeCents: number): AnswerSupplement {
  return async (_tx, input) => {
    if (input.templateId !== REGISTRATION_TEMPLATE) return undefined;
    const fee = feeCents / 100;
    return {
      answers: {},
      held: { asic_fee: fee },
      notes: [
        { message: `ASIC's registration fee of $${fee.toFixed(2)} filled from the settings.`, filled: true },
      ],
    };
  };
}
