import { describe, expect, it } from "vitest";
import type { AnswerObject } from "./answers.ts";
import { DefinitionError } from "./errors.ts";
import { parseInterview } from "./schema.ts";
import { validate } from "./validate.ts";

const definition = parseInterview(`
title: Rules
questions:
  - { id: deed_date, type: date, label: Date }
  - { id: earlier_date, type: date, label: Earlier date }
  - { id: years, type: number, label: Years, integer: true, min: 1, max: 125 }
  - id: shares
    type: group
    label: Shares
    min: 1
    max: 10
    questions:
      - { id: share, type: number, label: Share, min: 0.01, max: 100 }
checks:
  - { rule: total, of: shares.share, equals: 100, message: Not 100. }
  - { rule: maximum_before, value: years, max: 80, date: deed_date, before: 01/08/2025, message: Too long then. }
  - { rule: not_before, date: deed_date, earliest: earlier_date, message: Too early. }
`);

const answers = (deed: string, years: number, shares: number[], earlier = "01/01/2000") =>
  ({
    deed_date: deed,
    earlier_date: earlier,
    years,
    shares: shares.map((share) => ({ share })),
  }) as unknown as AnswerObject;

describe("total", () => {
  it("accepts shares that add up exactly, in hundredths", () => {
    expect(validate(definition, answers("01/09/2025", 80, [33.33, 33.33, 33.34]))).toEqual([]);
  });
  it("refuses shares short of or over the total, beside the group", () => {
    expect(validate(definition, answers("01/09/2025", 80, [60, 39.99]))).toEqual([
      { path: "shares", message: "Not 100." },
    ]);
    expect(validate(definition, answers("01/09/2025", 80, [60, 40.01]))).toEqual([
      { path: "shares", message: "Not 100." },
    ]);
  });
});

describe("maximum_before", () => {
  it("limits the number only before the date", () => {
    expect(validate(definition, answers("31/07/2025", 81, [100]))).toEqual([
      { path: "years", message: "Too long then." },
    ]);
    expect(validate(definition, answers("31/07/2025", 80, [100]))).toEqual([]);
    expect(validate(definition, answers("01/08/2025", 125, [100]))).toEqual([]);
  });
});

describe("not_before", () => {
  it("refuses a date before the earliest, accepts the same day", () => {
    expect(validate(definition, answers("01/09/2025", 80, [100], "02/09/2025"))).toEqual([
      { path: "deed_date", message: "Too early." },
    ]);
    expect(validate(definition, answers("01/09/2025", 80, [100], "01/09/2025"))).toEqual([]);
  });
});

describe("definitions", () => {
  it("refuses a total over a question outside a group, and a malformed date", () => {
    expect(() =>
      parseInterview(`
title: Bad
questions:
  - { id: n, type: number, label: N }
  - { id: d, type: date, label: D }
checks:
  - { rule: total, of: n, equals: 100, message: x }
  - { rule: maximum_before, value: n, max: 1, date: d, before: 2025-08-01, message: x }
`),
    ).toThrow(DefinitionError);
  });
});

const meeting = parseInterview(`
title: Meeting
questions:
  - { id: chair, type: text, label: Chair }
  - id: directors
    type: group
    label: Directors
    questions:
      - { id: name, type: text, label: Name }
checks:
  - { rule: among, person: chair, among: [directors.name], message: Not a director. }
`);

describe("among", () => {
  const directors = [{ name: "Grace Thornbury" }, { name: "William Thornbury" }];
  it("accepts a chair named among the directors, whatever the case and spacing", () => {
    expect(validate(meeting, { chair: "grace  thornbury", directors } as unknown as AnswerObject)).toEqual(
      [],
    );
  });
  it("refuses a chair who is not a director, beside the chair", () => {
    expect(validate(meeting, { chair: "Kieran Walsh", directors } as unknown as AnswerObject)).toEqual([
      { path: "chair", message: "Not a director." },
    ]);
  });
});
