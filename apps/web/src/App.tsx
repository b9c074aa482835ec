import { QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, ConfigProvider } from "antd";
import enGB from "antd/es/locale/en_GB";
import { useState } from "react";
import { RouterProvider } from "react-router";
import { createQueryClient } from "./query-client";
import { router } from "./router";
import { theme } from "./theme";

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ConfigProvider locale={enGB} theme={theme}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
