import { validate } from "@precedent/docgen";
import { describe, expect, it } from "vitest";
import { createTemplateLibrary } from "../modules/templates/index.ts";
import { demoAnswers, demoInterview } from "./interviews.ts";

const library = createTemplateLibrary();

function answersOf(name: string, status: 1 | 2 | 5) {
  const link = demoInterview(name);
  const template = link ? library.starter(link.template) : undefined;
  if (!link || !template) throw new Error(`${name} is not a demo interview`);
  return { template, ...demoAnswers(template, link, status) };
}

describe("the demo's testamentary trust will (issue 30)", () => {
  const NAME = "Testamentary Trust Will – Robert Smith";
  it("is Robert Smith's will holding each child's share on a testamentary trust, answers that assemble", () => {
    const { template, full } = answersOf(NAME, 5);
    expect(validate(template.definition, full as never)).toEqual([]);
    expect(full).toMatchObject({
      will_maker: { first_name: "Robert", last_name: "Smith" },
      residue_to: "children",
      testamentary_trust: "Yes",
      trust_control: "beneficiary",
    });
    // The named beneficiaries of the sample are hidden once the residue goes to the children.
    expect(full).not.toHaveProperty("residuary");
  });
  it("is still the demo's one draft with no answers yet", () => {
    expect(answersOf(NAME, 1).atStage).toEqual({});
  });
  it("leaves a copied will's draft part-answered as before", () => {
    const { atStage, full } = answersOf("Will – Meera Patel", 1);
    expect(atStage).toMatchObject({ will_maker: { first_name: "Meera", last_name: "Patel" } });
    expect(atStage).not.toHaveProperty("testamentary_trust");
    expect(Object.keys(atStage).length).toBeLessThan(Object.keys(full).length);
  });
});
