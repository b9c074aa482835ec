/**
 * The company kit as one consistent set (issue 30 item 3): for each kind of registration (the
 * replaceable rules or a constitution; a sole director-shareholder or several; with and without a
 * secretary) every kit document validates and the documents agree with each other on the company's
 * name, its governance, their dates, the officers and the shares.
 */
import { type AnswerObject, formatAcn, preview, validate } from "@precedent/docgen";
import { describe, expect, it } from "vitest";
import { createTemplateLibrary } from "../templates/index.ts";
import { COMPANY_KIT_TEMPLATES, type CompanyKitTemplate, companyKitAnswers } from "./company-kit.ts";

const library = createTemplateLibrary();
const ACN = "123456780";
const REGISTERED = "2025-09-19";
const KIT_DATE = "22/09/2025";
type Entry = Record<string, unknown>;

const sample = () =>
  structuredClone(library.starter("company-registration")?.sampleAnswers ?? {}) as Record<string, unknown>;
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0|\u202f/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
/** DD/MM/YYYY as a number that sorts by date. */
const dayNumber = (date: unknown) => Number(String(date).split("/").reverse().join(""));

type Variant = { rules: "replaceable" | "constitution"; owners: "sole" | "several"; secretary: boolean };
const VARIANTS: Variant[] = (["replaceable", "constitution"] as const).flatMap((rules) =>
  (["sole", "several"] as const).flatMap((owners) =>
    [true, false].map((secretary) => ({ rules, owners, secretary })),
  ),
);

/** The registration sample reshaped to a variant: Amelia Rose Tran is the sole director and member. */
function registration({ rules, owners, secretary }: Variant) {
  const answers = sample();
  answers.rules = rules;
  const officers = answers.officers as Entry[];
  const members = answers.members as Entry[];
  const [amelia, daniel] = officers;
  if (!amelia || !daniel) throw new Error("the sample has two officers");
  if (owners === "sole") {
    answers.members = [{ ...members[0], shares: 1 }];
    amelia.office = secretary ? "both" : "director";
    answers.officers = [amelia];
  } else {
    amelia.office = "director";
    daniel.office = "director";
    if (secretary) {
      answers.officers = [
        amelia,
        daniel,
        {
          ...daniel,
          person: { ...(daniel.person as Entry), first_name: "Grace", last_name: "Whitlock" },
          office: "secretary",
          director_id: undefined,
        },
      ];
    }
  }
  return answers;
}

function assembleKit(variant: Variant) {
  const answers = registration(variant);
  const kit = companyKitAnswers({ answers, acn: ACN, registrationDate: REGISTERED, kitDate: KIT_DATE });
  const texts = {} as Record<CompanyKitTemplate, string>;
  for (const identifier of COMPANY_KIT_TEMPLATES) {
    const template = library.starter(identifier);
    if (!template) throw new Error(`no template ${identifier}`);
    expect(validate(template.definition, kit[identifier] as AnswerObject), identifier).toEqual([]);
    texts[identifier] = textOf(preview(template, kit[identifier] as AnswerObject));
  }
  return { answers, kit, texts };
}

