import { describe, expect, it } from "vitest";
import { inputIdOf } from "./input-id";

describe("input ids", () => {
  it("makes DOM ids from paths, distinct for distinct entries", () => {
    expect(inputIdOf("officers[1].person.first_name")).toBe("answer-officers-1--person-first_name");
    expect(inputIdOf("officers[1].x")).not.toBe(inputIdOf("officers[11].x"));
  });
});
