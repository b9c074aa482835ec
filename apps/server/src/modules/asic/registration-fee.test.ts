import type { Answers } from "@precedent/docgen";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { fillEmpty, supplementAnswers } from "../interview/index.ts";
import { createTemplateLibrary } from "../templates/index.ts";
import { REGISTRATION_TEMPLATE, registrationFeeSupplement } from "./registration-fee.ts";

const library = createTemplateLibrary();
const registration = library.starter(REGISTRATION_TEMPLATE);
if (!registration) throw new Error("no registration template");
const input = (templateId: string, answers: Answers) => ({
  teamId: 1,
  docId: 1,
  templateId,
  definition: registration.definition,
  answers,
});
// The supplement reads nothing else from the database than the fee paid, given here.
const tx = undefined as unknown as Database;
const notPaid = async () => null;

describe("registrationFeeSupplement", () => {
  it("offers the fee from the settings to the registration application only", async () => {
    const supplement = registrationFeeSupplement(61_100, notPaid);
    const offered = await supplement(tx, input(REGISTRATION_TEMPLATE, {}));
    expect(offered?.held).toEqual({ asic_fee: 611 });
    expect(offered?.notes[0]?.message).toContain("$611.00");
    expect(await supplement(tx, input("company-constitution", {}))).toBeUndefined();
  });

  it("is a question the registration interview asks, so the fee it fills is kept and printed", () => {
    expect(registration.definition.questions.map((q) => q.id)).toContain("asic_fee");
    expect(fillEmpty({}, { asic_fee: 611 })).toEqual({ asic_fee: 611 });
  });

  it("writes the current setting over a fee saved with an earlier assembly, so the document is never stale", async () => {
    // Assembled when the setting was $597, then ASIC indexed its fee and the setting became $611.
    const supplied = await supplementAnswers(
      tx,
      [registrationFeeSupplement(61_100, notPaid)],
      input(REGISTRATION_TEMPLATE, { asic_fee: 597 }),
    );
    expect(supplied.answers?.asic_fee).toBe(611);
    expect(supplied.changes.map((change) => change.path)).toContain("asic_fee");
  });

  it("holds the fee paid once the application is paid, whatever the setting is now", async () => {
    // Paid at $597; ASIC then indexed its fee and the setting became $611.
    const supplied = await supplementAnswers(
      tx,
      [registrationFeeSupplement(61_100, async () => 59_700)],
      input(REGISTRATION_TEMPLATE, { asic_fee: 611 }),
    );
    expect(supplied.answers?.asic_fee).toBe(597);
    expect(supplied.notes.map((note) => note.message)).toContain(
      "ASIC's registration fee of $597.00 filled as paid for this application.",
    );
  });

  it("leaves the answers alone when the fee saved is already the setting's", async () => {
    const supplied = await supplementAnswers(
      tx,
      [registrationFeeSupplement(61_100, notPaid)],
      input(REGISTRATION_TEMPLATE, { asic_fee: 611 }),
    );
    expect(supplied.answers).toBeUndefined();
  });
});
