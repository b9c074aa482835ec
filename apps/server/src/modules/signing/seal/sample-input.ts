import { createHash } from "node:crypto";
import path from "node:path";
import { SIGNATURE_FONTS } from "@precedent/contracts";
import { assemble } from "@precedent/docgen";
import { loadTemplateFolder } from "@precedent/docgen/library";
import sharp from "sharp";
import type { AuditCertificate } from "../audit-certificate.ts";
import type { StoredSignatureField } from "../schema.ts";
import type { SealInput } from "./index.ts";

/**
 * A completed envelope over a real document, for the sealer's tests and its benchmark: the library's
 * deed of variation with its sample answers but four individual trustees, so that its execution
 * section (kept with the deed's last clause) runs over two pages: each trustee and their witness,
 * then the consenting party and theirs. Signed with a drawn signature, typed ones, and witnesses by
 * audio-visual link.
 */
const TEMPLATES = path.resolve(import.meta.dirname, "../../../../../../templates");
export const SAMPLE_TEMPLATE = "trust-deed-of-variation";

/** 00:30 on 26 November in Sydney (AEDT): the stamped day is Sydney's, not UTC's 25th. */
export const SAMPLE_SIGNED_AT = new Date("2026-11-25T13:30:00Z");

/** A signature drawn with a pen: a dark stroke on a transparent background, as the signing page sends it. */
export async function drawnSignaturePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="90">
    <path d="M10 70 C 40 10, 60 10, 80 60 S 120 90, 150 30 S 210 20, 240 60 S 280 70, 290 40"
      stroke="#101828" stroke-width="5" fill="none" stroke-linecap="round"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function sampleSealInput(): Promise<SealInput> {
  const template = loadTemplateFolder(TEMPLATES, SAMPLE_TEMPLATE);
  if (!template.sampleAnswers) throw new Error(`${SAMPLE_TEMPLATE} has no sample answers`);
  const trustees = ["Oliver James Marlowe", "Sienna Rose Marlowe", "Ava Grace Marlowe", "Leo Thomas Marlowe"];
  const answers = {
    ...template.sampleAnswers,
    trustees: trustees.map((name) => {
      const [first_name = "", middle_name = "", last_name = ""] = name.split(" ");
      return {
        trustee: {
          party_type: "individual",
          first_name,
          middle_name,
          last_name,
          email: `${first_name.toLowerCase()}.marlowe@example.com`,
          street: "12 Sample Road",
          suburb: "Claremont",
          state: "WA",
          postcode: "6010",
          witness_name: "Kieran Walsh",
          witness_email: "kieran.walsh@example.com",
        },
      };
    }),
  };
  const assembled = await assemble({ definition: template.definition, body: template.body }, answers);
  const fields: StoredSignatureField[] = assembled.signatureFields.map((field) => ({
    metaKey: field.metaKey,
    dateKey: field.dateKey,
    role: field.role,
    fullName: field.fullName,
    email: field.email,
    partyId: field.partyId,
    partyPath: field.partyPath,
    ...(field.witnessOf === undefined ? {} : { witnessOf: field.witnessOf }),
    signature: { ...field.signature },
    date: { ...field.date },
  }));
  const drawn = `data:image/png;base64,${(await drawnSignaturePng()).toString("base64")}`;
  const minutes = (count: number) => new Date(SAMPLE_SIGNED_AT.getTime() + count * 60_000);
  const signatures: SealInput["signatures"] = fields.map((field, index) => ({
    metaKey: field.metaKey,
    dateKey: field.dateKey,
    fullName: field.fullName,
    signedAt: minutes(index),
    signature:
      index === 0
        ? { kind: "drawn", pngDataUrl: drawn }
        : // Each hand the signing page offers, in turn.
          {
            kind: "typed",
            text: field.fullName,
            font: SIGNATURE_FONTS[(index - 1) % SIGNATURE_FONTS.length] ?? "",
          },
  }));
  const sentAt = new Date("2026-11-20T23:00:00Z");
  const byMetaKey = new Map(fields.map((field) => [field.metaKey, field]));
  const certificate: AuditCertificate = {
    envelopeId: 4821,
    documentName: "Deed of Variation – Marlowe Family Trust",
    firmName: "Harbour Advisory Pty Ltd",
    originalSha256: createHash("sha256").update(assembled.pdf).digest("hex"),
    sentAt,
    completedAt: minutes(fields.length),
    parties: fields.map((field, index) => ({
      recipientId: 100 + index,
      role: field.role,
      fullName: field.fullName,
      email: field.email ?? `${field.metaKey}@example.com`,
      phoneLastDigits: field.role === "witness" ? null : String(5670 + index),
      witnessOf: field.witnessOf ? (byMetaKey.get(field.witnessOf)?.fullName ?? null) : null,
      witnessedBy: field.role === "witness" ? "audio-visual" : null,
      authMethod: field.role === "witness" ? "email-link" : "email-link+sms",
      groupName: "First Signing Group",
      groupIndex: 0,
      ip: `203.0.113.${10 + index}`,
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      sentAt,
      viewedAt: minutes(index - 10),
      consentedAt: minutes(index - 5),
      signedAt: minutes(index),
    })),
  };
  return { original: assembled.pdf, fields, signatures, certificate };
}
