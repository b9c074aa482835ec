/**
 * Checks across answers that a template declares in its interview (`checks:`), for the legal rules
 * that no single question can enforce: the trustee structure of a self managed superannuation fund
 * (s17A SIS Act), a settlor who must not benefit, officers old enough to be appointed. Each check is
 * data naming questions by path, never code; `validate` runs them once the answers they read are
 * given and well formed, so a breach stops assembly with a message beside the answer to change.
 *
 * Paths name questions from the top of the interview, joined by dots, stepping into groups:
 * `settlor`, `trustees.trustee` (the party of each trustees entry), `members.member`,
 * `primary_beneficiaries.name`, `officers.date_of_birth`. A path may also step into a party's own fields
 * (`member.witness_name`: the witness a signing individual names), since some rules concern them.
 */
import { z } from "zod";
import {
  type ForbiddenAnswerCheck,
  ForbiddenAnswerCheckSchema,
  forbiddenAnswerIssues,
} from "./answer-checks.ts";
import type { Scope } from "./answers.ts";
import {
  type BoundCheck,
  BoundCheckSchemas,
  type DateWithinCheck,
  dateWithinIssues,
  type SumCheck,
  sumIssues,
} from "./bound-checks.ts";
import { fieldValue, holderOf, reach } from "./check-paths.ts";
import type { Condition } from "./condition-schema.ts";
import { type DateCheck, DateCheckSchemas, dateBefore, incomeYearDate, notBefore } from "./date-checks.ts";
import type { AnswerIssue } from "./errors.ts";
import { postcodeStates } from "./identifiers.ts";
import type { VisibleQuestion } from "./interview.ts";
import { maximumBefore, minimumRatio, type NumberCheck, NumberCheckSchemas, total } from "./number-checks.ts";
import { partyQuestions } from "./parties.ts";
import {
  among,
  differentPeople,
  directorOf,
  minimumAge,
  type PeopleCheck,
  PeopleCheckSchemas,
} from "./people-checks.ts";
import type { Question } from "./schema.ts";
import { type SmsfTrusteesCheck, smsfTrustees } from "./smsf-check.ts";

export type { DateWithinCheck, SumCheck } from "./bound-checks.ts";
export { yearsBetween } from "./check-paths.ts";
export type { DateCheck, NotBeforeCheck } from "./date-checks.ts";
export type { MaximumBeforeCheck, MinimumRatioCheck, TotalCheck } from "./number-checks.ts";
export type { AmongCheck, DifferentPeopleCheck, DirectorOfCheck, MinimumAgeCheck } from "./people-checks.ts";
export type { SmsfTrusteesCheck } from "./smsf-check.ts";

/**
 * The postcode at `postcode` belongs to the state or territory at `state` (Australia Post's ranges).
 * Both paths may step into groups and parties; each state is paired with the postcode of the same
 * entry or party, so one check covers every officer's address.
 */
export type StatePostcodeCheck = {
  readonly rule: "state_postcode";
  readonly state: string;
  readonly postcode: string;
  /** Shown beside each postcode that is not in its state. */
  readonly message: string;
};

/**
 * At least one shown answer at `among` (a question inside a group) equals `equals`: for example at
 * least one director who ordinarily resides in Australia (s201A). Hidden entries do not count, so
 * the question is shown only to the entries the rule concerns; `where` narrows them further when
 * one question serves several rules (residence, asked of every officeholder, counted among the
 * directors for s201A and among the secretaries for s204A).
 */
export type AtLeastOneCheck = {
  readonly rule: "at_least_one";
  readonly among: string;
  /** The answer that counts, or any of several. */
  readonly equals: string | readonly string[];
  /** How many entries must count (1 unless given): a public company needs three directors (s201A(2)). */
  readonly count?: number;
  /** Applies only while the answer at `question` is one of `oneOf` (e.g. only to public companies). */
  readonly when?: { readonly question: string; readonly oneOf: readonly string[] };
  /**
   * Counts only the entries whose answer at `question` (a question of the same entry as `among`) is
   * one of `oneOf`: the residents among the directors.
   */
  readonly where?: { readonly question: string; readonly oneOf: readonly string[] };
  /**
   * The rule holds when `where` keeps no entry: a proprietary company need not have a secretary,
   * but if it has any, one must ordinarily reside in Australia (s204A(1)).
   */
  readonly unlessNone?: boolean;
  /** Shown beside the group. */
  readonly message: string;
};

