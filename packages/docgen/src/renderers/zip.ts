/**
 * Zip archives (a DOCX is one), read and written with node:zlib. Every entry is stamped with one fixed
 * date, so the same content always gives the same bytes.
 */
import { crc32, deflateRawSync, inflateRawSync } from "node:zlib";
import { DEFLATE_LEVEL } from "../constants.ts";

const LOCAL_FILE_HEADER = 0x04034b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

/** An entry ready to be written: its name, its deflated bytes and what a reader checks them against. */
export type ZipEntry = {
  readonly name: string;
  readonly compressed: Uint8Array;
  readonly crc: number;
  readonly size: number;
};

/** Deflates content into an entry (done once for parts that never change, and kept). */
export function zipEntry(name: string, content: Uint8Array | string): ZipEntry {
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  return {
    name,
    compressed: new Uint8Array(deflateRawSync(bytes, { level: DEFLATE_LEVEL })),
    crc: crc32(bytes) >>> 0,
    size: bytes.byteLength,
  };
}

/** MS-DOS date and time of a moment, read as UTC (two-second resolution). */
function dosDateTime(date: Date): { date: number; time: number } {
  return {
    date: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
  };
}

/** Writes a zip archive of the entries, in order, each stamped with `date`. */
export function writeZip(entries: readonly ZipEntry[], date: Date): Uint8Array {
  const encoder = new TextEncoder();
  const names = entries.map((entry) => encoder.encode(entry.name));
  const localSize = entries.reduce(
    (sum, entry, index) => sum + 30 + (names[index]?.byteLength ?? 0) + entry.compressed.byteLength,
    0,
  );
  const centralSize = names.reduce((sum, name) => sum + 46 + name.byteLength, 0);
  const bytes = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(bytes.buffer);
  const stamp = dosDateTime(date);
  const offsets: number[] = [];
  let offset = 0;
  entries.forEach((entry, index) => {
    const name = names[index] ?? new Uint8Array();
    offsets.push(offset);
    view.setUint32(offset, LOCAL_FILE_HEADER, true);
    view.setUint16(offset + 4, 20, true); // version needed: 2.0 (deflate)
    view.setUint16(offset + 6, 0x0800, true); // names are UTF-8
    view.setUint16(offset + 8, 8, true); // deflate
    view.setUint16(offset + 10, stamp.time, true);
    view.setUint16(offset + 12, stamp.date, true);
    view.setUint32(offset + 14, entry.crc, true);
    view.setUint32(offset + 18, entry.compressed.byteLength, true);
    view.setUint32(offset + 22, entry.size, true);
    view.setUint16(offset + 26, name.byteLength, true);
    view.setUint16(offset + 28, 0, true);
    bytes.set(name, offset + 30);
    bytes.set(entry.compressed, offset + 30 + name.byteLength);
    offset += 30 + name.byteLength + entry.compressed.byteLength;
  });
  const centralStart = offset;
  entries.forEach((entry, index) => {
    const name = names[index] ?? new Uint8Array();
    view.setUint32(offset, CENTRAL_DIRECTORY_HEADER, true);
    view.setUint16(offset + 4, 20, true); // made by: 2.0
    view.setUint16(offset + 6, 20, true);
    view.setUint16(offset + 8, 0x0800, true);
    view.setUint16(offset + 10, 8, true);
    view.setUint16(offset + 12, stamp.time, true);
    view.setUint16(offset + 14, stamp.date, true);
    view.setUint32(offset + 16, entry.crc, true);
    view.setUint32(offset + 20, entry.compressed.byteLength, true);
    view.setUint32(offset + 24, entry.size, true);
    view.setUint16(offset + 28, name.byteLength, true);
    view.setUint32(offset + 42, offsets[index] ?? 0, true);
    bytes.set(name, offset + 46);
    offset += 46 + name.byteLength;
  });
  view.setUint32(offset, END_OF_CENTRAL_DIRECTORY, true);
  view.setUint16(offset + 8, entries.length, true);
  view.setUint16(offset + 10, entries.length, true);
  view.setUint32(offset + 12, offset - centralStart, true);
  view.setUint32(offset + 16, centralStart, true);
  return bytes;
}

/** Reads the entries of a zip archive, in order, decompressed. */
export function readZip(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.byteLength - 22;
  while (end >= 0 && view.getUint32(end, true) !== END_OF_CENTRAL_DIRECTORY) end--;
  if (end < 0) throw new Error("Not a zip archive: no end of central directory");
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const entries = new Map<string, Uint8Array>();
  const decoder = new TextDecoder();
  for (let index = 0; index < count; index++) {
    if (view.getUint32(offset, true) !== CENTRAL_DIRECTORY_HEADER)
      throw new Error("Malformed zip central directory");
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const local = view.getUint32(offset + 42, true);
    if (view.getUint32(local, true) !== LOCAL_FILE_HEADER) throw new Error("Malformed zip local header");
    const name = decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    entries.set(name, method === 0 ? data : new Uint8Array(inflateRawSync(data)));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
