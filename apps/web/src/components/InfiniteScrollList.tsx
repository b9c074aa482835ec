import type { ReactNode } from "react";
import { INFINITE_SCROLL_MIN_LIST_HEIGHT_PX } from "../constants";
import { type Pages, useInfiniteScroll } from "./use-infinite-scroll";

/**
 * The scrolling element of an infinitely scrolled list (documents spec §9), wired to
 * `useInfiniteScroll`: `pages` is the infinite query, `loaded` the number of rows shown. Its
 * minimum height is the spec's list height from which infinite scroll applies.
 */
export function InfiniteScrollList({
  pages,
  loaded,
  className,
  testId,
  label,
  children,
}: {
  pages: Pages;
  loaded: number;
  className: string;
  testId: string;
  /**
   * Names the scrolling region and lets the keyboard focus it, for lists whose rows hold nothing
   * focusable (WCAG 2.1.1: a scrollable region must be reachable to be scrolled).
   */
  label?: string;
  children: ReactNode;
}) {
  const scroller = useInfiniteScroll(pages, loaded);
  return (
    <div
      ref={scroller.ref}
      className={className}
      style={{ minHeight: INFINITE_SCROLL_MIN_LIST_HEIGHT_PX }}
      onScroll={scroller.onScroll}
      data-testid={testId}
      {...(label && { role: "region", "aria-label": label, tabIndex: 0 })}
    >
      {children}
    </div>
  );
}
