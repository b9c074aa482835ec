import { describe, expect, it } from "vitest";
import { parsePath, readAnswer, resizeGroup, writeAnswer } from "./answer-paths.ts";
import { cleanAnswers, defineInterview, visibleQuestions } from "./forms.ts";

describe("answer paths", () => {
  it("reads the engine's paths into steps", () => {
    expect(parsePath("officers[1].person.first_name")).toEqual(["officers", 1, "person", "first_name"]);
    expect(parsePath("company.trustees[0]")).toEqual(["company", "trustees", 0]);
    expect(parsePath("a[2][3]")).toEqual(["a", 2, 3]);
    expect(() => parsePath("a[x]")).toThrow();
  });

  it("writes without touching the original answers", () => {
    const before = { company: { name: "Acme" }, officers: [{ office: "director" }] };
    const after = writeAnswer(before, "officers[1].person.first_name", "Tamsin");
    expect(after).toEqual({
      company: { name: "Acme" },
      officers: [{ office: "director" }, { person: { first_name: "Tamsin" } }],
    });
    expect(before.officers).toHaveLength(1);
    expect(after.company).toBe(before.company);
    expect(readAnswer(after, "officers[1].person.first_name")).toBe("Tamsin");
    expect(readAnswer(after, "officers[2].person")).toBeUndefined();
  });

  it("removes an answer when written undefined", () => {
    expect(writeAnswer({ a: { b: "x", c: "y" } }, "a.b", undefined)).toEqual({ a: { c: "y" } });
  });

  it("never reads inherited properties", () => {
    expect(readAnswer({}, "constructor")).toBeUndefined();
  });

  it("resizes a group, keeping the entries that stay", () => {
    const answers = { directors: [{ name: "A" }, { name: "B" }, { name: "C" }] };
    expect(resizeGroup(answers, "directors", 2)).toEqual({ directors: [{ name: "A" }, { name: "B" }] });
    expect(resizeGroup(answers, "directors", 4).directors).toEqual([
      { name: "A" },
      { name: "B" },
      { name: "C" },
      {},
    ]);
    expect(resizeGroup(answers, "directors", 0)).toEqual({ directors: [] });
    expect(resizeGroup(answers, "directors", undefined)).toEqual({});
  });

  it("writes at exactly the paths the engine reads back", () => {
    const definition = defineInterview({
      title: "T",
      questions: [
        { id: "company", type: "reference", label: "Company", partyTypes: ["company"] },
        { id: "trust", type: "reference", label: "Trust", partyTypes: ["trust"] },
      ],
    });
    let answers = writeAnswer({}, "company.director_type", "multiple");
    answers = resizeGroup(answers, "company.directors", 2);
    answers = writeAnswer(answers, "company.directors[1].name", "Bo Smith");
    answers = resizeGroup(answers, "trust.trustees", 1);
    answers = writeAnswer(answers, "trust.trustees[0].party_type", "individual");
    answers = writeAnswer(answers, "trust.trustees[0].first_name", "Jo");
    const shown = visibleQuestions(definition, answers);
    const company = shown[0];
    expect(company?.kind === "party" && company.fields.some((f) => f.path === "company.directors")).toBe(
      true,
    );
    const cleaned = cleanAnswers(definition, answers) as Record<string, unknown>;
    expect(cleaned.company).toMatchObject({ directors: [{}, { name: "Bo Smith" }] });
    expect(cleaned.trust).toMatchObject({ trustees: [{ party_type: "individual", first_name: "Jo" }] });
  });
});
