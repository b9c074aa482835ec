import {
  type AnswerObject,
  type Answers,
  formatAcn,
  type InterviewDefinition,
  type VisibleQuestion,
  visibleQuestions,
} from "@precedent/docgen";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { documentAnswersSql } from "../documents/index.ts";
import type { AnswerSupplement, SupplementNote } from "../interview/index.ts";
import { identicalNameKey } from "./name-rules.ts";
import { asicApplications, asicNameApplications } from "./schema.ts";

/**
 * Issue 16 item 5: "On COMP … the ACN then fills the company's other documents (constitution,
 * consents, minutes) on their next assembly". Documents the firm started for the company before
 * or outside the company kit get its ACN when next assembled, through the interview module's
 * answer supplements. A document names the company when its company name is identical, under
 * rule 6101 (name-rules.ts), to the name of a company the same firm registered; no two companies
 * on the register have identical names, so that is the company. Two registrations of the firm
 * with that name (say, one deregistered and registered again) make it unclear: nothing is filled.
 */

/** A company the firm registered through the product (ASIC status COMP). */
export type RegisteredCompany = {
  /** The name as lodged, with its legal element. */
  name: string;
  /** Nine digits, as ASIC issued it. */
  acn: string;
};

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const isEmpty = (value: unknown) => text(value) === "" && typeof value !== "number";
const fieldsOf = (nodes: readonly VisibleQuestion[]) =>
  new Map(nodes.flatMap((node) => (node.kind === "field" ? [[node.question.dataPath, node] as const] : [])));

/**
 * Where a document names its company and keeps its ACN, among the questions shown at the top of
 * the interview (not inside lists: a member or holding company there is another company):
 * - the `company_name` and `legal_element` questions with an ACN question `company_acn`
 *   (company-constitution, director-consent);
 * - each company party, by its name, legal element and ACN (first-directors-minutes,
 *   share-certificates-registers, and any agreement a company is party to).
 * Only an ACN question that is shown and unanswered is a place to fill.
 */
function acnPlaces(definition: InterviewDefinition, answers: Answers) {
  const nodes = visibleQuestions(definition, answers);
  const places: { name: string; fill: (acn: string) => AnswerObject }[] = [];
  const top = fieldsOf(nodes);
  const acnField = top.get("company_acn");
  if (acnField && isEmpty(acnField.value) && top.has("company_name")) {
    places.push({
      name: `${text(top.get("company_name")?.value)} ${text(top.get("legal_element")?.value)}`,
      fill: (acn) => ({ company_acn: acn }),
    });
  }
  for (const node of nodes) {
    if (node.kind !== "party" || node.partyType !== "company") continue;
    const fields = fieldsOf(node.fields);
    const acn = fields.get("acn");
    if (!acn || !isEmpty(acn.value)) continue;
    places.push({
      name: `${text(fields.get("name")?.value)} ${text(fields.get("legal_element")?.value)}`,
      fill: (value) => ({ [node.question.dataPath]: { acn: value } }),
    });
  }
  return places;
}

/** Whether the document has an empty ACN next to a company name (so the register is worth reading). */
export function hasAcnToFill(definition: InterviewDefinition, answers: Answers) {
  return acnPlaces(definition, answers).some((place) => identicalNameKey(place.name) !== "");
}

/**
 * The ACNs to fill in a document's answers from the firm's registered companies, with a note for
 * the log of each filled (and each left empty because two registrations share the name). Pure.
 */
export function acnFills(
  definition: InterviewDefinition,
  answers: Answers,
  companies: readonly RegisteredCompany[],
): { answers: AnswerObject; notes: SupplementNote[] } {
  let fills: Record<string, unknown> = {};
  const notes: SupplementNote[] = [];
  for (const place of acnPlaces(definition, answers)) {
    const key = identicalNameKey(place.name);
    if (key === "") continue;
    const matches = companies.filter((company) => identicalNameKey(company.name) === key);
    const [only] = matches;
    if (!only) continue;
    if (matches.length > 1) {
      notes.push({
        filled: false,
        message: `The ACN of ${place.name} was not filled: the firm registered ${matches.length} companies with that name (${matches.map((m) => `ACN ${formatAcn(m.acn)}`).join(", ")}), so which one is meant is unclear. Please enter the ACN.`,
      });
      continue;
    }
    const acn = formatAcn(only.acn);
    // Each place has its own key (company_acn, or its party's), so the fills never overlap.
    fills = { ...fills, ...place.fill(acn) };
    notes.push({ filled: true, message: `ACN ${acn} filled from the registration of ${only.name}.` });
  }
  return { answers: fills as AnswerObject, notes };
}

/** The firm's registered companies: each COMP application's name as lodged (registration.ts `lodge`). */
export async function registeredCompanies(tx: Database, teamId: number): Promise<RegisteredCompany[]> {
  const rows = await tx
    .select({
      acn: asicApplications.acn,
      proposedName: asicNameApplications.proposedName,
      namedLegalElement: asicNameApplications.legalElement,
      answers: documentAnswersSql({
        docId: sql`${asicApplications}.${sql.identifier("doc_id")}`,
        teamId: sql`${asicApplications}.${sql.identifier("team_id")}`,
      }),
    })
    .from(asicApplications)
    .innerJoin(asicNameApplications, eq(asicNameApplications.docId, asicApplications.docId))
    .where(
      and(
        eq(asicApplications.teamId, teamId),
        eq(asicApplications.asicStatus, "COMP"),
        isNotNull(asicApplications.acn),
        // Another firm's name application can never name this firm's registration.
        eq(asicNameApplications.teamId, teamId),
      ),
    )
    // In the order they were applied for, so notes naming several read the same each time.
    .orderBy(asicApplications.id);
  return rows.flatMap((row) => {
    const answers = (row.answers ?? {}) as Record<string, unknown>;
    // A company registered with its ACN as its name had no name before: no document named it.
    if (answers.name_choice === "acn" || !row.proposedName || !row.acn) return [];
    const legalElement = text(answers.legal_element) || text(row.namedLegalElement);
    return [{ name: `${row.proposedName} ${legalElement}`.trim(), acn: row.acn }];
  });
}

/** The interview's answer supplement: a registered company's ACN in the firm's documents naming it. */
export const asicAcnSupplement: AnswerSupplement = async (tx, input) => {
  if (!hasAcnToFill(input.definition, input.answers)) return undefined;
  const found = acnFills(input.definition, input.answers, await registeredCompanies(tx, input.teamId));
  return found.notes.length > 0 ? found : undefined;
};
