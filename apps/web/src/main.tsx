import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { installErrorLog, reportError } from "./error-log";
import { installTablistRoles } from "./tablist-roles";

installErrorLog();
installTablistRoles();

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

createRoot(container, {
  onUncaughtError: (error) => reportError(error, "Uncaught render error"),
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
