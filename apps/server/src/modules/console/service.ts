import type { ServiceProvider } from "@precedent/contracts";
import type { Database } from "../../db/client.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import type { AsicRegistration } from "../asic/index.ts";
import type { FileStore } from "../files/index.ts";
import type { MailService } from "../mail/index.ts";
import type { MembershipService } from "../membership/index.ts";
import type { SettingsStore } from "../settings/index.ts";
import type { UsersService } from "../users/index.ts";
import { createConsoleAnnouncements } from "./announcements-area.ts";
import { auditPage } from "./audit.ts";
import { createConsoleCatalogue } from "./catalogue.ts";
import { createConsoleCatalogueImages } from "./catalogue-images.ts";
import { createConsoleOffers } from "./catalogue-offers.ts";
import { createConsolePlans } from "./catalogue-plans.ts";
import { createConsoleFirms } from "./firms.ts";
import { createFulfilmentQueue } from "./fulfilment-queue.ts";
import { createIntegrationQueue, type IntegrationQueuePorts } from "./integration-queue.ts";
import { createJobQueueDesk } from "./job-queue.ts";
import { createLodgementQueue } from "./lodgement-queue.ts";
import { createMailQueue } from "./mail-queue.ts";
import { createConsoleMoney, type MoneyPorts } from "./money.ts";
import { createStaffSessions } from "./sessions.ts";
import { createConsoleSettings } from "./settings-area.ts";
import { createStaffAdmin } from "./staff-admin.ts";
import { createConsoleTemplates } from "./template-versions.ts";

/** The operator console: staff sign-in, its areas, and the audit log every change writes to. */
export function createConsoleService(deps: {
  db: Database;
  clock: Clock;
  secretKey: string;
  users: Pick<UsersService, "findById" | "summaries">;
  jobs: Pick<JobQueue, "wake" | "define">;
  /** Made after the console (the ASIC module needs more of the app): asked for when used. */
  lodgements: () => Pick<AsicRegistration, "retryLodgement">;
  mail: () => Pick<MailService, "failedPage" | "retryFailed" | "sendSoon">;
  /** Ends every session of a firm's person (the auth module's): a lock, a two-factor reset. */
  endSessionsOf: (userId: number) => Promise<number>;
  /** Made after the console: a firm's plan changed by staff. */
  membership: () => Pick<MembershipService, "changePlanByStaff">;
  /** The template library and the engine (made after the console), for template versions. */
  templates: Parameters<typeof createConsoleTemplates>[0]["templates"];
  /** The settings store the Settings area edits (the environment's defaults overridden). */
  settings: SettingsStore;
  /** Which provider each outside service uses, shown read-only in the Settings area. */
  serviceProviders?: ServiceProvider[];
  /** Where product and category images are kept (the files module's store). */
  files: FileStore;
  /** Tells this server's kept catalogue replies at once that staff changed the catalogue. */
  catalogueChanged?: () => void;
  /** Orders, refunds and invoices (made after the console): asked for when used. */
  money: () => MoneyPorts;
  /** The integrations failing and their retries (made after the console): asked for when used. */
  integrations: () => IntegrationQueuePorts;
}) {
  const catalogue = createConsoleCatalogue(deps);
  return {
    sessions: createStaffSessions(deps),
    fulfilment: createFulfilmentQueue(deps),
    staff: createStaffAdmin(deps),
    failedJobs: createJobQueueDesk(deps),
    lodgements: createLodgementQueue(deps),
    mail: createMailQueue(deps),
    firms: createConsoleFirms(deps),
    templates: createConsoleTemplates(deps),
    settings: createConsoleSettings(deps),
    announcements: createConsoleAnnouncements(deps),
    catalogue,
    catalogueImages: createConsoleCatalogueImages({ ...deps, catalogue }),
    offers: createConsoleOffers(deps),
    plans: createConsolePlans(deps),
    money: createConsoleMoney(deps),
    integrations: createIntegrationQueue(deps),
    audit: (query: Parameters<typeof auditPage>[1]) => auditPage(deps.db, query),
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
