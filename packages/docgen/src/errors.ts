/** A problem with one answer, at its path in the answers (`buyer.acn`, `directors[1].name`). */
export type AnswerIssue = { readonly path: string; readonly message: string };

/** An interview definition that cannot be used; `place` names where (line and path). */
export class DefinitionError extends Error {
  override readonly name = "DefinitionError";

  /** Creates the error from the problems found, each already naming its place. */
  constructor(readonly problems: readonly string[]) {
    super(`Invalid interview definition:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

/** A template that cannot be assembled: bad syntax, a sandbox breach, a missing answer, or a limit hit. */
export class TemplateError extends Error {
  override readonly name = "TemplateError";

  /** Creates the error; `line` is the template line when known. */
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `${message} (template line ${line})`);
  }
}

/** Assembly refused because answers are missing or invalid; `issues` lists each, for the form. */
export class AnswersError extends Error {
  override readonly name = "AnswersError";

  /** Creates the error from the validation issues. */
  constructor(readonly issues: readonly AnswerIssue[]) {
    super(
      `The answers are incomplete or invalid:\n${issues.map((issue) => `  - ${issue.path}: ${issue.message}`).join("\n")}`,
    );
  }
}
