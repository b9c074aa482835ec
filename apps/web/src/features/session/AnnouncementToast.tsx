import { useQuery } from "@tanstack/react-query";
import { App } from "antd";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { activeAnnouncementQuery } from "../../api/bootstrap";
import { ANNOUNCEMENT_TOAST_MS, DISMISSED_ANNOUNCEMENT_STORAGE_KEY } from "../../constants";
import { readStored, writeStored } from "./browser-storage";

/** Addresses of our own pages open in the app; any other opens in a new tab. */
const isOwnPage = (url: string) => url.startsWith("/") && !url.startsWith("//");

/**
 * The announcement toast (account-area §4): shown for 60 seconds at each page load, and never
 * again once the user has dismissed it (remembered in this browser by the announcement's id).
 */
export function AnnouncementToast() {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  // Read through a ref, so that moving between pages does not show the toast again.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const announcement = useQuery(activeAnnouncementQuery());
  const shown = announcement.data;

  useEffect(() => {
    if (!shown || readStored(DISMISSED_ANNOUNCEMENT_STORAGE_KEY) === String(shown.id)) return;
    const key = `announcement-${shown.id}`;
    let expiring = false;
    const link = shown.url ? (
      isOwnPage(shown.url) ? (
        // Toasts render outside the router, so a router Link cannot be used inside one.
        <a
          href={shown.url}
          onClick={(event) => {
            event.preventDefault();
            void navigateRef.current(shown.url ?? "/");
          }}
        >
          Read more
        </a>
      ) : (
        <a href={shown.url} target="_blank" rel="noopener noreferrer">
          Read more
        </a>
      )
    ) : null;
    notification.info({
      key,
      title: "Announcement",
      description: (
        <>
          <p className="announcement__content">{shown.content}</p>
          {link}
        </>
      ),
      placement: "bottomRight",
      className: "announcement-toast",
      // Closed by us after 60 s (not a dismissal), or by the user's close button (a dismissal).
      duration: 0,
      onClose: () => {
        if (!expiring) writeStored(DISMISSED_ANNOUNCEMENT_STORAGE_KEY, String(shown.id));
      },
    });
    const timer = window.setTimeout(() => {
      expiring = true;
      notification.destroy(key);
    }, ANNOUNCEMENT_TOAST_MS);
    return () => {
      window.clearTimeout(timer);
      expiring = true;
      notification.destroy(key);
    };
  }, [shown, notification]);

  return null;
}
