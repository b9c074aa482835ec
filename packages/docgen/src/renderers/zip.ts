/**
 * Zip archives (a DOCX is one) record each entry's modification time. Setting every entry's time to a
 * fixed date makes the same document give the same bytes. The times are rewritten in place, in both
 * the local headers and the central directory; nothing is recompressed.
 */

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

/** MS-DOS date and time of a moment (local fields, read as UTC; two-second resolution). */
function dosDateTime(date: Date): { date: number; time: number } {
  return {
    date: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
  };
}

/** Sets the modification time of every entry of a zip archive to `date`; returns the same bytes, changed. */
export function fixZipTimestamps(bytes: Uint8Array, date: Date): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.byteLength - 22;
  while (end >= 0 && view.getUint32(end, true) !== END_OF_CENTRAL_DIRECTORY) end--;
  if (end < 0) throw new Error("Not a zip archive: no end of central directory");
  const entries = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const stamp = dosDateTime(date);
  for (let entry = 0; entry < entries; entry++) {
    if (view.getUint32(offset, true) !== CENTRAL_DIRECTORY_HEADER)
      throw new Error("Malformed zip central directory");
    view.setUint16(offset + 12, stamp.time, true);
    view.setUint16(offset + 14, stamp.date, true);
    const local = view.getUint32(offset + 42, true);
    if (view.getUint32(local, true) !== LOCAL_FILE_HEADER) throw new Error("Malformed zip local header");
    view.setUint16(local + 10, stamp.time, true);
    view.setUint16(local + 12, stamp.date, true);
    offset +=
      46 +
      view.getUint16(offset + 28, true) +
      view.getUint16(offset + 30, true) +
      view.getUint16(offset + 32, true);
  }
  return bytes;
}
