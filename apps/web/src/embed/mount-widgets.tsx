import "../styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { installErrorLog, reportError } from "../error-log";
import { AppProviders } from "../providers";
import { createQueryClient } from "../query-client";
import { installTablistRoles } from "../tablist-roles";
import { EmbeddedWidgets } from "./EmbeddedWidgets";
import { type HostSlot, MOUNTED_ATTRIBUTE } from "./slot-ids";

const prefersReducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

/**
 * One React root for every slot of the page, so all widgets share one query client, one session
 * check and one firm choice; each widget is a portal into its slot. The root itself lives in the
 * `idle` slot when the page has one (the idle-session modal replaces the widgets there), else in
 * an element added to the page's body.
 */
export function mountWidgets(slots: HostSlot[]) {
  installErrorLog();
  installTablistRoles();
  const idle = slots.find((slot) => slot.id === "idle")?.element;
  const container = idle ?? document.body.appendChild(document.createElement("div"));
  for (const slot of slots) slot.element.setAttribute(MOUNTED_ATTRIBUTE, slot.id);

  // The router only mirrors the host page's address for the widgets that read it (tab, folderId,
  // docId, search …): it has no routes of its own. A widget that changes only the query stays on
  // the page; one that leads to another path makes the browser load that page of the host site.
  const hostPath = window.location.pathname;
  const router = createBrowserRouter([{ path: "*", element: <EmbeddedWidgets slots={slots} /> }]);
  router.subscribe((state) => {
    if (state.location.pathname !== hostPath) {
      window.location.assign(`${state.location.pathname}${state.location.search}${state.location.hash}`);
    }
  });

  const queryClient = createQueryClient();
  createRoot(container, {
    onUncaughtError: (error) => reportError(error, "Uncaught render error in a widget"),
  }).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} reducedMotion={prefersReducedMotion()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
