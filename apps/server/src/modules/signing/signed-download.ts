import { SIGNED_PDF_NOT_READY } from "@precedent/contracts";
import { PDFDocument } from "pdf-lib";
import { AppError } from "../../errors.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import { firmName } from "../teams/index.ts";
import type { SigningRecords } from "./envelope-records.ts";
import type { SigningServiceDeps } from "./service-deps.ts";

// The sender's download of a signed document: the sealed PDF as stored, or its certificate pages
// cut out of it and sealed on their own. Apart because it alone works on PDF pages.

export function createSignedDownload(
  deps: Pick<SigningServiceDeps, "db" | "files" | "sealFile">,
  records: Pick<SigningRecords, "visible" | "latestEnvelope">,
) {
  const { db, files } = deps;
  const { visible, latestEnvelope } = records;

  return {
    /**
     * GET /signing/document/download: the sealed signed PDF of a signed document (status 3), or its
     * audit certificate pages on their own. The sealed file is read as stored, never re-made.
     */
    async signedDownload(ctx: FirmContext, docId: number, file: "signed" | "certificate") {
      const { doc, envelope } = await db.transaction(async (tx) => {
        const { doc } = await visible(tx, ctx, docId, false);
        return { doc, envelope: await latestEnvelope(tx, docId) };
      });
      if (doc.status !== 3 || envelope?.status !== "completed" || !envelope.signedSha256) {
        throw new AppError(409, SIGNED_PDF_NOT_READY);
      }
      const baseName = doc.name.replace(/[\\/:*?"<>|]+/g, " ").trim() || `Document ${doc.id}`;
      if (file === "signed") {
        // Streamed as stored: a long deed's sealed PDF is never held whole for a download.
        const stream = await files.stream(envelope.signedSha256);
        if (!stream) throw new AppError(409, SIGNED_PDF_NOT_READY);
        return { stream, name: `${baseName} (signed).pdf` };
      }
      const sealed = await files.get(envelope.signedSha256);
      if (!sealed) throw new AppError(409, SIGNED_PDF_NOT_READY);
      // The certificate pages are the ones the seal appended after the original's.
      const original = await files.get(envelope.originalSha256);
      if (!original) throw new AppError(409, SIGNED_PDF_NOT_READY);
      const originalPages = (
        await PDFDocument.load(original.bytes, { updateMetadata: false })
      ).getPageCount();
      const signed = await PDFDocument.load(sealed.bytes, { updateMetadata: false });
      const certificate = await PDFDocument.create();
      const indices = signed.getPageIndices().slice(originalPages);
      for (const page of await certificate.copyPages(signed, indices)) certificate.addPage(page);
      certificate.setTitle(`Certificate of signing: ${doc.name}`);
      // Sealed as the signed PDF is: its text says the certificate is sealed, and so it is.
      const sealedCertificate = await deps.sealFile(await certificate.save({ useObjectStreams: false }), {
        reason: `Certificate of signing: ${doc.name}`,
        firmName: await db.transaction((tx) => firmName(tx, ctx.teamId)),
        signingTime: envelope.completedAt ?? envelope.updatedAt,
      });
      return { bytes: sealedCertificate, name: `${baseName} (certificate).pdf` };
    },
  };
}
