import { DOCUMENT_STATUSES, type DocumentStatus } from "@precedent/contracts";
import type { DocumentFacts } from "./policy.ts";

/**
 * What the policy reads of a loaded document, in a file of its own: the queries, the commands and
 * the presenter all use it, and none of them need one another for it (it was in the presenter,
 * which made the queries and the presenter import each other).
 */
export const statusName = (status: DocumentStatus) => DOCUMENT_STATUSES[status];

/** The columns `factsOf` reads: a document as `selectDocuments` loads it has them all. */
export type DocumentFactsSource = Pick<DocumentFacts, "createdBy" | "status" | "shareCreators"> & {
  homedInSharedFolder: boolean;
  allowSign: boolean;
  allowDownloadPdf: boolean;
  allowDownloadWord: boolean;
  xTemplateId: string | null;
};

/** What the policy reads of a document (and of its assembled files, when the caller has them). */
export const factsOf = (doc: DocumentFactsSource, files?: { kind: "pdf" | "word" }[]): DocumentFacts => ({
  createdBy: doc.createdBy,
  status: doc.status,
  isShared: doc.shareCreators.length > 0 || doc.homedInSharedFolder,
  allowSign: doc.allowSign,
  allowDownloadPdf: doc.allowDownloadPdf,
  allowDownloadWord: doc.allowDownloadWord,
  shareCreators: doc.shareCreators,
  hasTemplate: doc.xTemplateId !== null,
  assembledFiles: (files ?? []).map((file) => file.kind),
});
