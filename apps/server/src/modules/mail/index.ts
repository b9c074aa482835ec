// The mail module's one public entry: other modules and the app import only this file.

// Tables read outside this module (queries of other modules, demo data, tests): a later step
// replaces the other modules' queries with calls or query fragments of this one.
export type { FailedMail } from "./failed-mail.ts";
export { mailOutbox } from "./schema.ts";
export {
  createMailService,
  MAIL_BODY_PRUNED,
  type MailAttachment,
  type MailService,
  type OutgoingMail,
} from "./service.ts";
