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
import { fieldValue, type Reached, reach } from "./check-paths.ts";
import { type DateCheck, DateCheckSchemas, dateCheckIssues, dateCheckTargets } from "./date-checks.ts";
import type { AnswerIssue } from "./errors.ts";
import { type CalendarDate, parseDate, postcodeStates } from "./identifiers.ts";
import type { VisibleParty, VisibleQuestion } from "./interview.ts";
import { partyQuestions } from "./parties.ts";
import type { Question } from "./schema.ts";

/** The structure s17A(1) and (2) of the SIS Act requires of a self managed superannuation fund. */
export type SmsfTrusteesCheck = {
  readonly rule: "smsf_trustees";
  /** A party question inside a group: each entry is one trustee (an individual or a company). */
  readonly trustees: string;
  /** A party question or a name question inside a group: each entry is one member. */
  readonly members: string;
};

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

/** A rule across answers, declared in the interview definition. */
export type CrossCheck =
  | SmsfTrusteesCheck
  | DifferentPeopleCheck
  | DirectorOfCheck
  | MinimumAgeCheck
  | MinimumRatioCheck
  | StatePostcodeCheck
  | AtLeastOneCheck
  | DateCheck
  | ForbiddenAnswerCheck;

const checkPath = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/, "name questions by id, joined by dots");

/** The zod schema of one entry of an interview's `checks:` list. */
export const CrossCheckSchema: z.ZodType<CrossCheck> = z.discriminatedUnion("rule", [
  z.strictObject({ rule: z.literal("smsf_trustees"), trustees: checkPath, members: checkPath }),
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
    } else {
      expect(check.birthDate, "date", [...at, "birthDate"]);
      expect(check.on, "date", [...at, "on"]);
    }
  });
  return problems;
}

const fieldOf = (party: VisibleParty, id: string) =>
  fieldValue(party.fields.find((field) => field.question.id === id));

/** The name of a person as answered: an individual's full name, a company's name and legal element. */
function personName(node: Reached): string | undefined {
  if (node.kind === "field") return fieldValue(node);
  if (node.kind !== "party") return undefined;
  if (node.partyType === "individual") {
    const parts = [fieldOf(node, "first_name"), fieldOf(node, "middle_name"), fieldOf(node, "last_name")];
    if (parts[0] === undefined || parts[2] === undefined) return undefined;
    return parts.filter((part) => part !== undefined).join(" ");
  }
  if (node.partyType === "company") {
    const name = fieldOf(node, "name");
    return name === undefined ? undefined : [name, fieldOf(node, "legal_element") ?? ""].join(" ").trim();
  }
  return undefined;
}

/** Names compare without regard to case, spacing or full stops. */
const nameKey = (name: string): string => name.toLowerCase().replace(/\./g, "").replace(/\s+/g, " ").trim();

/** The directors a company party names (its sole director, or each director), with their paths. */
function directorsOf(party: VisibleParty): { name: string | undefined; path: string }[] | undefined {
  const type = fieldOf(party, "director_type");
  if (type === "sole") {
    return [{ name: fieldOf(party, "sole_director_name"), path: `${party.path}.sole_director_name` }];
  }
  const group = party.fields.find((field) => field.question.id === "directors");
  if (type !== "multiple" || group?.kind !== "group") return undefined;
  return group.entries.map((entry, index) => ({
    name: fieldValue(entry.find((field) => field.question.id === "name")),
    path: `${group.path}[${index}].name`,
  }));
}

