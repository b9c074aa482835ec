// The ASIC module's one public entry: other modules and the app import only this file.
export { acnFills, asicAcnSupplement, type RegisteredCompany } from "./acn-fill.ts";
export { addressProblems } from "./address.ts";
export { asicAnswerGuard } from "./answer-guard.ts";
export { asicRowColumns, DEFAULT_ASIC_FEE_CENTS } from "./application-reads.ts";
export { asicCopyGuard, asicDeleteGuard, asicDocumentColumns } from "./document-columns.ts";
export { asicGatewayRoutes } from "./gateway-routes.ts";
export {
  LODGEMENT_SEND_JOB,
  LODGEMENT_STATUS_JOB,
  type LodgementStep,
  type LodgementSteps,
} from "./lodgement.ts";
export {
  LODGEMENT_STUCK_AFTER_MS,
  type LodgementInQueue,
  type LodgementRetry,
  type LodgementTrouble,
  lodgementInQueue,
  lodgementRetryOf,
  lodgementsNeedingPerson,
  troubleOf,
} from "./lodgement-queue.ts";
export { areIdenticalNames, assessProposedName, identicalNameKey } from "./name-rules.ts";
export { asicCopyAllowed } from "./policy.ts";
export type {
  AsicPort,
  CompanyNameCheck,
  FeePaymentState,
  LodgementDecision,
  NameApplication,
  NameApplicationResult,
} from "./port.ts";
export { type AsicRegistration, createAsicRegistration } from "./registration.ts";
export { registrationFeeSupplement } from "./registration-fee.ts";
export { asicRoutes } from "./routes.ts";
export { KNOWN_REGISTERED_NAMES, registerNames } from "./sandbox/register-seed.ts";
export { acnCheckDigit, acnFrom, certificateOfRegistration } from "./sandbox/sandbox-lodgement.ts";
export { createSandboxRegulator } from "./sandbox/sandbox-regulator.ts";
// Tables read outside this module (demo data, tests).
export { asicApplications, asicNameApplications, asicNameRegister } from "./schema.ts";
export { type AsicService, createAsicService } from "./service.ts";
