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
import {
  directorsOf,
  fieldValue,
  holderOf,
  nameKey,
  personName,
  reach,
  yearsBetween,
} from "./check-paths.ts";
import { type DateCheck, DateCheckSchemas, dateCheckIssues, dateCheckTargets } from "./date-checks.ts";
import type { AnswerIssue } from "./errors.ts";
import { parseDate, postcodeStates } from "./identifiers.ts";
import type { VisibleQuestion } from "./interview.ts";
import { partyQuestions } from "./parties.ts";
import type { Question } from "./schema.ts";
import { type SmsfTrusteesCheck, smsfTrustees } from "./smsf-check.ts";

export { yearsBetween } from "./check-paths.ts";
export type { SmsfTrusteesCheck } from "./smsf-check.ts";

/** No person answered at `person` may also be answered at any of `others` (compared by name). */
export type DifferentPeopleCheck = {
  readonly rule: "different_people";
  readonly person: string;
  readonly others: readonly string[];
  /** Shown beside the answer that names the same person again. */
  readonly message: string;
};

/** Everyone whose date of birth is answered at `birthDate` is at least `years` old on the date at `on`. */
export type MinimumAgeCheck = {
  readonly rule: "minimum_age";
  readonly birthDate: string;
  readonly on: string;
  readonly years: number;
  /** Shown beside each date of birth that is too recent. */
  readonly message: string;
};

/**
 * The number at `value` is at least `ratio` times the number at `base` (for example a security's
 * value, net of prior-ranking debts, of at least 110 % of a loan: s109N(3) ITAA 1936).
 */
export type MinimumRatioCheck = {
  readonly rule: "minimum_ratio";
  readonly value: string;
  readonly base: string;
  readonly ratio: number;
  /** Shown beside the answer at `value`. */
  readonly message: string;
};

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
 * the question is shown only to the entries the rule concerns.
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
  /** Shown beside the group. */
  readonly message: string;
};

/**
 * The person answered at `person` is one of the directors the company party at `company` names (for
 * example the chair of a directors' meeting, who must be a director: s248E).
 */
export type DirectorOfCheck = {
  readonly rule: "director_of";
  readonly person: string;
  readonly company: string;
  /** Shown beside the answer at `person`. */
  readonly message: string;
};

/**
 * The numbers at `of` (a number question inside a group) add up to exactly `equals`: for example the
 * shares of a binding death benefit nomination, which binds only when they total 100 %.
 */
export type TotalCheck = {
  readonly rule: "total";
  readonly of: string;
  readonly equals: number;
  /** Shown beside the group. */
  readonly message: string;
};

/**
 * The number at `value` is at most `max` while the date at `date` is before `before` (DD/MM/YYYY):
 * for example a vesting period a perpetuity Act allowed only from its commencement.
 */
export type MaximumBeforeCheck = {
  readonly rule: "maximum_before";
  readonly value: string;
  readonly max: number;
  readonly date: string;
  readonly before: string;
  /** Shown beside the answer at `value`. */
  readonly message: string;
};

/** The date at `date` is not before the date at `earliest` (a deed varying another is dated after it). */
export type NotBeforeCheck = {
  readonly rule: "not_before";
  readonly date: string;
  readonly earliest: string;
  /** Shown beside the answer at `date`. */
  readonly message: string;
};

/** The person answered at `person` is also answered at one of `among` (compared by name): a chair who is a director. */
export type AmongCheck = {
  readonly rule: "among";
  readonly person: string;
  readonly among: readonly string[];
  /** Shown beside the answer at `person`. */
  readonly message: string;
};

