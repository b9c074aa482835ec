import { createBrowserRouter } from "react-router";
import { routes } from "./routes";

/** The browser's router. Created on import: it starts loading the first page's code at once. */
export const router = createBrowserRouter(routes);

/**
 * Resolves once the router has loaded the first page's code (its lazy route modules), so the first
 * render shows that page rather than the loading fallback: a page rendered at build time stays on
 * screen until its live copy is ready to take its place, with no spinner between them.
 */
export function whenRouterReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
