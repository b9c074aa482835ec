/**
 * The hand-over from a page rendered at build time (see prerender.tsx) to its live copy. The
 * browser shows the built page's HTML before any script has arrived. Its fields are read-only and
 * its buttons do nothing until the live page, which replaces it in one step, is in place
 * (build/prerender-pages.ts); a person may have moved the focus meanwhile, and the live page puts
 * it back where it was (`PrerenderedHandOver`).
 */
import { useEffect } from "react";

let focusedId: string | undefined;

/** Notes where the focus is in the built page in `container`, before the live page replaces it. */
export function readPrerenderedPage(container: HTMLElement): void {
  const active = document.activeElement;
  focusedId =
    active && active !== document.body && container.contains(active) ? active.id || undefined : undefined;
}

/**
 * Once the live page is in place, the focus goes back to the field that had it in the built page.
 * (The built page's antd styles stay: the live page's components use them.)
 */
export function PrerenderedHandOver() {
  useEffect(() => {
    if (focusedId) document.getElementById(focusedId)?.focus();
    focusedId = undefined;
  }, []);
  return null;
}
