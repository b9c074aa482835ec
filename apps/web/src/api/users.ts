import {
  CountriesResponse,
  CurrentUserResponse,
  ErrorEnvelope,
  type MediaPurpose,
  MediaUploadResponse,
  StreetTypesResponse,
  type UpdateProfileRequest,
  UpdateProfileResponse,
} from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { HTTP_TIMEOUT_MS } from "../constants";
import { ApiError, apiRequest, NETWORK_ERROR_MESSAGE, reportSessionEnded } from "./client";

export const currentUserQuery = () =>
  queryOptions({
    queryKey: ["users", "me"],
    queryFn: ({ signal }) => apiRequest("/api/users/me", CurrentUserResponse, { signal }),
    staleTime: 60_000,
  });

export const countriesQuery = () =>
  queryOptions({
    queryKey: ["data", "countries"],
    queryFn: ({ signal }) => apiRequest("/api/data/countries", CountriesResponse, { signal }),
    // Reference data: it changes only with a new release.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const streetTypesQuery = () =>
  queryOptions({
    queryKey: ["data", "street-types"],
    queryFn: async ({ signal }) =>
      (await apiRequest("/api/street-types", StreetTypesResponse, { signal })).street_types,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** POST /api/users/{id}: saves the person's own profile; answers the updated current user. */
export const updateProfile = (userId: number, body: UpdateProfileRequest) =>
  apiRequest(`/api/users/${userId}`, UpdateProfileResponse, { method: "POST", body });

/**
 * POST /api/media: uploads an image (multipart, so not through `apiRequest`, which sends JSON)
 * and answers its id and address. Refusals become an ApiError with the server's message.
 */
export async function uploadImage(file: File, input: { teamId: number; purpose: MediaPurpose }) {
  const form = new FormData();
  form.append("file", file, file.name);
  const params = new URLSearchParams({ id_team: String(input.teamId), purpose: input.purpose });
  let response: Response;
  try {
    response = await fetch(`/api/media?${params}`, {
      method: "POST",
      credentials: "same-origin",
      body: form,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const envelope = ErrorEnvelope.safeParse(json);
    const error = new ApiError(
      response.status,
      envelope.success && envelope.data.message
        ? envelope.data.message
        : `The upload failed (HTTP ${response.status}).`,
      envelope.success ? (envelope.data.data?.errors ?? []) : [],
    );
    if (response.status === 401) reportSessionEnded(error);
    throw error;
  }
  return MediaUploadResponse.parse(json).data;
}
