/**
 * The template engine: interview definitions, the template language and the HTML, Word and PDF
 * renderers. Pure functions with no I/O (beyond reading the package's own fonts); the server stores
 * what they return. See README.md for the definition format, the template language and the API.
 */

export { parsePath, readAnswer, resizeGroup, writeAnswer } from "./answer-paths.ts";
export type { AnswerObject, Answers, AnswerValue } from "./answers.ts";
export { isAnswered } from "./answers.ts";
export {
  type AssembledDocument,
  type AssembleOptions,
  assemble,
  buildDocument,
  checkTemplate,
  preview,
  type Template,
} from "./assemble.ts";
export { type CrossCheck, CrossCheckSchema } from "./checks.ts";
export {
  type Choice,
  DIRECTOR_TYPES,
  JURISDICTIONS,
  LEGAL_ELEMENTS,
  LIMITS,
  PARTY_TYPES,
  type PartyType,
  YES_NO,
} from "./constants.ts";
export { type MissingAnswer, missingAnswers, questionLabels } from "./draft.ts";
export { type AnswerIssue, AnswersError, DefinitionError, TemplateError } from "./errors.ts";
export { MESSAGES } from "./fields.ts";
export {
  formatAbn,
  formatAcn,
  formatLongDate,
  isValidAbn,
  isValidAcn,
  isValidEmail,
  isValidPostcode,
  parseDate,
  postcodeStates,
} from "./identifiers.ts";
export {
  type CleanOptions,
  cleanAnswers,
  type VisibleField,
  type VisibleGroup,
  type VisibleParty,
  type VisibleQuestion,
  visibleQuestions,
} from "./interview.ts";
export type { MetadataOptions } from "./metadata.ts";
export type { Block, DocumentModel, Run } from "./model.ts";
export { jurisdictionName, partyAddress, partyName } from "./naming.ts";
export { requestedActions } from "./question-actions.ts";
export { renderDocx } from "./renderers/docx.ts";
export { renderHtml } from "./renderers/html.ts";
export {
  PAGE_SIZE,
  type PageBox,
  type RenderedPdf,
  renderPdf,
  type SignatureField,
} from "./renderers/pdf.ts";
export {
  type Condition,
  ConditionSchema,
  type DateQuestion,
  defineInterview,
  type EmailQuestion,
  type FieldQuestion,
  type GroupQuestion,
  INTEGRATION_ACTIONS,
  type IntegrationAction,
  type InterviewDefinition,
  InterviewDefinitionSchema,
  type NumberQuestion,
  parseInterview,
  type Question,
  QuestionSchema,
  type ReferenceQuestion,
  type SelectQuestion,
  type TextQuestion,
} from "./schema.ts";
export {
  type ExecutionBlock,
  type ExecutionMethod,
  executionBlocks,
  type Signatory,
  type Signer,
  type SignerWitness,
  signers,
} from "./signers.ts";
export { formatIssues, validate } from "./validate.ts";
export { DOCGEN_VERSION } from "./version.ts";
