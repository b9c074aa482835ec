/**
 * Drafts: a document printed before every answer is in, for the user to read while they work. A
 * final document never prints a blank (assembly stops with the list of what is missing); a draft
 * prints each missing answer as a highlighted "[missing: Question]" instead, and carries a DRAFT
 * watermark so it cannot pass for the finished document.
 *
 * A missing answer travels through the template as a marked text value: the question's label
 * between two private-use characters, which no answer can hold (they are not typed, and the marks
 * are only ever written here). The Liquid filters pass marked values through unchanged, and once
 * the Markdown is read the marks become highlighted runs.
 */
import { type Answers, isAnswered } from "./answers.ts";
import type { AnswerIssue } from "./errors.ts";
import { cleanAnswers, type VisibleQuestion, visibleQuestions } from "./interview.ts";
import type { Block, Run } from "./model.ts";
import { PARTY_TYPE_FIELD } from "./parties.ts";
import type { InterviewDefinition } from "./schema.ts";
import type { ExecutionBlock } from "./signers.ts";
import { validate } from "./validate.ts";

const OPEN = "\uE000";
const CLOSE = "\uE001";
const MARKED = /\uE000([^\uE000\uE001]*)\uE001/g;
const STRAY_MARKS = /[\uE000\uE001]/g;

/** A missing answer where the template prints it: the question's label, marked (see above). */
export function missingMark(label: string): string {
  return `${OPEN}${label.replace(STRAY_MARKS, "")}${CLOSE}`;
}

/** Whether a value printed by the template holds a missing answer's mark. */
export function isMissingMark(value: unknown): boolean {
  return typeof value === "string" && value.includes(OPEN);
}

/** The words a draft prints for a missing answer. */
export function missingText(label: string): string {
  return label === "" ? "[missing]" : `[missing: ${label}]`;
}

/** An answer a draft could not print, with the question's label and why. */
export type MissingAnswer = {
  /** The answer path, as validation gives it (`seller.name`, `directors[1].email`). */
  readonly path: string;
  /** The question's label, with the parties or entries it sits in: "Seller › Full name". */
  readonly label: string;
  /** What is wrong: the engine's message for the field. */
  readonly message: string;
};

/**
 * Each shown question's label by its answer path, with the labels it sits under ("Disclosing
 * party › Postcode", "Executors 2 › Full name"), to name problems where no form is on screen.
 */
export function questionLabels(definition: InterviewDefinition, answers: Answers): Map<string, string> {
  const labels = new Map<string, string>();
  const walk = (nodes: readonly VisibleQuestion[], prefix: string) => {
    for (const node of nodes) {
      const label = `${prefix}${node.question.label}`;
      labels.set(node.path, label);
      if (node.kind === "party") walk(node.fields, `${label} › `);
      if (node.kind === "group") {
        node.entries.forEach((entry, index) => {
          walk(entry, `${node.question.itemLabel ?? node.question.label} ${index + 1} › `);
        });
      }
    }
  };
  walk(visibleQuestions(definition, answers), "");
  return labels;
}

/**
 * What stops these answers from being assembled, by question, in interview order: the list shown
 * beside a draft. The same problems as `validate`, each with its question's label.
 */
export function missingAnswers(definition: InterviewDefinition, answers: Answers): MissingAnswer[] {
  const labels = questionLabels(definition, answers);
  return validate(definition, answers).map((issue: AnswerIssue) => ({
    path: issue.path,
    label: labels.get(issue.path) ?? issue.path,
    message: issue.message,
  }));
}

type Step = string | number;

/** `officers[1].person.first_name` → ["officers", 1, "person", "first_name"]. */
function stepsOf(path: string): Step[] {
  const steps: Step[] = [];
  for (const part of path.split(".")) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!match) return [];
    if (match[1]) steps.push(match[1]);
    for (const index of (match[2] ?? "").matchAll(/\[(\d+)\]/g)) steps.push(Number(index[1]));
  }
  return steps;
}

/** Writes a value at an answer path of plain (cloned) answers, creating objects on the way. */
function writeAt(target: Record<string, unknown>, path: string, value: string): void {
  const steps = stepsOf(path);
  let current: Record<string | number, unknown> = target;
  for (const [index, step] of steps.entries()) {
    if (index === steps.length - 1) {
      current[step] = value;
      return;
    }
    const next = current[step];
    if (typeof next === "object" && next !== null) current = next as Record<string | number, unknown>;
    else {
      const created: Record<string, unknown> = {};
      current[step] = created;
      current = created;
    }
  }
}

