// The SMS module's one public entry: other modules and the app import only this file.

export {
  createMessageMediaSms,
  createSandboxSms,
  e164,
  type OutgoingSms,
  type SandboxSms,
  type SentSms,
  type SmsSender,
} from "./service.ts";