/** A rule across answers, declared in the interview definition. */
export type CrossCheck =
  | SmsfTrusteesCheck
  | PeopleCheck
  | NumberCheck
  | StatePostcodeCheck
  | AtLeastOneCheck
  | DateCheck
  | ForbiddenAnswerCheck
  | BoundCheck;

const checkPath = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/, "name questions by id, joined by dots");

/** The zod schema of one entry of an interview's `checks:` list. */
export const CrossCheckSchema: z.ZodType<CrossCheck> = z.discriminatedUnion("rule", [
  z.strictObject({
    rule: z.literal("smsf_trustees"),
    trustees: checkPath,
    members: checkPath,
    minors: z
      .strictObject({
        birthDate: checkPath,
        on: checkPath,
        guardian: checkPath,
        guardianBirthDate: checkPath,
      })
      .optional(),
  }),
  z.strictObject({
    rule: z.literal("state_postcode"),
    state: checkPath,
    postcode: checkPath,
    message: z.string().min(1),
  }),
  z.strictObject({
    rule: z.literal("at_least_one"),
    among: checkPath.regex(/\./, "name a question inside a group"),
    equals: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    count: z.number().int().min(1).max(100).optional(),
    when: z.strictObject({ question: checkPath, oneOf: z.array(z.string().min(1)).min(1) }).optional(),
    where: z.strictObject({ question: checkPath, oneOf: z.array(z.string().min(1)).min(1) }).optional(),
    unlessNone: z.boolean().optional(),
    message: z.string().min(1),
  }),
  ...PeopleCheckSchemas,
  ...NumberCheckSchemas,
  ...DateCheckSchemas,
  ForbiddenAnswerCheckSchema,
  ...BoundCheckSchemas,
]) as z.ZodType<CrossCheck>;

/** What a check path must end at. */
type Target = "person" | "party" | "date" | "number" | "field";

/** The question a path names, or why it names none. */
function questionAt(questions: readonly Question[], path: string): Question | string {
  const segments = path.split(".");
  let level = questions;
  for (const [index, id] of segments.entries()) {
    const question = level.find((candidate) => candidate.id === id);
    if (!question) return `no question "${id}" in "${path}"`;
    if (index === segments.length - 1) return question;
    if (question.type === "reference") {
      // A party's own fields, whichever kinds of party the question allows.
      level = question.partyTypes.flatMap((type) => partyQuestions(question, type));
      continue;
    }
    if (question.type !== "group") return `"${id}" is not a group, so "${path}" names nothing`;
    level = question.questions;
  }
  return `"${path}" names nothing`;
}

function fits(question: Question, target: Target): boolean {
  if (target === "date") return question.type === "date";
  if (target === "number") return question.type === "number";
  if (target === "party") return question.type === "reference";
  if (target === "field") return question.type === "text" || question.type === "select";
  return question.type === "reference" || question.type === "text" || question.type === "select";
}

const TARGET_WORDS: Record<Target, string> = {
  person: "a party or a name",
  party: "a party (reference) question",
  date: "a date question",
  number: "a number question",
  field: "a text or select question",
};

function statePostcode(nodes: readonly VisibleQuestion[], check: StatePostcodeCheck): AnswerIssue[] {
  const postcodes = reach(nodes, check.postcode);
  return reach(nodes, check.state).flatMap((stateNode) => {
    const state = fieldValue(stateNode);
    const postcodeNode = postcodes.find((node) => holderOf(node.path) === holderOf(stateNode.path));
    const postcode = fieldValue(postcodeNode);
    if (state === undefined || postcode === undefined || !postcodeNode) return [];
    return postcodeStates(postcode).includes(state)
      ? []
      : [{ path: postcodeNode.path, message: check.message }];
  });
}

