import type { EventListeners } from "../../platform/events/index.ts";
import type { SigningLifecycle } from "./lifecycle.ts";
import type { SigningService } from "./service.ts";

/** What signing does when other modules' events say so (registered once, by services.ts). */
export function registerSigningReactions(
  events: EventListeners,
  deps: { signing: Pick<SigningService, "voidPending">; lifecycle: Pick<SigningLifecycle, "voidEnded"> },
) {
  // A relaunch resets signing: the pending request is voided, and a declined or cancelled one
  // can no longer be resent (the document is sent anew once it is completed again).
  events.on("document.relaunched", async (tx, { teamId, docId }) => {
    await deps.signing.voidPending(tx, teamId, docId, "Document relaunched");
    await deps.lifecycle.voidEnded(tx, teamId, docId, "Document relaunched");
  });
}
