// The interview module's one public entry: other modules and the app import only this file.

export { clientNameOf } from "./answer-changes.ts";
export {
  type AnswerGuard,
  type AnswerSupplement,
  fillEmpty,
  type SupplementNote,
  supplementAnswers,
} from "./answer-supplements.ts";
export { interviewRoutes } from "./routes.ts";
// Tables read outside this module (queries of other modules, demo data, tests): a later step
// replaces the other modules' queries with calls or query fragments of this one.
export { documentFileDownloads, documentFiles, interviewActionTokens } from "./schema.ts";
export {
  createInterviewService,
  fileNameOf,
  type InterviewService,
  MEDIA_TYPES,
  recordVersion,
} from "./service.ts";
export { type AssembledFilesForZip, createAssembledFilesForZip } from "./zip-files.ts";
