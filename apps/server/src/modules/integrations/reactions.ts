import type { EventListeners } from "../../platform/events/index.ts";
import type { IntegrationsService } from "./service.ts";

/** What the integrations module does when other modules' events say so (registered by services.ts). */
export function registerIntegrationsReactions(
  events: EventListeners,
  integrations: Pick<IntegrationsService, "uploadCertificateOfRegistration">,
) {
  // A company ASIC registered: its certificate goes to the lodger's CAS 360, when connected.
  events.on("asic.company-registered", (_tx, registered) =>
    integrations.uploadCertificateOfRegistration(registered),
  );
}
