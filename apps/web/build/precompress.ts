import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts here are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|map)$/;

/**
 * Writes `name.br` and `name.gz` beside every text file of the build, so the server sends the
 * compressed bytes as files (@fastify/static `preCompressed`) without compressing on each request.
 * Build time can afford the slowest, smallest settings. A copy that is not smaller is not written:
 * the server then falls back to the plain file.
 */
export async function precompress(builtDir: string): Promise<void> {
  const files = (await readdir(builtDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const plain = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(plain, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        }),
        gzipAsync(plain, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < plain.length) await writeFile(`${file}.br`, br);
      if (gz.length < plain.length) await writeFile(`${file}.gz`, gz);
    }),
  );
}
