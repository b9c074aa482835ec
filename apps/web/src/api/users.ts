import {
  API,
  ErrorEnvelope,
  type MediaPurpose,
  MediaUploadResponse,
  type UpdateProfileRequest,
} from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { HTTP_TIMEOUT_MS } from "../constants";
import { call, hrefOf } from "./call";
import { ApiError, NETWORK_ERROR_MESSAGE, reportSessionEnded } from "./client";

export const currentUserQuery = () =>
  queryOptions({
    queryKey: ["users", "me"],
    queryFn: ({ signal }) => call(API.users.me, { signal }),
    staleTime: 60_000,
  });

export const countriesQuery = () =>
  queryOptions({
    queryKey: ["data", "countries"],
    queryFn: ({ signal }) => call(API.users.countries, { signal }),
    // Reference data: it changes only with a new release.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const streetTypesQuery = () =>
  queryOptions({
    queryKey: ["data", "street-types"],
    queryFn: async ({ signal }) => (await call(API.users.streetTypes, { signal })).street_types,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** POST /api/users/{id}: saves the person's own profile; answers the updated current user. */
export const updateProfile = (userId: number, body: UpdateProfileRequest) =>
  call(API.users.updateProfile, { params: { id: userId }, body });

/**
 * POST /api/media: uploads an image (multipart, so not through `call`, which sends JSON; its
 * address is the definition's, as a form's action is)
 * and answers its id and address. Refusals become an ApiError with the server's message.
 */
export async function uploadImage(file: File, input: { teamId: number; purpose: MediaPurpose }) {
  const form = new FormData();
  form.append("file", file, file.name);
  const address = hrefOf(API.users.uploadImage, { query: { id_team: input.teamId, purpose: input.purpose } });
  let response: Response;
  try {
    response = await fetch(address, {
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
