import { type Config, smsDevPageOn } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import { createMessageMediaSms, createSandboxSms, type SmsSender } from "./service.ts";

// Which SMS sender the product uses, chosen once at start-up (services.ts): the sandbox, which
// keeps each message in the sms_outbox table, unless MessageMedia is chosen.

export type SmsSettings = Partial<
  Pick<
    Config,
    "SMS_PROVIDER" | "NODE_ENV" | "MESSAGEMEDIA_API_KEY" | "MESSAGEMEDIA_API_SECRET" | "MESSAGEMEDIA_API_BASE"
  >
>;

export function chooseSmsSender(deps: {
  db: Database;
  clock: Clock;
  config: SmsSettings;
  visibleDocumentNames: Parameters<typeof createSandboxSms>[0]["visibleDocumentNames"];
}) {
  const { db, clock, config } = deps;
  const smsSandbox =
    (config.SMS_PROVIDER ?? "sandbox") === "sandbox"
      ? createSandboxSms({ db, clock, visibleDocumentNames: deps.visibleDocumentNames })
      : undefined;
  // Its developer page is for testers and the demo: never in production unless the sandbox is asked for.
  const smsDevPage =
    smsSandbox &&
    smsDevPageOn({ SMS_PROVIDER: config.SMS_PROVIDER, NODE_ENV: config.NODE_ENV ?? "development" })
      ? smsSandbox
      : undefined;
  const sms: SmsSender =
    smsSandbox ??
    createMessageMediaSms({
      apiKey: config.MESSAGEMEDIA_API_KEY ?? "",
      apiSecret: config.MESSAGEMEDIA_API_SECRET ?? "",
      apiBase: config.MESSAGEMEDIA_API_BASE,
      clock,
    });
  return { sms, smsSandbox, smsDevPage };
}
