import { useEffect, useRef } from "react";

/** The control that opened the next dialog, set by a menu just before it opens one. */
let pendingOpener: HTMLElement | null = null;

/** Called by a menu (whose items vanish when it closes) to name the control a dialog should return to. */
export function rememberOpener(element: HTMLElement | null) {
  pendingOpener = element;
}

const focusedControl = () => {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
};

/**
 * While `open` is true, remembers the control that opened the dialog (the menu's button, else the
 * focused control), and once the dialog is gone puts focus back on it, so a keyboard user carries on
 * where they were instead of at the top of the page. Focus that something else took on purpose
 * (a new folder opened, a field focused) is left alone.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // Read while rendering the opening: by the time effects run the dialog has already taken focus.
  if (open && !wasOpen.current) {
    opener.current = pendingOpener ?? focusedControl();
    pendingOpener = null;
  }
  wasOpen.current = open;

  useEffect(() => {
    if (!open) return;
    return () => {
      const target = opener.current;
      // After the dialog has left the page and the browser has moved focus off it.
      window.setTimeout(() => {
        const now = document.activeElement;
        const stranded = now === null || now === document.body || !now.isConnected;
        if (stranded && target?.isConnected) target.focus();
      }, 0);
    };
  }, [open]);
}
