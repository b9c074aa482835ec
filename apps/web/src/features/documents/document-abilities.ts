import type { DocumentRow } from "@precedent/contracts";
import { downloadHref } from "../../api/interview";
import { signedDownloadUrl } from "../../api/signing";

/**
 * Relaunch of a completed document (status 5 → 2), exactly as the server's abilities say (only
 * with a template to interview). Every Relaunch button asks here.
 */
export const canRelaunch = (document: Pick<DocumentRow, "status" | "abilities">) =>
  document.status === 5 && document.abilities.relaunch;

/**
 * Send for signature (documents spec §4, §6): status 5 and signing not 'no'. The server's `sign`
 * ability holds those; on the Lite plan its `sign_upgrade` offers the same documents the upgrade
 * notice, and nothing else does (a draft never offers signing, upgraded or not).
 */
export const offersSigning = (document: Pick<DocumentRow, "abilities">) =>
  document.abilities.sign || document.abilities.sign_upgrade;

/** Copy and Add to a shared folder: the action, or on the Lite plan its upgrade notice (§6). */
export const offersCopy = (document: Pick<DocumentRow, "abilities">) =>
  document.abilities.copy || document.abilities.copy_upgrade;
export const offersSharing = (document: Pick<DocumentRow, "abilities">) =>
  document.abilities.share || document.abilities.share_upgrade;

/**
 * The downloads a document offers (documents spec §2, §6), exactly as its abilities allow. A Signed
 * document's Download PDF is the sealed signed copy; its unsigned original is still offered, and
 * named as such.
 */
export function downloadsOf(
  teamId: number,
  document: Pick<DocumentRow, "id" | "abilities"> & Partial<Pick<DocumentRow, "status" | "bundle_status">>,
) {
  const downloads: { kind: "pdf" | "unsigned" | "word"; label: string; href: string }[] = [];
  if (document.abilities.download_pdf) {
    if (isSigned(document)) {
      downloads.push({ kind: "pdf", label: "Download PDF", href: pdfHref(teamId, document) });
      downloads.push({
        kind: "unsigned",
        label: "Download unsigned copy",
        href: downloadHref(teamId, document.id, "pdf"),
      });
    } else {
      downloads.push({ kind: "pdf", label: "Download PDF", href: downloadHref(teamId, document.id, "pdf") });
    }
  }
  if (document.abilities.download_word)
    downloads.push({ kind: "word", label: "Download Word", href: downloadHref(teamId, document.id, "word") });
  return downloads;
}

/** Signed (3) with a completed request: the sealed copy is the one a person means by "the PDF". */
export const isSigned = (document: Partial<Pick<DocumentRow, "status" | "bundle_status">>) =>
  document.status === 3 && document.bundle_status === "completed";

/** Download PDF: the sealed signed copy of a Signed document, otherwise the assembled PDF. */
export const pdfHref = (
  teamId: number,
  document: Pick<DocumentRow, "id"> & Partial<Pick<DocumentRow, "status" | "bundle_status">>,
) =>
  isSigned(document)
    ? signedDownloadUrl(teamId, document.id, "signed")
    : downloadHref(teamId, document.id, "pdf");
