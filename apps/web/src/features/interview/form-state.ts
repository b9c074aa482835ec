import {
  type AnswerObject,
  type Answers,
  cleanAnswers,
  type InterviewDefinition,
  PARTY_TYPE_FIELD,
  readAnswer,
  type VisibleParty,
  type VisibleQuestion,
  validate,
  visibleQuestions,
  writeAnswer,
} from "@precedent/docgen/forms";

/**
 * What the interview page derives from the answers: what it stores, what it could not store, the
 * message of each field and the name of each field in a list of problems. Pure, for unit tests.
 */

/** The answers as they are stored: shown questions only, tidy, and never a malformed value. */
export const storable = (definition: InterviewDefinition, answers: Answers) =>
  cleanAnswers(definition, answers, { dropInvalid: true });

const isAnswered = (value: unknown) => value !== undefined && value !== null && String(value).trim() !== "";

/** Paths of answered fields that `storable` left out because they fail validation. */
export function droppedPaths(
  nodes: readonly VisibleQuestion[],
  stored: Answers,
  into: string[] = [],
): string[] {
  for (const node of nodes) {
    if (node.kind === "field") {
      if (isAnswered(node.value) && readAnswer(stored, node.path) === undefined) into.push(node.path);
    } else if (node.kind === "group") {
      for (const entry of node.entries) droppedPaths(entry, stored, into);
    } else {
      droppedPaths(node.fields, stored, into);
    }
  }
  return into;
}

/** Question labels by answer path, to name the fields in the assembly's list of problems. */
export function labelsByPath(nodes: readonly VisibleQuestion[], into = new Map<string, string>()) {
  for (const node of nodes) {
    if (node.kind === "field") into.set(node.path, node.question.label);
    else if (node.kind === "group") {
      into.set(node.path, node.question.countLabel ?? node.question.label);
      node.entries.forEach((entry, index) => {
        const itemLabel = node.question.itemLabel ?? node.question.label;
        const inner = labelsByPath(entry);
        for (const [path, label] of inner) into.set(path, `${itemLabel} ${index + 1}: ${label}`);
      });
    } else {
      into.set(node.path, node.question.label);
      const inner = labelsByPath(node.fields);
      for (const [path, label] of inner)
        into.set(path, node.question.dataPath === "" ? label : `${node.question.label}: ${label}`);
    }
  }
  return into;
}

/** The first message of each answer path (validate gives them in interview order). */
export function issuesByPath(definition: InterviewDefinition, answers: Answers): Map<string, string> {
  const byPath = new Map<string, string>();
  for (const issue of validate(definition, answers))
    if (!byPath.has(issue.path)) byPath.set(issue.path, issue.message);
  return byPath;
}

/** A problem of the answers with the question's name, for a list of links to the fields. */
export type NamedIssue = { path: string; label: string; message: string };

/** What stops these answers from being assembled, named by question (validate's order). */
export function namedIssues(
  definition: InterviewDefinition,
  answers: Answers,
  labels: ReadonlyMap<string, string>,
): NamedIssue[] {
  return validate(definition, answers).map((issue) => ({
    path: issue.path,
    label: labels.get(issue.path) ?? issue.path,
    message: issue.message,
  }));
}

/** The party node at a path of the shown interview, if it is shown. */
function findParty(nodes: readonly VisibleQuestion[], path: string): VisibleParty | undefined {
  for (const node of nodes) {
    if (node.kind === "party") {
      if (node.path === path) return node;
      const inner = findParty(node.fields, path);
      if (inner) return inner;
    } else if (node.kind === "group") {
      for (const entry of node.entries) {
        const inner = findParty(entry, path);
        if (inner) return inner;
      }
    }
  }
  return undefined;
}

/** Every shown answer path of the interview (fields, groups and parties). */
function shownPaths(nodes: readonly VisibleQuestion[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    into.add(node.path);
    if (node.kind === "party") shownPaths(node.fields, into);
    else if (node.kind === "group") for (const entry of node.entries) shownPaths(entry, into);
  }
  return into;
}

