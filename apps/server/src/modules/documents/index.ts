// The documents module's one public entry: other modules and the app import only this file.

export { createDocumentZipDownload } from "./download-zip.ts";
export {
  allowedInSomeTab,
  canDownloadFile,
  canInterviewDocument,
  canRenameDocument,
  EDITABLE_STATUSES,
} from "./policy.ts";
export { documentRoutes } from "./routes.ts";
// Tables read outside this module (queries of other modules, demo data, tests): a later step
// replaces the other modules' queries with calls or query fragments of this one.
export { documentShares, documents } from "./schema.ts";
export { createDocumentsService, type DocumentFilesReader, type DocumentsService } from "./service.ts";
