import { API, type MediaPurpose, MediaUploadResponse, type UpdateProfileRequest } from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { call, hrefOf } from "./call";
import { reportSessionEnded } from "./client";
import { sendFile } from "./send-file";

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
  const address = hrefOf(API.users.uploadImage, { query: { id_team: input.teamId, purpose: input.purpose } });
  const json = await sendFile(address, "POST", file, (error, status) => {
    if (status === 401) reportSessionEnded(error);
  });
  return MediaUploadResponse.parse(json).data;
}
