import {
  ACKNOWLEDGEMENT_DATE_INVALID,
  ACKNOWLEDGEMENT_REQUIRED,
  ACKNOWLEDGEMENT_USER_REQUIRED,
  type ApplyProposedNameRequest,
  isDdMmYyyy,
} from "@precedent/contracts";
import type { Database } from "../../db/client.ts";
import { badRequest } from "../../errors.ts";
import { wizardColumnsOf } from "./wizard-columns.ts";

type Recorded = { acknowledgement: string; acknowledgementDate: string; acknowledgementUser: string };

/**
 * The acknowledgement the reopened registration wizard records (documents spec §4, its last
 * step): only while the document's template carries one no one has accepted (the start wizard
 * records its own). Then it is required with the Director ID confirmations, the step before it,
 * so finishing the steps cannot leave it out; a bad date or name is 400 before anything changes.
 * Nothing to record: an empty object (an acknowledgement sent then is already on record).
 */
export async function acknowledgementToRecord(
  db: Database,
  teamId: number,
  doc: { id: number; xTemplateId: string | null },
  input: Pick<
    ApplyProposedNameRequest,
    "acknowledgement" | "acknowledgement_date" | "acknowledgement_user"
  > & {
    recordsDirectorId: boolean;
  },
): Promise<Recorded | Record<string, never>> {
  const columns = await wizardColumnsOf(db, teamId, [{ id: doc.id, templateIdentifier: doc.xTemplateId }]);
  const text = columns.get(doc.id)?.asic_acknowledgement ?? null;
  if (text === null) return {};
  if (input.acknowledgement !== "yes") {
    if (!input.recordsDirectorId) return {};
    throw badRequest(ACKNOWLEDGEMENT_REQUIRED, [
      { field: "acknowledgement", message: ACKNOWLEDGEMENT_REQUIRED },
    ]);
  }
  const date = input.acknowledgement_date?.trim() ?? "";
  const user = input.acknowledgement_user?.trim() ?? "";
  const errors = [
    ...(isDdMmYyyy(date) ? [] : [{ field: "acknowledgement_date", message: ACKNOWLEDGEMENT_DATE_INVALID }]),
    ...(user ? [] : [{ field: "acknowledgement_user", message: ACKNOWLEDGEMENT_USER_REQUIRED }]),
  ];
  const [first] = errors;
  if (first) throw badRequest(first.message, errors);
  return { acknowledgement: text, acknowledgementDate: date, acknowledgementUser: user };
}
