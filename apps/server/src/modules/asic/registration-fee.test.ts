import type { Answers } from "@precedent/docgen";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { fillEmpty } from "../interview/index.ts";
import { createTemplateLibrary } from "../templates/index.ts";
import { REGISTRATION_TEMPLATE, registrationFeeSupplement } from "./registration-fee.ts";

const library = createTemplateLibrary();
const registration = library.get(REGISTRATION_TEMPLATE);
if (!registration) throw new Error("no registration template");
const input = (templateId: string, answers: Answers) => ({
  teamId: 1,
  docId: 1,
  templateId,
  definition: registration.definition,
  answers,
});
// The supplement reads nothing from the database.
const tx = undefined as unknown as Database;

describe("registrationFeeSupplement", () => {
  it("offers the fee from the settings to the registration application only", async () => {
    const supplement = registrationFeeSupplement(61_100);
    const offered = await supplement(tx, input(REGISTRATION_TEMPLATE, {}));
    expect(offered?.answers).toEqual({ asic_fee: 611 });
    expect(offered?.notes[0]?.message).toContain("$611.00");
    expect(await supplement(tx, input("company-constitution", {}))).toBeUndefined();
  });

  it("is a question the registration interview asks, so the fee it fills is kept and printed", () => {
    expect(registration.definition.questions.map((q) => q.id)).toContain("asic_fee");
    expect(fillEmpty({}, { asic_fee: 611 })).toEqual({ asic_fee: 611 });
  });
});
