import {
  ASIC_MODE_META_KEY,
  ASIC_MODES,
  type AsicMode,
  type AsicWizardColumns,
  type DocumentRow,
} from "@precedent/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { productAcknowledgement, productMetaOfTemplates } from "../catalogue/index.ts";
import { acknowledgedStarts } from "../orders/index.ts";
import { isPreConsentComplete, registrationResumeStep } from "./policy.ts";
import { asicNameApplications } from "./schema.ts";

const modeOf = (meta: { key: string; value: string }[] | undefined): AsicMode | null => {
  const value = meta?.find((entry) => entry.key === ASIC_MODE_META_KEY)?.value.trim() ?? "";
  return (ASIC_MODES as readonly string[]).includes(value) ? (value as AsicMode) : null;
};

/**
 * The start wizard's state on each registration (ASIC) document (documents spec §4): its
 * template's mode and what the wizard has recorded. Where it reopens depends on the reader
 * (`wizardStepFor`), so `registration_step` is null here.
 */
export async function wizardColumnsOf(
  db: Database,
  teamId: number,
  registrations: { id: number; templateIdentifier: string | null }[],
): Promise<Map<number, AsicWizardColumns>> {
  const result = new Map<number, AsicWizardColumns>();
  if (registrations.length === 0) return result;
  const identifiers = registrations.flatMap((doc) =>
    doc.templateIdentifier ? [doc.templateIdentifier] : [],
  );
  const docIds = registrations.map((doc) => doc.id);
  const [meta, answers, acknowledgedAtStart] = await Promise.all([
    productMetaOfTemplates(db, identifiers),
    db
      .select()
      .from(asicNameApplications)
      .where(and(eq(asicNameApplications.teamId, teamId), inArray(asicNameApplications.docId, docIds))),
    acknowledgedStarts(db, teamId, docIds),
  ]);
  const answersOf = new Map(answers.map((row) => [row.docId, row]));
  for (const doc of registrations) {
    const recorded = answersOf.get(doc.id);
    const templateMeta = doc.templateIdentifier ? meta.get(doc.templateIdentifier) : undefined;
    const acknowledgement = templateMeta ? productAcknowledgement({ metaData: templateMeta }) : null;
    const acknowledged = acknowledgedAtStart.has(doc.id) || Boolean(recorded?.acknowledgement);
    result.set(doc.id, {
      asic_mode: modeOf(templateMeta),
      asic_name_applied: Boolean(recorded?.proposedName),
      asic_pre_consent: recorded ? isPreConsentComplete(recorded) : false,
      asic_acknowledgement: acknowledged ? null : acknowledgement,
      registration_step: null,
    });
  }
  return result;
}

/**
 * Where the wizard reopens for this reader: the documents policy's interview ability (drafts and
 * documents in progress, for whoever may change them), never once the application is lodged or
 * decided (its answers are ASIC's then), and the document's own names.
 */
export function wizardStepFor(
  row: Pick<DocumentRow, "name" | "template" | "abilities">,
  columns: Pick<
    AsicWizardColumns,
    "asic_mode" | "asic_name_applied" | "asic_pre_consent" | "asic_acknowledgement"
  > & {
    read_only: boolean;
  },
) {
  return registrationResumeStep({
    mode: columns.asic_mode,
    mayInterview: row.abilities.interview && !columns.read_only,
    nameApplied: columns.asic_name_applied,
    preConsent: columns.asic_pre_consent,
    acknowledgementPending: columns.asic_acknowledgement !== null,
    documentName: row.name,
    templateName: row.template?.name ?? null,
  });
}