function atLeastOne(nodes: readonly VisibleQuestion[], check: AtLeastOneCheck): AnswerIssue[] {
  if (check.when) {
    const [whenNode] = reach(nodes, check.when.question);
    const value = fieldValue(whenNode);
    if (value === undefined || !check.when.oneOf.includes(value)) return [];
  }
  const groupId = check.among.split(".")[0] ?? "";
  const [group] = reach(nodes, groupId);
  // Judge only once the group's entries are there and every shown answer the rule reads is given.
  if (group?.kind !== "group" || group.entries.length === 0) return [];
  let among = reach(nodes, check.among);
  if (check.where) {
    const { oneOf } = check.where;
    const filters = new Map(reach(nodes, check.where.question).map((node) => [holderOf(node.path), node]));
    const kept: typeof among = [];
    for (const node of among) {
      const filter = filters.get(holderOf(node.path));
      // An entry whose filtering answer is shown but not given yet: judge once it is.
      if (filter && fieldValue(filter) === undefined) return [];
      const value = filter ? fieldValue(filter) : undefined;
      if (value !== undefined && oneOf.includes(value)) kept.push(node);
    }
    among = kept;
  }
  if (check.unlessNone && among.length === 0) return [];
  const answers = among.map(fieldValue);
  if (answers.some((answer) => answer === undefined)) return [];
  const counting = typeof check.equals === "string" ? [check.equals] : check.equals;
  const counted = answers.filter((answer) => answer !== undefined && counting.includes(answer)).length;
  return counted >= (check.count ?? 1) ? [] : [{ path: group.path, message: check.message }];
}

/** Where in a check a path sits (under `checks[index]`), the path, and what it must name. */
type Named = readonly [at: readonly (string | number)[], path: string, target: Target];

/** What the engine knows of one rule: the issues it finds, and the paths it names (to check a definition). */
type Rule<C extends CrossCheck> = {
  /**
   * The issues the check finds in the shown answers; nothing while the answers it reads are missing.
   * `top` is the interview's top level, where a check's `when` condition is read.
   */
  readonly issues: (nodes: readonly VisibleQuestion[], check: C, top: Scope) => AnswerIssue[];
  /** Each path the check names, where it sits in the check, and what it must name. */
  readonly names: (check: C) => Named[];
  /** Problems a definition can have beyond a path of the wrong kind. */
  readonly problems?: (questions: readonly Question[], check: C) => { at: string; message: string }[];
};

const each = (key: string, paths: readonly string[], target: Target): Named[] =>
  paths.map((path, position) => [[key, position], path, target]);

