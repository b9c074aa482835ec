import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches, right from the first render. antd's `Grid.useBreakpoint`
 * answers `{}` on the first render and the real widths only from an effect, so a component using
 * it renders twice on mount, the second time synchronously inside the first commit: on the
 * account header that second render took the whole header's switchers with it and, on a phone,
 * swapped the wide layout for the narrow one after it had been drawn. `serverValue` is the answer
 * when there is no window (pages rendered at build time).
 */
export function useMediaQuery(query: string, serverValue = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
