// The teams module's one public entry: other modules and the app import only this file.

export { addMember, firmSeats, memberRole } from "./add-member.ts";
export { type FirmBillingDetails, firmBillingDetails } from "./billing-details.ts";
// Credit: the balance bought packages add to, and who may buy and read its history.
export { addPurchasedCredit, takeBackPurchasedCredit } from "./credit.ts";
export { createFirmContexts } from "./firm-context.ts";
// The operator console's reads and lock of firms (its rules are the console's own).
export {
  type FirmLookupRow,
  firmWithPeople,
  isFirmMember,
  likePattern,
  lockedFirmOf,
  searchFirms,
  setFirmLock,
} from "./firm-lookup.ts";
export { firmName, firmNamedLike, firmNames } from "./firm-name.ts";
export {
  allPlans,
  applyPlanPeriod,
  effectivePlanStatus,
  expireEndedPlans,
  expirePlan,
  firmPlan,
  planById,
  planBySlug,
} from "./plan-changes.ts";
export { changePlan, type PlanChange, type StaffPlan, staffPlans } from "./plan-edits.ts";
export { planVideoUrl } from "./plan-video.ts";
export { canBuyCredits, canViewCreditLogs } from "./policy.ts";
export { teamRoutes } from "./routes.ts";
export type { PlanRow } from "./schema.ts";
// Tables for tests and demo data to write rows with; another module's code may not import them
// (biome.json names them): it calls this entry's functions.
export { firmVersions, plans, teamMembers, teams } from "./schema.ts";
export {
  type CompanyLogos,
  createTeamsService,
  documentAllowance,
  firmVersionColumns,
  firmVersionsOf,
  joinMemberContext,
  memberContextColumns,
  memberContextOf,
  planInForce,
  type TeamsService,
} from "./service.ts";
export { handOwnershipTo } from "./staff-transfer.ts";
