export { throttleCounts } from "./schema.ts";
export {
  createThrottle,
  THROTTLE_MEMORY_MS,
  type Throttle,
  type ThrottleDecision,
  type ThrottleRule,
} from "./throttle.ts";
