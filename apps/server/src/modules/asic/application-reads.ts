import {
  type AsicApplicationState,
  type CompanyKitDocument,
  NOT_AN_ASIC_DOCUMENT,
} from "@precedent/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import { type DocumentsService, documentAnswersSql } from "../documents/index.ts";
import type { FileStore } from "../files/index.ts";
import type { LogsService } from "../logs/index.ts";
import { applicationState } from "./policy.ts";
import { asicApplications } from "./schema.ts";

// The ASIC application as it is read: its row with the company's kind, its state for the
// interview's top bar and the document list, the registration document the actor may act on, the
// company kit's documents, the certificate, and the ASIC entries of the document log. Paying
// (fee-payment.ts), lodging (lodgement.ts) and the kit (company-kit-creation.ts) stand on these.

type ApplicationRow = typeof asicApplications.$inferSelect;
/** An application with its registration's type of company, which decides whether a kit can be made. */
export type ApplicationWithKind = ApplicationRow & { companyKind: string | null };

/**
 * The registration document's type and class of company, read from its answers: the application's
 * document of the same firm (the tables are distributed by firm). Its columns are named with their
 * table: these statements read one table, which leaves its columns unqualified, and inside the
 * documents module's subquery they would be taken for the document's own.
 */
const companyKindColumn = sql<string | null>`nullif(${documentAnswersSql({
  docId: sql`${asicApplications}.${sql.identifier("doc_id")}`,
  teamId: sql`${asicApplications}.${sql.identifier("team_id")}`,
})} ->> 'company_kind', '')`;

export const documentNotFound = () => notFound("Document not found.");

export function createApplicationReads(deps: {
  db: Database;
  clock: Clock;
  documents: Pick<DocumentsService, "loadForChange">;
  logs: Pick<LogsService, "recordAction">;
  files: Pick<FileStore, "stream">;
  /** ASIC's fee from settings, in cents. */
  feeCents: number;
}) {
  const { db, clock, documents, logs, files, feeCents } = deps;

  /** An ASIC entry of the document log. */
  const log = (
    teamId: number,
    userId: number,
    docId: number,
    action: string,
    isSuccess: boolean,
    request: Record<string, unknown>,
    response: Record<string, unknown>,
    message: string,
  ) =>
    logs.recordAction(db, {
      teamId,
      docId,
      docType: "ASIC",
      userId,
      action,
      isSuccess,
      request,
      response: { status: isSuccess ? 200 : 409, ...response },
      message,
    });

  const stateOf = (row: ApplicationWithKind | undefined): AsicApplicationState =>
    applicationState(row, { now: clock(), feeCents });

  async function readRow(docId: number): Promise<ApplicationWithKind | undefined> {
    const [found] = await db
      .select({ row: asicApplications, companyKind: companyKindColumn })
      .from(asicApplications)
      .where(eq(asicApplications.docId, docId));
    return found && { ...found.row, companyKind: found.companyKind };
  }

  /**
   * A registration document the actor can see, or 404 (another firm's looks like none) or 409.
   * Paying and lodging follow the document through signing (status 3 to 5), so they ask only
   * that the document be visible, not that it may still be interviewed.
   */
  async function requireActionable(ctx: FirmContext, docId: number) {
    const loaded = await documents.loadForChange(db, ctx, docId, false);
    if (!loaded) throw documentNotFound();
    if (loaded.doc.type !== "ASIC") throw new AppError(409, NOT_AN_ASIC_DOCUMENT);
    return loaded;
  }

  /** The application's row, made on first use. */
  async function ensureRow(teamId: number, docId: number) {
    await db
      .insert(asicApplications)
      .values({ teamId, docId, updatedAt: clock() })
      .onConflictDoNothing({ target: asicApplications.docId });
  }

  /** The company kit's documents this actor can see, in the kit's order. */
  async function kitDocuments(ctx: FirmContext, ids: readonly number[]): Promise<CompanyKitDocument[]> {
    const found: CompanyKitDocument[] = [];
    for (const id of ids) {
      const loaded = await documents.loadForChange(db, ctx, id, false);
      if (!loaded) continue;
      const { doc } = loaded;
      found.push({ id, name: doc.name, template_identifier: doc.xTemplateId ?? "", status: doc.status });
    }
    return found;
  }

  /** GET asic/certificate: the Certificate of Registration, within 30 days of registration. */
  async function certificate(ctx: FirmContext, docId: number) {
    await requireActionable(ctx, docId);
    const row = await readRow(docId);
    const state = stateOf(row);
    if (!row?.certificateSha256 || !state.certificate_download_url) {
      throw notFound(
        "No Certificate of Registration can be downloaded for this document (it is kept for 30 days after registration).",
      );
    }
    const file = await files.stream(row.certificateSha256);
    if (!file) throw notFound("The Certificate of Registration is missing.");
    return { file, fileName: `Certificate of Registration ${state.acn ?? ""}.pdf`, acn: state.acn ?? "" };
  }

  return {
    log,
    stateOf,
    readRow,
    requireActionable,
    ensureRow,
    kitDocuments,

    /** The application's state for the interview's top bar (asic/application), with the kit's documents. */
    async application(ctx: FirmContext, docId: number) {
      await requireActionable(ctx, docId);
      const row = await readRow(docId);
      return {
        message: "",
        data: { ...stateOf(row), company_kit_documents: await kitDocuments(ctx, row?.kitDocIds ?? []) },
      };
    },

    certificate,

    /** The same certificate read whole (a few kB), with the company's ACN: for sending it on. */
    async certificatePdf(ctx: FirmContext, docId: number) {
      const { file, acn } = await certificate(ctx, docId);
      return { acn, pdf: Buffer.concat(await file.body.toArray()) };
    },
  };
}

export type ApplicationReads = ReturnType<typeof createApplicationReads>;

/** ASIC's fee for registering a proprietary company with share capital from 1 July 2024 ($597). */
export const DEFAULT_ASIC_FEE_CENTS = 59_700;

/**
 * The document list's ASIC columns (interview spec §3): payment and ASIC status with their names,
 * transaction and receipt numbers, the ACN and the certificate's address, for each of `docIds`
 * of the firm `teamId` (a document without an application gets the defaults).
 */
export async function asicRowColumns(
  db: Database,
  teamId: number,
  docIds: number[],
  options: { now?: Date; feeCents?: number } = {},
): Promise<Map<number, AsicApplicationState>> {
  const result = new Map<number, AsicApplicationState>();
  if (docIds.length === 0) return result;
  const rows = await db
    .select({ row: asicApplications, companyKind: companyKindColumn })
    .from(asicApplications)
    .where(and(eq(asicApplications.teamId, teamId), inArray(asicApplications.docId, docIds)));
  const byDoc = new Map(rows.map(({ row, companyKind }) => [row.docId, { ...row, companyKind }]));
  const settings = { now: options.now ?? new Date(), feeCents: options.feeCents ?? DEFAULT_ASIC_FEE_CENTS };
  for (const id of docIds) result.set(id, applicationState(byDoc.get(id), settings));
  return result;
}
