import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const outDir = path.join(import.meta.dirname, "dist");
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing; images and fonts here are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|map)$/;

/**
 * Writes `name.br` and `name.gz` beside every text asset of the build, so the server sends the
 * compressed bytes as files (@fastify/static `preCompressed`) without compressing on each request.
 * Build time can afford the slowest, smallest settings. A copy that is not smaller is not written:
 * the server then falls back to the plain file.
 */
function precompress(): Plugin {
  // The folder actually written, which `vite build --outDir` may have moved.
  let builtDir = outDir;
  return {
    name: "precedent-precompress",
    apply: "build",
    configResolved(config) {
      builtDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
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
    },
  };
}

/**
 * Tells the bundler that `@rc-component/form` and `@rc-component/trigger` have no side effects on
 * import, which their packages do not declare (their files import nothing for effect alone). The
 * form library's entry file attaches `Field`, `List` and `useForm` to the form component, and the
 * trigger's builds its default component, at load; so every importer of anything from them (antd's
 * Modal and ConfigProvider reach the form's `FormProvider` and the trigger's `UniqueProvider`)
 * also got the whole form library with its validator and the trigger component in the first load
 * (about 17 KB gzip), though no form or popup is on screen. Those statements still run wherever
 * the form component or the trigger itself is used.
 */
function rcComponentsWithoutSideEffects(): Plugin {
  return {
    name: "precedent-rc-components-without-side-effects",
    transform: {
      filter: { id: /[\\/]node_modules[\\/]@rc-component[\\/](form|trigger)[\\/]/ },
      handler: () => ({ moduleSideEffects: false }),
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress(), rcComponentsWithoutSideEffects()],
  resolve: {
    // Sets dayjs's Australian locale wherever dayjs is loaded (see src/dayjs.ts).
    alias: [{ find: /^dayjs$/, replacement: path.join(import.meta.dirname, "src/dayjs.ts") }],
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // Every browser the app supports preloads modules itself; the polyfill was first-load weight.
    modulePreload: { polyfill: false },
  },
});
