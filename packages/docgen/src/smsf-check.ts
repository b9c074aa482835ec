/**
 * The trustee structure of a self managed superannuation fund: s17A(1) and (2) of the SIS Act (the
 * trustees, or the trustee company's directors, and the members are the same people, with the
 * one-member structures the Act allows), and, where the interview asks for members' dates of birth,
 * s17A(3)(c): a member under 18 cannot be a trustee or a director (a director must be 18, s201B(1)
 * Corporations Act; a minor is under a legal disability), so a parent or guardian acts in the
 * member's place, and must then be a trustee or director as the member otherwise would be.
 */

import {
  directorsOf,
  fieldValue,
  holderOf,
  nameKey,
  personName,
  reach,
  yearsBetween,
} from "./check-paths.ts";
import type { AnswerIssue } from "./errors.ts";
import { parseDate } from "./identifiers.ts";
import type { VisibleParty, VisibleQuestion } from "./interview.ts";

/** The structure s17A(1), (2) and (3)(c) of the SIS Act requires of a self managed superannuation fund. */
export type SmsfTrusteesCheck = {
  readonly rule: "smsf_trustees";
  /** A party question inside a group: each entry is one trustee (an individual or a company). */
  readonly trustees: string;
  /** A party question or a name question inside a group: each entry is one member. */
  readonly members: string;
  /**
   * Members under 18: each member's date of birth (in the members' group), the date ages are taken
   * on, and the name (and date of birth) of the parent or guardian who acts in the member's place,
   * questions shown only when the interview says one does.
   */
  readonly minors?: {
    readonly birthDate: string;
    readonly on: string;
    readonly guardian: string;
    readonly guardianBirthDate: string;
  };
};

type Member = {
  readonly name: string | undefined;
  readonly path: string;
  /** Who holds office for the member: the member, or the parent or guardian acting for a minor. */
  readonly acting: string | undefined;
  readonly guardian: boolean;
};

/** Whole years on `on` of the person born on the date answered at `node`, if both are answered. */
function ageOf(node: VisibleQuestion | undefined, on: ReturnType<typeof parseDate>): number | undefined {
  const text = fieldValue(node);
  const born = text === undefined ? undefined : parseDate(text);
  return born && on ? yearsBetween(born, on) : undefined;
}

/**
 * The members with who acts for each, and the issues about ages: a minor with no parent or guardian
 * acting, a guardian for a member who is 18, a guardian under 18. Undefined while an answer is missing.
 */
function membersActing(
  nodes: readonly VisibleQuestion[],
  check: SmsfTrusteesCheck,
): { members: Member[]; issues: AnswerIssue[] } | undefined {
  const memberNodes = reach(nodes, check.members);
  const minors = check.minors;
  const issues: AnswerIssue[] = [];
  const [onNode] = minors ? reach(nodes, minors.on) : [];
  const onText = fieldValue(onNode);
  const on = onText === undefined ? undefined : parseDate(onText);
  const births = minors ? reach(nodes, minors.birthDate) : [];
  const guardians = minors ? reach(nodes, minors.guardian) : [];
  const guardianBirths = minors ? reach(nodes, minors.guardianBirthDate) : [];
  const members: Member[] = [];
  for (const node of memberNodes) {
    const name = personName(node);
    // The member's entry in the group (a party inside an entry, or a name question of the entry).
    const entry = holderOf(node.path);
    const inEntry = (candidates: VisibleQuestion[]) =>
      candidates.find((candidate) => holderOf(candidate.path) === entry);
    const guardianNode = inEntry(guardians);
    const guardianName = fieldValue(guardianNode);
    const age = minors ? ageOf(inEntry(births), on) : undefined;
    if (minors && on && age === undefined) return undefined;
    if (guardianNode && guardianName === undefined) return undefined;
    if (guardianName !== undefined && guardianNode) {
      if (age !== undefined && age >= 18) {
        issues.push({
          path: guardianNode.path,
          message: `${name} is 18 or older on the date of the deed, so acts personally as a trustee or director: a parent or guardian acts in a member's place only while the member is under 18 (s17A(3)(c) SIS Act).`,
        });
      }
      const guardianBirth = inEntry(guardianBirths);
      const guardianAge = ageOf(guardianBirth, on);
      if (guardianBirth && guardianAge !== undefined && guardianAge < 18) {
        issues.push({
          path: guardianBirth.path,
          message: `${guardianName} must be at least 18 to act as a trustee or director in a minor member's place (s201B(1) Corporations Act): this date of birth makes the parent or guardian younger than 18 on the date of the deed.`,
        });
      }
      members.push({ name, path: node.path, acting: guardianName, guardian: true });
      continue;
    }
    if (age !== undefined && age < 18) {
      issues.push({
        path: node.path,
        message: `${name} is under 18 on the date of the deed, so cannot be a trustee or a director of the trustee company (s201B(1) Corporations Act): answer that a parent or guardian acts in this member's place (s17A(3)(c) SIS Act).`,
      });
    }
    members.push({ name, path: node.path, acting: name, guardian: false });
  }
  return { members, issues };
}