function smsfTrustees(nodes: readonly VisibleQuestion[], check: SmsfTrusteesCheck): AnswerIssue[] {
  const trusteeNodes = reach(nodes, check.trustees).filter(
    (node): node is VisibleParty => node.kind === "party",
  );
  const memberNodes = reach(nodes, check.members);
  const groupPath = (path: string) => path.split(".")[0] ?? path;
  const trusteesAt = groupPath(check.trustees);
  const members = memberNodes.map((node) => ({ name: personName(node), path: node.path }));
  // Judge the structure only once every trustee and member is named: missing answers are reported as such.
  if (trusteeNodes.length === 0 || members.length === 0) return [];
  if (members.some((member) => member.name === undefined)) return [];
  if (trusteeNodes.some((node) => node.partyType === undefined || personName(node) === undefined)) return [];
  const issues: AnswerIssue[] = [];
  const companies = trusteeNodes.filter((node) => node.partyType === "company");
  const single = members.length === 1;
  const memberKeys = new Set(members.map((member) => nameKey(member.name ?? "")));

  if (companies.length > 0) {
    const [company] = companies;
    if (trusteeNodes.length > 1 || !company) {
      return [
        {
          path: trusteesAt,
          message:
            "A self managed superannuation fund has either individual trustees or one trustee company, never both or two companies (s17A SIS Act).",
        },
      ];
    }
    const directors = directorsOf(company);
    if (!directors || directors.some((director) => director.name === undefined)) return [];
    const directorKeys = new Set(directors.map((director) => nameKey(director.name ?? "")));
    if (single) {
      const [member] = members;
      if (directors.length > 2) {
        issues.push({
          path: `${company.path}.directors`,
          message:
            "With one member, the trustee company may have only that member as sole director, or the member and one other director (s17A(2) SIS Act).",
        });
      }
      if (member && !directorKeys.has(nameKey(member.name ?? ""))) {
        issues.push({
          path: member.path,
          message: `${member.name} must be a director of the trustee company: with one member, the member is its sole director or one of its two directors (s17A(2) SIS Act).`,
        });
      }
      return issues;
    }
    for (const member of members) {
      if (!directorKeys.has(nameKey(member.name ?? ""))) {
        issues.push({
          path: member.path,
          message: `${member.name} is a member but not a director of the trustee company: every member must be a director of it (s17A(1)(d) SIS Act).`,
        });
      }
    }
    for (const director of directors) {
      if (!memberKeys.has(nameKey(director.name ?? ""))) {
        issues.push({
          path: director.path,
          message: `${director.name} is a director of the trustee company but not a member: every director must be a member (s17A(1)(c) SIS Act).`,
        });
      }
    }
    return issues;
  }

  const trustees = trusteeNodes.map((node) => ({ name: personName(node) ?? "", path: node.path }));
  const trusteeKeys = new Set(trustees.map((trustee) => nameKey(trustee.name)));
  if (single) {
    const [member] = members;
    if (trustees.length !== 2) {
      issues.push({
        path: trusteesAt,
        message:
          "A fund with one member and individual trustees needs exactly two trustees, one of them the member (s17A(2) SIS Act); or appoint a company as sole trustee.",
      });
    }
    if (member && !trusteeKeys.has(nameKey(member.name ?? ""))) {
      issues.push({
        path: member.path,
        message: `${member.name} must be one of the trustees: with one member and individual trustees, the member is one of the two trustees (s17A(2) SIS Act).`,
      });
    }
    return issues;
  }
  for (const member of members) {
    if (!trusteeKeys.has(nameKey(member.name ?? ""))) {
      issues.push({
        path: member.path,
        message: `${member.name} is a member but not a trustee: every member must be a trustee (s17A(1)(d) SIS Act).`,
      });
    }
  }
  for (const trustee of trustees) {
    if (!memberKeys.has(nameKey(trustee.name))) {
      issues.push({
        path: trustee.path,
        message: `${trustee.name} is a trustee but not a member: every individual trustee must be a member (s17A(1)(b) SIS Act).`,
      });
    }
  }
  return issues;
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

/** Whole years from one date to another (a birthday on 29 February falls on 1 March in other years). */
export function yearsBetween(from: CalendarDate, to: CalendarDate): number {
  const before = to.month < from.month || (to.month === from.month && to.day < from.day);
  return to.year - from.year - (before ? 1 : 0);
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

/** The path of the entry or party holding a node: its own path without the last step. */
const holderOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf(".")));

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
                    : minimumAge(nodes, check),
  );
}