/** Every rule, by name: a new rule is one entry here (and its type in the union above). */
const RULES: { readonly [R in CrossCheck["rule"]]: Rule<Extract<CrossCheck, { rule: R }>> } = {
  smsf_trustees: {
    issues: smsfTrustees,
    names: ({ trustees, members, minors }) => [
      [["trustees"], trustees, "party"],
      [["members"], members, "person"],
      ...(minors
        ? ([
            [["minors", "birthDate"], minors.birthDate, "date"],
            [["minors", "on"], minors.on, "date"],
            [["minors", "guardian"], minors.guardian, "person"],
            [["minors", "guardianBirthDate"], minors.guardianBirthDate, "date"],
          ] as const)
        : []),
    ],
  },
  different_people: {
    issues: differentPeople,
    names: (check) => [[["person"], check.person, "person"], ...each("others", check.others, "person")],
  },
  director_of: {
    issues: directorOf,
    names: (check) => [
      [["person"], check.person, "person"],
      [["company"], check.company, "party"],
    ],
  },
  among: {
    issues: among,
    names: (check) => [[["person"], check.person, "person"], ...each("among", check.among, "person")],
  },
  minimum_age: {
    issues: minimumAge,
    names: (check) => [
      [["birthDate"], check.birthDate, "date"],
      [["on"], check.on, "date"],
    ],
  },
  minimum_ratio: {
    issues: minimumRatio,
    names: (check) => [
      [["value"], check.value, "number"],
      [["base"], check.base, "number"],
    ],
  },
  total: { issues: total, names: (check) => [[["of"], check.of, "number"]] },
  maximum_before: {
    issues: maximumBefore,
    names: (check) => [
      [["value"], check.value, "number"],
      [["date"], check.date, "date"],
    ],
  },
  state_postcode: {
    issues: statePostcode,
    names: (check) => [
      [["state"], check.state, "field"],
      [["postcode"], check.postcode, "field"],
    ],
  },
  at_least_one: {
    issues: atLeastOne,
    names: (check) => [
      [["among"], check.among, "field"],
      ...(check.when ? ([[["when", "question"], check.when.question, "field"]] as const) : []),
      ...(check.where ? ([[["where", "question"], check.where.question, "field"]] as const) : []),
    ],
    problems: (questions, check) => {
      const group = questionAt(questions, check.among.split(".")[0] ?? "");
      const problems =
        typeof group !== "string" && group.type !== "group"
          ? [{ at: "among", message: `"${check.among}" must start at a group` }]
          : [];
      if (check.where && holderOf(check.where.question) !== holderOf(check.among))
        problems.push({
          at: "where.question",
          message: `"${check.where.question}" must be a question of the same entry as "${check.among}"`,
        });
      if (check.unlessNone && !check.where)
        problems.push({ at: "unlessNone", message: "unlessNone needs a `where` that can keep no entry" });
      return problems;
    },
  },
  date_before: {
    issues: dateBefore,
    names: (check) => [
      [["earlier"], check.earlier, "date"],
      [["later"], check.later, "date"],
      ...(check.when ?? []).map((condition) => [["when"], condition.question, "field"] as const),
    ],
  },
  income_year_date: {
    issues: incomeYearDate,
    names: (check) => [
      [["date"], check.date, "date"],
      [["incomeYear"], check.incomeYear, "number"],
      ...(check.when ? ([[["when"], check.when.question, "field"]] as const) : []),
    ],
  },
  not_before: {
    issues: notBefore,
    names: (check) => [
      [["date"], check.date, "date"],
      [["earliest"], check.earliest, "date"],
    ],
  },
  forbidden_answer: {
    issues: forbiddenAnswerIssues,
    names: (check) => [[["question"], check.question, "field"]],
  },
  sum: {
    issues: sumIssues,
    names: (check: SumCheck) => [
      ...each("of", check.of, "number"),
      ...(["atLeast", "atMost", "equals"] as const).flatMap((key) => {
        const bound = check[key];
        return typeof bound === "string" ? [[[key], bound, "number"] as const] : [];
      }),
    ],
  },
  date_within: {
    issues: dateWithinIssues,
    names: (check: DateWithinCheck) => [
      [["date"], check.date, "date"],
      [["from"], check.from, "date"],
    ],
  },
};

/**
 * The condition a check applies under, when written in the language of a question's `visibleIf`
 * (the older rules' `when` is a list of answers to match, checked as a path above).
 */
export function checkCondition(check: CrossCheck): Condition | undefined {
  return check.rule === "forbidden_answer" || check.rule === "sum" || check.rule === "date_within"
    ? check.when
    : undefined;
}

/** The entry for a check's rule (the table pairs each rule with functions taking that rule's checks). */
const ruleOf = (check: CrossCheck): Rule<CrossCheck> => RULES[check.rule] as unknown as Rule<CrossCheck>;

/**
 * The problems with a definition's checks (paths naming no question, or a question of the wrong
 * kind), each with its place under `checks`; used when an interview definition is parsed.
 */
export function crossCheckProblems(
  questions: readonly Question[],
  checks: readonly CrossCheck[],
): { path: (string | number)[]; message: string }[] {
  return checks.flatMap((check, index) => {
    const rule = ruleOf(check);
    const named = rule.names(check).flatMap(([at, path, target]) => {
      const found = questionAt(questions, path);
      const message =
        typeof found === "string"
          ? found
          : fits(found, target)
            ? undefined
            : `"${path}" must name ${TARGET_WORDS[target]}`;
      return message === undefined ? [] : [{ path: ["checks", index, ...at], message }];
    });
    const other = (rule.problems?.(questions, check) ?? []).map(({ at, message }) => ({
      path: ["checks", index, at],
      message,
    }));
    return [...named, ...other];
  });
}

/**
 * The issues the declared checks find in the shown answers (`nodes` from `visibleQuestions`). A check
 * whose answers are missing or malformed finds nothing: those answers have their own messages.
 */
export function crossCheckIssues(
  nodes: readonly VisibleQuestion[],
  checks: readonly CrossCheck[] | undefined,
  top: Scope,
): AnswerIssue[] {
  return (checks ?? []).flatMap((check) => ruleOf(check).issues(nodes, check, top));
}
