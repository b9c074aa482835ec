import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, ConfigProvider } from "antd";
import enGB from "antd/es/locale/en_GB";
import type { ReactNode } from "react";
import { reducedMotionTheme, theme } from "./theme";

/**
 * What every page renders inside, in the browser (App.tsx) and at build time (prerender.tsx):
 * antd's locale and theme, its App context (messages, dialogs) and the query client.
 */
export function AppProviders({
  queryClient,
  reducedMotion,
  children,
}: {
  queryClient: QueryClient;
  reducedMotion: boolean;
  children: ReactNode;
}) {
  return (
    <ConfigProvider locale={enGB} theme={reducedMotion ? reducedMotionTheme : theme}>
      <AntApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
