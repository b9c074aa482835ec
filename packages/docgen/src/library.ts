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

/** A template's files as text: what a folder holds, or what an upload sends. */
export type TemplateFiles = {
  interview: string;
  body: string;
  catalogue: string;
  sampleAnswers?: string | undefined;
};

/**
 * Parses a template's files. Throws DefinitionError for a bad interview and SyntaxError for bad
 * JSON (naming the template and the file), so a broken template stops whoever loads it.
 */
export function templateFromFiles(identifier: string, files: TemplateFiles): LibraryTemplate {
  const json = (file: string, text: string) => {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new SyntaxError(`${identifier}/${file}: ${(error as Error).message}`);
    }
  };
  return {
    identifier,
    definition: parseInterview(files.interview),
    body: files.body,
    catalogue: json("catalogue.json", files.catalogue) as Record<string, unknown>,
    sampleAnswers:
      files.sampleAnswers === undefined
        ? undefined
        : (json("sample-answers.json", files.sampleAnswers) as AnswerObject),
  };
}

/** Reads one template folder (see `templateFromFiles` for what it refuses). */
export function loadTemplateFolder(root: string, identifier: string): LibraryTemplate {
  const dir = join(root, identifier);
  const read = (file: string) => readFileSync(join(dir, file), "utf8");
  const samplePath = join(dir, "sample-answers.json");
  return templateFromFiles(identifier, {
    interview: read("interview.yaml"),
    body: read("template.md"),
    catalogue: read("catalogue.json"),
    sampleAnswers: existsSync(samplePath) ? read("sample-answers.json") : undefined,
  });
}

/** Every template folder under `root`, read. */
export function loadTemplateLibrary(root: string): LibraryTemplate[] {
  return templateFolders(root).map((identifier) => loadTemplateFolder(root, identifier));
}
