import { useState } from "react";
import { RouterProvider } from "react-router";
import { AppProviders } from "./providers";
import { createQueryClient } from "./query-client";
import type { BrowserRouter } from "./router";

/** Whether the system asks for less motion; read once per page load. */
const prefersReducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

export function App({ router }: { router: BrowserRouter }) {
  const [queryClient] = useState(createQueryClient);
  const [reducedMotion] = useState(prefersReducedMotion);
  return (
    <AppProviders queryClient={queryClient} reducedMotion={reducedMotion}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
