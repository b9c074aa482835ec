/**
 * Reading a template library from disk: one folder per template holding interview.yaml,
 * template.md, catalogue.json and (optionally) sample-answers.json. The engine itself never reads
 * files; this is the one place that turns such a folder into a `Template`, shared by the starter
 * library's tests and the server's template library. Node.js only: import
 * "@precedent/docgen/library".
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AnswerObject } from "./answers.ts";
import type { InterviewDefinition } from "./schema.ts";
import { parseInterview } from "./schema.ts";

/** One template folder, read and checked. */
export type LibraryTemplate = {
  /** The folder name: the template's stable identifier. */
  readonly identifier: string;
  readonly definition: InterviewDefinition;
  /** template.md: Markdown with Liquid (see the README). */
  readonly body: string;
  /** catalogue.json as written (name, sku, price, category, descriptions, meta_data, download flags). */
  readonly catalogue: Record<string, unknown>;
  /** sample-answers.json, when the folder has one. */
  readonly sampleAnswers: AnswerObject | undefined;
};

/** The template folders under `root` (those holding an interview.yaml), sorted by name. */
export function templateFolders(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, "interview.yaml")))
    .map((entry) => entry.name)
    .sort();
}

/**
 * Reads one template folder. Throws DefinitionError for a bad interview (naming the folder) and
 * SyntaxError for bad JSON, so a broken template stops whoever loads it.
 */
export function loadTemplateFolder(root: string, identifier: string): LibraryTemplate {
  const dir = join(root, identifier);
  const read = (file: string) => readFileSync(join(dir, file), "utf8");
  const json = (file: string) => {
    try {
      return JSON.parse(read(file)) as unknown;
    } catch (error) {
      throw new SyntaxError(`${identifier}/${file}: ${(error as Error).message}`);
    }
  };
  const samplePath = join(dir, "sample-answers.json");
  return {
    identifier,
    definition: parseInterview(read("interview.yaml")),
    body: read("template.md"),
    catalogue: json("catalogue.json") as Record<string, unknown>,
    sampleAnswers: existsSync(samplePath) ? (json("sample-answers.json") as AnswerObject) : undefined,
  };
}

/** Every template folder under `root`, read. */
export function loadTemplateLibrary(root: string): LibraryTemplate[] {
  return templateFolders(root).map((identifier) => loadTemplateFolder(root, identifier));
}
