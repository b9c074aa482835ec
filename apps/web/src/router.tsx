import { createBrowserRouter } from "react-router";
import { routes } from "./routes";

export type BrowserRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser's router. Creating it matches the address against every route and starts loading
 * the first page's code; main.tsx does it in a task of its own, after the entry's modules have
 * run, since the two together were one long task on a phone's CPU.
 */
export const createRouter = (): BrowserRouter => createBrowserRouter(routes);

/**
 * Resolves once the router has loaded the first page's code (its lazy route modules), so the first
 * render shows that page rather than the loading fallback: a page rendered at build time stays on
 * screen until its live copy is ready to take its place, with no spinner between them.
 */
export function whenRouterReady(router: BrowserRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
