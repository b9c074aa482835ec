import { describe, expect, it } from "vitest";
import { importedAddressFields, resetAddress } from "./reset-address";

const imported = {
  company: {
    name: "Harbour Bricks Pty Ltd",
    street: "12 George Street",
    suburb: "Sydney",
    state: "NSW",
    postcode: "2000",
    directors: [
      { first_name: "Ann", street: "1 Pitt Street", suburb: "Sydney", state: "NSW", postcode: "2000" },
    ],
  },
};

describe("Reset Address", () => {
  it("finds every address field the import wrote, in the party and its people", () => {
    expect(importedAddressFields(imported).map((f) => f.path.join("."))).toEqual([
      "company.street",
      "company.suburb",
      "company.state",
      "company.postcode",
      "company.directors.0.street",
      "company.directors.0.suburb",
      "company.directors.0.state",
      "company.directors.0.postcode",
    ]);
  });

  it("puts a changed address back, says edits are lost, and keeps every other answer", () => {
    const current = {
      meeting_time: "10.00 am",
      company: {
        ...imported.company,
        name: "Renamed Pty Ltd",
        street: "99 Other Road",
        postcode: "",
        directors: [{ ...imported.company.directors[0], first_name: "Annie", suburb: "Parramatta" }],
      },
    };
    const { answers, changed, discardsEdits } = resetAddress(current, imported);
    expect(changed).toBe(true);
    expect(discardsEdits).toBe(true);
    expect(answers).toEqual({
      meeting_time: "10.00 am",
      company: {
        ...imported.company,
        name: "Renamed Pty Ltd",
        directors: [{ ...imported.company.directors[0], first_name: "Annie" }],
      },
    });
    // The current answers are not changed in place.
    expect(current.company.street).toBe("99 Other Road");
  });

  it("only cleared fields: refilled without a confirmation; the imported address: nothing to do", () => {
    const cleared = { company: { ...imported.company, street: "", suburb: undefined } };
    const refilled = resetAddress(cleared, imported);
    expect(refilled).toMatchObject({ changed: true, discardsEdits: false });
    expect(refilled.answers.company).toEqual(imported.company);
    expect(resetAddress(imported, imported)).toMatchObject({ changed: false, discardsEdits: false });
  });
});
