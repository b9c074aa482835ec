import type { CATALOGUE_IMAGE_TYPES } from "@precedent/contracts";
import sharp from "sharp";

/**
 * What a catalogue image is, read from its bytes by sharp (already the server's image library,
 * which the media module uploads with): PNG, JPEG or WebP, with its width and height. Only the
 * header is read, nothing is decoded. Null: not such an image, or one sharp cannot read.
 */
export type ImageHeader = {
  mediaType: (typeof CATALOGUE_IMAGE_TYPES)[number];
  width: number;
  height: number;
};

const MEDIA_TYPES: Record<string, ImageHeader["mediaType"]> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
};

export async function readImageHeader(bytes: Uint8Array): Promise<ImageHeader | null> {
  if (bytes.byteLength === 0) return null;
  try {
    const { format, width, height } = await sharp(bytes).metadata();
    const mediaType = format ? MEDIA_TYPES[format] : undefined;
    return mediaType && width && height ? { mediaType, width, height } : null;
  } catch {
    return null;
  }
}