describe.each(VARIANTS)("the company kit: $rules, $owners owner(s), secretary $secretary", (variant) => {
  const { answers, kit, texts } = assembleKit(variant);
  const officers = answers.officers as Entry[];
  const members = answers.members as Entry[];
  const registered = "19/09/2025";

  it("gives the consent before lodgement, naming the company as proposed and without the ACN issued later", () => {
    const consent = kit["director-consent"];
    expect(consent.company_registered).toBe("No");
    expect(consent).not.toHaveProperty("company_acn");
    expect(dayNumber(consent.consent_date)).toBeLessThan(dayNumber(registered));
    expect(texts["director-consent"]).toContain("Harbourline Analytics Pty Ltd (proposed)");
    expect(texts["director-consent"]).not.toContain(formatAcn(ACN));
  });

  it("names the registered company with its ACN in the documents made after registration", () => {
    for (const identifier of ["first-directors-minutes", "share-certificates-registers"] as const) {
      expect(texts[identifier], identifier).toMatch(/Harbourline Analytics Pty Ltd ACN 123 456 780/);
    }
  });

  it("states one governance in the constitution and the minutes, on the same dates", () => {
    const constitution = kit["company-constitution"];
    const minutes = kit["first-directors-minutes"];
    if (variant.rules === "constitution") {
      expect(constitution.adoption_on_registration).toBe("Yes");
      expect(minutes.governance).toBe("constitution");
      expect(dayNumber(constitution.adoption_date)).toBeLessThan(dayNumber(registered));
    } else {
      // Registered on the replaceable rules (or, for a sole director-shareholder, none): the members
      // adopt the kit's constitution by special resolution, and the minutes say so, on the same day.
      expect(constitution.adoption_on_registration).toBe("No");
      expect(minutes.governance).toBe("adopted");
      expect(minutes.constitution_date).toBe(constitution.adoption_date);
      expect(dayNumber(minutes.meeting_date)).toBeGreaterThanOrEqual(dayNumber(constitution.adoption_date));
      expect(texts["company-constitution"]).toContain("By Special Resolution of the Company");
      expect(texts["first-directors-minutes"]).toContain("adopted a constitution by special resolution");
    }
    expect(texts["first-directors-minutes"]).not.toContain("has not adopted a constitution");
    expect(dayNumber(minutes.meeting_date)).toBeGreaterThanOrEqual(dayNumber(registered));
  });

  it("names the same officers everywhere, the chair being a director", () => {
    const minutes = kit["first-directors-minutes"];
    const directors = officers.filter((o) => o.office === "director" || o.office === "both");
    const secretary = officers.find((o) => o.office === "secretary" || o.office === "both");
    for (const officer of officers) {
      const person = officer.person as Entry;
      const name = [person.first_name, person.middle_name, person.last_name].filter(Boolean).join(" ");
      expect(texts["director-consent"]).toContain(name);
      expect(texts["share-certificates-registers"]).toContain(name);
    }
    expect(minutes.has_secretary).toBe(secretary ? "Yes" : "No");
    expect((minutes.company as Entry).director_type).toBe(directors.length === 1 ? "sole" : "multiple");
    if (directors.length === 1) {
      expect(texts["first-directors-minutes"]).toContain("Record of resolutions of the sole director");
      expect(texts["first-directors-minutes"]).not.toContain("declared the meeting closed");
    }
  });

  it("issues the same shares to the same members in the minutes, the registers and the certificates", () => {
    const minutes = kit["first-directors-minutes"].shareholders as Entry[];
    const registers = kit["share-certificates-registers"].members as Entry[];
    expect(minutes.map((m) => m.number)).toEqual(members.map((m) => m.shares));
    expect(registers.map((m) => (m.parcels as Entry[])[0]?.shares)).toEqual(members.map((m) => m.shares));
    if (variant.owners === "sole") {
      expect(texts["share-certificates-registers"]).toContain("1 ordinary share ");
      expect(texts["share-certificates-registers"]).not.toContain("1 ordinary shares");
    }
  });
});

describe("the company kit for a superannuation trustee company (subclass PSTC)", () => {
  // The registration's subclass is the only answer that says the company is to be a trustee; a
  // PSTC's constitution carries the SMSF trustee clause, another subclass's does not.
  const kitFor = (subclass: string) => {
    const answers = registration({ rules: "constitution", owners: "several", secretary: false });
    answers.pty_subclass = subclass;
    const kit = companyKitAnswers({ answers, acn: ACN, registrationDate: REGISTERED, kitDate: KIT_DATE });
    const template = library.starter("company-constitution");
    if (!template) throw new Error("no template company-constitution");
    const answersOfConstitution = kit["company-constitution"] as AnswerObject;
    expect(validate(template.definition, answersOfConstitution)).toEqual([]);
    return {
      constitution: kit["company-constitution"],
      text: textOf(preview(template, answersOfConstitution)),
    };
  };

  it("passes trustee_role smsf, and the constitution has the superannuation trustee clause", () => {
    const { constitution, text } = kitFor("PSTC");
    expect(constitution.trustee_role).toBe("smsf");
    expect(text).toContain("Trustee of a self managed superannuation fund");
  });

  it("leaves trustee_role unanswered for a proprietary company (other)", () => {
    const { constitution, text } = kitFor("PROP");
    expect(constitution).not.toHaveProperty("trustee_role");
    expect(text).not.toContain("Trustee of a self managed superannuation fund");
  });
});
