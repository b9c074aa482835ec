import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { contractsInTasks } from "./build/contracts-in-tasks";
import { precompress } from "./build/precompress";
import { prerenderPages } from "./build/prerender-pages";

const outDir = path.join(import.meta.dirname, "dist");
const EMBED_ENTRY = "embed";
const EMBED_LOADER = path.join(import.meta.dirname, "src/embed/loader.ts");

/**
 * After the browser's bundle is written: the pages built ahead (build/prerender-pages.ts), then
 * `.br` and `.gz` copies of every text file, those pages included (build/precompress.ts). One hook
 * in this order, as bundlers run each plugin's `closeBundle` side by side.
 */
function finishBuild(appConfig: () => UserConfig): Plugin {
  // The folder actually written, which `vite build --outDir` may have moved.
  let builtDir = outDir;
  let isServerBuild = false;
  return {
    name: "precedent-finish-build",
    apply: "build",
    configResolved(config) {
      builtDir = path.resolve(config.root, config.build.outDir);
      isServerBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (isServerBuild) return;
      const { plugins, resolve } = appConfig();
      await prerenderPages(import.meta.dirname, builtDir, { plugins, resolve });
      await precompress(builtDir);
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

/** What the browser's bundle and the pages built ahead are built with alike. */
const appConfig = (): UserConfig => ({
  plugins: [react(), rcComponentsWithoutSideEffects()],
  resolve: {
    // Sets dayjs's Australian locale wherever dayjs is loaded (see src/dayjs.ts).
    alias: [{ find: /^dayjs$/, replacement: path.join(import.meta.dirname, "src/dayjs.ts") }],
  },
});

export default defineConfig({
  root: import.meta.dirname,
  ...appConfig(),
  plugins: [...(appConfig().plugins ?? []), contractsInTasks(), finishBuild(appConfig)],
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // No module preloading: each <link rel="modulepreload"> the page inserts as it starts (one per
    // module of the first page's code, some sixty for the document list) cost the main thread more
    // than the round trip it saved. The browser asks for a module's imports as soon as it has the
    // module. Lighthouse on a phone: sign-in 0.91-0.97 with preloads, 0.99 without; the document
    // list's blocking time 750-890 ms with, 570-710 without (docs/decisions.md). A dynamic import's
    // CSS is still linked before its code runs.
    modulePreload: false,
    rollupOptions: {
      // The widgets' loader is a second entry beside the app's page, at a fixed address a host
      // page can name in its <script> tag (src/embed/loader.ts); the app's first load is unchanged.
      input: { index: path.join(import.meta.dirname, "index.html"), [EMBED_ENTRY]: EMBED_LOADER },
      output: {
        entryFileNames: (chunk) =>
          chunk.name === EMBED_ENTRY ? "embed/widgets.js" : "assets/[name]-[hash].js",
      },
    },
  },
});
