import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { assemble } from "@precedent/docgen";
import { describe, expect, it } from "vitest";
import { load } from "./edge-cases.ts";

// The engine keeps work across documents (shaped words, composed texts, a paragraph's lines). A key
// or value that is a slice of one document's text keeps that whole text alive (V8 keeps a substring
// of 13 characters or more as a view into its parent): before each kept text was made a copy of its
// own, every client's SMSF deed left its 226 kB text in memory until a cache happened to be
// emptied: an email address or a name with its suffix is such a word, new in every client's deed.

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

const { template, sample } = load("smsf-trust-deed");

/**
 * The sample answers as another client's: each capitalised word of a name given a suffix of its own,
 * long enough that words such as a possessive name reach 13 characters, as real names and emails do.
 */
function client(run: number) {
  const suffix = `${run.toString(36)}abcd`;
  const rename = (value: unknown, key: string): unknown => {
    if (typeof value === "string" && /(^|_)name$/.test(key))
      return value.replace(/\b[A-Z][a-z]{2,}\b/g, (w) => `${w}${suffix}`);
    if (Array.isArray(value)) return value.map((item) => rename(item, key));
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, rename(inner, name)]));
    return value;
  };
  return rename(structuredClone(sample), "") as typeof sample;
}

describe("what the engine keeps across documents", () => {
  it("does not keep each client's deed in memory", async () => {
    for (let run = 0; run < 5; run++) await assemble(template, client(run));
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    const deeds = 25;
    for (let run = 5; run < 5 + deeds; run++) await assemble(template, client(run));
    collectGarbage();
    const grownPerDeed = (process.memoryUsage().heapUsed - before) / deeds;
    // What is rightly kept per client (its new words' shapes, the hashes of the paragraphs it met
    // once) is some 80 kB; one deed's text alone is 226 kB (303 kB a deed was kept before the fix).
    expect(grownPerDeed).toBeLessThan(150_000);
  }, 120_000);
});
