import { MediaUploadQuery } from "../media.ts";
import {
  CountriesResponse,
  CurrentUserResponse,
  StreetTypesResponse,
  UpdateProfileRequest,
  UpdateProfileResponse,
  UserIdParams,
} from "../users.ts";
import { defineCall, defineLink } from "./define.ts";

/** The signed-in person: their profile and the reference data its form uses. */
export const userCalls = {
  me: defineCall({ method: "GET", path: "/api/users/me", reply: CurrentUserResponse, errors: {} }),
  updateProfile: defineCall({
    method: "POST",
    path: "/api/users/:id",
    params: UserIdParams,
    body: UpdateProfileRequest,
    reply: UpdateProfileResponse,
    errors: {
      400: "A field is not valid, or the current password is not correct",
      429: "Too many wrong current passwords from this address",
    },
  }),
  countries: defineCall({ method: "GET", path: "/api/data/countries", reply: CountriesResponse, errors: {} }),
  streetTypes: defineCall({
    method: "GET",
    path: "/api/street-types",
    reply: StreetTypesResponse,
    errors: {},
  }),
  /** An image (avatar or logo) sent as multipart form data, which the JSON client does not send: a link. */
  uploadImage: defineLink({ method: "POST", path: "/api/media", query: MediaUploadQuery }),
} as const;
