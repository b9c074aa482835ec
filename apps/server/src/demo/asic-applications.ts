import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import {
  acnFrom,
  asicApplications,
  asicNameApplications,
  certificateOfRegistration,
} from "../modules/asic/index.ts";
import { documents } from "../modules/documents/index.ts";
import { fileBlobs, sha256Hex } from "../modules/files/index.ts";
import { sydneyDay } from "../platform/kernel/calendar.ts";

const DAY_MS = 86_400_000;
/** Demo ACNs sit below the sandbox regulator's own range, so a lodgement never repeats one. */
const DEMO_ACN_BASE = 65_900_001;
/** The Nguyen Super Fund's trustee company's ACN: its registration's, and the one its fund's documents name. */
export const NGUYEN_SUPER_ACN = acnFrom(DEMO_ACN_BASE + 1);

/**
 * Both ends of a company registration for the demo firm (issue 16): the manager's Chen
 * Investments registered (COMP, its ACN, date and certificate, downloadable for 20 more days),
 * and the owner's Harbourview application named and consented, waiting for ASIC's fee. The
 * member's Nguyen Super Pty Ltd, the corporate trustee of the Nguyen Super Fund (subclass PSTC), is
 * registered too: its document is made by the company registration template, so its ASIC state is
 * a registration's, not a bare document's.
 */
export async function loadDemoAsicApplications(
  tx: Database,
  firm: { teamId: number; owner: number; manager: number; member: number },
  now = new Date(),
) {
  const byName = async (name: string) => {
    const [doc] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.teamId, firm.teamId), eq(documents.name, name)));
    if (!doc) throw new Error(`Demo document missing: ${name}`);
    return doc.id;
  };
  const registered = await byName("Company Registration – Chen Investments Pty Ltd");
  const waiting = await byName("Company Registration – Harbourview Pty Ltd");
  const trustee = await byName("Corporate Trustee Registration – Nguyen Super Pty Ltd");

  const lodgedAt = new Date(now.getTime() - 10 * DAY_MS);
  const registrationDate = sydneyDay(lodgedAt);
  const acn = acnFrom(DEMO_ACN_BASE);
  // The trustee company's document was made 16 days ago: lodged and registered the day after.
  const trusteeLodgedAt = new Date(now.getTime() - 15 * DAY_MS);
  const trusteeRegistrationDate = sydneyDay(trusteeLodgedAt);
  const trusteeAcn = NGUYEN_SUPER_ACN;
  const certificate = await certificateOfRegistration({
    companyName: "CHEN INVESTMENTS PTY LTD",
    acn,
    registrationDate,
  });
  const trusteeCertificate = await certificateOfRegistration({
    companyName: "NGUYEN SUPER PTY LTD",
    acn: trusteeAcn,
    registrationDate: trusteeRegistrationDate,
  });
  const sha256 = sha256Hex(certificate);
  const trusteeSha256 = sha256Hex(trusteeCertificate);
  await tx
    .insert(fileBlobs)
    .values([
      {
        sha256,
        mediaType: "application/pdf",
        size: certificate.byteLength,
        content: certificate,
        createdAt: lodgedAt,
      },
      {
        sha256: trusteeSha256,
        mediaType: "application/pdf",
        size: trusteeCertificate.byteLength,
        content: trusteeCertificate,
        createdAt: trusteeLodgedAt,
      },
    ])
    .onConflictDoNothing();

  const consents = {
    preRegistrationConsent: true,
    preDirectorRead: true,
    preDirectorOffences: true,
    preDirectorRequirement: true,
  };
  await tx.insert(asicNameApplications).values([
    {
      teamId: firm.teamId,
      docId: registered,
      proposedName: "Chen Investments",
      legalElement: "PTY LTD",
      ...consents,
      updatedBy: firm.manager,
      updatedAt: lodgedAt,
    },
    {
      teamId: firm.teamId,
      docId: waiting,
      proposedName: "Harbourview",
      legalElement: "PTY LTD",
      ...consents,
      updatedBy: firm.owner,
      updatedAt: now,
    },
    {
      teamId: firm.teamId,
      docId: trustee,
      proposedName: "Nguyen Super",
      legalElement: "PTY LTD",
      ...consents,
      updatedBy: firm.member,
      updatedAt: trusteeLodgedAt,
    },
  ]);
  await tx.insert(asicApplications).values([
    {
      teamId: firm.teamId,
      docId: registered,
      paymentStatus: "paid",
      feeCents: 59_700,
      transactionNumber: "ASIC0D3E40C1A7B2",
      paymentStartedAt: lodgedAt,
      receiptNumber: "R4C1D2E3F40",
      paidAt: lodgedAt,
      asicStatus: "COMP",
      lodgementNumber: "7E0DE3A0C1B2",
      lodgedAt,
      lodgedBy: firm.manager,
      acn,
      registrationDate,
      certificateSha256: sha256,
      updatedAt: lodgedAt,
    },
    { teamId: firm.teamId, docId: waiting, paymentStatus: "unpaid", updatedAt: now },
    {
      teamId: firm.teamId,
      docId: trustee,
      paymentStatus: "paid",
      feeCents: 59_700,
      transactionNumber: "ASIC0E4F51D2B8C3",
      paymentStartedAt: trusteeLodgedAt,
      receiptNumber: "R5D2E3F4A51",
      paidAt: trusteeLodgedAt,
      asicStatus: "COMP",
      lodgementNumber: "7E0DE3A0C1B3",
      lodgedAt: trusteeLodgedAt,
      lodgedBy: firm.member,
      acn: trusteeAcn,
      registrationDate: trusteeRegistrationDate,
      certificateSha256: trusteeSha256,
      updatedAt: trusteeLodgedAt,
    },
  ]);
}
