import sharp from "sharp";

/** A small test image of a given format (a coloured square). */
export async function sampleImage(format: "png" | "jpeg" | "gif", size = 64): Promise<Buffer> {
  const square = sharp({
    create: { width: size, height: size, channels: 3, background: { r: 30, g: 90, b: 160 } },
  });
  if (format === "png") return square.png().toBuffer();
  if (format === "gif") return square.gif().toBuffer();
  return square.jpeg().toBuffer();
}

/** A JPEG carrying EXIF fields (a camera's owner and a copyright note) that must not survive. */
export async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "Secret Camera Owner", Artist: "Hidden Photographer" } })
    .toBuffer();
}

/** A PNG of random noise, so compression cannot shrink it: about `bytes` long. */
export async function noisyPng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** The first bytes of a PDF: what a PDF renamed to .png really holds. */
export const PDF_BYTES = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

/** A multipart/form-data body holding one file part named `file`. */
export function multipartFile(file: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----precedent${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file.bytes, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
