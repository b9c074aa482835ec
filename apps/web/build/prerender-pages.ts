import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { InlineConfig } from "vite";
import type { BuiltPage } from "../src/prerender";

/**
 * A page built ahead. The server sends `prerendered/<file>` for its address in place of
 * index.html (apps/server/src/app.ts): to every browser, or, `forSignedIn`, only to one with the
 * logged-in marker cookie. Such a page is built as the account area shows before the person's
 * account has loaded; a browser without the marker gets index.html and the session check first.
 */
export type PrerenderedPage = { address: string; file: string; forSignedIn: boolean };

/** The pages built ahead: each the same for everyone it is sent to. */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { address: "/login", file: "login.html", forSignedIn: false },
  // The page a signed-in person opens most: the account area's frame and the list's heading.
  { address: "/my-account/my-document", file: "my-document.html", forSignedIn: true },
];

/** The folder of the build that holds the pages built ahead, and its list of them. */
export const PRERENDERED_FOLDER = "prerendered";
export const PRERENDERED_LIST = "pages.json";

/**
 * Builds src/prerender.tsx for Node with the app's own settings (`ssrConfig`), renders each page of
 * PRERENDERED_PAGES with it, and writes each as a copy of the built index.html with the page's
 * markup in its root element and the page's antd styles in its head.
 */
export async function prerenderPages(root: string, builtDir: string, ssrConfig: InlineConfig): Promise<void> {
  const { build } = await import("vite");
  const serverDir = await mkdtemp(path.join(tmpdir(), "precedent-prerender-"));
  try {
    await build({
      ...ssrConfig,
      configFile: false,
      root,
      logLevel: "warn",
      // Everything bundled: the pages are rendered by the same code the browser runs.
      ssr: { noExternal: true },
      build: { ssr: path.join(root, "src/prerender.tsx"), outDir: serverDir, emptyOutDir: true },
    });
    const { renderPage } = (await import(pathToFileURL(path.join(serverDir, "prerender.js")).href)) as {
      renderPage: (address: string, options: { signedIn: boolean }) => Promise<BuiltPage>;
    };
    const index = await readFile(path.join(builtDir, "index.html"), "utf8");
    await mkdir(path.join(builtDir, PRERENDERED_FOLDER), { recursive: true });
    for (const page of PRERENDERED_PAGES) {
      const built = await renderPage(page.address, { signedIn: page.forSignedIn }).catch((error: unknown) => {
        throw new Error(
          `Rendering ${page.address} at build time failed. The page and the modules it imports run in Node here: they must not touch window or document before they render.`,
          { cause: error },
        );
      });
      const html = pageHtml(index, built);
      await writeFile(path.join(builtDir, PRERENDERED_FOLDER, page.file), html);
    }
    // What the server reads at start: which file is which address's, and for whom.
    await writeFile(
      path.join(builtDir, PRERENDERED_FOLDER, PRERENDERED_LIST),
      `${JSON.stringify(PRERENDERED_PAGES, null, 2)}\n`,
    );
  } finally {
    await rm(serverDir, { recursive: true, force: true });
  }
}

/**
 * index.html with the page in it. The page's <title> (React renders it where the page names it)
 * becomes the document's. antd's style elements go before the app's stylesheet, where antd puts
 * its own at run time, whole and with the record of which is which: antd in the browser then uses
 * them for the live page instead of writing the same styles again, the part of its start-up that
 * blocked the main thread longest. (Pruned to the rules the built page uses, they were 42 KB in
 * place of 190 KB, but the live page could not have used them: its error states need the rest.)
 */
export function pageHtml(index: string, page: BuiltPage): string {
  const titles = [...page.html.matchAll(/<title>([^<]*)<\/title>/g)];
  const body = page.html.replace(/<title>[^<]*<\/title>/g, "");
  const title = titles.at(-1)?.[1];
  let html = index;
  if (title !== undefined) html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${title}</title>`);
  html = replaceOnce(html, /<\/title>/, `</title>\n    ${page.styles}`);
  html = replaceOnce(html, /<div id="root"><\/div>/, `<div id="root">${inert(body)}</div>`);
  return startAfterPaint(html);
}

/**
 * The built page as a picture of the live one until that arrives: its fields read-only, so nothing
 * typed is lost when the live page replaces them; its buttons marked unavailable, as they do
 * nothing yet (Sign out in the account area's frame); its submit buttons plain buttons, so a press
 * does not submit the form to the page's own address with what was typed in its query. Links
 * work: they load the page they name. Browser tests wait for the live page the same way, as they
 * wait for a field to be editable and a button to be enabled.
 */
export function inert(markup: string): string {
  return markup
    .replaceAll("<input ", '<input readonly="" ')
    .replaceAll('<button type="submit"', '<button type="button"')
    .replaceAll("<button ", '<button aria-disabled="true" ');
}

/**
 * The app's entry script, moved behind the first paint: public/after-paint.js asks for it once the
 * built page is on screen. index.html asks at once, as it has nothing to show before its script has
 * run. The build preloads no modules (vite.config.ts); a preload in index.html would be fetched
 * before the first paint, the wait this step removes, so it is refused.
 */
function startAfterPaint(html: string): string {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error("index.html has no entry script");
  if (html.includes('rel="modulepreload"'))
    throw new Error(
      "index.html preloads modules: a page built ahead would fetch them before its first paint",
    );
  const start = `<script defer src="/after-paint.js" data-entry="${entry[1]}"></script>`;
  return replaceOnce(html.replace(entry[0], ""), /<\/head>/, `  ${start}\n  </head>`);
}

function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(text)) throw new Error(`index.html has no ${pattern.source}`);
  return text.replace(pattern, () => replacement);
}
