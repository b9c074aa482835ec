/**
 * The interview half of the engine alone — definitions, visibility, validation, cleaning — with no
 * Node.js modules and no renderers, so a browser bundle can evaluate visibleIf and show the same
 * messages as the server (import "@precedent/docgen/forms").
 */
export { parsePath, readAnswer, resizeGroup, writeAnswer } from "./answer-paths.ts";
export type { AnswerObject, Answers, AnswerValue } from "./answers.ts";
export {
  DIRECTOR_TYPES,
  JURISDICTIONS,
  LEGAL_ELEMENTS,
  PARTY_TYPES,
  type PartyType,
  YES_NO,
} from "./constants.ts";
export { type AnswerIssue, DefinitionError } from "./errors.ts";
export { MESSAGES } from "./fields.ts";
export { isValidAbn, isValidAcn, isValidEmail, isValidPostcode, parseDate } from "./identifiers.ts";
export {
  type CleanOptions,
  cleanAnswers,
  type VisibleField,
  type VisibleGroup,
  type VisibleParty,
  type VisibleQuestion,
  visibleQuestions,
} from "./interview.ts";
export { PARTY_TYPE_FIELD } from "./parties.ts";
export { requestedActions } from "./question-actions.ts";
export {
  type Condition,
  defineInterview,
  INTEGRATION_ACTIONS,
  type IntegrationAction,
  type InterviewDefinition,
  InterviewDefinitionSchema,
  parseInterview,
  type Question,
} from "./schema.ts";
export { type Signer, signers } from "./signers.ts";
export { formatIssues, validate } from "./validate.ts";
