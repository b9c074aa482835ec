import type { Answers, InterviewDefinition } from "@precedent/docgen";
import { describe, expect, it } from "vitest";
import { fillEmpty } from "../interview/index.ts";
import { createTemplateLibrary } from "../templates/index.ts";
import { acnFills, hasAcnToFill } from "./acn-fill.ts";

const library = createTemplateLibrary();
const templateOf = (identifier: string) => {
  const template = library.starter(identifier);
  if (!template?.sampleAnswers) throw new Error(`${identifier} or its sample answers are missing`);
  return {
    definition: template.definition as InterviewDefinition,
    sample: () => structuredClone(template.sampleAnswers) as Record<string, unknown>,
  };
};
const ACME = { name: "ACME HOLDINGS PROPRIETARY LIMITED", acn: "123456780" };
const OTHER = { name: "Coastline Joinery PTY LTD", acn: "623456780" };

describe("acnFills: a registered company's ACN in documents naming it (rule 6101)", () => {
  const consent = templateOf("director-consent");
  const consentAnswers = (name: string, over: Record<string, unknown> = {}) => ({
    ...consent.sample(),
    company_name: name,
    legal_element: "PTY LTD",
    company_registered: "Yes",
    ...over,
  });

  it("fills an empty ACN when the document's company name is identical under rule 6101", () => {
    const answers = consentAnswers("Acme Holdings");
    expect(hasAcnToFill(consent.definition, answers)).toBe(true);
    const found = acnFills(consent.definition, answers, [OTHER, ACME]);
    expect(found.answers).toEqual({ company_acn: "123 456 780" });
    expect(found.notes).toEqual([
      {
        filled: true,
        message: "ACN 123 456 780 filled from the registration of ACME HOLDINGS PROPRIETARY LIMITED.",
      },
    ]);
    // Case, punctuation, "The", the legal element and plurals do not make a name different.
    for (const same of ["The Acme Holding", "ACME  holdings.", "Acme Holdings Pty. Ltd."]) {
      expect(acnFills(consent.definition, consentAnswers(same), [ACME]).answers).toEqual({
        company_acn: "123 456 780",
      });
    }
  });

  it("fills nothing for a different name, an answered ACN or an ACN the interview hides", () => {
    for (const different of ["Acme Holdings Australia", "Acme Holdingz", "Apex Holdings"]) {
      expect(acnFills(consent.definition, consentAnswers(different), [ACME])).toEqual({
        answers: {},
        notes: [],
      });
    }
    const typed = consentAnswers("Acme Holdings", { company_acn: "623 456 780" });
    expect(hasAcnToFill(consent.definition, typed)).toBe(false);
    expect(acnFills(consent.definition, typed, [ACME]).answers).toEqual({});
    // Consents for the first officers of a company not yet registered ask no ACN.
    const unregistered = consentAnswers("Acme Holdings", { company_registered: "No" });
    expect(acnFills(consent.definition, unregistered, [ACME]).answers).toEqual({});
  });

  it("fills nothing when two of the firm's registrations have the name, and says why", () => {
    const found = acnFills(consent.definition, consentAnswers("Acme Holdings"), [
      ACME,
      { name: "Acme Holdings Pty Ltd", acn: "623456780" },
    ]);
    expect(found.answers).toEqual({});
    expect(found.notes).toHaveLength(1);
    expect(found.notes[0]?.filled).toBe(false);
    expect(found.notes[0]?.message).toMatch(/not filled.*2 companies with that name/);
  });

  it("fills a company party's empty ACN (minutes), not a company inside a list (constitution's members)", () => {
    const minutes = templateOf("first-directors-minutes");
    const answers = minutes.sample();
    const company = answers.company as Record<string, unknown>;
    company.name = "Acme Holdings";
    company.legal_element = "PTY LTD";
    delete company.acn;
    const found = acnFills(minutes.definition, answers as Answers, [ACME]);
    expect(found.answers).toEqual({ company: { acn: "123 456 780" } });
    // The interview module adds it to the party without touching the party's other answers.
    const filled = fillEmpty(answers as Answers, found.answers) as Record<string, Record<string, unknown>>;
    expect(filled.company).toEqual({ ...company, acn: "123 456 780" });

    const constitution = templateOf("company-constitution");
    const members = constitution.sample();
    // Its sample's company member is "Adeyemi Holdings PTY LTD": registered, it is still not this document's company.
    const member = (members.members as { member: Record<string, unknown> }[])[1]?.member ?? {};
    delete member.acn;
    expect(
      acnFills(constitution.definition, members as Answers, [
        { name: "Adeyemi Holdings Pty Ltd", acn: ACME.acn },
      ]).answers,
    ).toEqual({});
  });

  it("fills the constitution's ACN only when it is adopted by an existing company (the ACN is asked)", () => {
    const constitution = templateOf("company-constitution");
    const existing = {
      ...constitution.sample(),
      company_name: "Acme Holdings",
      adoption_on_registration: "No",
    };
    expect(acnFills(constitution.definition, existing as Answers, [ACME]).answers).toEqual({
      company_acn: "123 456 780",
    });
    const onRegistration = { ...existing, adoption_on_registration: "Yes" };
    expect(acnFills(constitution.definition, onRegistration as Answers, [ACME]).answers).toEqual({});
  });
});

describe("fillEmpty (the interview's answer supplements)", () => {
  it("writes only where there is no answer, field by field inside objects, never into lists", () => {
    const answers = { a: "", b: "kept", c: { x: "kept", y: null }, d: [{ z: "" }] } as unknown as Answers;
    const additions = { a: "new", b: "lost", c: { x: "lost", y: "new", w: "new" }, d: [{ z: "lost" }], e: 1 };
    expect(fillEmpty(answers, additions as unknown as Answers)).toEqual({
      a: "new",
      b: "kept",
      c: { x: "kept", y: "new", w: "new" },
      d: [{ z: "" }],
      e: 1,
    });
  });
});
