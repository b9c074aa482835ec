import type { Database } from "../../../db/client.ts";
import type { JobQueue } from "../../../platform/jobs/queue.ts";
import type { Clock } from "../../../platform/kernel/index.ts";
import type { FileStore } from "../../files/index.ts";
import type { MailService } from "../../mail/index.ts";
import type { SmsSender } from "../../sms/index.ts";
import type { UsersService } from "../../users/index.ts";
import type { SigningLinkBox } from "../tokens.ts";
import type { PdfSealer } from "./sealer.ts";

// What the signer's side is built from, in its own file so that each part can name it without
// importing the facade in service.ts, which imports them (a cycle the cycles test refuses).

export type SigningCeremonyDeps = {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  files: FileStore;
  mail: MailService;
  sms: SmsSender;
  /** How long a texted code lasts: SIGNING_SMS_CODE_VALID_MS unless configured (SMS_CODE_VALID_MS). */
  smsCodeValidMs?: number;
  /** signing-seal's sealer; the wiring may also hand it over later with `useSealer`. */
  sealer?: PdfSealer;
  secretKey: string;
  /** The configured public origin (PUBLIC_URL): the "Signed" emails' links are built on it. */
  publicUrl: string;
  /** Names and addresses of senders, for their completion and decline emails. */
  users: Pick<UsersService, "summaries">;
};

/** What the after-signing emails need (after-signing.ts), made once by the facade. */
export type AfterSigningMail = { mail: MailService; links: SigningLinkBox; publicUrl: string };
