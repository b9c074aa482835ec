import {
  IMAGE_MAX_BYTES,
  IMAGE_MEDIA_TYPES,
  IMAGE_UPLOAD_MESSAGES,
  type MediaPurpose,
  type MediaUpload,
} from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../../db/client.ts";
import { badRequest, notFound } from "../../errors.ts";
import type { Actor, Clock } from "../../platform/kernel/index.ts";
import type { FileStore } from "../files/index.ts";
import type { TeamsService } from "../teams/index.ts";
import { canViewMedia } from "./policy.ts";
import { media } from "./schema.ts";

export type MediaService = ReturnType<typeof createMediaService>;

/** Where an uploaded image is served. */
export const mediaSourceUrl = (id: number) => `/api/media/${id}`;

/** The formats sharp must find in the bytes, by the media type each is stored as. */
const FORMATS: ReadonlyMap<string, (typeof IMAGE_MEDIA_TYPES)[number]> = new Map(
  Object.entries({
    jpeg: "image/jpeg",
    png: "image/png",
    gif: "image/gif",
  }),
);

/**
 * Larger images are scaled down to fit this box: an avatar or a logo is shown small, and a
 * 20-megapixel photo would only slow every page that shows it.
 */
const MAX_EDGE_PX = 2048;
/** Refused before decoding: a small file may claim enormous dimensions (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;

const wrongType = () =>
  badRequest(IMAGE_UPLOAD_MESSAGES.wrongType, [{ field: "file", message: IMAGE_UPLOAD_MESSAGES.wrongType }]);
export const tooLarge = () =>
  badRequest(IMAGE_UPLOAD_MESSAGES.tooLarge, [{ field: "file", message: IMAGE_UPLOAD_MESSAGES.tooLarge }]);

/**
 * Re-encodes an image in its own format with no metadata (EXIF, GPS, ICC comments), after
 * turning it upright by its EXIF orientation. Anything sharp cannot read as JPEG, PNG or GIF is
 * refused as the wrong type, whatever its name or declared type says.
 */
export async function cleanImage(bytes: Uint8Array) {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw wrongType();
  }
  const mediaType = format ? FORMATS.get(format) : undefined;
  if (!mediaType || !format) throw wrongType();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: format === "gif" })
      .rotate()
      .resize({ width: MAX_EDGE_PX, height: MAX_EDGE_PX, fit: "inside", withoutEnlargement: true });
    const encoded =
      format === "jpeg"
        ? image.jpeg({ quality: 88, mozjpeg: true })
        : format === "png"
          ? image.png({ compressionLevel: 9 })
          : image.gif();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      mediaType,
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch {
    // Readable headers over a broken body: still not an image we can show.
    throw wrongType();
  }
}

export function createMediaService(deps: {
  db: Database;
  clock: Clock;
  files: FileStore;
  teams: TeamsService;
}) {
  const { db, clock, files, teams } = deps;
  return {
    /**
     * POST /media: checks the declared type and the size, then the bytes themselves, stores the
     * cleaned image and records it in the firm it was uploaded in. Nothing is stored when any
     * check fails.
     */
    async upload(
      actor: Actor,
      input: {
        teamId: number;
        purpose: MediaPurpose;
        fileName: string;
        declaredType: string;
        bytes: Uint8Array;
      },
    ): Promise<MediaUpload> {
      await teams.requireMembership(actor, input.teamId);
      if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(input.declaredType.toLowerCase()))
        throw wrongType();
      if (input.bytes.byteLength >= IMAGE_MAX_BYTES) throw tooLarge();
      const image = await cleanImage(input.bytes);
      const stored = await files.put(image.bytes, { mediaType: image.mediaType });
      const [row] = await db
        .insert(media)
        .values({
          teamId: input.teamId,
          uploadedBy: actor.userId,
          purpose: input.purpose,
          sha256: stored.sha256,
          mediaType: image.mediaType,
          fileName: input.fileName.slice(0, 255),
          size: stored.size,
          width: image.width,
          height: image.height,
          createdAt: clock(),
        })
        .returning({ id: media.id });
      if (!row) throw new Error("media not recorded");
      return { id: row.id, source_url: mediaSourceUrl(row.id) };
    },

    /** GET /media/{id}: the image's bytes, for its uploader and its firm's members only. */
    async read(actor: Actor, id: number) {
      const [item] = await db.select().from(media).where(eq(media.id, id));
      if (!item) throw notFound("Image not found.");
      const role = actor.userId === item.uploadedBy ? undefined : await teams.roleIn(actor, item.teamId);
      if (!canViewMedia(actor.userId, item, role)) throw notFound("Image not found.");
      const file = await files.stream(item.sha256);
      if (!file) throw notFound("Image not found.");
      return { body: file.body, size: file.size, mediaType: item.mediaType, fileName: item.fileName };
    },

    /** Whether the media is an avatar this person uploaded (for the profile). */
    async isOwnAvatar(userId: number, mediaId: number) {
      const [row] = await db
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.id, mediaId), eq(media.uploadedBy, userId), eq(media.purpose, "avatar")));
      return row !== undefined;
    },

    /** Whether the media is a logo uploaded in this firm (for the company details). */
    async isFirmLogo(teamId: number, mediaId: number) {
      const [row] = await db
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.id, mediaId), eq(media.teamId, teamId), eq(media.purpose, "logo")));
      return row !== undefined;
    },
  };
}

/**
 * Whether an uploaded image keeps these bytes: the FileStore is shared and content-addressed, so
 * another module (the catalogue's collection of unused images) asks before deleting a file.
 */
export async function mediaHoldsFile(db: Database, sha256: string) {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.sha256, sha256)).limit(1);
  return row !== undefined;
}
