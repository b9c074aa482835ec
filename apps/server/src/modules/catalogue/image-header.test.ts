import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PDF_BYTES } from "../../test/images.ts";
import { readImageHeader } from "./image-header.ts";

// The catalogue's images are told by their bytes, whatever their name or declared type says.

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 9, g: 99, b: 199 } } });

describe("readImageHeader", () => {
  it("reads the type, width and height of PNG, JPEG and WebP (lossy, lossless, extended)", async () => {
    expect(await readImageHeader(await image(123, 45).png().toBuffer())).toEqual({
      mediaType: "image/png",
      width: 123,
      height: 45,
    });
    expect(await readImageHeader(await image(321, 54).jpeg().toBuffer())).toEqual({
      mediaType: "image/jpeg",
      width: 321,
      height: 54,
    });
    // A progressive JPEG with metadata before its frame header.
    const progressive = await image(77, 66)
      .jpeg({ progressive: true })
      .withExif({ IFD0: { Copyright: "x" } })
      .toBuffer();
    expect(await readImageHeader(progressive)).toEqual({ mediaType: "image/jpeg", width: 77, height: 66 });
    expect(await readImageHeader(await image(201, 99).webp().toBuffer())).toEqual({
      mediaType: "image/webp",
      width: 201,
      height: 99,
    });
    expect(await readImageHeader(await image(202, 98).webp({ lossless: true }).toBuffer())).toEqual({
      mediaType: "image/webp",
      width: 202,
      height: 98,
    });
    const withAlpha = await sharp({
      create: { width: 150, height: 3, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .webp()
      .withExif({ IFD0: { Copyright: "x" } })
      .toBuffer();
    expect(await readImageHeader(withAlpha)).toEqual({ mediaType: "image/webp", width: 150, height: 3 });
  });

  it("refuses what is not one of them, or is cut short", async () => {
    const png = await image(10, 10).png().toBuffer();
    for (const bytes of [
      PDF_BYTES,
      await image(10, 10).gif().toBuffer(),
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>"),
      Buffer.from("GIF89a"),
      Buffer.alloc(0),
      png.subarray(0, 20),
      (await image(10, 10).jpeg().toBuffer()).subarray(0, 30),
      Buffer.from("RIFF\0\0\0\0WAVEfmt "),
    ]) {
      expect(await readImageHeader(bytes)).toBeNull();
    }
  });
});
