/**
 * The playing time of an MP3 (the spec's recordings and the speech we send back), from its frame
 * headers: each MPEG audio Layer III frame holds a fixed number of samples at its sample rate.
 * Counted for the firm's usage, so a file that is not an MP3 simply counts as no seconds.
 */

const BITRATES_KBPS = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
} as const;
const SAMPLE_RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] } as const;

/** Where the audio starts: after an ID3v2 tag (its size is four 7-bit bytes), if there is one. */
function audioStart(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size =
    ((bytes[6] ?? 0) & 0x7f) * 2 ** 21 +
    ((bytes[7] ?? 0) & 0x7f) * 2 ** 14 +
    ((bytes[8] ?? 0) & 0x7f) * 2 ** 7 +
    ((bytes[9] ?? 0) & 0x7f);
  const footer = ((bytes[5] ?? 0) & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/** Seconds of MPEG Layer III audio in `bytes`; 0 for anything else. */
export function mp3Seconds(bytes: Uint8Array): number {
  let offset = audioStart(bytes);
  let seconds = 0;
  while (offset + 4 <= bytes.length) {
    const b1 = bytes[offset + 1] ?? 0;
    const b2 = bytes[offset + 2] ?? 0;
    if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) break;
    const version = (b1 >> 3) & 0b11;
    const layer = (b1 >> 1) & 0b11;
    if (version === 1 || layer !== 0b01) break;
    const mpeg1 = version === 3;
    const bitrate = (mpeg1 ? BITRATES_KBPS.mpeg1 : BITRATES_KBPS.mpeg2)[(b2 >> 4) & 0xf];
    const sampleRate = SAMPLE_RATES[version as 0 | 2 | 3][(b2 >> 2) & 0b11];
    if (!bitrate || !sampleRate) break;
    const samples = mpeg1 ? 1152 : 576;
    const length = Math.floor(((samples / 8) * bitrate * 1000) / sampleRate) + ((b2 >> 1) & 1);
    seconds += samples / sampleRate;
    offset += length;
  }
  return seconds;
}
