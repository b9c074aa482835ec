/**
 * The shared kernel: the few types and values every module stands on. It imports no module, so
 * any module may import it without making a cycle.
 */
export type { Actor, FirmVersions, MemberContext, PlanStanding, PrefetchedFirm } from "./actor.ts";
// The firm's Australian calendar is `./calendar.ts`, imported by name where dates are read.
export { type Clock, systemClock } from "./clock.ts";
export { type FirmAbilityRule, firmAbilitiesOf, registerFirmAbility } from "./firm-abilities.ts";
export { type FirmContext, type FirmContexts, isOwnerOrManager } from "./firm-context.ts";
export { plainJsonSerializer } from "./json-serializer.ts";
export { sendFile, sendFileStream } from "./send-file.ts";
export type { SessionReader } from "./session-reader.ts";
