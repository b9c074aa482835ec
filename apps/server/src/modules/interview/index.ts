// The interview module's one public entry: other modules and the app import only this file.

export { answerChanges, clientNameOf } from "./answer-changes.ts";
export {
  type AnswerGuard,
  type AnswerSupplement,
  fillEmpty,
  type SupplementNote,
  supplementAnswers,
} from "./answer-supplements.ts";
export { interviewRoutes } from "./routes.ts";
// Tables for tests and demo data to write rows with. A document's files and versions are the
// documents module's (its index).
export { interviewActionTokens } from "./schema.ts";
export { createInterviewService, type InterviewService } from "./service.ts";