/** Who a structure message names: the member, or the parent or guardian acting for the member. */
const who = (member: Member): string =>
  member.guardian ? `${member.acting}, acting for ${member.name} (a member under 18),` : `${member.name}`;

export function smsfTrustees(nodes: readonly VisibleQuestion[], check: SmsfTrusteesCheck): AnswerIssue[] {
  const trusteeNodes = reach(nodes, check.trustees).filter(
    (node): node is VisibleParty => node.kind === "party",
  );
  const groupPath = (path: string) => path.split(".")[0] ?? path;
  const trusteesAt = groupPath(check.trustees);
  const acting = membersActing(nodes, check);
  // Judge the structure only once every trustee and member is named: missing answers are reported as such.
  if (!acting) return [];
  const { members } = acting;
  if (trusteeNodes.length === 0 || members.length === 0) return [];
  if (members.some((member) => member.name === undefined)) return [];
  if (trusteeNodes.some((node) => node.partyType === undefined || personName(node) === undefined)) return [];
  // A minor acting personally, or a guardian who cannot act: say so first, as the structure follows from it.
  if (acting.issues.length > 0) return acting.issues;
  const issues: AnswerIssue[] = [];
  const companies = trusteeNodes.filter((node) => node.partyType === "company");
  const single = members.length === 1;
  const actingKeys = new Set(members.map((member) => nameKey(member.acting ?? "")));
  const minorsActedFor = members.filter((member) => member.guardian);

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
    for (const minor of minorsActedFor) {
      const seat = directors.find((director) => nameKey(director.name ?? "") === nameKey(minor.name ?? ""));
      if (seat) {
        issues.push({
          path: seat.path,
          message: `${minor.name} is under 18 and cannot be a director (s201B(1) Corporations Act): ${minor.acting} is a director in the member's place instead (s17A(3)(c) SIS Act).`,
        });
      }
    }
    if (single) {
      const [member] = members;
      if (directors.length > 2) {
        issues.push({
          path: `${company.path}.directors`,
          message:
            "With one member, the trustee company may have only that member as sole director, or the member and one other director (s17A(2) SIS Act).",
        });
      }
      if (member && !directorKeys.has(nameKey(member.acting ?? ""))) {
        issues.push({
          path: member.path,
          message: `${who(member)} must be a director of the trustee company: with one member, the member is its sole director or one of its two directors (s17A(2) SIS Act).`,
        });
      }
      return issues;
    }
    for (const member of members) {
      if (!directorKeys.has(nameKey(member.acting ?? ""))) {
        issues.push({
          path: member.path,
          message: `${who(member)} is a member but not a director of the trustee company: every member must be a director of it (s17A(1)(d) SIS Act).`,
        });
      }
    }
    for (const director of directors) {
      if (issues.some((issue) => issue.path === director.path)) continue;
      if (!actingKeys.has(nameKey(director.name ?? ""))) {
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
  for (const minor of minorsActedFor) {
    const seat = trustees.find((trustee) => nameKey(trustee.name) === nameKey(minor.name ?? ""));
    if (seat) {
      issues.push({
        path: seat.path,
        message: `${minor.name} is under 18 and cannot be a trustee: ${minor.acting} is a trustee in the member's place instead (s17A(3)(c) SIS Act).`,
      });
    }
  }
  if (single) {
    const [member] = members;
    if (trustees.length !== 2) {
      issues.push({
        path: trusteesAt,
        message:
          "A fund with one member and individual trustees needs exactly two trustees, one of them the member (s17A(2) SIS Act); or appoint a company as sole trustee.",
      });
    }
    if (member && !trusteeKeys.has(nameKey(member.acting ?? ""))) {
      issues.push({
        path: member.path,
        message: `${who(member)} must be one of the trustees: with one member and individual trustees, the member is one of the two trustees (s17A(2) SIS Act).`,
      });
    }
    return issues;
  }
  for (const member of members) {
    if (!trusteeKeys.has(nameKey(member.acting ?? ""))) {
      issues.push({
        path: member.path,
        message: `${who(member)} is a member but not a trustee: every member must be a trustee (s17A(1)(d) SIS Act).`,
      });
    }
  }
  for (const trustee of trustees) {
    if (issues.some((issue) => issue.path === trustee.path)) continue;
    if (!actingKeys.has(nameKey(trustee.name))) {
      issues.push({
        path: trustee.path,
        message: `${trustee.name} is a trustee but not a member: every individual trustee must be a member (s17A(1)(b) SIS Act).`,
      });
    }
  }
  return issues;
}
