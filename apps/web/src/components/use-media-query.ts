import { useMemo, useSyncExternalStore } from "react";

/** antd's md breakpoint and wider (768 px): the widths its `Grid.useBreakpoint().md` is true at. */
export const MD_AND_WIDER = "(min-width: 768px)";

/**
 * Whether a CSS media query matches, right from the first render. antd's `Grid.useBreakpoint`
 * answers `{}` on the first render and the real widths only from an effect, so a component using
 * it renders twice on mount, the second time synchronously inside the first commit: on the
 * account header that second render took the whole header's switchers with it and, on a phone,
 * swapped the wide layout for the narrow one after it had been drawn. `serverValue` is the answer
 * when there is no window (pages rendered at build time).
 */
export function useMediaQuery(query: string, serverValue = true): boolean {
  // One list per query, read on every render, rather than a new one each time.
  const list = useMemo(() => (typeof window === "undefined" ? undefined : window.matchMedia(query)), [query]);
  const subscribe = useMemo(
    () => (onChange: () => void) => {
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    [list],
  );
  return useSyncExternalStore(
    subscribe,
    () => list?.matches ?? serverValue,
    () => serverValue,
  );
}
