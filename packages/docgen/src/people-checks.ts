/**
 * Cross-field checks about people: someone who must not also appear in another role (a settlor who
 * must not benefit), a chair who must be a director of the company or one of the people named, and
 * people old enough for what they do (a director is at least 18: s201B(1) Corporations Act).
 */
import { z } from "zod";
import { directorsOf, fieldValue, nameKey, personName, reach, yearsBetween } from "./check-paths.ts";
import type { AnswerIssue } from "./errors.ts";
import { parseDate } from "./identifiers.ts";
import type { VisibleQuestion } from "./interview.ts";

/** No person answered at `person` may also be answered at any of `others` (compared by name). */
export type DifferentPeopleCheck = {
  readonly rule: "different_people";
  readonly person: string;
  readonly others: readonly string[];
  /** Shown beside the answer that names the same person again. */
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

/** The person answered at `person` is also answered at one of `among` (compared by name): a chair who is a director. */
export type AmongCheck = {
  readonly rule: "among";
  readonly person: string;
  readonly among: readonly string[];
  /** Shown beside the answer at `person`. */
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

export type PeopleCheck = DifferentPeopleCheck | DirectorOfCheck | AmongCheck | MinimumAgeCheck;

const checkPath = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/, "name questions by id, joined by dots");

/** The zod schemas of the checks about people, members of the cross-check union. */
export const PeopleCheckSchemas = [
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
    rule: z.literal("among"),
    person: checkPath,
    among: z.array(checkPath).min(1),
    message: z.string().min(1),
  }),
] as const;

export function differentPeople(
  nodes: readonly VisibleQuestion[],
  check: DifferentPeopleCheck,
): AnswerIssue[] {
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

export function directorOf(nodes: readonly VisibleQuestion[], check: DirectorOfCheck): AnswerIssue[] {
  const [company] = reach(nodes, check.company);
  if (company?.kind !== "party" || company.partyType !== "company") return [];
  const directors = directorsOf(company)?.map((director) => director.name);
  return namedAmong(nodes, check.person, directors, check.message);
}

export function among(nodes: readonly VisibleQuestion[], check: AmongCheck): AnswerIssue[] {
  const others = check.among.flatMap((path) => reach(nodes, path)).map(personName);
  return namedAmong(nodes, check.person, others.length === 0 ? undefined : others, check.message);
}

/**
 * `message` beside each person answered at `person` whose name is not one of `names` (compared as
 * names are). Nothing is judged until every one of `names` is given (`undefined`: nothing to compare
 * with yet): the missing answers are reported as such.
 */
function namedAmong(
  nodes: readonly VisibleQuestion[],
  person: string,
  names: readonly (string | undefined)[] | undefined,
  message: string,
): AnswerIssue[] {
  if (!names || names.some((name) => name === undefined)) return [];
  const keys = new Set(names.map((name) => nameKey(name ?? "")));
  return reach(nodes, person).flatMap((node) => {
    const name = personName(node);
    return name === undefined || keys.has(nameKey(name)) ? [] : [{ path: node.path, message }];
  });
}

export function minimumAge(nodes: readonly VisibleQuestion[], check: MinimumAgeCheck): AnswerIssue[] {
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
