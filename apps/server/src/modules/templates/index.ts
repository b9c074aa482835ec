// The templates module's one public entry: other modules and the app import only this file.

export {
  type AnswerSet,
  checkVersion,
  namedQuestionChanges,
  questionChanges,
  type VersionCheckResult,
} from "./checks.ts";
export { DIFF_LIMITS, lineDiff } from "./diff.ts";
export { createTemplateLibrary, type TemplateLibrary, templateName, versionTexts } from "./library.ts";
// Tables for tests and demo data to write rows with; another module's code may not import them.
export { templateVersions } from "./schema.ts";
export { QUERY_REWRITES, synonymsOf, TEMPLATE_SYNONYMS } from "./synonyms.ts";
export {
  catalogueTextOf,
  contentHashOf,
  currentVersionOf,
  deleteVersionRows,
  earlierPublishedVersion,
  engineFiles,
  insertVersion,
  isUniqueViolation,
  latestVersions,
  newerPublishedVersionSql,
  newTemplateRows,
  publishedVersionRow,
  publishedVersions,
  publishRow,
  rollBackRow,
  scheduleRow,
  type TemplateVersionRow,
  type UploadedFiles,
  unscheduleRow,
  type VersionedTemplate,
  versionRow,
  versionRows,
} from "./versions.ts";
