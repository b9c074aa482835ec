import type { Answers } from "@precedent/docgen";
import { describe, expect, it } from "vitest";
import { createTemplateLibrary } from "../templates/index.ts";
import {
  type AskedQuestion,
  applyAnswer,
  currentAnswerText,
  nextQuestion,
  previousQuestion,
  questionAt,
} from "./interviewer.ts";

const library = createTemplateLibrary();
const definitionOf = (identifier: string) => {
  const template = library.starter(identifier);
  if (!template) throw new Error(`no template ${identifier}`);
  return template.definition;
};
const TODAY = "2026-03-04";

/** Answers one question, failing the test when the interviewer refuses it. */
function answer(identifier: string, answers: Answers, question: AskedQuestion, text: string) {
  const attempt = applyAnswer(definitionOf(identifier), answers, question, text, TODAY);
  if (!attempt.ok) throw new Error(`refused "${text}": ${attempt.message}`);
  return attempt.answers;
}

describe("the interviewer", () => {
  const nda = definitionOf("mutual-nda");

  it("asks the first shown question, then the next unanswered one", () => {
    const first = nextQuestion(nda, {}, []);
    expect(first).toMatchObject({ path: "agreement_date", kind: "date", label: "Date of the agreement" });
    if (!first) throw new Error("no question");
    const answers = answer("mutual-nda", {}, first, "3rd of March 2026");
    expect(answers.agreement_date).toBe("03/03/2026");
    const second = nextQuestion(nda, answers, []);
    expect(second).toMatchObject({ path: "first_party.party_type", kind: "select" });
    expect(second?.options?.length).toBeGreaterThan(1);
  });

  it("asks a conditional question only once the answer it depends on makes it shown", () => {
    const asIndividual = { agreement_date: "03/03/2026", first_party: { party_type: "individual" } };
    const fields: string[] = [];
    // Skipping walks every shown question of the first party and then the age question.
    for (let i = 0; i < 30; i++) {
      const q = nextQuestion(nda, asIndividual, fields);
      if (q === undefined) break;
      if (!q.path.startsWith("first_party")) break;
      fields.push(q.path);
    }
    expect(fields).toContain("first_party_age");
    const asCompany = { agreement_date: "03/03/2026", first_party: { party_type: "company" } };
    const companyFields: string[] = [];
    for (let i = 0; i < 30; i++) {
      const q = nextQuestion(nda, asCompany, companyFields);
      if (q === undefined) break;
      if (!q.path.startsWith("first_party")) break;
      companyFields.push(q.path);
    }
    expect(companyFields).not.toContain("first_party_age");
  });

  it("keeps a skipped question unanswered and moves on", () => {
    const next = nextQuestion(nda, {}, ["agreement_date"]);
    expect(next?.path).toBe("first_party.party_type");
  });

  it("converts numbers in words and checks them with the engine's field checks", () => {
    const years = questionAt(nda, {}, "confidentiality_years");
    if (!years) throw new Error("question not shown");
    expect(answer("mutual-nda", {}, years, "five years").confidentiality_years).toBe(5);
    // The engine's own message for a number out of range.
    expect(applyAnswer(nda, {}, years, "forty", TODAY)).toEqual({
      ok: false,
      message: "Please enter a number no more than 20.",
    });
    expect(applyAnswer(nda, {}, years, "a few", TODAY)).toMatchObject({ ok: false });
  });

  it("matches an option from the list and refuses one outside it, naming the choices", () => {
    const solicit = questionAt(nda, {}, "non_solicitation");
    if (!solicit) throw new Error("question not shown");
    const answers = answer("mutual-nda", {}, solicit, "yeah");
    expect(answers.non_solicitation).toBe("Yes");
    // The answer shows the condition's question.
    expect(questionAt(nda, answers, "non_solicitation_months")).toMatchObject({ kind: "number" });
    expect(questionAt(nda, { non_solicitation: "No" }, "non_solicitation_months")).toBeUndefined();
    const refused = applyAnswer(nda, {}, solicit, "perhaps", TODAY);
    expect(refused).toEqual({
      ok: false,
      message: '"perhaps" is not one of the choices. Please choose one of: Yes, No.',
    });
  });

  it("refuses an answer the interview's rules across answers forbid", () => {
    const answers = { first_party: { party_type: "individual" } };
    const age = questionAt(nda, answers, "first_party_age");
    if (!age) throw new Error("question not shown");
    const refused = applyAnswer(nda, answers, age, "under 18", TODAY);
    expect(refused).toMatchObject({ ok: false });
    if (!refused.ok) expect(refused.message).toContain("must be 18 or over");
  });

  it("asks how many for a group, then each entry's questions", () => {
    const deed = definitionOf("change-of-trustee-deed");
    const count = questionAt(deed, {}, "appointors");
    expect(count).toMatchObject({ kind: "count", label: "How many appointors act together?" });
    if (!count) throw new Error("question not shown");
    const answers = answer("change-of-trustee-deed", {}, count, "two");
    expect(answers.appointors).toEqual([{}, {}]);
    const skipped = ["deed_date", "jurisdiction", "trust_kind", "trust_name", "trust_deed_date"];
    let next = nextQuestion(deed, answers, skipped);
    const seen: string[] = [];
    while (next && !next.path.startsWith("appointors[1]") && seen.length < 40) {
      seen.push(next.path);
      next = nextQuestion(deed, answers, [...skipped, ...seen]);
    }
    expect(seen.some((path) => path.startsWith("appointors[0]."))).toBe(true);
    expect(next?.path.startsWith("appointors[1].")).toBe(true);
    expect(applyAnswer(deed, {}, count, "lots", TODAY)).toMatchObject({ ok: false });
  });

  it("goes back to the shown question before, answered or not, and reads its answer as said", () => {
    const answers = { agreement_date: "03/03/2026", first_party: { party_type: "company" } };
    const next = nextQuestion(nda, answers, []);
    if (!next) throw new Error("no question");
    const back = previousQuestion(nda, answers, next.path);
    expect(back?.path).toBe("first_party.party_type");
    if (!back) throw new Error("no previous question");
    expect(currentAnswerText(answers, back)).toBe("A Company");
    expect(previousQuestion(nda, answers, "first_party.party_type")?.path).toBe("agreement_date");
    expect(previousQuestion(nda, answers, "agreement_date")).toBeUndefined();
    // Answered, it is not asked unless gone back to.
    expect(questionAt(nda, answers, "first_party.party_type")).toBeUndefined();
    expect(questionAt(nda, answers, "first_party.party_type", true)?.path).toBe("first_party.party_type");
    expect(currentAnswerText({}, back)).toBeNull();
  });
});
