import {
  ASIC_COPY_REFUSED,
  ASIC_DELETE_REFUSED,
  AsicApplicationState,
  AsicWizardColumns,
} from "@precedent/contracts";
import type { Clock } from "../../platform/kernel/index.ts";
import {
  type DocumentCopyGuard,
  type DocumentRowColumns,
  documentTemplateFacts,
} from "../documents/index.ts";
import { asicRowColumns } from "./application-reads.ts";
import { asicCopyAllowed } from "./policy.ts";
import { asicApplications, asicNameApplications } from "./schema.ts";
import { wizardColumnsOf, wizardStepFor } from "./wizard-columns.ts";

/** An ASIC document's row columns: its application's state, and its start wizard's. */
const AsicRowColumns = AsicApplicationState.extend(AsicWizardColumns.shape);

/**
 * The document list's ASIC columns (interview spec §3): an ASIC document's payment and ASIC
 * status, receipt, ACN and certificate, and whether it may be paid or lodged; and its start
 * wizard's mode, what the wizard recorded and where it reopens for the reader (documents spec §4).
 * Other documents get none, so the list offers no ASIC action on them.
 */
export function asicDocumentColumns(settings: {
  clock: Clock;
  feeCents: number;
}): DocumentRowColumns<typeof AsicRowColumns> {
  return {
    name: "asic",
    schema: AsicRowColumns,
    // The documents' own rows (their type, the registration's answers), read through the documents
    // module, move the lists already; a document's type never changes. A template's mode is the
    // catalogue's and does not change under a document.
    tables: [asicApplications, asicNameApplications],
    async read(db, teamId, docIds) {
      if (docIds.length === 0) return new Map();
      const registrations = (await documentTemplateFacts(db, teamId, docIds, [])).filter(
        (doc) => doc.type === "ASIC",
      );
      const ids = registrations.map((doc) => doc.id);
      const [states, wizards] = await Promise.all([
        asicRowColumns(db, teamId, ids, { now: settings.clock(), feeCents: settings.feeCents }),
        wizardColumnsOf(db, teamId, registrations),
      ]);
      const result = new Map<number, AsicApplicationState & AsicWizardColumns>();
      for (const [id, state] of states) {
        const wizard = wizards.get(id);
        if (wizard) result.set(id, { ...state, ...wizard });
      }
      return result;
    },
    // The copy and delete guards' rules, and the answer guard's (a lodged application is read
    // only, so not relaunched), so the list offers only what would be done.
    narrowAbilities: (_row, asic) => ({
      ...(asic && copyRefusal(asic) ? { copy: false } : {}),
      ...(asic && deleteRefusal(asic) ? { delete: false } : {}),
      ...(asic?.read_only ? { relaunch: false } : {}),
    }),
    forViewer: (_viewer, row, asic) => (asic ? { registration_step: wizardStepFor(row, asic) } : {}),
  };
}

/**
 * The copy rule (interview spec §4) on an application as the list shows it: an ASIC document is
 * copied only with no payment or status yet, or in one of the settled pairs `asicCopyAllowed`
 * lists. The copy guard and the row's `copy` ability both ask here, so they cannot disagree.
 */
function copyRefusal(asic: Pick<AsicApplicationState, "asic_payment_status" | "asic_status">) {
  return asicCopyAllowed(asic.asic_payment_status, asic.asic_status) ? undefined : ASIC_COPY_REFUSED;
}

/**
 * A registered company's application is its record of registration (the certificate, the ACN, the
 * kit made from it): kept, not deleted. Before that, deleting it is the documents policy's call.
 */
function deleteRefusal(asic: Pick<AsicApplicationState, "asic_status">) {
  return asic.asic_status === "COMP" ? ASIC_DELETE_REFUSED : undefined;
}

/** The delete rule enforced, in the deletion's transaction. */
export const asicDeleteGuard: DocumentCopyGuard = async (tx, teamId, doc) => {
  if (doc.type !== "ASIC") return undefined;
  const asic = (await asicRowColumns(tx, teamId, [doc.id])).get(doc.id);
  return asic ? deleteRefusal(asic) : undefined;
};

/** The copy rule enforced: read in the copy's transaction, with the defaults the list shows. */
export const asicCopyGuard: DocumentCopyGuard = async (tx, teamId, doc) => {
  if (doc.type !== "ASIC") return undefined;
  const asic = (await asicRowColumns(tx, teamId, [doc.id])).get(doc.id);
  return asic ? copyRefusal(asic) : undefined;
};
