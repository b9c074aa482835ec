import type { CATALOGUE_IMAGE_TYPES } from "@precedent/contracts";

/**
 * What a catalogue image is, read from its first bytes: PNG, JPEG or WebP, and its width and
 * height from the header. A few lines each, so no image library is needed to refuse a file that
 * is not one of these, whatever its name or declared type says. Null: not such an image, or a
 * header cut short.
 */
export type ImageHeader = {
  mediaType: (typeof CATALOGUE_IMAGE_TYPES)[number];
  width: number;
  height: number;
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const found = png(bytes) ?? jpeg(bytes) ?? webp(bytes);
  return found && found.width > 0 && found.height > 0 ? found : null;
}

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** PNG: the signature, then the IHDR chunk first, holding width and height (big-endian). */
function png(bytes: Uint8Array): ImageHeader | null {
  if (bytes.length < 24 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  if (ascii(bytes, 12, 4) !== "IHDR") return null;
  const v = view(bytes);
  return { mediaType: "image/png", width: v.getUint32(16), height: v.getUint32(20) };
}

/** JPEG: SOI, then segments up to a start-of-frame marker, which holds height and width. */
function jpeg(bytes: Uint8Array): ImageHeader | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null;
  const v = view(bytes);
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers with no length: TEM, RSTn, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    // Image data or its end before any frame header: not an image we can size.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = v.getUint16(at + 2);
    if (length < 2) return null;
    const startOfFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (startOfFrame) {
      if (at + 9 > bytes.length) return null;
      return { mediaType: "image/jpeg", height: v.getUint16(at + 5), width: v.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** WebP: a RIFF file of form WEBP whose first chunk is VP8 (lossy), VP8L (lossless) or VP8X. */
function webp(bytes: Uint8Array): ImageHeader | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return null;
  const v = view(bytes);
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8 ") {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return {
      mediaType: "image/webp",
      width: v.getUint16(26, true) & 0x3fff,
      height: v.getUint16(28, true) & 0x3fff,
    };
  }
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = v.getUint32(21, true);
    return { mediaType: "image/webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    const width = 1 + ((bytes[24] ?? 0) | ((bytes[25] ?? 0) << 8) | ((bytes[26] ?? 0) << 16));
    const height = 1 + ((bytes[27] ?? 0) | ((bytes[28] ?? 0) << 8) | ((bytes[29] ?? 0) << 16));
    return { mediaType: "image/webp", width, height };
  }
  return null;
}
