import { z } from "zod";
import { envelope } from "./envelope.ts";
import { idParam, TeamScopeQuery } from "./folders.ts";

/** Image upload messages (account-area §5), verbatim. */
export const IMAGE_UPLOAD_MESSAGES = {
  wrongType: "You can only upload JPEG/JPG/GIF/PNG file!",
  tooLarge: "Image must smaller than 2MB!",
  failed: (fileName: string) => `${fileName} file upload failed.`,
} as const;

/** Images are accepted under this size (account-area §9: 2 MB). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MEDIA_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;

/** What an image is for: a person's avatar or a firm's logo. */
export const MediaPurpose = z.enum(["avatar", "logo"]);
export type MediaPurpose = z.infer<typeof MediaPurpose>;

/**
 * POST /media (multipart/form-data): the image in the part `file`, its `purpose` as a field or
 * in the query. The firm it is uploaded in decides who may see it.
 */
export const MediaUploadQuery = TeamScopeQuery.extend({
  purpose: MediaPurpose.default("avatar"),
});
export const MediaUpload = z.object({ id: z.number().int(), source_url: z.string() });
export type MediaUpload = z.infer<typeof MediaUpload>;
export const MediaUploadResponse = envelope(MediaUpload);

export const MediaIdParams = z.object({ id: idParam("id") });
