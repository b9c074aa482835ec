import { ASIC_APPLICATION_READ_ONLY } from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import type { AnswerGuard } from "../interview/index.ts";
import { elementQuestionFor, legalElementMismatch } from "./officeholders.ts";
import { isLodgedOrDecided } from "./policy.ts";
import { asicApplications, asicNameApplications } from "./schema.ts";

/** Which question holds the legal element, by the registration's type of company (the Form 201 template). */
const ELEMENT_QUESTION = new Map([
  ["pty_shares", "legal_element"],
  ["pub_shares", "public_element"],
  ["pub_guarantee", "public_element"],
  ["pty_unlimited", "unlimited_element"],
  ["pub_no_liability", "no_liability_element"],
]);

/**
 * A registration's answers as the application allows them (issue 29 items 2 and 3): none changes
 * once lodged with ASIC (until ASIC rejects it or does not process it); before that, the proposed
 * name and its legal element are the ones checked and applied for in the start wizard, written
 * over whatever the interview sent, so the name lodged, certified and used in the company kit is
 * the one checked. A new name is had only by checking it again (POST asic/apply-proposed-name).
 */
export const asicAnswerGuard: AnswerGuard = async (tx, { teamId, docId, docType, answers }) => {
  if (docType !== "ASIC") return undefined;
  const ofDoc = (table: typeof asicApplications | typeof asicNameApplications) =>
    and(eq(table.teamId, teamId), eq(table.docId, docId));
  const [application] = await tx
    .select({ asicStatus: asicApplications.asicStatus })
    .from(asicApplications)
    .where(ofDoc(asicApplications));
  if (application && isLodgedOrDecided(application.asicStatus))
    return { refusal: ASIC_APPLICATION_READ_ONLY };
  if (answers.name_choice === "acn") return undefined;
  const [named] = await tx
    .select({
      proposedName: asicNameApplications.proposedName,
      legalElement: asicNameApplications.legalElement,
    })
    .from(asicNameApplications)
    .where(ofDoc(asicNameApplications));
  if (!named?.proposedName || !named.legalElement) return undefined;
  const kind = typeof answers.company_kind === "string" ? answers.company_kind.trim() : "";
  // A type that the checked name's legal element cannot end (s148): said beside the type, rather
  // than the element written into a question whose options lack it.
  const mismatch = legalElementMismatch(kind, named.legalElement);
  if (mismatch) return { invalid: { field: "company_kind", message: mismatch } };
  const elementQuestion =
    kind === "" ? elementQuestionFor(named.legalElement) : (ELEMENT_QUESTION.get(kind) ?? "legal_element");
  return { pinned: { proposed_name: named.proposedName, [elementQuestion]: named.legalElement } };
};
