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

/**
 * Both ends of a company registration for the demo firm (issue 16): the manager's Chen
 * Investments registered (COMP, its ACN, date and certificate, downloadable for 20 more days),
 * and the owner's Harbourview application named and consented, waiting for ASIC's fee.
 */
export async function loadDemoAsicApplications(
  tx: Database,
  firm: { teamId: number; owner: number; manager: number },
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

  const lodgedAt = new Date(now.getTime() - 10 * DAY_MS);
  const registrationDate = sydneyDay(lodgedAt);
  const acn = acnFrom(DEMO_ACN_BASE);
  const certificate = await certificateOfRegistration({
    companyName: "CHEN INVESTMENTS PTY LTD",
    acn,
    registrationDate,
  });
  const sha256 = sha256Hex(certificate);
  await tx
    .insert(fileBlobs)
    .values({
      sha256,
      mediaType: "application/pdf",
      size: certificate.byteLength,
      content: certificate,
      createdAt: lodgedAt,
    })
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
  ]);
}
