import { CurrentUserResponse } from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";

export const currentUserQuery = () =>
  queryOptions({
    queryKey: ["users", "me"],
    queryFn: ({ signal }) => apiRequest("/api/users/me", CurrentUserResponse, { signal }),
    staleTime: 60_000,
  });
