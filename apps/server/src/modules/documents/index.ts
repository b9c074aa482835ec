// The documents module's one public entry: other modules and the app import only this file.

export type { DocumentCopyGuard } from "./commands.ts";
export { createDocumentZipDownload } from "./download-zip.ts";
export {
  allowedInSomeTab,
  canDownloadFile,
  canInterviewDocument,
  canRenameDocument,
  EDITABLE_STATUSES,
} from "./policy.ts";
export type { DocumentFilesReader } from "./presenter.ts";
export { documentRoutes } from "./routes.ts";
export type { DocumentRowColumns } from "./row-columns.ts";
// Tables read outside this module (queries of other modules, demo data, tests): a later step
// replaces the other modules' queries with calls or query fragments of this one.
export { documentShares, documents } from "./schema.ts";
export { createDocumentsService, type DocumentsService } from "./service.ts";
export { setSigningStatus } from "./signing-status.ts";
