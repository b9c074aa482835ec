import { describe, expect, it } from "vitest";
import { requestedActions } from "./question-actions.ts";
import { parseInterview } from "./schema.ts";

const definition = parseInterview(`
title: Actions
questions:
  - { id: lodge, type: select, label: Lodge with ASIC?, options: yes_no, action: ASIC }
  - { id: plain, type: select, label: Plain?, options: yes_no }
  - id: esign
    type: select
    label: Send for e-signing?
    action: SignFS
    options:
      - { value: sign, text: "Yes" }
      - { value: paper, text: "No, on paper" }
  - id: later
    type: select
    label: Assemble now?
    options: yes_no
    action: XD_Assemble
    visibleIf: { questionId: plain, equals: "Yes" }
  - id: people
    type: group
    label: People
    questions:
      - { id: download, type: select, label: Download?, options: yes_no, action: XD_Download }
`);

describe("is_qaction questions (interview spec §4 step 4)", () => {
  it("parses the action onto a select question from the template", () => {
    const lodge = definition.questions[0];
    expect(lodge?.type === "select" && lodge.action).toBe("ASIC");
    const plain = definition.questions[1];
    expect(plain?.type === "select" && plain.action).toBeUndefined();
  });

  it("refuses an action that is not an integration action, and one on a question that is not a list", () => {
    expect(() =>
      parseInterview(
        "title: T\nquestions:\n  - { id: a, type: select, label: A, options: yes_no, action: EMAIL }\n",
      ),
    ).toThrow();
    expect(() =>
      parseInterview("title: T\nquestions:\n  - { id: a, type: text, label: A, action: ASIC }\n"),
    ).toThrow();
  });

  it("asks for an action only when its question is answered Yes (by value or by the option's text)", () => {
    expect(requestedActions(definition, {})).toEqual([]);
    expect(requestedActions(definition, { lodge: "No", esign: "paper" })).toEqual([]);
    expect(requestedActions(definition, { lodge: "Yes" })).toEqual(["ASIC"]);
    expect(requestedActions(definition, { lodge: "Yes", esign: "sign" })).toEqual(["ASIC", "SignFS"]);
  });

  it("counts only questions shown: a Yes under a condition since turned off asks for nothing", () => {
    expect(requestedActions(definition, { plain: "Yes", later: "Yes" })).toEqual(["XD_Assemble"]);
    expect(requestedActions(definition, { plain: "No", later: "Yes" })).toEqual([]);
  });

  it("reads group entries, naming an action once however many entries ask for it", () => {
    expect(
      requestedActions(definition, {
        people: [{ download: "No" }, { download: "Yes" }, { download: "Yes" }],
      }),
    ).toEqual(["XD_Download"]);
  });
});