/** Every node of the visible interview by its path, with the party it belongs to, if any. */
function nodesByPath(nodes: readonly VisibleQuestion[]) {
  const byPath = new Map<string, { node: VisibleQuestion; party: VisibleQuestion | undefined }>();
  const walk = (list: readonly VisibleQuestion[], party: VisibleQuestion | undefined) => {
    for (const node of list) {
      byPath.set(node.path, { node, party });
      if (node.kind === "party") walk(node.fields, node);
      if (node.kind === "group") for (const entry of node.entries) walk(entry, party);
    }
  };
  walk(nodes, undefined);
  return byPath;
}

/**
 * The answers a draft prints: cleaned (a malformed answer counts as missing), with each missing
 * field's answer replaced by its mark. A party whose type is not chosen yet is marked whole (its
 * fields are not known until then). Groups whose size is unanswered are left empty: a template's
 * loop over them prints nothing.
 */
export function draftAnswers(definition: InterviewDefinition, answers: Answers): Answers {
  const clean = cleanAnswers(definition, answers, { dropInvalid: true });
  const filled = structuredClone(clean) as Record<string, unknown>;
  const labels = questionLabels(definition, clean);
  const nodes = nodesByPath(visibleQuestions(definition, clean));
  const marked = new Set<string>();
  for (const issue of validate(definition, clean)) {
    const found = nodes.get(issue.path);
    if (!found || found.node.kind === "group") continue;
    const { node, party } = found;
    if (node.kind === "field" && isAnswered(node.value)) continue;
    const partyType = party && node.path === `${party.path}.${PARTY_TYPE_FIELD}`;
    const path = partyType ? party.path : node.path;
    if (marked.has(path)) continue;
    marked.add(path);
    writeAt(filled, path, missingMark(labels.get(path) ?? node.question.label));
  }
  return filled as Answers;
}

/** Text with its marks turned into highlighted runs, keeping the run's own look. */
function splitRun(run: Run): Run[] {
  if (!("text" in run) || !run.text.includes(OPEN)) return [run];
  const runs: Run[] = [];
  let last = 0;
  for (const match of run.text.matchAll(MARKED)) {
    const before = run.text.slice(last, match.index).replace(STRAY_MARKS, "");
    if (before !== "") runs.push({ ...run, text: before });
    runs.push({ ...run, text: missingText(match[1] ?? ""), highlight: true });
    last = match.index + match[0].length;
  }
  const after = run.text.slice(last).replace(STRAY_MARKS, "");
  if (after !== "") runs.push({ ...run, text: after });
  return runs;
}

const highlightRuns = (runs: readonly Run[]): Run[] => runs.flatMap(splitRun);

/** Strings of an execution block (names printed under the signature lines) with marks as words. */
/** Text with each missing answer's mark as its placeholder words. */
const unmarkText = (text: string): string =>
  text.replace(MARKED, (_, label: string) => missingText(label)).replace(STRAY_MARKS, "");

function unmarkExecution(block: ExecutionBlock): ExecutionBlock {
  const unmark = (value: unknown): unknown => {
    if (typeof value === "string") return unmarkText(value);
    if (Array.isArray(value)) return value.map(unmark);
    if (typeof value === "object" && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, unmark(inner)]));
    return value;
  };
  return unmark(block) as ExecutionBlock;
}

/** The blocks of a draft with every missing answer's mark shown as a highlighted placeholder. */
export function highlightMissing(blocks: readonly Block[]): Block[] {
  return blocks.map((block): Block => {
    switch (block.type) {
      case "title":
      case "heading":
      case "paragraph":
      case "clause":
        return { ...block, runs: highlightRuns(block.runs) };
      case "list":
        return { ...block, items: block.items.map((item) => ({ ...item, runs: highlightRuns(item.runs) })) };
      case "table":
        return {
          ...block,
          header: block.header ? block.header.map(highlightRuns) : null,
          rows: block.rows.map((row) => row.map(highlightRuns)),
        };
      case "schedule":
      case "contents":
        return { ...block, title: highlightRuns(block.title) };
      case "execution":
        return { ...block, leadIn: highlightRuns(block.leadIn), block: unmarkExecution(block.block) };
      case "cover":
        // The names come from the execution blocks: missing parts read as theirs do.
        return { ...block, parties: block.parties.map(unmarkText) };
      default:
        return block;
    }
  });
}
