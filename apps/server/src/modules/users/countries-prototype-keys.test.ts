import { describe, expect, it } from "vitest";
import { statesOf } from "./countries.ts";

// Issue 31: tables looked up with user text are Maps; a plain object answered `statesOf("constructor")`
// with Object's constructor function instead of no states.
describe("statesOf", () => {
  it("knows no states of a country named after a prototype key", () => {
    for (const word of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"])
      expect(statesOf(word)).toEqual([]);
    expect(statesOf("AU").length).toBe(8);
  });
});
