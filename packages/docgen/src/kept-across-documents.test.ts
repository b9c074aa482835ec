import { describe, expect, it } from "vitest";
import { KeptAcrossDocuments } from "./kept-across-documents.ts";

const keep = (key: string, value: number) => () => ({ key: `${key}`, value });

describe("KeptAcrossDocuments", () => {
  it("keeps a piece once a second document meets it, never for one document met twice", () => {
    const kept = new KeptAcrossDocuments<number>(1_000);
    const [first, second] = [{}, {}];
    kept.offer("clause", first, keep("clause", 1));
    kept.offer("clause", first, keep("clause", 1));
    expect(kept.get("clause")).toBeUndefined();
    kept.offer("clause", second, keep("clause", 2));
    expect(kept.get("clause")).toBe(2);
    expect(kept.size).toBe(1);
  });

  it("makes the kept key and value only when it keeps them", () => {
    const kept = new KeptAcrossDocuments<number>(1_000);
    let made = 0;
    const counting = () => {
      made += 1;
      return { key: "text", value: 1 };
    };
    kept.offer("text", {}, counting);
    expect(made).toBe(0);
    kept.offer("text", {}, counting);
    expect(made).toBe(1);
  });

  it("drops what it keeps when the characters kept would pass the limit, and starts again", () => {
    const kept = new KeptAcrossDocuments<number>(10);
    const [first, second] = [{}, {}];
    for (const key of ["aaaaaa", "bbbbbb"]) {
      kept.offer(key, first, keep(key, 1));
      kept.offer(key, second, keep(key, 2));
    }
    // Six characters, then six more would be twelve: the first was dropped to keep the second.
    expect(kept.get("aaaaaa")).toBeUndefined();
    expect(kept.get("bbbbbb")).toBe(2);
  });

  it("forgets the pieces met once when it remembers too many", () => {
    const kept = new KeptAcrossDocuments<number>(1_000, 2);
    const [first, second] = [{}, {}];
    kept.offer("one", first, keep("one", 1));
    kept.offer("two", first, keep("two", 1));
    kept.offer("three", first, keep("three", 1)); // the third: the two remembered are forgotten
    kept.offer("one", second, keep("one", 2));
    expect(kept.get("one")).toBeUndefined();
    kept.offer("three", second, keep("three", 2));
    expect(kept.get("three")).toBe(2);
  });
});
