// The documents module's one public entry: other modules and the app import only this file.
import { registerFirmAbility } from "../../platform/kernel/index.ts";
import { canViewOrganisation } from "./policy.ts";

export type { DocumentCopyGuard } from "./commands.ts";
export { createDocumentZipDownload } from "./download-zip.ts";
export { type FileKind, fileNameOf, MEDIA_TYPES } from "./file-names.ts";
export { documentFileRoutes } from "./file-routes.ts";
export {
  allowedInSomeTab,
  canDownloadFile,
  canInterviewDocument,
  canRenameDocument,
  EDITABLE_STATUSES,
} from "./policy.ts";
export type { DocumentFilesReader } from "./presenter.ts";
export { documentAnswersSql, documentIdsOfType, documentNameById, documentTemplateFacts } from "./queries.ts";
export { documentRoutes } from "./routes.ts";
export type { DocumentRowColumns } from "./row-columns.ts";
// Tables for tests and demo data to write rows with; another module's code may not import them
// (biome.json names them): it calls this entry's functions and places its query fragments.
export {
  documentFileDownloads,
  documentFiles,
  documentShares,
  documents,
  documentVersions,
} from "./schema.ts";
export { createDocumentsService, type DocumentsService } from "./service.ts";
export { lockDocumentForSigning, setSigningStatus } from "./signing-status.ts";
export { recordSimpleFundAction } from "./simple-fund-action.ts";
export { recordVersion, replaceAssembledFiles } from "./versions.ts";
export { type AssembledFilesForZip, createAssembledFilesForZip } from "./zip-files.ts";

// The Organisation Documents ability on GET /users/me: the rule the organisation list follows.
registerFirmAbility("view_organisation_documents", (role) => canViewOrganisation({ role }));
