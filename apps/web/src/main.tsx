import "./styles.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { installErrorLog, reportError } from "./error-log";
import { PrerenderedHandOver, readPrerenderedPage } from "./prerendered-page";
import { createRouter, whenRouterReady } from "./router";
import { installTablistRoles } from "./tablist-roles";

installErrorLog();
installTablistRoles();

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

// The router in a task after the one that ran the app's modules (router.tsx says why), then the
// first page's code: the page built ahead (if any) stays until its live copy can show.
await new Promise((resolve) => setTimeout(resolve, 0));
const router = createRouter();
await whenRouterReady(router);
readPrerenderedPage(container);

const root = createRoot(container, {
  onUncaughtError: (error) => reportError(error, "Uncaught render error"),
});
// A transition lets React render the first page in slices, yielding to the browser between them,
// rather than in one task that would hold off input for as long as the render takes.
startTransition(() =>
  root.render(
    <StrictMode>
      <App router={router} />
      <PrerenderedHandOver />
    </StrictMode>,
  ),
);
