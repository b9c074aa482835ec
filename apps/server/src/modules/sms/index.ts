// The SMS module's one public entry: other modules and the app import only this file.

export { smsDevRoutes } from "./routes.ts";
export { smsOutbox } from "./schema.ts";
export { chooseSmsSender, type SmsSettings } from "./sender-choice.ts";
export {
  createMessageMediaSms,
  createSandboxSms,
  e164,
  type OutgoingSms,
  type SandboxSms,
  type SentSms,
  SMS_NOT_SENT_MESSAGES,
  SmsNotSent,
  type SmsProvider,
  type SmsSender,
  smsNotSentRefusal,
} from "./service.ts";