/** A rule across answers, declared in the interview definition. */
export type CrossCheck =
  | SmsfTrusteesCheck
  | DifferentPeopleCheck
  | DirectorOfCheck
  | MinimumAgeCheck
  | MinimumRatioCheck
  | StatePostcodeCheck
  | AtLeastOneCheck
  | TotalCheck
  | MaximumBeforeCheck
  | NotBeforeCheck
  | AmongCheck
  | DateCheck
  | ForbiddenAnswerCheck;

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
    rule: z.literal("different_people"),
    person: checkPath,
    others: z.array(checkPath).min(1),
    message: z.string().min(1),
  }),
  z.strictObject({
    rule: z.literal("director_of"),
    person: checkPath,
    company: checkPath,
    message: z.string().min(1),
  }),
  z.strictObject({
    rule: z.literal("minimum_age"),
    birthDate: checkPath,
    on: checkPath,
    years: z.number().int().min(1).max(150),
    message: z.string().min(1),
  }),
  z.strictObject({
    rule: z.literal("minimum_ratio"),
    value: checkPath,
    base: checkPath,
    ratio: z.number().positive().max(1000),
    message: z.string().min(1),
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
    message: z.string().min(1),
  }),
  z.strictObject({
    rule: z.literal("total"),
    of: checkPath.regex(/\./, "name a question inside a group"),
    equals: z.number().finite(),
    message: z.string().min(1),
  }),
  z.strictObject({
    rule: z.literal("maximum_before"),
    value: checkPath,
    max: z.number().finite(),
    date: checkPath,
    before: z.string().refine((text) => parseDate(text) !== undefined, "a date as DD/MM/YYYY"),
    message: z.string().min(1),
  }),
  z.strictObject({
    rule: z.literal("among"),
    person: checkPath,
    among: z.array(checkPath).min(1),
    message: z.string().min(1),
  }),
  z.strictObject({
    rule: z.literal("not_before"),
    date: checkPath,
    earliest: checkPath,
    message: z.string().min(1),
  }),
  ...DateCheckSchemas,
  ForbiddenAnswerCheckSchema,
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

/**
 * The problems with a definition's checks (paths naming no question, or a question of the wrong
 * kind), each with its place under `checks`; used when an interview definition is parsed.
 */
export function crossCheckProblems(
  questions: readonly Question[],
  checks: readonly CrossCheck[],
): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const expect = (path: string, target: Target, at: (string | number)[]): void => {
    const found = questionAt(questions, path);
    if (typeof found === "string") problems.push({ path: at, message: found });
    else if (!fits(found, target))
      problems.push({ path: at, message: `"${path}" must name ${TARGET_WORDS[target]}` });
  };
  checks.forEach((check, index) => {
    const at = ["checks", index];
    if (check.rule === "smsf_trustees") {
      expect(check.trustees, "party", [...at, "trustees"]);
      expect(check.members, "person", [...at, "members"]);
      if (check.minors) {
        expect(check.minors.birthDate, "date", [...at, "minors", "birthDate"]);
        expect(check.minors.on, "date", [...at, "minors", "on"]);
        expect(check.minors.guardian, "person", [...at, "minors", "guardian"]);
        expect(check.minors.guardianBirthDate, "date", [...at, "minors", "guardianBirthDate"]);
      }
    } else if (check.rule === "different_people") {
      expect(check.person, "person", [...at, "person"]);
      check.others.forEach((other, position) => {
        expect(other, "person", [...at, "others", position]);
      });
    } else if (check.rule === "director_of") {
      expect(check.person, "person", [...at, "person"]);
      expect(check.company, "party", [...at, "company"]);
    } else if (check.rule === "minimum_ratio") {
      expect(check.value, "number", [...at, "value"]);
      expect(check.base, "number", [...at, "base"]);
    } else if (check.rule === "state_postcode") {
      expect(check.state, "field", [...at, "state"]);
      expect(check.postcode, "field", [...at, "postcode"]);
    } else if (check.rule === "date_before" || check.rule === "income_year_date") {
      for (const [key, path, target] of dateCheckTargets(check)) expect(path, target, [...at, key]);
    } else if (check.rule === "forbidden_answer") {
      expect(check.question, "field", [...at, "question"]);
    } else if (check.rule === "at_least_one") {
      expect(check.among, "field", [...at, "among"]);
      const group = questionAt(questions, check.among.split(".")[0] ?? "");
      if (typeof group !== "string" && group.type !== "group")
        problems.push({ path: [...at, "among"], message: `"${check.among}" must start at a group` });
      if (check.when) expect(check.when.question, "field", [...at, "when", "question"]);
    } else if (check.rule === "total") {
      expect(check.of, "number", [...at, "of"]);
    } else if (check.rule === "among") {
      expect(check.person, "person", [...at, "person"]);
      check.among.forEach((other, position) => {
        expect(other, "person", [...at, "among", position]);
      });
    } else if (check.rule === "not_before") {
      expect(check.date, "date", [...at, "date"]);
      expect(check.earliest, "date", [...at, "earliest"]);
    } else if (check.rule === "maximum_before") {
      expect(check.value, "number", [...at, "value"]);
      expect(check.date, "date", [...at, "date"]);
    } else {
      expect(check.birthDate, "date", [...at, "birthDate"]);
      expect(check.on, "date", [...at, "on"]);
    }
  });
  return problems;
}

