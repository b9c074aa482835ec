import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import { PDFDocument } from "pdf-lib";
import type { AuditCertificate } from "../audit-certificate.ts";
import type { StoredSignatureField } from "../schema.ts";
import { CadesSigner } from "./cades-signer.ts";
import { appendCertificatePages } from "./certificate-page.ts";
import { embedSealFonts } from "./fonts.ts";
import type { SealingCertificate } from "./sealing-certificate.ts";
import { type SignatureToStamp, stampSignatures } from "./stamp.ts";

export type { AuditCertificate, AuditCertificateParty } from "../audit-certificate.ts";
export { CERTIFICATE_HEADING, partyRows } from "./certificate-page.ts";
export {
  createSelfSignedP12,
  loadOrCreateSealingCertificate,
  type SealingCertificate,
  SealingCertificateError,
  type SealingCertificateOptions,
} from "./sealing-certificate.ts";
export { SealInputError } from "./stamp.ts";

export type SealInput = {
  original: Uint8Array;
  fields: StoredSignatureField[];
  signatures: SignatureToStamp[];
  certificate: AuditCertificate;
};

export type PdfSealer = { seal(input: SealInput): Promise<Uint8Array> };

/**
 * Room for the CMS signature in the placeholder, in hex digits (two a byte): 8 KB, where this
 * server's RSA-2048 seal takes about 1.4 KB and an RSA-4096 key with a chain of three still fits.
 */
const SIGNATURE_LENGTH = 16_384;

/**
 * Makes the signed PDF of a completed envelope: every signature, name and date stamped into its box,
 * the audit certificate appended, and the whole file sealed with a PAdES signature (subfilter
 * ETSI.CAdES.detached) over every byte but the signature itself, so any later change shows in a
 * reader. No I/O: the caller stores the bytes.
 */
export function createPdfSealer(options: { certificate: SealingCertificate }): PdfSealer & {
  sealFile(pdf: Uint8Array, info: FileSealInfo): Promise<Uint8Array>;
} {
  const signer = new CadesSigner(options.certificate.p12, options.certificate.passphrase);
  async function sealDocument(document: PDFDocument, info: FileSealInfo) {
    document.setModificationDate(info.signingTime);
    pdflibAddPlaceholder({
      pdfDoc: document,
      reason: info.reason,
      contactInfo: "",
      name: info.firmName,
      location: "Australia",
      signingTime: info.signingTime,
      signatureLength: SIGNATURE_LENGTH,
      subFilter: SUBFILTER_ETSI_CADES_DETACHED,
      appName: "Precedent",
    });
    // signpdf finds the placeholder by searching the bytes: object streams would hide it.
    const prepared = await document.save({ useObjectStreams: false });
    const sealed = await new SignPdf().sign(Buffer.from(prepared), signer, info.signingTime);
    return new Uint8Array(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  }
  return {
    async seal(input) {
      const document = await PDFDocument.load(input.original, { updateMetadata: false });
      const fonts = await embedSealFonts(document);
      await stampSignatures(document, input.fields, input.signatures, fonts);
      appendCertificatePages(document, input.certificate, fonts);
      return sealDocument(document, {
        reason: `Signed electronically: ${input.certificate.documentName}`,
        firmName: input.certificate.firmName,
        signingTime: input.certificate.completedAt,
      });
    },
    /** Seals a finished PDF as it is (the audit certificate downloaded on its own). */
    async sealFile(pdf, info) {
      return sealDocument(await PDFDocument.load(pdf, { updateMetadata: false }), info);
    },
  };
}

/** What a seal records: why, for whom, and when (the signing time in the signature). */
export type FileSealInfo = { reason: string; firmName: string; signingTime: Date };
