import { createHash } from "node:crypto";
import {
  CAS360_CERTIFICATE_UPLOAD_ACTION,
  CAS360_CERTIFICATE_UPLOAD_FAILED,
  CAS360_CERTIFICATE_UPLOADED,
  type CertificateUploadOutcome,
} from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import type { LogsService } from "../logs/index.ts";
import { NEEDS_RENEWAL_MESSAGE } from "./connection-tokens.ts";
import { type Connection, failureStatus, type Person } from "./connections.ts";
import { canSendCertificate } from "./policy.ts";
import type { IntegrationProvider } from "./provider.ts";
import { redact } from "./redact.ts";
import { integrationConnections } from "./schema.ts";

// The Certificate of Registration of a company ASIC registered, sent to the lodger's CAS 360
// (reactions.ts calls it when ASIC's module says the company is registered), and sent again from
// the interview's top bar by anyone with CAS 360 connected who may act on the registration.

/** A registered company's certificate and ACN, read through the ASIC module as the actor may. */
export type RegistrationCertificate = (
  ctx: FirmContext,
  docId: number,
) => Promise<{ acn: string; pdf: Uint8Array }>;

/** What an upload sends, and for whom it is logged. */
type Upload = { teamId: number; userId: number; docId: number; acn: string; pdf: Uint8Array };

export function createCas360Certificate(deps: {
  db: Database;
  providers: (slug: "bglcas360") => IntegrationProvider;
  accessTokenOf: (connection: Connection) => Promise<string>;
  ownConnection: (person: Person, slug: "bglcas360") => Promise<Connection>;
  registrationCertificate?: RegistrationCertificate;
  logs?: Pick<LogsService, "recordAction">;
}) {
  const { db, accessTokenOf } = deps;
  return {
    uploadCertificateOfRegistration,

    /**
     * The top bar's "Send certificate to CAS 360": the registration's certificate through the
     * actor's own CAS 360 connection (not found without one; refused while it needs renewing),
     * logged as the first upload is. A failure is a 502 with the spec's note, so the person knows
     * to upload it by hand; the document and the registration are untouched either way.
     */
    async sendCertificateAgain(ctx: FirmContext, docId: number): Promise<"uploaded"> {
      const connection = await deps.ownConnection(ctx, "bglcas360");
      if (!canSendCertificate(connection.status)) throw new AppError(409, NEEDS_RENEWAL_MESSAGE);
      if (!deps.registrationCertificate) throw new AppError(503, CAS360_CERTIFICATE_UPLOAD_FAILED);
      const { acn, pdf } = await deps.registrationCertificate(ctx, docId);
      const outcome = await upload(connection, { teamId: ctx.teamId, userId: ctx.userId, docId, acn, pdf });
      if (outcome !== "uploaded") throw new AppError(502, CAS360_CERTIFICATE_UPLOAD_FAILED);
      return outcome;
    },
  };

  /**
   * A company ASIC registered: its Certificate of Registration goes to the lodger's CAS 360, if
   * they have a connection in the firm (null: none, nothing sent). One attempt, logged as a CAS
   * entry with `certificate_upload`; a failed one shows the spec's note, and the person uploads
   * it by hand. Never throws: the registration itself stands whatever CAS 360 does.
   */
  async function uploadCertificateOfRegistration(input: Upload): Promise<CertificateUploadOutcome | null> {
    const [connection] = await db
      .select()
      .from(integrationConnections)
      .where(
        and(
          eq(integrationConnections.teamId, input.teamId),
          eq(integrationConnections.userId, input.userId),
          eq(integrationConnections.app, "bglcas360"),
        ),
      );
    return connection ? upload(connection, input) : null;
  }

  /** One attempt through `connection`, logged as a CAS entry; never throws. */
  async function upload(connection: Connection, input: Upload): Promise<CertificateUploadOutcome> {
    const log = (outcome: CertificateUploadOutcome, status: number, message: string) =>
      deps.logs?.recordAction(db, {
        teamId: input.teamId,
        docId: input.docId,
        docType: "CAS 360",
        userId: input.userId,
        action: CAS360_CERTIFICATE_UPLOAD_ACTION,
        isSuccess: outcome === "uploaded",
        request: redact({
          app: "bglcas360",
          doc_id: input.docId,
          acn: input.acn,
          file_sha256: createHash("sha256").update(input.pdf).digest("hex"),
          size: input.pdf.byteLength,
        }) as Record<string, unknown>,
        response: { status, certificate_upload: outcome },
        message,
      });
    try {
      const provider = deps.providers("bglcas360");
      if (!provider.uploadCertificate) throw new AppError(409, "CAS 360 takes no certificates.");
      const token = await accessTokenOf(connection);
      await provider.uploadCertificate(
        token,
        connection.tenantId,
        { acn: input.acn },
        {
          name: `Certificate of Registration ${input.acn}.pdf`,
          bytes: input.pdf,
          mediaType: "application/pdf",
        },
      );
      await log("uploaded", 200, CAS360_CERTIFICATE_UPLOADED);
      return "uploaded";
    } catch (error) {
      const status = failureStatus(error);
      await log("failed", status, error instanceof Error ? error.message : String(error));
      return "failed";
    }
  }
}
