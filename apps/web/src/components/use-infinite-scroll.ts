import { useEffect, useRef } from "react";
import { INFINITE_SCROLL_THRESHOLD_PX } from "../constants";

/** The parts of a TanStack infinite query that scrolling drives. */
export type Pages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * Infinite scroll (documents spec §9): the next page loads when the list is scrolled within
 * 15 px of its bottom. A page that does not fill the list leaves nothing to scroll, so the next
 * one loads until it does. Put `ref` and `onScroll` on the scrolling element; `loaded` is the
 * number of rows shown, so the check runs again when rows arrive.
 */
export function useInfiniteScroll<T extends HTMLElement = HTMLDivElement>(pages: Pages, loaded: number) {
  const ref = useRef<T>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;

  const onScroll = () => {
    const element = ref.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    const remaining = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (remaining <= INFINITE_SCROLL_THRESHOLD_PX) void fetchNextPage();
  };

  // Measured once the browser has laid the new rows out for its next frame, in a task of its own:
  // measured straight after React's commit, the browser had to lay out the whole page there and
  // then, inside the task that shows the rows (some 40 ms on a phone for the document list).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked when rows arrive
  useEffect(() => {
    if (!ref.current || !hasNextPage || isFetchingNextPage) return;
    let measure: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      measure = setTimeout(() => {
        const element = ref.current;
        if (element && element.scrollHeight <= element.clientHeight + INFINITE_SCROLL_THRESHOLD_PX)
          void fetchNextPage();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(measure);
    };
  }, [loaded, hasNextPage, isFetchingNextPage]);

  return { ref, onScroll };
}
