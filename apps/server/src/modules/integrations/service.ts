import { INTEGRATION_IMPORT_FAILED, type IntegrationAppSlug } from "@precedent/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import { createSecretBox } from "../../platform/secrets/secret-box.ts";
import type { FileStore } from "../files/index.ts";
import type { LogsService } from "../logs/index.ts";
import { createCas360Certificate, type RegistrationCertificate } from "./cas360-certificate.ts";
import { createClientImport, type InterviewOf } from "./client-import.ts";
import { createConnectionTokens } from "./connection-tokens.ts";
import { createConnections } from "./connections.ts";
import { createDocumentSync } from "./document-sync.ts";
import { createFailingIntegrations } from "./failing.ts";
import { createFundChecks } from "./fund-checks.ts";
import { createImportFailures } from "./import-failures.ts";
import type { ImportReadyNotice } from "./import-ready.ts";
import type { IntegrationProvider } from "./provider.ts";

// The integrations service: a small facade over its jobs, each in its own file — connections
// (cards, OAuth connect and disconnect, the organisation switch), connection-tokens (access tokens
// and their refresh), client-import (client lists and imports into an interview), fund-checks
// (Simple Fund 360), document-sync (a PDF to a client, by job), cas360-certificate and failing
// (the console's queue of connections and syncs that fail).

export function createIntegrationsService(deps: {
  db: Database;
  clock: Clock;
  secretKey: string;
  providers: (slug: IntegrationAppSlug) => IntegrationProvider;
  /** Where each app's provider sends the person back (the integrations page's {appName} route). */
  redirectUri: (slug: IntegrationAppSlug) => string;
  /**
   * The document's interview, if the actor may interview it now and its answers may change
   * (refuses completed documents and applications lodged with ASIC).
   */
  interviewOf?: InterviewOf;
  /** The document logs: each import is an entry, with what was asked and answered (no personal data). */
  logs?: Pick<LogsService, "recordAction">;
  /** Sync back: the job queue, the file store and the document's assembled PDF. */
  jobs?: JobQueue;
  files?: Pick<FileStore, "get">;
  assembledPdf?: (ctx: FirmContext, docId: number) => Promise<{ name: string; sha256: string }>;
  /** A registered company's certificate and ACN, from the ASIC module (CAS 360's "send again"). */
  registrationCertificate?: RegistrationCertificate;
  /** Who is told when a retried import can be run again, and how (mail with the interview link). */
  importReady?: ImportReadyNotice;
}) {
  const { db, clock, providers, logs } = deps;
  const box = createSecretBox(deps.secretKey, "integration tokens");
  const { accessTokenOf, renewNow } = createConnectionTokens({ db, clock, box, providers });
  const connections = createConnections({
    db,
    clock,
    box,
    providers,
    redirectUri: deps.redirectUri,
    accessTokenOf,
    // Asked when a card is drawn, long after documentSync below is made.
    takesDocuments: (slug) => documentSync.takesDocuments(slug),
  });
  const { ownConnection } = connections;
  const requireInterview: InterviewOf = async (ctx, docId) => {
    if (!deps.interviewOf) throw new AppError(503, INTEGRATION_IMPORT_FAILED);
    return deps.interviewOf(ctx, docId);
  };
  const clientImport = createClientImport({
    db,
    clock,
    providers,
    ownConnection,
    accessTokenOf,
    requireInterview,
    logs,
  });
  const fundChecks = createFundChecks({
    db,
    providers,
    ownConnection,
    accessTokenOf,
    requireInterview,
    logs,
  });
  const documentSync = createDocumentSync({
    db,
    clock,
    providers,
    ownConnection,
    accessTokenOf,
    clientDetail: clientImport.clientDetail,
    logs,
    jobs: deps.jobs,
    files: deps.files,
    assembledPdf: deps.assembledPdf,
  });
  const certificate = createCas360Certificate({
    db,
    providers,
    accessTokenOf,
    ownConnection,
    registrationCertificate: deps.registrationCertificate,
    logs,
  });
  const importFailures = createImportFailures({
    db,
    clock,
    askAgain: clientImport.askAgain,
    logs,
    jobs: deps.jobs,
    notice: deps.importReady,
  });
  const failing = createFailingIntegrations({
    db,
    renewNow,
    requeueFailedSync: documentSync.requeueFailedSync,
    requeueFailedImport: importFailures.requeue,
    retriesImports: importFailures.retries,
  });

  return {
    groups: connections.groups,
    connected: connections.connected,
    linkRegister: connections.linkRegister,
    redirect: connections.redirect,
    disconnect: connections.disconnect,
    accessToken: connections.accessToken,
    organisations: connections.organisations,
    setTenant: connections.setTenant,
    clients: clientImport.clients,
    fundContacts: clientImport.fundContacts,
    clientDetail: clientImport.clientDetail,
    importClient: clientImport.importClient,
    fundExists: fundChecks.fundExists,
    validateFundContacts: fundChecks.validateFundContacts,
    uploadCertificateOfRegistration: certificate.uploadCertificateOfRegistration,
    sendCertificateAgain: certificate.sendCertificateAgain,
    syncDocument: documentSync.syncDocument,
    // The operator console's "integrations failing" queue (its rules of who may are the console's).
    failingPage: failing.failingPage,
    failingItem: failing.failingItem,
    retryFailingConnection: failing.retryConnection,
    retryFailedSync: failing.retrySync,
    retryFailedImport: failing.retryImport,
  };
}
export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