function differentPeople(nodes: readonly VisibleQuestion[], check: DifferentPeopleCheck): AnswerIssue[] {
  const people = new Set(
    reach(nodes, check.person)
      .map(personName)
      .filter((name): name is string => name !== undefined)
      .map(nameKey),
  );
  if (people.size === 0) return [];
  const issues: AnswerIssue[] = [];
  for (const other of check.others) {
    for (const node of reach(nodes, other)) {
      const name = personName(node);
      if (name !== undefined && people.has(nameKey(name)))
        issues.push({ path: node.path, message: check.message });
    }
  }
  return issues;
}

function directorOf(nodes: readonly VisibleQuestion[], check: DirectorOfCheck): AnswerIssue[] {
  const [company] = reach(nodes, check.company);
  if (company?.kind !== "party" || company.partyType !== "company") return [];
  const directors = directorsOf(company);
  // Judge only once every director is named: missing answers are reported as such.
  if (!directors || directors.some((director) => director.name === undefined)) return [];
  const keys = new Set(directors.map((director) => nameKey(director.name ?? "")));
  return reach(nodes, check.person).flatMap((node) => {
    const name = personName(node);
    return name === undefined || keys.has(nameKey(name)) ? [] : [{ path: node.path, message: check.message }];
  });
}

function minimumAge(nodes: readonly VisibleQuestion[], check: MinimumAgeCheck): AnswerIssue[] {
  const [onNode] = reach(nodes, check.on);
  const onText = fieldValue(onNode);
  const on = onText === undefined ? undefined : parseDate(onText);
  if (!on) return [];
  const issues: AnswerIssue[] = [];
  for (const node of reach(nodes, check.birthDate)) {
    const text = fieldValue(node);
    const born = text === undefined ? undefined : parseDate(text);
    if (born && yearsBetween(born, on) < check.years)
      issues.push({ path: node.path, message: check.message });
  }
  return issues;
}

function minimumRatio(nodes: readonly VisibleQuestion[], check: MinimumRatioCheck): AnswerIssue[] {
  const [baseNode] = reach(nodes, check.base);
  const base = Number(fieldValue(baseNode));
  if (!Number.isFinite(base) || fieldValue(baseNode) === undefined) return [];
  return reach(nodes, check.value).flatMap((node) => {
    const text = fieldValue(node);
    // Compared in cents, so that 110 % of $500,000.00 is exactly $550,000.00.
    const short = text !== undefined && Math.round(Number(text) * 100) < Math.round(base * check.ratio * 100);
    return short ? [{ path: node.path, message: check.message }] : [];
  });
}

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
  const answers = reach(nodes, check.among).map(fieldValue);
  if (answers.some((answer) => answer === undefined)) return [];
  const counting = typeof check.equals === "string" ? [check.equals] : check.equals;
  const counted = answers.filter((answer) => answer !== undefined && counting.includes(answer)).length;
  return counted >= (check.count ?? 1) ? [] : [{ path: group.path, message: check.message }];
}

