import type { DocumentRow } from "@precedent/contracts";
import { downloadHref } from "../../api/interview";

/**
 * Relaunch of a completed document (status 5 → 2), exactly as the server's abilities say (only
 * with a template to interview). Every Relaunch button asks here.
 */
export const canRelaunch = (document: Pick<DocumentRow, "status" | "abilities">) =>
  document.status === 5 && document.abilities.relaunch;

/** The downloads a document offers (documents spec §2, §6), exactly as its abilities allow. */
export function downloadsOf(teamId: number, document: Pick<DocumentRow, "id" | "abilities">) {
  const downloads: { kind: "pdf" | "word"; label: string; href: string }[] = [];
  if (document.abilities.download_pdf)
    downloads.push({ kind: "pdf", label: "Download PDF", href: downloadHref(teamId, document.id, "pdf") });
  if (document.abilities.download_word)
    downloads.push({ kind: "word", label: "Download Word", href: downloadHref(teamId, document.id, "word") });
  return downloads;
}
