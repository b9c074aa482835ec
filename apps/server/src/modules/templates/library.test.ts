import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DefinitionError, validate } from "@precedent/docgen";
import { describe, expect, it } from "vitest";
import { createTemplateLibrary, STARTER_TEMPLATES_DIR, templateName } from "./library.ts";

describe("template library", () => {
  it("loads every starter template by its folder name, with catalogue and sample answers", () => {
    const library = createTemplateLibrary();
    const folders = readdirSync(STARTER_TEMPLATES_DIR).filter((name) =>
      existsSync(path.join(STARTER_TEMPLATES_DIR, name, "interview.yaml")),
    );
    expect(library.starters().map((t) => t.identifier)).toEqual([...folders].sort());
    const nda = library.starter("mutual-nda");
    expect(nda?.definition.questions.length).toBeGreaterThan(0);
    expect(nda?.body).toContain("{{");
    expect(nda && templateName(nda)).toBe("Mutual Non-Disclosure Agreement");
    expect(nda?.sampleAnswers && validate(nda.definition, nda.sampleAnswers)).toEqual([]);
    expect(library.starter("no-such-template")).toBeUndefined();
  });

  it("reads a folder once, whoever asks", () => {
    expect(createTemplateLibrary().starter("mutual-nda")).toBe(createTemplateLibrary().starter("mutual-nda"));
  });

  it("refuses a library with a broken interview, naming the problem", () => {
    const root = mkdtempSync(path.join(tmpdir(), "templates-"));
    mkdirSync(path.join(root, "broken"));
    writeFileSync(
      path.join(root, "broken", "interview.yaml"),
      "title: Broken\nquestions:\n  - { id: a, type: nope, label: A }\n",
    );
    writeFileSync(path.join(root, "broken", "template.md"), "# x\n");
    writeFileSync(path.join(root, "broken", "catalogue.json"), "{}");
    expect(() => createTemplateLibrary(root).starters()).toThrow(DefinitionError);
  });
});
