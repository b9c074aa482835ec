import { type ReactNode, startTransition, useEffect, useState } from "react";

/**
 * Shows `placeholder` in its first commit and `children` from the next one, rendered as a
 * transition (in slices, between which the browser can respond).
 *
 * For antd controls with a popup (Select, Dropdown, FloatButton.Group) on a page's first view: as
 * they mount they set state in layout effects (the popup's anchor, its motion), which makes React
 * render again inside the commit and, before that, run all the commit's passive effects there too
 * — every query's first request. On the document list that made the page's first commit one task
 * of some 250 ms on a phone. Mounted a commit later, the page's commit, its requests and these
 * controls are three shorter tasks.
 *
 * The placeholder should take the control's room, so nothing moves when it arrives.
 */
export function MountLater({
  children,
  placeholder = null,
}: {
  children: ReactNode;
  placeholder?: ReactNode;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted ? children : placeholder;
}
