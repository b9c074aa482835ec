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
export { CERTIFICATE_HEADING } from "./certificate-page.ts";
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
export function createPdfSealer(options: { certificate: SealingCertificate }): PdfSealer {
  const signer = new CadesSigner(options.certificate.p12, options.certificate.passphrase);
  return {
    async seal(input) {
      const document = await PDFDocument.load(input.original, { updateMetadata: false });
      const fonts = await embedSealFonts(document);
      await stampSignatures(document, input.fields, input.signatures, fonts);
      appendCertificatePages(document, input.certificate, fonts);
      const signingTime = input.certificate.completedAt;
      document.setModificationDate(signingTime);
      pdflibAddPlaceholder({
        pdfDoc: document,
        reason: `Signed electronically: ${input.certificate.documentName}`,
        contactInfo: "",
        name: input.certificate.firmName,
        location: "Australia",
        signingTime,
        signatureLength: SIGNATURE_LENGTH,
        subFilter: SUBFILTER_ETSI_CADES_DETACHED,
        appName: "Precedent",
      });
      // signpdf finds the placeholder by searching the bytes: object streams would hide it.
      const prepared = await document.save({ useObjectStreams: false });
      const sealed = await new SignPdf().sign(Buffer.from(prepared), signer, signingTime);
      return new Uint8Array(sealed.buffer, sealed.byteOffset, sealed.byteLength);
    },
  };
}
