import { ASIC_MODE_META_KEY, ASIC_MODES, type AsicMode, AsicWizardColumns } from "@precedent/contracts";
import { and, eq, inArray } from "drizzle-orm";
import { productMetaOfTemplates } from "../catalogue/index.ts";
import { type DocumentRowColumns, documentTemplateFacts } from "../documents/index.ts";
import { isLodgedOrDecided, isPreConsentComplete, registrationResumeStep } from "./policy.ts";
import { asicApplications, asicNameApplications } from "./schema.ts";

const modeOf = (meta: { key: string; value: string }[] | undefined): AsicMode | null => {
  const value = meta?.find((entry) => entry.key === ASIC_MODE_META_KEY)?.value.trim() ?? "";
  return (ASIC_MODES as readonly string[]).includes(value) ? (value as AsicMode) : null;
};

/**
 * The start wizard's state on each registration (ASIC) document (documents spec §4): its
 * template's mode, what the wizard has recorded, and, for the one reading, the step the wizard
 * reopens at (none when they may not interview it). Other documents get none of these fields.
 */
export const asicWizardColumns: DocumentRowColumns<typeof AsicWizardColumns> = {
  name: "asic-wizard",
  schema: AsicWizardColumns,
  // A template's mode is the catalogue's and does not change under a document; the answers and
  // the application's lodgement do.
  tables: [asicNameApplications, asicApplications],
  async read(db, teamId, docIds) {
    const result = new Map<number, AsicWizardColumns>();
    if (docIds.length === 0) return result;
    const registrations = (await documentTemplateFacts(db, teamId, docIds, [])).filter(
      (doc) => doc.type === "ASIC",
    );
    if (registrations.length === 0) return result;
    const identifiers = registrations.flatMap((doc) =>
      doc.templateIdentifier ? [doc.templateIdentifier] : [],
    );
    const registrationIds = registrations.map((doc) => doc.id);
    const [meta, answers, applications] = await Promise.all([
      productMetaOfTemplates(db, identifiers),
      db
        .select()
        .from(asicNameApplications)
        .where(
          and(eq(asicNameApplications.teamId, teamId), inArray(asicNameApplications.docId, registrationIds)),
        ),
      db
        .select({ docId: asicApplications.docId, asicStatus: asicApplications.asicStatus })
        .from(asicApplications)
        .where(and(eq(asicApplications.teamId, teamId), inArray(asicApplications.docId, registrationIds))),
    ]);
    const answersOf = new Map(answers.map((row) => [row.docId, row]));
    const lodged = new Set(
      applications.filter((row) => isLodgedOrDecided(row.asicStatus)).map((row) => row.docId),
    );
    for (const doc of registrations) {
      const recorded = answersOf.get(doc.id);
      const columns = {
        asic_mode: modeOf(doc.templateIdentifier ? meta.get(doc.templateIdentifier) : undefined),
        asic_name_applied: Boolean(recorded?.proposedName),
        asic_pre_consent: recorded ? isPreConsentComplete(recorded) : false,
      };
      result.set(doc.id, {
        ...columns,
        // Without a reader: whether the wizard has anything left to ask at all (a lodged
        // application's answers are ASIC's now). `forViewer` gives the reader's step.
        registration_step: wizardStep(columns, {
          mayInterview: !lodged.has(doc.id),
          name: "",
          template: null,
        }),
      });
    }
    return result;
  },
  forViewer: (_viewer, row, columns) =>
    columns
      ? {
          registration_step:
            columns.registration_step === null
              ? null
              : // The documents policy's interview ability (drafts and documents in progress, for
                // whoever may change them), and the document's own names.
                wizardStep(columns, {
                  mayInterview: row.abilities.interview,
                  name: row.name,
                  template: row.template?.name ?? null,
                }),
        }
      : {},
};

function wizardStep(
  columns: Pick<AsicWizardColumns, "asic_mode" | "asic_name_applied" | "asic_pre_consent">,
  facts: { mayInterview: boolean; name: string; template: string | null },
) {
  return registrationResumeStep({
    mode: columns.asic_mode,
    mayInterview: facts.mayInterview,
    nameApplied: columns.asic_name_applied,
    preConsent: columns.asic_pre_consent,
    documentName: facts.name,
    templateName: facts.template,
  });
}
