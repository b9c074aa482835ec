import { type KeyboardEvent, type ReactNode, useRef } from "react";

export type TabBarItem = { key: string; label: ReactNode };

/**
 * A row of tabs that choose what the content below it shows (the WAI-ARIA tabs pattern, with
 * manual activation: the arrow keys, Home and End move the focus along the row, Enter or Space
 * chooses). Only the chosen tab is in the page's tab order.
 *
 * The document list uses this rather than antd's Tabs, which measure every tab in a layout effect
 * as they mount: that forces the whole page's first layout, and a second render, inside React's
 * first commit, the longest task of the list's start on a phone. Here the row lays itself out with
 * CSS alone. When the tabs do not fit (a phone), the row scrolls sideways instead of gathering the
 * rest under a "more" button, and a focused tab is scrolled into view by the browser.
 */
export function TabBar({
  items,
  activeKey,
  onChange,
  label,
  className,
}: {
  items: TabBarItem[];
  activeKey: string;
  onChange: (key: string) => void;
  /** What the tabs choose between, for a screen reader ("Document sections"). */
  label: string;
  className?: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const anyChosen = items.some((item) => item.key === activeKey);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next =
      event.key === "ArrowRight"
        ? (at + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    tabs[next]?.focus();
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      className={className ? `tab-bar ${className}` : "tab-bar"}
      onKeyDown={onKeyDown}
    >
      {items.map((item, index) => {
        const selected = item.key === activeKey;
        // With no tab chosen, the first is the way in from the keyboard.
        const reachable = selected || (index === 0 && !anyChosen);
        return (
          <button
            key={item.key}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={reachable ? 0 : -1}
            className={selected ? "tab-bar__tab tab-bar__tab--active" : "tab-bar__tab"}
            onClick={() => {
              if (!selected) onChange(item.key);
            }}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
