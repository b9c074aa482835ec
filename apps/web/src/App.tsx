import { QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, ConfigProvider } from "antd";
import enGB from "antd/es/locale/en_GB";
import { useState } from "react";
import { RouterProvider } from "react-router";
import { createQueryClient } from "./query-client";
import { router } from "./router";
import { reducedMotionTheme, theme } from "./theme";

/** Whether the system asks for less motion; read once per page load. */
const prefersReducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [appTheme] = useState(() => (prefersReducedMotion() ? reducedMotionTheme : theme));
  return (
    <ConfigProvider locale={enGB} theme={appTheme}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
