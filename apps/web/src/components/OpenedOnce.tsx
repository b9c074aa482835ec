import { type ReactNode, Suspense, useState } from "react";

/**
 * A dialog whose code loads when it is first opened (`lazy`), not with the page: the document
 * list's first view then neither downloads nor runs the code of dialogs that most visits never
 * open. Once opened it stays mounted, so its closing animation plays and its state is kept, as it
 * would be if it had been there from the start. While its code arrives nothing is shown: the
 * dialog appears when it can.
 */
export function OpenedOnce({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