/** Paths of a party's answered fields and sized groups, inside its entries and parties too. */
function answeredPaths(nodes: readonly VisibleQuestion[], into: string[] = []): string[] {
  for (const node of nodes) {
    if (node.kind === "field") {
      if (isAnswered(node.value)) into.push(node.path);
    } else if (node.kind === "group") {
      if (node.count !== undefined && node.count > 0) into.push(node.path);
      for (const entry of node.entries) answeredPaths(entry, into);
    } else answeredPaths(node.fields, into);
  }
  return into;
}

/** What choosing another type for a party would hide: its answers given for the present type. */
export type PartyTypeChange = {
  /** The party's answer path (`first_party`, `trustees[0]`). */
  partyPath: string;
  /** The party's question label. */
  partyLabel: string;
  /** The present and the new type as the user reads them ("An Individual", "A Trust"). */
  from: string;
  to: string;
  /** The answered questions the new type does not ask, by label, in interview order. */
  cleared: string[];
};

/**
 * When `path` is a party's type and `type` differs from the one answered, what the change would
 * clear; undefined when it is no party type, the same type, or nothing answered would be hidden
 * (fields both types ask, such as an address, stay).
 */
export function partyTypeChange(
  definition: InterviewDefinition,
  answers: Answers,
  path: string,
  type: string | undefined,
): PartyTypeChange | undefined {
  const suffix = `.${PARTY_TYPE_FIELD}`;
  if (!path.endsWith(suffix)) return undefined;
  const partyPath = path.slice(0, -suffix.length);
  const before = findParty(visibleQuestions(definition, answers), partyPath);
  if (!before?.partyType || before.partyType === type) return undefined;
  const typeField = before.fields.find((field) => field.path === path);
  const optionText = (value: string | undefined) =>
    (typeField?.kind === "field" && typeField.question.type === "select"
      ? typeField.question.options.find((option) => option.value === value)?.text
      : undefined) ??
    value ??
    "no type";
  const after = shownPaths(visibleQuestions(definition, writeAnswer(answers, path, type)));
  const labels = labelsByPath(before.fields);
  const cleared = answeredPaths(before.fields)
    .filter((answered) => answered !== path && !after.has(answered))
    .map((answered) => labels.get(answered) ?? answered);
  if (cleared.length === 0) return undefined;
  return {
    partyPath,
    partyLabel: before.question.label,
    from: optionText(before.partyType),
    to: optionText(type),
    cleared,
  };
}

/**
 * The answers without what a party holds for questions no longer shown (the answers of the type
 * it had before). Kept on screen until saved, so switching back restores them; forgotten then.
 */
export function withoutHiddenAnswers(
  definition: InterviewDefinition,
  answers: Answers,
  partyPath: string,
): Answers {
  const party = readAnswer(answers, partyPath);
  if (typeof party !== "object" || party === null || Array.isArray(party)) return answers;
  const shown = [...shownPaths(visibleQuestions(definition, answers))];
  const kept = Object.entries(party as AnswerObject).filter(([key]) => {
    const at = `${partyPath}.${key}`;
    return shown.some((p) => p === at || p.startsWith(`${at}.`) || p.startsWith(`${at}[`));
  });
  if (kept.length === Object.keys(party).length) return answers;
  return writeAnswer(answers, partyPath, Object.fromEntries(kept));
}

/** What the person has done that lets a field show its own message (not the server's). */
export type MessageExposure = {
  /** Fields the person has left. */
  readonly touched: ReadonlySet<string>;
  /** Fields on screen when every message was asked for (Assemble, a refused save). */
  readonly revealed: ReadonlySet<string>;
};

/** Every answer path shown for these answers: the fields Assemble or a refused save reveal. */
export const shownAnswerPaths = (definition: InterviewDefinition, answers: Answers): ReadonlySet<string> =>
  shownPaths(visibleQuestions(definition, answers));

/**
 * The message a field shows: the server's, or its own once the person has left it or it was on
 * screen when every message was asked for. A field a condition brings in later shows none until
 * it is left: it was not there to be filled in, and a fresh field in red reads as a mistake made.
 */
export const shownMessage = (
  path: string,
  exposure: MessageExposure,
  issues: ReadonlyMap<string, string>,
  serverErrors: ReadonlyMap<string, string>,
): string | undefined =>
  ((exposure.revealed.has(path) || exposure.touched.has(path)) && issues.get(path)) || serverErrors.get(path);
