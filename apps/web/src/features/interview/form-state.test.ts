import { defineInterview, MESSAGES, visibleQuestions } from "@precedent/docgen/forms";
import { describe, expect, it } from "vitest";
import {
  droppedPaths,
  issuesByPath,
  labelsByPath,
  partyTypeChange,
  shownAnswerPaths,
  shownMessage,
  storable,
  withoutHiddenAnswers,
} from "./form-state";

const definition = defineInterview({
  title: "Minutes",
  questions: [
    { id: "company", type: "reference", label: "The company", partyTypes: ["company"] },
    { id: "meeting_date", type: "date", label: "Date of the meeting" },
    {
      id: "shareholders",
      type: "group",
      label: "Shares",
      countLabel: "How many shareholders?",
      itemLabel: "Shareholder",
      min: 1,
      questions: [{ id: "number", type: "number", label: "Number of shares", integer: true, min: 1 }],
    },
  ],
});

const answers = {
  company: { name: "Coastline Joinery", acn: "123456789", postcode: "25", director_type: "multiple" },
  meeting_date: "31/02/2025",
  shareholders: [{ number: "100" }, { number: "1.5" }],
};

describe("interview form state", () => {
  it("stores good answers tidy and leaves malformed ones out", () => {
    expect(storable(definition, answers)).toEqual({
      company: { party_type: "company", name: "Coastline Joinery", director_type: "multiple" },
      shareholders: [{ number: 100 }, {}],
    });
  });

  it("names every answer it could not store", () => {
    const stored = storable(definition, answers);
    expect(droppedPaths(visibleQuestions(definition, answers), stored)).toEqual([
      "company.acn",
      "company.postcode",
      "meeting_date",
      "shareholders[1].number",
    ]);
    expect(droppedPaths(visibleQuestions(definition, stored), stored)).toEqual([]);
  });

  it("gives the engine's message for each path, the first where there are several", () => {
    const issues = issuesByPath(definition, answers);
    expect(issues.get("company.acn")).toBe(MESSAGES.acnCheck);
    expect(issues.get("company.postcode")).toBe(MESSAGES.postcode);
    expect(issues.get("company.street")).toBe(MESSAGES.blank);
    expect(issues.get("meeting_date")).toBe(MESSAGES.dateReal);
    expect(issues.get("shareholders[1].number")).toBe(MESSAGES.wholeNumber);
    expect(issues.get("company.directors")).toBe(MESSAGES.blank);
    expect(issues.has("shareholders[0].number")).toBe(false);
  });

  it("labels fields with their party or numbered entry", () => {
    const labels = labelsByPath(visibleQuestions(definition, answers));
    expect(labels.get("company.postcode")).toBe("The company: Postcode");
    expect(labels.get("company.directors")).toBe("The company: How many directors?");
    expect(labels.get("shareholders")).toBe("How many shareholders?");
    expect(labels.get("shareholders[1].number")).toBe("Shareholder 2: Number of shares");
    expect(labels.get("meeting_date")).toBe("Date of the meeting");
  });
});

describe("changing a party's type", () => {
  const parties = defineInterview({
    title: "Agreement",
    questions: [{ id: "buyer", type: "reference", label: "Buyer" }],
  });
  const individual = {
    buyer: { party_type: "individual", first_name: "Jane", last_name: "Citizen", street: "1 George St" },
  };

  it("names the answers the new type does not ask, and the two types as shown", () => {
    const change = partyTypeChange(parties, individual, "buyer.party_type", "trust");
    expect(change?.partyPath).toBe("buyer");
    expect(change?.partyLabel).toBe("Buyer");
    expect(change?.from).toBe("An Individual");
    expect(change?.to).toBe("A Trust");
    expect(change?.cleared).toEqual(["First name", "Last name", "Street address"]);
    // A company is asked for its address too: that answer stays.
    const company = partyTypeChange(parties, individual, "buyer.party_type", "company");
    expect(company?.to).toBe("A Company");
    expect(company?.cleared).toEqual(["First name", "Last name"]);
  });

  it("asks nothing for the same type, a first choice, another field, or nothing answered", () => {
    expect(partyTypeChange(parties, individual, "buyer.party_type", "individual")).toBeUndefined();
    expect(partyTypeChange(parties, {}, "buyer.party_type", "trust")).toBeUndefined();
    expect(partyTypeChange(parties, individual, "buyer.first_name", "Jo")).toBeUndefined();
    const bare = { buyer: { party_type: "individual" } };
    expect(partyTypeChange(parties, bare, "buyer.party_type", "trust")).toBeUndefined();
  });

  it("forgets the hidden answers of a party only when asked, keeping what is shown", () => {
    const company = { buyer: { ...individual.buyer, party_type: "company", name: "Citizen Holdings" } };
    expect(withoutHiddenAnswers(parties, company, "buyer")).toEqual({
      buyer: { party_type: "company", name: "Citizen Holdings", street: "1 George St" },
    });
    expect(withoutHiddenAnswers(parties, individual, "buyer")).toBe(individual);
  });
});

describe("a field's message (issue 33 item 8)", () => {
  const trust = defineInterview({
    title: "Deed",
    questions: [
      { id: "settlor", type: "text", label: "Settlor" },
      { id: "has_appointor", type: "select", label: "An appointor?", options: ["Yes", "No"] },
      {
        id: "appointor",
        type: "text",
        label: "Appointor",
        visibleIf: { questionId: "has_appointor", equals: "Yes" },
      },
    ],
  });
  const none = new Set<string>();
  const noServerErrors = new Map<string, string>();

  it("a field a condition brings in after Assemble shows no error until it is left", () => {
    // Assemble asked for every message while the appointor was not on screen.
    const revealed = shownAnswerPaths(trust, {});
    expect(revealed).toContain("settlor");
    expect(revealed).not.toContain("appointor");

    const answers = { has_appointor: "Yes" };
    const issues = issuesByPath(trust, answers);
    expect(issues.get("appointor")).toBe("This field cannot be blank.");
    expect(shownMessage("settlor", { touched: none, revealed }, issues, noServerErrors)).toBe(
      "This field cannot be blank.",
    );
    expect(shownMessage("appointor", { touched: none, revealed }, issues, noServerErrors)).toBeUndefined();
    expect(
      shownMessage("appointor", { touched: new Set(["appointor"]), revealed }, issues, noServerErrors),
    ).toBe("This field cannot be blank.");
  });

  it("nothing is in red before anything is touched or asked for; the server's word always shows", () => {
    const issues = issuesByPath(trust, {});
    const exposure = { touched: none, revealed: none };
    expect(shownMessage("settlor", exposure, issues, noServerErrors)).toBeUndefined();
    expect(shownMessage("settlor", exposure, issues, new Map([["settlor", "Refused."]]))).toBe("Refused.");
  });
});
