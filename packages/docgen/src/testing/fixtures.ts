/** Loads a template fixture from test-fixtures/<name>: interview.yaml, template.md and answers.json. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AnswerObject } from "../answers.ts";
import type { Template } from "../assemble.ts";
import { parseInterview } from "../schema.ts";

/** The directory of the package's test fixtures. */
export const FIXTURES = join(import.meta.dirname, "..", "..", "test-fixtures");

/** A fixture's template and sample answers. */
export function loadFixture(name: string): { template: Template; answers: AnswerObject } {
  const read = (file: string) => readFileSync(join(FIXTURES, name, file), "utf8");
  return {
    template: { definition: parseInterview(read("interview.yaml")), body: read("template.md") },
    answers: JSON.parse(read("answers.json")) as AnswerObject,
  };
}