function total(nodes: readonly VisibleQuestion[], check: TotalCheck): AnswerIssue[] {
  const groupId = check.of.split(".")[0] ?? "";
  const [group] = reach(nodes, groupId);
  if (group?.kind !== "group" || group.entries.length === 0) return [];
  const numbers = reach(nodes, check.of).map(fieldValue);
  // Judge only once every entry's number is given; compared in hundredths, so 33.33 + 66.67 is 100.
  if (numbers.some((number) => number === undefined)) return [];
  const sum = numbers.reduce((running, number) => running + Math.round(Number(number) * 100), 0);
  return sum === Math.round(check.equals * 100) ? [] : [{ path: group.path, message: check.message }];
}

function maximumBefore(nodes: readonly VisibleQuestion[], check: MaximumBeforeCheck): AnswerIssue[] {
  const dateText = fieldValue(reach(nodes, check.date)[0]);
  const date = dateText === undefined ? undefined : parseDate(dateText);
  const before = parseDate(check.before);
  if (!date || !before) return [];
  const key = (day: { year: number; month: number; day: number }) =>
    day.year * 10000 + day.month * 100 + day.day;
  if (key(date) >= key(before)) return [];
  return reach(nodes, check.value).flatMap((node) => {
    const text = fieldValue(node);
    return text !== undefined && Number(text) > check.max
      ? [{ path: node.path, message: check.message }]
      : [];
  });
}

const dayKey = (day: { year: number; month: number; day: number }) =>
  day.year * 10000 + day.month * 100 + day.day;

function among(nodes: readonly VisibleQuestion[], check: AmongCheck): AnswerIssue[] {
  const [node] = reach(nodes, check.person);
  const name = node ? personName(node) : undefined;
  if (!node || name === undefined) return [];
  const others = check.among.flatMap((path) => reach(nodes, path)).map(personName);
  // Judge only once every name it is compared with is given.
  if (others.length === 0 || others.some((other) => other === undefined)) return [];
  return others.some((other) => nameKey(other ?? "") === nameKey(name))
    ? []
    : [{ path: node.path, message: check.message }];
}

function notBefore(nodes: readonly VisibleQuestion[], check: NotBeforeCheck): AnswerIssue[] {
  const [node] = reach(nodes, check.date);
  const text = fieldValue(node);
  const earliestText = fieldValue(reach(nodes, check.earliest)[0]);
  const date = text === undefined ? undefined : parseDate(text);
  const earliest = earliestText === undefined ? undefined : parseDate(earliestText);
  if (!node || !date || !earliest || dayKey(date) >= dayKey(earliest)) return [];
  return [{ path: node.path, message: check.message }];
}

/**
 * The issues the declared checks find in the shown answers (`nodes` from `visibleQuestions`). A check
 * whose answers are missing or malformed finds nothing: those answers have their own messages.
 */
export function crossCheckIssues(
  nodes: readonly VisibleQuestion[],
  checks: readonly CrossCheck[] | undefined,
): AnswerIssue[] {
  if (!checks) return [];
  return checks.flatMap((check) =>
    check.rule === "date_before" || check.rule === "income_year_date"
      ? dateCheckIssues(nodes, check)
      : check.rule === "forbidden_answer"
        ? forbiddenAnswerIssues(nodes, check)
        : check.rule === "smsf_trustees"
          ? smsfTrustees(nodes, check)
          : check.rule === "different_people"
            ? differentPeople(nodes, check)
            : check.rule === "director_of"
              ? directorOf(nodes, check)
              : check.rule === "minimum_ratio"
                ? minimumRatio(nodes, check)
                : check.rule === "state_postcode"
                  ? statePostcode(nodes, check)
                  : check.rule === "at_least_one"
                    ? atLeastOne(nodes, check)
                    : check.rule === "total"
                      ? total(nodes, check)
                      : check.rule === "maximum_before"
                        ? maximumBefore(nodes, check)
                        : check.rule === "not_before"
                          ? notBefore(nodes, check)
                          : check.rule === "among"
                            ? among(nodes, check)
                            : minimumAge(nodes, check),
  );
}
