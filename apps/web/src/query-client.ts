import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api/client";

/** A refusal (4xx) will be refused again; a lost connection or a server error may not. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
